import { apiRoute } from '@/server/http/route';
import { groupListQuerySchema } from '@/lib/groups/schemas';
import { listGroups } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getGroups', {
  query: groupListQuerySchema,
  handler: ({ actor, query }) => listGroups(actor, query),
});
