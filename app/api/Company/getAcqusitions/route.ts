import { apiRoute } from '@/server/http/route';
import { getTenders } from '@/server/company/tenders';
import { tenderBody } from '@/lib/company/schemas';

export const POST = apiRoute('POST /api/Company/getAcqusitions', {
  body: tenderBody,
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
