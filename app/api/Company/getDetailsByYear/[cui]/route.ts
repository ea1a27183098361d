import { apiRoute } from '@/server/http/route';
import { getDetailsByYear } from '@/server/company/queries';
import { cuiParams, yearQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getDetailsByYear/[cui]', {
  params: cuiParams,
  query: yearQuery,
  handler: ({ params, query }) => getDetailsByYear(params.cui, query.year),
});
