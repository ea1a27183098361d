import { apiRoute } from '@/server/http/route';
import { restoreTemplate } from '@/server/templates/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailTemplate/restore', {
  handler: ({ actor, query }) => restoreTemplate(actor, query.id),
});
