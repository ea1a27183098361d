import { apiRoute } from '@/server/http/route';
import { getVisibleContacts } from '@/server/contacts/queries';
import { cuiQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Contact/getUserContactsByCompany', {
  query: cuiQuery,
  handler: ({ actor, query }) => getVisibleContacts(actor, query.cui),
});
