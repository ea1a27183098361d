import { apiRoute } from '@/server/http/route';
import { companiesMailQuerySchema } from '@/lib/drafts/schemas';
import { findDraftCompanies } from '@/server/drafts/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getCompaniesMail', {
  query: companiesMailQuerySchema,
  handler: ({ actor, query }) => findDraftCompanies(actor, query),
});
