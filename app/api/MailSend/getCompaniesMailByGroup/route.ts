import { apiRoute } from '@/server/http/route';
import { findCompaniesOfSending } from '@/server/sending/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getCompaniesMailByGroup', {
  handler: ({ actor, query }) => findCompaniesOfSending(actor, query),
});
