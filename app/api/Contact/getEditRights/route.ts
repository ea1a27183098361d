import { apiRoute } from '@/server/http/route';
import { getContactEditRights } from '@/server/contacts/queries';
import { cuiQuery } from '@/lib/company/schemas';

export const GET = apiRoute('GET /api/Contact/getEditRights', {
  query: cuiQuery,
  handler: ({ actor, query }) => getContactEditRights(actor, query.cui),
});
