import { apiRoute } from '@/server/http/route';
import { getCompaniesByCaen } from '@/server/caen/companies';
import { caenCompaniesParams, caenCompaniesQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getCompanyByCaen/[caenCode]/[pageSize]', {
  params: caenCompaniesParams,
  query: caenCompaniesQuery,
  handler: ({ params, query }) => getCompaniesByCaen(params.caenCode, query.pageNumber, params.pageSize, query.orderBy),
});
