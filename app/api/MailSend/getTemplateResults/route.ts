import { apiRoute } from '@/server/http/route';
import { getTemplateResults } from '@/server/sending/results';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getTemplateResults', {
  handler: ({ actor, query }) => getTemplateResults(actor, query.templateId),
});
