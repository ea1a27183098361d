import { apiRoute } from '@/server/http/route';
import { exportComparison } from '@/server/export/compare';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/compareExport', {
  handler: ({ query }) => exportComparison(query.cui, query.format),
});
