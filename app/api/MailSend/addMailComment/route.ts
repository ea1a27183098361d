import { apiRoute } from '@/server/http/route';
import { addMailCommentSchema } from '@/lib/sending/schemas';
import { addMailComment } from '@/server/sending/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/MailSend/addMailComment', {
  body: addMailCommentSchema,
  handler: ({ actor, body }) => addMailComment(actor, body),
});
