import { apiRoute } from '@/server/http/route';
import { findCompanyContacts } from '@/server/contacts/queries';
import { companyContactsQuerySchema } from '@/lib/contacts/schemas';

export const GET = apiRoute('GET /api/Contact/getCompanyContacts', {
  query: companyContactsQuerySchema,
  handler: ({ actor, query }) => findCompanyContacts(actor, query),
});
