import { apiRoute } from '@/server/http/route';
import { idQuerySchema } from '@/lib/drafts/schemas';
import { deleteDraft } from '@/server/drafts/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/MailSend/delete', {
  query: idQuerySchema,
  handler: ({ actor, query }) => deleteDraft(actor, query.id),
});
