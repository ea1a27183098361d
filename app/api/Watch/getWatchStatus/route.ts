import { apiRoute } from '@/server/http/route';
import { getWatchStatus } from '@/server/watch/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Watch/getWatchStatus', {
  handler: ({ actor, query }) => getWatchStatus(actor, query.cui),
});
