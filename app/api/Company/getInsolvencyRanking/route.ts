import { apiRoute } from '@/server/http/route';
import { getRanking } from '@/server/company/rankings';

export const GET = apiRoute('GET /api/Company/getInsolvencyRanking', {
  handler: ({ query }) => getRanking(query.cui, query.orderBy ?? 'InsolvencyRisk', query.location, 'insolvency'),
});
