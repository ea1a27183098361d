// What a late bounce or a complaint does (issue 28, decision 058), whatever brought it (a report
// to the bounce address, a relay's webhook): a hard bounce and a complaint put the address on the
// suppression list with the reason, the detail and the date, and its queued messages (a
// follow-up, another sending) are not sent; a soft bounce is counted on the message until the
// address reaches MAIL_SOFT_BOUNCE_LIMIT soft bounces and is suppressed as a bounce.
// Anyone can mail the bounce address, so a report acts only on the message it names (decision
// 086): its tracking id (VERP address or our Message-ID) must name a message whose recipient is
// the reported address; anything else is ignored and counted. A soft report never puts a message
// back in the queue: the relay had accepted it, and a forged one would have it sent twice.
import 'server-only';
import client from 'prom-client';
import { getPool, sql } from '../../kernel/db';
import { env } from '../../kernel/env';
import { metric } from '../../kernel/counters';
import { findReportedMessage, reportedMessageSql, softBouncesOfAddressSql } from '../queries';
import type { ReportKind } from './report';
import { hasWebhookSubscribers } from '../../webhooks/events';
import { emitCampaignEvent } from '../webhook-events';

/** Why a report's recipient changed nothing: no message named, or the message named is another address's; a "delayed" notice. */
export type IgnoredReason = 'unnamed' | 'mismatch' | 'no-failure' | 'malformed';

/** Reports (or recipients of one) that changed nothing, by reason: a jump in `unnamed` or `mismatch` is someone forging reports. */
export function countIgnoredReports(reason: IgnoredReason, n = 1): void {
  if (n > 0) metric(client.Counter, { name: 'radarfirme_bounce_reports_ignored_total', help: 'Bounce, complaint and delivery reports that changed nothing, by reason (unnamed, mismatch, no-failure, malformed)', labelNames: ['reason'] }).inc({ reason }, n);
}

const countUnmatched = (items: { trackingId: string | null }[]) => {
  countIgnoredReports('unnamed', items.filter((i) => !i.trackingId).length);
  countIgnoredReports('mismatch', items.filter((i) => i.trackingId).length);
};

/** `retried` stays in the answers' contract and is always 0 now: no report puts a message back in the queue (086). */
export type BounceOutcome = { matched: number; suppressed: number; retried: number; ignored: number };

/** The message the report names (its tracking id, sent to the reported address), or null: reportedMessageSql of ../queries. */
const findTarget = async (trackingId: string | null, email: string) => (trackingId ? findReportedMessage(trackingId, email) : null);

/** suppressAll's statement: $1 tracking ids, $2 addresses, $3 reasons, $4 details (arrays of the same length). */
export const SUPPRESS_ALL_SQL = `WITH input AS (
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS i(tracking_id, email, reason, detail, n)),
     target AS (
       SELECT i.n, t.id, t.email, i.reason, i.detail
         FROM input i CROSS JOIN LATERAL (${reportedMessageSql('i.tracking_id', 'i.email')}) t),
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
 * addendum): each message found (its tracking id, sent to the reported address),
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
  const found = new Set(rows.map((r) => r.n));
  countUnmatched(items.filter((_, n) => !found.has(n)));
  return found;
}

const suppress = async (trackingId: string | null, email: string, reason: 'Bounce' | 'Complaint', detail: string) => (await suppressAll([{ trackingId, email, reason, detail }])).size > 0;

export type BounceItem = { trackingId: string | null; email: string; kind: ReportKind; detail: string };
/** campaign.bounced for each hard bounce found (issue 50); nothing is looked up when no endpoint wants it. */
async function emitBounceEvents(found: Array<{ trackingId: string | null; email: string }>): Promise<void> {
  if (!found.length || !(await hasWebhookSubscribers('campaign.bounced'))) return;
  for (const f of found) {
    const message = await findTarget(f.trackingId, f.email);
    if (message) await emitCampaignEvent('campaign.bounced', message.id);
  }
}

/** What became of one item. */
export type ItemOutcome = 'suppressed' | 'matched' | 'ignored';

export function tally(outcomes: ItemOutcome[], out: BounceOutcome): BounceOutcome {
  for (const o of outcomes) {
    if (o === 'ignored') out.ignored++;
    else {
      out.matched++;
      if (o === 'suppressed') out.suppressed++;
    }
  }
  return out;
}

// An address no message of ours can have (control characters, a NUL the database refuses, longer
// than the column): ignored before the database sees it, so one crafted report cannot fail the
// batch of reports written together with it.
/** The report's own words, kept as the suppression's detail: without control characters (a NUL fails the statement). */
const cleanDetail = (detail: string) => detail.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 500);

const isPlausibleAddress = (email: string) => email.length <= 254 && !/[\u0000-\u001f\u007f\s]/.test(email);

/** Bounces in bulk: the hard ones and the complaints in one statement per 1,000, then the soft ones (rare) one by one. */
export async function recordBounces(all: BounceItem[]): Promise<ItemOutcome[]> {
  const outcomes: ItemOutcome[] = all.map(() => 'ignored');
  countIgnoredReports('malformed', all.filter((p) => !isPlausibleAddress(p.email)).length);
  const items = all.map((p) => (isPlausibleAddress(p.email) ? p : null));
  const firm = items.flatMap((p, i) => (!p || p.kind === 'soft' ? [] : [{ i, trackingId: p.trackingId, email: p.email, reason: p.kind === 'hard' ? ('Bounce' as const) : ('Complaint' as const), detail: cleanDetail(p.detail) }]));
  for (let k = 0; k < firm.length; k += 1000) {
    const chunk = firm.slice(k, k + 1000);
    for (const n of await suppressAll(chunk)) outcomes[chunk[n].i] = 'suppressed';
  }
  await emitBounceEvents(firm.filter((f) => f.reason === 'Bounce' && outcomes[f.i] === 'suppressed'));
  for (const [i, p] of items.entries()) {
    if (!p || p.kind !== 'soft') continue;
    const o = { matched: 0, suppressed: 0, retried: 0, ignored: 0 };
    await recordBounce(p, o);
    outcomes[i] = o.suppressed ? 'suppressed' : o.matched ? 'matched' : 'ignored';
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
  if (!isPlausibleAddress(p.email)) {
    countIgnoredReports('malformed');
    out.ignored++;
    return;
  }
  const detail = cleanDetail(p.detail);
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
    countUnmatched([p]);
    out.ignored++;
    return;
  }
  out.matched++;
  // The sum reads the statement's snapshot, from before this increment: hence the + 1.
  const [{ total }] = await sql<{ total: number }>(
    `WITH counted AS (UPDATE mail_send SET soft_bounces = soft_bounces + 1, last_error = $2 WHERE id = $1 RETURNING email)
     SELECT ${softBouncesOfAddressSql('(SELECT email FROM counted)')}::int + 1 AS total`,
    [target.id, detail],
  );
  if (total >= env.MAIL_SOFT_BOUNCE_LIMIT) {
    await suppress(p.trackingId, p.email, 'Bounce', `${total} respingeri temporare; ultima: ${detail}`.slice(0, 500));
    out.suppressed++;
  }
  // Not put back in the queue (decision 086): a report cannot prove the message was not delivered,
  // and one forged soft bounce would have it sent twice. The relay retries a 4xx by itself.
}
