import { apiRoute } from '@/server/http/route';
import { saveContacts } from '@/server/contacts/commands';

export const POST = apiRoute('POST /api/Contact/addOrUpdateUnverifiedContacts', {
  handler: ({ actor, query, body }) => saveContacts(actor, query.cui, body, 'own'),
});
