import { apiRoute } from '@/server/http/route';
import { groupIdQuerySchema } from '@/lib/groups/schemas';
import { listGroupMembers } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getGroupMembers', {
  query: groupIdQuerySchema,
  handler: ({ actor, query }) => listGroupMembers(actor, query.groupId),
});
