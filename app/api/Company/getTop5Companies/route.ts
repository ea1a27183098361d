import { apiRoute } from '@/server/http/route';
import { suggestCompanies } from '@/server/search/suggest';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/getTop5Companies', {
  handler: ({ actor, query }) => suggestCompanies(actor, query),
});
