import { apiRoute } from '@/server/http/route';
import { addCompaniesToGroup } from '@/server/groups/commands';

export const dynamic = 'force-dynamic';

export const POST = apiRoute('POST /api/Group/addComapaniesToGroup', {
  handler: ({ actor, query, body }) => addCompaniesToGroup(actor, query.groupId, body),
});
