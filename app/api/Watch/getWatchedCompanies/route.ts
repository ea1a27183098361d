import { apiRoute } from '@/server/http/route';
import { listWatchedCompanies } from '@/server/watch/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Watch/getWatchedCompanies', {
  handler: ({ actor, query }) => listWatchedCompanies(actor, query),
});
