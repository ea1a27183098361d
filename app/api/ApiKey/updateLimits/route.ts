import { apiRoute } from '@/server/http/route';
import { updateApiKeyLimitsSchema } from '@/lib/api-keys/schemas';
import { updateApiKeyLimits } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/ApiKey/updateLimits', { body: updateApiKeyLimitsSchema, handler: ({ actor, body }) => updateApiKeyLimits(actor, body) });
