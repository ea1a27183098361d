import { apiRoute } from '@/server/http/route';
import { saveNotificationSettings } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

const SAVED = { Message: 'Setările au fost salvate.' };

export const PUT = apiRoute('PUT /api/Notification/updateSettings', {
  handler: ({ actor, body }) => saveNotificationSettings(actor, body).then(() => SAVED),
});
