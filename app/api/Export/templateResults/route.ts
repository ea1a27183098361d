import { apiRoute } from '@/server/http/route';
import { exportTemplateResultsQuerySchema } from '@/lib/export/schemas';
import { exportTemplateResults } from '@/server/export/exports';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Export/templateResults', {
  query: exportTemplateResultsQuerySchema,
  handler: ({ actor, query }) => exportTemplateResults(actor, query.templateId, query.format),
});
