import { apiRoute } from '@/server/http/route';
import { createBulkCheckFromSearch } from '@/server/fiscal/bulk';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Fiscal/createBulkCheckFromSearch', {
  handler: ({ actor, query }) => createBulkCheckFromSearch(actor, query),
});
