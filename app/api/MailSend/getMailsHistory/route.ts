import { apiRoute } from '@/server/http/route';
import { findMailsHistory } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getMailsHistory', {
  handler: ({ actor, query }) => findMailsHistory(actor, query),
});
