import { apiRoute } from '@/server/http/route';
import { notificationsQuerySchema } from '@/lib/watch/schemas';
import { listNotifications } from '@/server/watch/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Notification/getNotifications', {
  query: notificationsQuerySchema,
  handler: ({ actor, query }) => listNotifications(actor, query),
});
