import { apiRoute } from '@/server/http/route';
import { notificationSettingsSchema } from '@/lib/watch/schemas';
import { saveNotificationSettings } from '@/server/watch/commands';

export const dynamic = 'force-dynamic';

export const PUT = apiRoute('PUT /api/Notification/updateSettings', {
  body: notificationSettingsSchema,
  handler: async ({ actor, body }) => {
    await saveNotificationSettings(actor, body);
    return { Message: 'Setările au fost salvate.' };
  },
});
