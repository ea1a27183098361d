import { apiRoute } from '@/server/http/route';
import { getInsolvencyByYear } from '@/server/company/queries';
import { cuiParams, yearQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getInsolvencyByYear/[cui]', {
  params: cuiParams,
  query: yearQuery,
  handler: ({ params, query }) => getInsolvencyByYear(params.cui, query.year),
});
