import { apiRoute } from '@/server/http/route';
import { getPublicContacts } from '@/server/contacts/queries';

export const GET = apiRoute('GET /api/Contact/getContactsByCompany', {
  handler: ({ query }) => getPublicContacts(query.cui),
});
