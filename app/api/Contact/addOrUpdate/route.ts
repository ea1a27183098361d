import { apiRoute } from '@/server/http/route';
import { saveContacts } from '@/server/contacts/commands';

export const POST = apiRoute('POST /api/Contact/addOrUpdate', {
  handler: ({ actor, query, body }) => saveContacts(actor, query.cui, body, 'public'),
});
