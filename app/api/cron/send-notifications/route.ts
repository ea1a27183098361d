import { apiRoute } from '@/server/http/route';
import { sendNotificationMails } from '@/server/watch/delivery';

export const dynamic = 'force-dynamic';
export const maxDuration = 60;

// Called by a scheduler (Authorization: Bearer CRON_SECRET): writes the followers' notifications of
// the imports that ended (decision 073), queues the notification mails that are due (immediate ones, digests whose hour has come) and delivers the outbox.
const def = {
  handler: async () => {
    const r = await sendNotificationMails();
    return { Notified: r.notified, Users: r.users, Queued: r.queued, Skipped: r.skipped, Sent: r.delivered.sent, Retried: r.delivered.retried, Failed: r.delivered.failed, Cancelled: r.delivered.cancelled };
  },
};

export const GET = apiRoute('GET /api/cron/send-notifications', def);
export const POST = apiRoute('POST /api/cron/send-notifications', def);
