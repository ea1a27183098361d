import { apiRoute } from '@/server/http/route';
import { listDeletedGroups } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/getDeletedGroups', {
  handler: ({ actor, query }) => listDeletedGroups(actor, query),
});
