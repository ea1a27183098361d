import { apiRoute } from '@/server/http/route';
import { listGroupMembers } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getGroupMembers', {
  handler: ({ actor, query }) => listGroupMembers(actor, query.groupId),
});
