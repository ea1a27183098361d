// What a late bounce or a complaint does (issue 28, decision 058), whatever brought it (a report
// to the bounce address, a relay's webhook): a hard bounce and a complaint put the address on the
// suppression list with the reason, the detail and the date, and its queued messages (a
// follow-up, another sending) are not sent; a soft bounce is counted on the message and the
// message is tried again later, until the address reaches MAIL_SOFT_BOUNCE_LIMIT soft bounces
// and is suppressed as a bounce.
import 'server-only';
import { sql } from '../../db';
import { env } from '../../env';
import { withTransaction } from '../../shared/tx';
import type { ReportKind } from './report';

export type BounceOutcome = { matched: number; suppressed: number; retried: number; ignored: number };

type Target = { id: number; email: string; status: string; attempts: number };

/** The message: by tracking id, else the address's latest delivered message. */
async function findTarget(trackingId: string | null, email: string): Promise<Target | null> {
  if (trackingId) {
    const [row] = await sql<Target>(`SELECT id, email, status, attempts FROM mail_send WHERE tracking_id = $1::uuid`, [trackingId]);
    if (row) return row;
  }
  const [row] = await sql<Target>(
    `SELECT id, email, status, attempts FROM mail_send WHERE email = $1 AND sent_at IS NOT NULL ORDER BY sent_at DESC, id DESC LIMIT 1`,
    [email.toLowerCase()],
  );
  return row ?? null;
}

async function suppress(target: Target, reason: 'Bounce' | 'Complaint', detail: string): Promise<void> {
  await withTransaction(async (db) => {
    if (reason === 'Bounce') {
      await db.query(`UPDATE mail_send SET bounced_at = coalesce(bounced_at, now()), last_error = $2 WHERE id = $1`, [target.id, detail]);
    }
    // A complaint outranks what was there (an unsubscribe, a bounce); a bounce keeps an earlier reason.
    await db.query(
      `INSERT INTO mail_suppression (email, reason, mail_send_id, detail) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO UPDATE SET reason = EXCLUDED.reason, mail_send_id = EXCLUDED.mail_send_id, detail = EXCLUDED.detail, created_at = now()
        WHERE EXCLUDED.reason = 'Complaint' AND mail_suppression.reason <> 'Complaint'`,
      [target.email, reason, target.id, detail],
    );
    await db.query(`UPDATE mail_send SET status = 'Suprimat' WHERE email = $1 AND status = 'Queued'`, [target.email]);
  });
}

export async function recordBounce(p: { trackingId: string | null; email: string; kind: ReportKind; detail: string }, out: BounceOutcome): Promise<void> {
  const target = await findTarget(p.trackingId, p.email);
  if (!target) {
    out.ignored++;
    return;
  }
  out.matched++;
  const detail = p.detail.slice(0, 500);
  if (p.kind === 'hard') {
    await suppress(target, 'Bounce', detail);
    out.suppressed++;
    return;
  }
  if (p.kind === 'complaint') {
    await suppress(target, 'Complaint', detail);
    out.suppressed++;
    return;
  }
  const [{ total }] = await sql<{ total: number }>(
    `WITH counted AS (UPDATE mail_send SET soft_bounces = soft_bounces + 1, last_error = $2 WHERE id = $1 RETURNING email)
     SELECT (SELECT coalesce(sum(soft_bounces), 0) FROM mail_send WHERE email = (SELECT email FROM counted))::int + 1 AS total`,
    [target.id, detail],
  );
  if (total >= env.MAIL_SOFT_BOUNCE_LIMIT) {
    await suppress(target, 'Bounce', `${total} respingeri temporare; ultima: ${detail}`.slice(0, 500));
    out.suppressed++;
    return;
  }
  // The relay gave up for now: the message goes back to the queue, a while later.
  if (target.status === 'Trimis' && target.attempts < env.MAIL_MAX_ATTEMPTS) {
    await sql(
      `UPDATE mail_send SET status = 'Queued', next_attempt = now() + make_interval(secs => $2) WHERE id = $1 AND status = 'Trimis'`,
      [target.id, Math.min(3600 * 6, env.MAIL_RETRY_BASE_SECONDS * 2 ** (total + 4))],
    );
    out.retried++;
  }
}
