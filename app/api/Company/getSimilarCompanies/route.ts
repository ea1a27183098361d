import { apiRoute } from '@/server/http/route';
import { getSimilarCompanies } from '@/server/company/rankings';

export const GET = apiRoute('GET /api/Company/getSimilarCompanies', {
  handler: ({ query }) => getSimilarCompanies(query.CompanyCui, query.OrderBy, query.PageNumber, query.PageSize),
});
