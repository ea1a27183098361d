import { apiRoute } from '@/server/http/route';
import { findCompanyContacts } from '@/server/contacts/queries';

export const GET = apiRoute('GET /api/Contact/getCompanyContacts', {
  handler: ({ actor, query }) => findCompanyContacts(actor, query),
});
