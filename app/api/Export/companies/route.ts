import { apiRoute } from '@/server/http/route';
import { exportSearch } from '@/server/export/exports';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Export/companies', {
  handler: ({ actor, query: { format, excludeInCrm, ...filter } }) => exportSearch(actor, filter, format, { excludeInCrm }),
});
