import { apiRoute } from '@/server/http/route';
import { getApiKeyUsage } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/ApiKey/getUsage', { handler: ({ actor, query }) => getApiKeyUsage(actor, query) });
