import { z } from 'zod';
import { apiRoute } from '@/server/http/route';
import { getSimilarCompanies, SIMILAR_PAGE_SIZE } from '@/server/company/rankings';
import { cuiValue, pageNumber, pageSize } from '@/server/company/schemas';

const query = z.object({
  CompanyCui: cuiValue,
  PageNumber: pageNumber(),
  PageSize: pageSize(SIMILAR_PAGE_SIZE, 50),
  OrderBy: z.preprocess((v) => (v === '' || v == null ? 'County' : v), z.enum(['County', 'Turnover', 'Profit', 'Employees', 'CaenCode'])),
});

export const GET = apiRoute('GET /api/Company/getSimilarCompanies', {
  query,
  handler: ({ query }) => getSimilarCompanies(query.CompanyCui, query.OrderBy, query.PageNumber, query.PageSize),
});
