import { apiRoute } from '@/server/http/route';
import { updateUserRole } from '@/server/users/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Role/updateUserRole', {
  handler: ({ actor, body }) => updateUserRole(actor, body),
});
