import { apiRoute } from '@/server/http/route';
import { countUnread } from '@/server/watch/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Notification/getUnreadCount', {
  handler: async ({ actor }) => ({ Count: await countUnread(actor) }),
});
