import { apiRoute } from '@/server/http/route';
import { listBulkChecks } from '@/server/fiscal/bulk';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Fiscal/getBulkChecks', {
  handler: ({ actor }) => listBulkChecks(actor),
});
