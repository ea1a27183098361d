import { apiRoute } from '@/server/http/route';
import { getSimilarCompanies } from '@/server/company/rankings';
import { similarCompaniesQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getSimilarCompanies', {
  query: similarCompaniesQuery,
  handler: ({ query }) => getSimilarCompanies(query.CompanyCui, query.OrderBy, query.PageNumber, query.PageSize),
});
