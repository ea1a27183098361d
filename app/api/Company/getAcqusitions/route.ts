import { apiRoute } from '@/server/http/route';
import { getTenders } from '@/server/company/tenders';

export const POST = apiRoute('POST /api/Company/getAcqusitions', {
  handler: ({ body }) =>
    getTenders({
      companyCui: body.companyCui,
      searchText: body.searchText,
      pageNumber: body.pageNumber,
      pageSize: body.pageSize,
      orderBy: body.orderBy,
      date: body.Date,
      value: body.Value,
    }),
});
