import { apiRoute } from '@/server/http/route';
import { getDetailsByYear } from '@/server/company/queries';

export const GET = apiRoute('GET /api/Company/getDetailsByYear/[cui]', {
  handler: ({ params, query }) => getDetailsByYear(params.cui, query.year),
});
