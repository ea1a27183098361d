import { apiRoute } from '@/server/http/route';
import { mailsHistoryQuery } from '@/lib/sending/schemas';
import { findMailsHistory } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailsHistory', {
  query: mailsHistoryQuery,
  handler: ({ actor, query }) => findMailsHistory(actor, query),
});
