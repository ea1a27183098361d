import { apiRoute } from '@/server/http/route';
import { markAllRead } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Notification/markAllRead', {
  handler: async ({ actor }) => ({ Updated: await markAllRead(actor) }),
});
