import { apiRoute } from '@/server/http/route';
import { exportContacts } from '@/server/export/exports';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Export/contacts', {
  handler: ({ actor, query }) => exportContacts(actor, query.groupId, query.format),
});
