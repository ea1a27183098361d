import { apiRoute } from '@/server/http/route';
import { deleteContact } from '@/server/contacts/commands';
import { contactIdQuery } from '@/lib/contacts/schemas';

export const DELETE = apiRoute('DELETE /api/Contact/deleteUserContact', {
  query: contactIdQuery,
  handler: ({ actor, query }) => deleteContact(actor, query.id, true),
});
