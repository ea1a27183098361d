import { apiRoute } from '@/server/http/route';
import { findCompaniesWithUserContacts } from '@/server/users/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Company/getCompapaniesWithUserContacts', {
  handler: ({ actor, query }) => findCompaniesWithUserContacts(actor, query.userId, query.searchText),
});
