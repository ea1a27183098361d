import { apiRoute } from '@/server/http/route';
import { editMailComment } from '@/server/sending/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/editComment', {
  handler: ({ actor, body }) => editMailComment(actor, body),
});
