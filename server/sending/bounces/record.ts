// What a late bounce or a complaint does (issue 28, decision 058), whatever brought it (a report
// to the bounce address, a relay's webhook): a hard bounce and a complaint put the address on the
// suppression list with the reason, the detail and the date, and its queued messages (a
// follow-up, another sending) are not sent; a soft bounce is counted on the message and the
// message is tried again later, until the address reaches MAIL_SOFT_BOUNCE_LIMIT soft bounces
// and is suppressed as a bounce.
import 'server-only';
import { sql } from '../../db';
import { env } from '../../env';
import type { ReportKind } from './report';

export type BounceOutcome = { matched: number; suppressed: number; retried: number; ignored: number };

type Target = { id: number; email: string; status: string; attempts: number };

/** The message: by tracking id, else the address's latest delivered message ($1 tracking id, $2 address). */
const TARGET_SQL = `
  SELECT id, email, status, attempts FROM (
    SELECT id, email, status, attempts, 0 AS rank FROM mail_send WHERE tracking_id = $1::uuid
    UNION ALL
    (SELECT id, email, status, attempts, 1 FROM mail_send WHERE email = $2 AND sent_at IS NOT NULL ORDER BY sent_at DESC, id DESC LIMIT 1)
  ) x ORDER BY rank LIMIT 1`;

async function findTarget(trackingId: string | null, email: string): Promise<Target | null> {
  const [row] = await sql<Target>(TARGET_SQL, [trackingId, email.toLowerCase()]);
  return row ?? null;
}

/**
 * A hard bounce or a complaint in one statement, so one transaction and one round trip (a bounce
 * mailbox may pipe 10,000 reports in a row; decision 065): the message found, its bounce, the
 * address on the suppression list, its queued messages stopped. False when no message matches.
 */
async function suppress(trackingId: string | null, email: string, reason: 'Bounce' | 'Complaint', detail: string): Promise<boolean> {
  const [r] = await sql<{ n: number }>(
    `WITH target AS (${TARGET_SQL.replace('SELECT id, email, status, attempts FROM', 'SELECT id, email FROM')}),
     bounced AS (
       -- The message itself is changed here only (a row may change once per statement): its bounce,
       -- and Suprimat if a soft bounce had put it back in the queue.
       UPDATE mail_send ms SET bounced_at = CASE WHEN $3 = 'Bounce' THEN coalesce(ms.bounced_at, now()) ELSE ms.bounced_at END,
                               last_error = CASE WHEN $3 = 'Bounce' THEN $4 ELSE ms.last_error END,
                               status = CASE WHEN ms.status = 'Queued' THEN 'Suprimat' ELSE ms.status END
         FROM target WHERE ms.id = target.id RETURNING 1),
     listed AS (
       -- A complaint outranks what was there (an unsubscribe, a bounce); a bounce keeps an earlier reason.
       INSERT INTO mail_suppression (email, reason, mail_send_id, detail) SELECT email, $3, id, $4 FROM target
       ON CONFLICT (email) DO UPDATE SET reason = EXCLUDED.reason, mail_send_id = EXCLUDED.mail_send_id, detail = EXCLUDED.detail, created_at = now()
        WHERE EXCLUDED.reason = 'Complaint' AND mail_suppression.reason <> 'Complaint'
       RETURNING 1),
     stopped AS (
       UPDATE mail_send ms SET status = 'Suprimat' FROM target
        WHERE ms.email = target.email AND ms.status = 'Queued' AND ms.id <> target.id RETURNING 1)
     -- (data-modifying CTEs run to completion whether or not they are read)
     SELECT count(*)::int AS n FROM target`,
    [trackingId, email.toLowerCase(), reason, detail],
  );
  return r.n > 0;
}

export async function recordBounce(p: { trackingId: string | null; email: string; kind: ReportKind; detail: string }, out: BounceOutcome): Promise<void> {
  const detail = p.detail.slice(0, 500);
  if (p.kind === 'hard' || p.kind === 'complaint') {
    if (await suppress(p.trackingId, p.email, p.kind === 'hard' ? 'Bounce' : 'Complaint', detail)) {
      out.matched++;
      out.suppressed++;
    } else {
      out.ignored++;
    }
    return;
  }
  const target = await findTarget(p.trackingId, p.email);
  if (!target) {
    out.ignored++;
    return;
  }
  out.matched++;
  const [{ total }] = await sql<{ total: number }>(
    `WITH counted AS (UPDATE mail_send SET soft_bounces = soft_bounces + 1, last_error = $2 WHERE id = $1 RETURNING email)
     SELECT (SELECT coalesce(sum(soft_bounces), 0) FROM mail_send WHERE email = (SELECT email FROM counted))::int + 1 AS total`,
    [target.id, detail],
  );
  if (total >= env.MAIL_SOFT_BOUNCE_LIMIT) {
    await suppress(p.trackingId, p.email, 'Bounce', `${total} respingeri temporare; ultima: ${detail}`.slice(0, 500));
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
