import { apiRoute } from '@/server/http/route';
import { groupIdQuerySchema } from '@/lib/watch/schemas';
import { unwatchGroup } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Watch/unwatchGroup', {
  query: groupIdQuerySchema,
  handler: ({ actor, query }) => unwatchGroup(actor, query.groupId),
});
