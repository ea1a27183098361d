import { apiRoute } from '@/server/http/route';
import { idQuerySchema } from '@/lib/drafts/schemas';
import { deleteDraftCompany } from '@/server/drafts/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/MailSend/deleteMailSend', {
  query: idQuerySchema,
  handler: ({ actor, query }) => deleteDraftCompany(actor, query.id),
});
