import { apiRoute } from '@/server/http/route';
import { getGraphRows } from '@/server/company/queries';
import { cuiParams } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getDetailsForGraphs/[cui]', {
  params: cuiParams,
  handler: ({ params }) => getGraphRows(params.cui),
});
