import { apiRoute } from '@/server/http/route';
import { getGroupOrThrow } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/get', {
  handler: ({ actor, query }) => getGroupOrThrow(actor, query.id),
});
