import { apiRoute } from '@/server/http/route';
import { createBulkCheck } from '@/server/fiscal/bulk';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Fiscal/createBulkCheck', {
  // 10,000 CUIs of up to 12 characters each, as JSON.
  maxBodyBytes: 256 * 1024,
  handler: ({ actor, body }) => createBulkCheck(actor, body),
});
