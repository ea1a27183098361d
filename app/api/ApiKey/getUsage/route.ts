import { apiRoute } from '@/server/http/route';
import { apiKeyUsageQuerySchema } from '@/lib/api-keys/schemas';
import { getApiKeyUsage } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/ApiKey/getUsage', { query: apiKeyUsageQuerySchema, handler: ({ actor, query }) => getApiKeyUsage(actor, query) });
