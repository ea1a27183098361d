import { apiRoute } from '@/server/http/route';
import { getInsolvencySeries } from '@/server/company/queries';

export const GET = apiRoute('GET /api/Company/getInsolvencyRiskForGraph/[cui]', {
  handler: ({ params }) => getInsolvencySeries(params.cui),
});
