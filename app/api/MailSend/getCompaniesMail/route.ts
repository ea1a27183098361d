import { apiRoute } from '@/server/http/route';
import { findDraftCompanies } from '@/server/drafts/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/MailSend/getCompaniesMail', {
  handler: ({ actor, query }) => findDraftCompanies(actor, query),
});
