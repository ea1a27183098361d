import { apiRoute } from '@/server/http/route';
import { deleteContact } from '@/server/contacts/commands';
import { contactIdParams } from '@/lib/contacts/schemas';

export const DELETE = apiRoute('DELETE /api/Contact/[id]', {
  params: contactIdParams,
  handler: ({ actor, params }) => deleteContact(actor, params.id, false),
});
