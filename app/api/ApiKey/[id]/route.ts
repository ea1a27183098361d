import { apiRoute } from '@/server/http/route';
import { apiKeyIdSchema } from '@/lib/api-keys/schemas';
import { revokeApiKey } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/ApiKey/[id]', { params: apiKeyIdSchema, handler: ({ actor, params }) => revokeApiKey(actor, params.id) });
