import { apiRoute } from '@/server/http/route';
import { unwatchGroup } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const DELETE = apiRoute('DELETE /api/Watch/unwatchGroup', {
  handler: ({ actor, query }) => unwatchGroup(actor, query.groupId),
});
