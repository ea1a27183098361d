import { apiRoute } from '@/server/http/route';
import { idQuerySchema } from '@/lib/groups/schemas';
import { getGroupOrThrow } from '@/server/groups/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Group/get', {
  query: idQuerySchema,
  handler: ({ actor, query }) => getGroupOrThrow(actor, query.id),
});
