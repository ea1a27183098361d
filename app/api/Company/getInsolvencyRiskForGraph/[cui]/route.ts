import { apiRoute } from '@/server/http/route';
import { getInsolvencySeries } from '@/server/company/queries';
import { cuiParams } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getInsolvencyRiskForGraph/[cui]', {
  params: cuiParams,
  handler: ({ params }) => getInsolvencySeries(params.cui),
});
