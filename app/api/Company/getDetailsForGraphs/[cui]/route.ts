import { apiRoute } from '@/server/http/route';
import { getGraphRows } from '@/server/company/queries';

export const GET = apiRoute('GET /api/Company/getDetailsForGraphs/[cui]', {
  handler: ({ params }) => getGraphRows(params.cui),
});
