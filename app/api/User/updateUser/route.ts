import { apiRoute } from '@/server/http/route';
import { updateUser } from '@/server/users/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/User/updateUser', {
  handler: ({ actor, body }) => updateUser(actor, body),
});
