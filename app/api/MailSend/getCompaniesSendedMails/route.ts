import { apiRoute } from '@/server/http/route';
import { companiesSendedMailsQuery } from '@/lib/sending/schemas';
import { findCompaniesWithSentMails } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getCompaniesSendedMails', {
  query: companiesSendedMailsQuery,
  handler: ({ actor, query }) => findCompaniesWithSentMails(actor, query),
});
