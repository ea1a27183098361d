import { apiRoute } from '@/server/http/route';
import { mailCommentsQuery } from '@/lib/sending/schemas';
import { findMailComments } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailComments', {
  query: mailCommentsQuery,
  handler: ({ actor, query }) => findMailComments(actor, query.mailSendId),
});
