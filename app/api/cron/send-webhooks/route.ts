import { apiRoute } from '@/server/http/route';
import { deliverWebhooks } from '@/server/webhooks/sender';

export const dynamic = 'force-dynamic';
// A cron call posts what fits in about 25 s and leaves the rest to the next call.
export const maxDuration = 60;

// Called by a scheduler every minute (Authorization: Bearer CRON_SECRET), as /api/cron/send-mails.
const def = {
  handler: async () => {
    const r = await deliverWebhooks({ timeBudgetMs: 25_000 });
    return { Delivered: r.delivered, Retried: r.retried, Failed: r.failed, Disabled: r.disabled };
  },
};

export const GET = apiRoute('GET /api/cron/send-webhooks', def);
export const POST = apiRoute('POST /api/cron/send-webhooks', def);
