import { apiRoute } from '@/server/http/route';
import { updateApiKeyOrigins } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/ApiKey/updateOrigins', { handler: ({ actor, body }) => updateApiKeyOrigins(actor, body) });
