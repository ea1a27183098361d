import { apiRoute } from '@/server/http/route';
import { updateApiKeyLimits } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/ApiKey/updateLimits', { handler: ({ actor, body }) => updateApiKeyLimits(actor, body) });
