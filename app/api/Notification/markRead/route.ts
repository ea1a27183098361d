import { apiRoute } from '@/server/http/route';
import { markRead } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Notification/markRead', {
  handler: async ({ actor, body }) => ({ Updated: await markRead(actor, body.Ids) }),
});
