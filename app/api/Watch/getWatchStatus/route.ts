import { apiRoute } from '@/server/http/route';
import { cuiQuerySchema } from '@/lib/watch/schemas';
import { getWatchStatus } from '@/server/watch/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Watch/getWatchStatus', {
  query: cuiQuerySchema,
  handler: ({ actor, query }) => getWatchStatus(actor, query.cui),
});
