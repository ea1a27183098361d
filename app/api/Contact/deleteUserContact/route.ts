import { apiRoute } from '@/server/http/route';
import { deleteContact } from '@/server/contacts/commands';

export const DELETE = apiRoute('DELETE /api/Contact/deleteUserContact', {
  handler: ({ actor, query }) => deleteContact(actor, query.id, true),
});
