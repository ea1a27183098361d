import { apiRoute } from '@/server/http/route';
import { getVisibleContacts } from '@/server/contacts/queries';

export const GET = apiRoute('GET /api/Contact/getUserContactsByCompany', {
  handler: ({ actor, query }) => getVisibleContacts(actor, query.cui),
});
