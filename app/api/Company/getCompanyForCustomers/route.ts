import { apiRoute } from '@/server/http/route';
import { findCustomers } from '@/server/customers/queries';
import { customersQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Company/getCompanyForCustomers', {
  query: customersQuery,
  handler: ({ query }) => findCustomers(query.SearchText, query.PageNumber, query.PageSize, query.OrderBy),
});
