import { apiRoute } from '@/server/http/route';
import { deleteMailComment } from '@/server/sending/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/virtualDeleteComment', {
  handler: ({ actor, query }) => deleteMailComment(actor, query.id),
});
