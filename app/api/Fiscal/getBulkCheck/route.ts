import { apiRoute } from '@/server/http/route';
import { getBulkCheck } from '@/server/fiscal/bulk';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Fiscal/getBulkCheck', {
  handler: ({ actor, query }) => getBulkCheck(actor, query.id),
});
