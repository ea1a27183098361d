import { apiRoute } from '@/server/http/route';
import { getEditableContacts } from '@/server/contacts/queries';
import { cuiQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Contact/getByCompanyCui', {
  query: cuiQuery,
  handler: ({ actor, query }) => getEditableContacts(actor, query.cui),
});
