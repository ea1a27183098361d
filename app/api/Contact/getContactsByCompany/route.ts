import { apiRoute } from '@/server/http/route';
import { getPublicContacts } from '@/server/contacts/queries';
import { cuiQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Contact/getContactsByCompany', {
  query: cuiQuery,
  handler: ({ query }) => getPublicContacts(query.cui),
});
