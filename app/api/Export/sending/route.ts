import { apiRoute } from '@/server/http/route';
import { exportSending } from '@/server/export/exports';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Export/sending', {
  handler: ({ actor, query }) => exportSending(actor, query.groupedMailId, query.format),
});
