import { apiRoute } from '@/server/http/route';
import { getRanking } from '@/server/company/rankings';
import { rankingQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getCompanyRanking', {
  query: rankingQuery,
  handler: ({ query }) => getRanking(query.cui, query.orderBy, query.location),
});
