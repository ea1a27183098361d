import { apiRoute } from '@/server/http/route';
import { deleteMailCommentQuery } from '@/lib/sending/schemas';
import { deleteMailComment } from '@/server/sending/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/MailSend/virtualDeleteComment', {
  query: deleteMailCommentQuery,
  handler: ({ actor, query }) => deleteMailComment(actor, query.id),
});
