import { apiRoute } from '@/server/http/route';
import { getNotificationSettings } from '@/server/watch/queries';

export const dynamic = 'force-dynamic';

export const GET = apiRoute('GET /api/Notification/getSettings', {
  handler: ({ actor }) => getNotificationSettings(actor),
});
