// Retention of campaign tracking (docs/decisions/060): the opens and clicks of each recipient
// (mail_status_event rows 'Deschis' and 'Interactionat', with their time and user agent) older
// than TRACKING_RETENTION_MONTHS are added to per-sending daily totals (mail_event_daily; machine
// traffic, the filtered rows, is not counted) and deleted. Run by the cron endpoint
// /api/cron/privacy-retention or `npm run privacy:retention`; batches keep each transaction short,
// and two runs at once never count a row twice (the DELETE … RETURNING takes each row once).
import 'server-only';
import { env } from '../kernel/env';
import { withTransaction } from '../kernel/tx';
import { applyNotificationRetention } from '../watch/retention';
import { purgeOldInvitations, type InvitationRetentionReport } from '../groups/invitations';
import { agedEventIdsSql, MESSAGE_SENDING_SQL } from '../sending/queries';
import { clockNow } from '../kernel/clock';
import { purgeOldWebhookDeliveries } from '../webhooks/endpoints';

const TRACKING_EVENT_STATUSES = ['Deschis', 'Interactionat'] as const;
const BATCH = 10_000;

export type RetentionReport = { cutoff: string; deleted: number; aggregated: number };
/** The daily pass: the tracking above and the read notifications past their period (server/watch/retention.ts). */
export type DailyRetentionReport = RetentionReport & InvitationRetentionReport & { notificationsDeleted: number; webhookDeliveriesDeleted: number };

/** The first instant kept: `months` calendar months before `now`. */
export function retentionCutoff(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export async function applyTrackingRetention(opts: { now?: Date; months?: number } = {}): Promise<RetentionReport> {
  const cutoff = retentionCutoff(opts.now ?? clockNow(), opts.months ?? env.TRACKING_RETENTION_MONTHS);
  let deleted = 0;
  let aggregated = 0;
  for (;;) {
    const done = await withTransaction(async (db) => {
      const r = await db.query<{ deleted: number; aggregated: number }>(
        `WITH old AS (
           DELETE FROM mail_status_event e
            WHERE e.id IN (${agedEventIdsSql('$1', '$2::text[]', BATCH)})
           RETURNING e.mail_send_id, e.status, e.filtered, e.created_at
         ), totals AS (
           INSERT INTO mail_event_daily (grouped_mail_id, day, status, count)
           SELECT ms.grouped_mail_id, (old.created_at AT TIME ZONE 'UTC')::date, old.status, count(*)::int
             FROM old JOIN ${MESSAGE_SENDING_SQL} ms ON ms.id = old.mail_send_id
            WHERE old.filtered IS NULL
            GROUP BY 1, 2, 3
           ON CONFLICT (grouped_mail_id, day, status) DO UPDATE SET count = mail_event_daily.count + EXCLUDED.count
         )
         -- A data-modifying CTE runs whether or not it is read.
         SELECT (SELECT count(*)::int FROM old) AS deleted, (SELECT count(*)::int FROM old WHERE filtered IS NULL) AS aggregated`,
        [cutoff, [...TRACKING_EVENT_STATUSES]],
      );
      return r.rows[0];
    });
    deleted += done.deleted;
    aggregated += done.aggregated;
    if (done.deleted < BATCH) break;
  }
  return { cutoff: cutoff.toISOString(), deleted, aggregated };
}

let lastDailyRun = 0;

/**
 * The sender's loop calls this every cycle (scripts/mail/send.ts, so `npm start` keeps the period
 * without a cron): it runs the retention at most once a day per process. Several senders may run
 * it the same day: each batch deletes rows once (the DELETE returns only what it removed), so the
 * daily totals count every event once.
 */
export async function applyTrackingRetentionDaily(now = clockNow().getTime()): Promise<DailyRetentionReport | null> {
  if (now - lastDailyRun < 24 * 3600_000) return null;
  lastDailyRun = now;
  const tracking = await applyTrackingRetention();
  const notifications = await applyNotificationRetention();
  const invitations = await purgeOldInvitations();
  // Decision 109: webhook deliveries past WEBHOOK_DELIVERY_RETENTION_DAYS.
  const webhooks = await purgeOldWebhookDeliveries();
  return { ...tracking, ...invitations, notificationsDeleted: notifications.deleted, webhookDeliveriesDeleted: webhooks.deleted };
}
