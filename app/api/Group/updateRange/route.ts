import { apiRoute } from '@/server/http/route';
import { updateGroups } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/updateRange', {
  handler: ({ actor, body }) => updateGroups(actor, body),
});
