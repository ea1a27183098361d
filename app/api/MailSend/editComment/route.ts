import { apiRoute } from '@/server/http/route';
import { editMailCommentSchema } from '@/lib/sending/schemas';
import { editMailComment } from '@/server/sending/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/editComment', {
  body: editMailCommentSchema,
  handler: ({ actor, body }) => editMailComment(actor, body),
});
