import { apiRoute } from '@/server/http/route';
import { deleteContact } from '@/server/contacts/commands';

export const DELETE = apiRoute('DELETE /api/Contact/[id]', {
  handler: ({ actor, params }) => deleteContact(actor, params.id, false),
});
