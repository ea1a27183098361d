import { apiRoute } from '@/server/http/route';
import { listMyApiKeys } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/ApiKey/getMyKeys', { handler: ({ actor, query }) => listMyApiKeys(actor, query) });
