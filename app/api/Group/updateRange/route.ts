import { apiRoute } from '@/server/http/route';
import { updateGroupsSchema } from '@/lib/groups/schemas';
import { updateGroups } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/updateRange', {
  body: updateGroupsSchema,
  handler: ({ actor, body }) => updateGroups(actor, body),
});
