import { apiRoute } from '@/server/http/route';
import { getRanking } from '@/server/company/rankings';

export const GET = apiRoute('GET /api/Company/getCompanyRanking', {
  handler: ({ query }) => getRanking(query.cui, query.orderBy, query.location),
});
