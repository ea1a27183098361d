import { apiRoute } from '@/server/http/route';
import { getCompaniesByCaen } from '@/server/caen/companies';

export const GET = apiRoute('GET /api/Company/getCompanyByCaen/[caenCode]/[pageSize]', {
  handler: ({ params, query }) => getCompaniesByCaen(params.caenCode, query.pageNumber, params.pageSize, query.orderBy),
});
