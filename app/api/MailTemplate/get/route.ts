import { apiRoute } from '@/server/http/route';
import { getTemplateOrThrow } from '@/server/templates/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailTemplate/get', {
  handler: ({ actor, query }) => getTemplateOrThrow(actor, query.id),
});
