import { apiRoute } from '@/server/http/route';
import { listAllApiKeys } from '@/server/api-keys/keys';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/ApiKey/getAll', { handler: ({ actor, query }) => listAllApiKeys(actor, query) });
