import { apiRoute } from '@/server/http/route';
import { updateUserAccess } from '@/server/users/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/User/updateUserAccess', {
  handler: ({ actor, body }) => updateUserAccess(actor, body),
});
