import { apiRoute } from '@/server/http/route';
import { deleteTemplate } from '@/server/templates/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailTemplate/virtualDelete', {
  handler: ({ actor, query }) => deleteTemplate(actor, query.id),
});
