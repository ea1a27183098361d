import { apiRoute } from '@/server/http/route';
import { deleteDraft } from '@/server/drafts/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/MailSend/delete', {
  handler: ({ actor, query }) => deleteDraft(actor, query.id),
});
