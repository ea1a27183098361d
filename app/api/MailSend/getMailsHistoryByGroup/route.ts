import { apiRoute } from '@/server/http/route';
import { mailsHistoryByGroupQuery } from '@/lib/sending/schemas';
import { findMailsHistory } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailsHistoryByGroup', {
  query: mailsHistoryByGroupQuery,
  handler: ({ actor, query }) => findMailsHistory(actor, query),
});
