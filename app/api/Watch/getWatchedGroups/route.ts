import { apiRoute } from '@/server/http/route';
import { listWatchedGroups } from '@/server/watch/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Watch/getWatchedGroups', {
  handler: async ({ actor }) => ({ Items: await listWatchedGroups(actor) }),
});
