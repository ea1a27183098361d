import { apiRoute } from '@/server/http/route';
import { updateContactPrivacy } from '@/server/users/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Contact/updatePrivacy', {
  handler: ({ actor, body }) => updateContactPrivacy(actor, body),
});
