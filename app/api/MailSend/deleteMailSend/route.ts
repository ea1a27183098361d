import { apiRoute } from '@/server/http/route';
import { deleteDraftCompany } from '@/server/drafts/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/MailSend/deleteMailSend', {
  handler: ({ actor, query }) => deleteDraftCompany(actor, query.id),
});
