import { apiRoute } from '@/server/http/route';
import { notificationSettingsSchema } from '@/lib/watch/schemas';
import { saveNotificationSettings } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

const SAVED = { Message: 'Setările au fost salvate.' };

export const PUT = apiRoute('PUT /api/Notification/updateSettings', {
  body: notificationSettingsSchema,
  handler: ({ actor, body }) => saveNotificationSettings(actor, body).then(() => SAVED),
});
