import { purgeExpiredAuthData } from '@/server/auth/maintenance';
import { apiRoute } from '@/server/http/route';
import { deliverQueuedMail } from '@/server/mail/outbox';
import { deliverCampaignMessages } from '@/server/sending/sender';

export const dynamic = 'force-dynamic';
// A cron call delivers what fits in about 25 s and leaves the rest to the next call.
export const maxDuration = 60;

// Called by a scheduler (Authorization: Bearer CRON_SECRET) or by scripts/mail/send.ts.
const def = {
  handler: async () => {
    const report = await deliverQueuedMail();
    const campaigns = await deliverCampaignMessages({ timeBudgetMs: 25_000 });
    await purgeExpiredAuthData();
    return {
      Sent: report.sent,
      Retried: report.retried,
      Failed: report.failed,
      Campaign: { Sent: campaigns.sent, Retried: campaigns.retried, Failed: campaigns.failed, Suppressed: campaigns.suppressed, Cancelled: campaigns.cancelled, Parked: campaigns.parked },
    };
  },
};

export const GET = apiRoute('GET /api/cron/send-mails', def);
export const POST = apiRoute('POST /api/cron/send-mails', def);
