import { apiRoute } from '@/server/http/route';
import { listGroups } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getGroups', {
  handler: ({ actor, query }) => listGroups(actor, query),
});
