import { updateUserAccessSchema } from '@/lib/users/schemas';
import { apiRoute } from '@/server/http/route';
import { updateUserAccess } from '@/server/users/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/User/updateUserAccess', {
  body: updateUserAccessSchema,
  handler: ({ actor, body }) => updateUserAccess(actor, body),
});
