import { apiRoute } from '@/server/http/route';
import { getOwnContacts } from '@/server/contacts/queries';

export const GET = apiRoute('GET /api/Contact/getContactsByUserId', {
  handler: ({ actor, query }) => getOwnContacts(actor, query.cui),
});
