// Retention of notifications (docs/decisions/063): a notification the user has read and that is
// older than NOTIFICATION_RETENTION_DAYS (default 180) is deleted; unread ones stay until read. The
// change facts themselves stay (the company page's "Istoric modificări" is public official data).
// Run with the other retention steps: /api/cron/privacy-retention, `npm run privacy:retention` and
// the mail sender's daily pass. Batches keep each transaction short.
import 'server-only';
import { sql } from '../kernel/db';
import { env } from '../kernel/env';
import { clockNow } from '../kernel/clock';

const BATCH = 10_000;

export type NotificationRetentionReport = { cutoff: string; deleted: number };

export async function applyNotificationRetention(opts: { now?: Date; days?: number } = {}): Promise<NotificationRetentionReport> {
  const cutoff = new Date((opts.now ?? clockNow()).getTime() - (opts.days ?? env.NOTIFICATION_RETENTION_DAYS) * 86_400_000);
  let deleted = 0;
  for (;;) {
    const rows = await sql<{ n: number }>(
      `WITH gone AS (
         DELETE FROM notification WHERE id IN (
           SELECT id FROM notification WHERE read_at IS NOT NULL AND created_at < $1 ORDER BY id LIMIT ${BATCH})
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [cutoff],
    );
    deleted += rows[0].n;
    if (rows[0].n < BATCH) break;
  }
  return { cutoff: cutoff.toISOString(), deleted };
}
