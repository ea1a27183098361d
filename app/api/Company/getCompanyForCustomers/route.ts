import { z } from 'zod';
import { apiRoute } from '@/server/http/route';
import { CAEN_ORDERS } from '@/server/caen/companies';
import { CUSTOMERS_PAGE_SIZE, findCustomers } from '@/server/customers/queries';
import { orderOption, pageNumber, pageSize, searchText } from '@/server/company/schemas';

const query = z.object({
  SearchText: searchText(),
  PageNumber: pageNumber(),
  PageSize: pageSize(CUSTOMERS_PAGE_SIZE),
  OrderBy: orderOption(CAEN_ORDERS),
});

export const GET = apiRoute('GET /api/Company/getCompanyForCustomers', {
  query,
  handler: ({ query }) => findCustomers(query.SearchText, query.PageNumber, query.PageSize, query.OrderBy),
});
