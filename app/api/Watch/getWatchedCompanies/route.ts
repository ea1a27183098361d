import { apiRoute } from '@/server/http/route';
import { watchedCompaniesQuerySchema } from '@/lib/watch/schemas';
import { listWatchedCompanies } from '@/server/watch/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Watch/getWatchedCompanies', {
  query: watchedCompaniesQuerySchema,
  handler: ({ actor, query }) => listWatchedCompanies(actor, query),
});
