import { apiRoute } from '@/server/http/route';
import { updateGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Group/update', {
  handler: ({ actor, body }) => updateGroup(actor, body),
});
