// What a late bounce or a complaint does (issue 28, decision 058), whatever brought it (a report
// to the bounce address, a relay's webhook): a hard bounce and a complaint put the address on the
// suppression list with the reason, the detail and the date, and its queued messages (a
// follow-up, another sending) are not sent; a soft bounce is counted on the message and the
// message is tried again later, until the address reaches MAIL_SOFT_BOUNCE_LIMIT soft bounces
// and is suppressed as a bounce.
import 'server-only';
import { getPool, sql } from '../../kernel/db';
import { env } from '../../kernel/env';
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

/** suppressAll's statement: $1 tracking ids, $2 addresses, $3 reasons, $4 details (arrays of the same length). */
export const SUPPRESS_ALL_SQL = `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS i(tracking_id, email, reason, detail, n)),
     target AS (
       SELECT i.n, t.id, t.email, i.reason, i.detail
         FROM input i CROSS JOIN LATERAL (${TARGET_SQL.replace('SELECT id, email, status, attempts FROM', 'SELECT id, email FROM').replaceAll('$1::uuid', 'i.tracking_id').replaceAll('$2', 'i.email')}) t),
     message AS (
       -- One change per message (a row may change once per statement): bounced if any item is a bounce, with the last bounce's detail.
       SELECT id, bool_or(reason = 'Bounce') AS bounce, (array_agg(detail ORDER BY n DESC) FILTER (WHERE reason = 'Bounce'))[1] AS detail
         FROM target GROUP BY id),
     bounced AS (
       -- Suprimat too if a soft bounce had put the message back in the queue.
       UPDATE mail_send ms SET bounced_at = CASE WHEN m.bounce THEN coalesce(ms.bounced_at, now()) ELSE ms.bounced_at END,
                               last_error = CASE WHEN m.bounce THEN m.detail ELSE ms.last_error END,
                               status = CASE WHEN ms.status = 'Queued' THEN 'Suprimat' ELSE ms.status END
         FROM message m WHERE ms.id = m.id RETURNING 1),
     listed AS (
       -- One row per address (in address order: concurrent batches lock in the same order).
       INSERT INTO mail_suppression (email, reason, mail_send_id, detail)
       SELECT DISTINCT ON (email) email, reason, id, detail FROM target ORDER BY email, reason = 'Complaint' DESC, n
       ON CONFLICT (email) DO UPDATE SET reason = EXCLUDED.reason, mail_send_id = EXCLUDED.mail_send_id, detail = EXCLUDED.detail, created_at = now()
        WHERE EXCLUDED.reason = 'Complaint' AND mail_suppression.reason <> 'Complaint'
       RETURNING 1),
     stopped AS (
       UPDATE mail_send ms SET status = 'Suprimat'
        WHERE ms.email IN (SELECT email FROM target) AND ms.status = 'Queued' AND ms.id NOT IN (SELECT id FROM target) RETURNING 1)
     -- (data-modifying CTEs run to completion whether or not they are read)
     SELECT n::int - 1 AS n FROM target`;

/**
 * Hard bounces and complaints, any number of them, in one statement (one transaction, one round
 * trip, one plan: a bounce mailbox may pipe 10,000 reports in a row; decision 065 and its
 * addendum): each message found (VERP tracking id, else the address's latest delivered message),
 * its bounce marked, the address on the suppression list, the address's queued messages stopped.
 * The same results as one statement per item in the given order: a message's last bounce detail
 * wins, an address gets one suppression row whose reason is a complaint if any item is one (a
 * complaint outranks what was there, a bounce keeps an earlier reason), else its first item's.
 * Returns the positions (from 0) of the items whose message was found.
 */
async function suppressAll(items: { trackingId: string | null; email: string; reason: 'Bounce' | 'Complaint'; detail: string }[]): Promise<Set<number>> {
  if (!items.length) return new Set();
  // A named statement: planned once per connection (its plan was most of its cost).
  const { rows } = await getPool().query<{ n: number }>({
    name: 'bounces-suppress-all',
    text: SUPPRESS_ALL_SQL,
    values: [items.map((i) => i.trackingId), items.map((i) => i.email.toLowerCase()), items.map((i) => i.reason), items.map((i) => i.detail)],
  });
  return new Set(rows.map((r) => r.n));
}

const suppress = async (trackingId: string | null, email: string, reason: 'Bounce' | 'Complaint', detail: string) => (await suppressAll([{ trackingId, email, reason, detail }])).size > 0;

export type BounceItem = { trackingId: string | null; email: string; kind: ReportKind; detail: string };
/** What became of one item. */
export type ItemOutcome = 'suppressed' | 'retried' | 'matched' | 'ignored';

export function tally(outcomes: ItemOutcome[], out: BounceOutcome): BounceOutcome {
  for (const o of outcomes) {
    if (o === 'ignored') out.ignored++;
    else {
      out.matched++;
      if (o === 'suppressed') out.suppressed++;
      if (o === 'retried') out.retried++;
    }
  }
  return out;
}

/** Bounces in bulk: the hard ones and the complaints in one statement per 1,000, then the soft ones (rare) one by one. */
export async function recordBounces(items: BounceItem[]): Promise<ItemOutcome[]> {
  const outcomes: ItemOutcome[] = items.map(() => 'ignored');
  const firm = items.flatMap((p, i) => (p.kind === 'soft' ? [] : [{ i, trackingId: p.trackingId, email: p.email, reason: p.kind === 'hard' ? ('Bounce' as const) : ('Complaint' as const), detail: p.detail.slice(0, 500) }]));
  for (let k = 0; k < firm.length; k += 1000) {
    const chunk = firm.slice(k, k + 1000);
    for (const n of await suppressAll(chunk)) outcomes[chunk[n].i] = 'suppressed';
  }
  for (const [i, p] of items.entries()) {
    if (p.kind !== 'soft') continue;
    const o = { matched: 0, suppressed: 0, retried: 0, ignored: 0 };
    await recordBounce(p, o);
    outcomes[i] = o.suppressed ? 'suppressed' : o.retried ? 'retried' : o.matched ? 'matched' : 'ignored';
  }
  return outcomes;
}

// Reports arriving one by one but several at once (the bounce endpoint, the bounce SMTP listener):
// while one batch is written, the next ones wait and go together, as a database's group commit
// does. A lone report waits one turn of the event loop; 4 concurrent deliveries make batches of
// 4, more under load (the slower the database, the larger the batches).
let pending: { items: BounceItem[]; resolve: (o: ItemOutcome[]) => void; reject: (e: unknown) => void }[] = [];
let writing = false;

async function drain(): Promise<void> {
  writing = true;
  try {
    for (;;) {
      // One turn of the event loop first: the callers just answered have parsed their next report by then.
      await new Promise((r) => setImmediate(r));
      if (!pending.length) break;
      const batch = pending;
      pending = [];
      try {
        const outcomes = await recordBounces(batch.flatMap((b) => b.items));
        let at = 0;
        for (const b of batch) {
          b.resolve(outcomes.slice(at, at + b.items.length));
          at += b.items.length;
        }
      } catch (e) {
        for (const b of batch) b.reject(e);
      }
    }
  } finally {
    writing = false;
  }
}

/** recordBounces for one report's items, written together with the reports that arrive meanwhile. */
export function recordBouncesTogether(items: BounceItem[]): Promise<ItemOutcome[]> {
  if (!items.length) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    pending.push({ items, resolve, reject });
    if (!writing) void drain();
  });
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
