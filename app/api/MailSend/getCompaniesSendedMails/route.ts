import { apiRoute } from '@/server/http/route';
import { findCompaniesWithSentMails } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getCompaniesSendedMails', {
  handler: ({ actor, query }) => findCompaniesWithSentMails(actor, query),
});
