import { apiRoute } from '@/server/http/route';
import { templateResultsQuery } from '@/lib/sending/schemas';
import { getTemplateResults } from '@/server/sending/results';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getTemplateResults', {
  query: templateResultsQuery,
  handler: ({ actor, query }) => getTemplateResults(actor, query.templateId),
});
