import { apiRoute } from '@/server/http/route';
import { updateGroupSchema } from '@/lib/groups/schemas';
import { updateGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/update', {
  body: updateGroupSchema,
  handler: ({ actor, body }) => updateGroup(actor, body),
});
