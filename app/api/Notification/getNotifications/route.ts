import { apiRoute } from '@/server/http/route';
import { listNotifications } from '@/server/watch/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Notification/getNotifications', {
  handler: ({ actor, query }) => listNotifications(actor, query),
});
