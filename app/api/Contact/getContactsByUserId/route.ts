import { apiRoute } from '@/server/http/route';
import { getOwnContacts } from '@/server/contacts/queries';
import { cuiQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Contact/getContactsByUserId', {
  query: cuiQuery,
  handler: ({ actor, query }) => getOwnContacts(actor, query.cui),
});
