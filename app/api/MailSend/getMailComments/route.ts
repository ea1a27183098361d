import { apiRoute } from '@/server/http/route';
import { findMailComments } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailComments', {
  handler: ({ actor, query }) => findMailComments(actor, query.mailSendId),
});
