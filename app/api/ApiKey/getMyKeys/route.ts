import { apiRoute } from '@/server/http/route';
import { apiKeyListQuerySchema } from '@/lib/api-keys/schemas';
import { listMyApiKeys } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/ApiKey/getMyKeys', { query: apiKeyListQuerySchema, handler: ({ actor, query }) => listMyApiKeys(actor, query) });
