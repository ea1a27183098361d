import { purgeExpiredAuthData } from '@/server/auth/maintenance';
import { apiRoute } from '@/server/http/route';
import { deliverQueuedMail } from '@/server/mail/outbox';

export const dynamic = 'force-dynamic';

// Called by a scheduler (Authorization: Bearer CRON_SECRET) or by scripts/mail/send.ts.
const def = {
  handler: async () => {
    const report = await deliverQueuedMail();
    await purgeExpiredAuthData();
    return { Sent: report.sent, Retried: report.retried, Failed: report.failed };
  },
};

export const GET = apiRoute('GET /api/cron/send-mails', def);
export const POST = apiRoute('POST /api/cron/send-mails', def);
