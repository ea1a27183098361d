import { apiRoute } from '@/server/http/route';
import { addOwnContact } from '@/server/contacts/commands';
import { addContactSchema } from '@/lib/contacts/schemas';

export const POST = apiRoute('POST /api/Contact/add', {
  body: addContactSchema,
  handler: ({ actor, body }) => addOwnContact(actor, body),
});
