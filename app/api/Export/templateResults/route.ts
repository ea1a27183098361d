import { apiRoute } from '@/server/http/route';
import { exportTemplateResults } from '@/server/export/exports';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Export/templateResults', {
  handler: ({ actor, query }) => exportTemplateResults(actor, query.templateId, query.format),
});
