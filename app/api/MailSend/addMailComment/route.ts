import { apiRoute } from '@/server/http/route';
import { addMailComment } from '@/server/sending/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/MailSend/addMailComment', {
  handler: ({ actor, body }) => addMailComment(actor, body),
});
