import { apiRoute } from '@/server/http/route';
import { getEditableContacts } from '@/server/contacts/queries';

export const GET = apiRoute('GET /api/Contact/getByCompanyCui', {
  handler: ({ actor, query }) => getEditableContacts(actor, query.cui),
});
