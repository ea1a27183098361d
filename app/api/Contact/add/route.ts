import { apiRoute } from '@/server/http/route';
import { addOwnContact } from '@/server/contacts/commands';

export const POST = apiRoute('POST /api/Contact/add', {
  handler: ({ actor, body }) => addOwnContact(actor, body),
});
