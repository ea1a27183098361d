import { apiRoute } from '@/server/http/route';
import { exportGroup } from '@/server/export/exports';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Export/groupCompanies', {
  handler: ({ actor, query }) => exportGroup(actor, query.groupId, query.format, { excludeInCrm: query.excludeInCrm }),
});
