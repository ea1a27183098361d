import { apiRoute } from '@/server/http/route';
import { findCustomers } from '@/server/customers/queries';

export const GET = apiRoute('GET /api/Company/getCompanyForCustomers', {
  handler: ({ query }) => findCustomers(query.SearchText, query.PageNumber, query.PageSize, query.OrderBy),
});
