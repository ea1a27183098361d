import { apiRoute } from '@/server/http/route';
import { companiesMailByGroupQuery } from '@/lib/sending/schemas';
import { findCompaniesOfSending } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getCompaniesMailByGroup', {
  query: companiesMailByGroupQuery,
  handler: ({ actor, query }) => findCompaniesOfSending(actor, query),
});
