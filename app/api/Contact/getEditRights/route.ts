import { apiRoute } from '@/server/http/route';
import { getContactEditRights } from '@/server/contacts/queries';

export const GET = apiRoute('GET /api/Contact/getEditRights', {
  handler: ({ actor, query }) => getContactEditRights(actor, query.cui),
});
