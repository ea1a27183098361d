import { apiRoute } from '@/server/http/route';
import { apiKeyListQuerySchema } from '@/lib/api-keys/schemas';
import { listAllApiKeys } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/ApiKey/getAll', { query: apiKeyListQuerySchema, handler: ({ actor, query }) => listAllApiKeys(actor, query) });
