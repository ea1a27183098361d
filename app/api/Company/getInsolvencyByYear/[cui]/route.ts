import { apiRoute } from '@/server/http/route';
import { getInsolvencyByYear } from '@/server/company/queries';

export const GET = apiRoute('GET /api/Company/getInsolvencyByYear/[cui]', {
  handler: ({ params, query }) => getInsolvencyByYear(params.cui, query.year),
});
