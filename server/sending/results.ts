// Results at a glance (issue 28): per sending and per template, the counts of each state and the
// rates over the delivered messages, clicks per link and an hourly timeline of first opens and
// first clicks. Aggregated in SQL over the sending's mail_send rows (the (grouped_mail_id, email)
// unique index finds them), with the visibility rule of policy.ts on every row: the author reads
// the whole sending, a group member the part sent to their group, nobody else anything (022).
// Machine opens and clicks never reach opened_at / clicked_at (tracking.ts), so they stay out.
import 'server-only';
import type { ResultCounts, ResultRates, SendingResults, TemplateResults } from '@/lib/sending/types';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { notFound } from '../kernel/errors';
import { visibleMailRowSql } from './policy';
import { followUpJsonSql, followUpOf } from './follow-up';
import { withTransaction } from '../kernel/tx';
import { runInBackground } from '../mail/background';
import { REFRESH_SQL } from './queries';
import { clockNow } from '../kernel/clock';

const SENDING_NOT_FOUND = 'Trimiterea nu a fost găsită.';
const TEMPLATE_NOT_FOUND = 'Template-ul nu a fost găsit.';

type CountsRow = {
  total: number;
  queued: number;
  sent: number;
  deferred: number;
  failed: number;
  suppressed: number;
  bounced: number;
  complaints: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
};

function toCounts(r: CountsRow): ResultCounts {
  return {
    Total: r.total,
    Queued: r.queued,
    Sent: r.sent,
    Deferred: r.deferred,
    Failed: r.failed,
    Suppressed: r.suppressed,
    Bounced: r.bounced,
    Complaints: r.complaints,
    Opened: r.opened,
    Clicked: r.clicked,
    Unsubscribed: r.unsubscribed,
  };
}

/** Rates over the delivered messages, rounded to 0.1 %. */
function ratesOf(c: ResultCounts): ResultRates {
  const over = (n: number) => (c.Sent ? Math.round((n / c.Sent) * 1000) / 1000 : null);
  return { Opened: over(c.Opened), Clicked: over(c.Clicked), Bounced: over(c.Bounced), Unsubscribed: over(c.Unsubscribed) };
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

// ── snapshots (decision 065) ──
// Aggregating 100,000 messages takes 100–300 ms on a busy machine, and the page asks every 5 s
// while a sending runs. The aggregates are therefore kept per sending and per group of it
// (sending_result_snapshot) and served from there: a snapshot older than SNAPSHOT_TTL_MS is
// served once more while a fresh one is computed in the background (one at a time per sending);
// a sending with fewer than LIVE_BELOW messages (a few ms to count) or without a snapshot is
// computed before answering. The visibility rule (022) is applied to the snapshot's group rows,
// with the same SQL fragment as on the messages.
const SNAPSHOT_TTL_MS = 5_000;
const LIVE_BELOW = 5_000;
// The sending view never serves its snapshot older than this (decision 065 addendum): a page polling
// every 5 s keeps it refreshed in the background, so only a first look after a while waits for a count.
const MAX_STALE_MS = 15_000;
// A sending with nothing queued or deferred (as of its snapshot) changes only by late opens, clicks
// and bounces: its snapshot is refreshed in the background after 30 s and never served older than
// 2 min, which spares the count of 100,000 rows every 5 s while someone reads a finished sending.
const QUIET_TTL_MS = 30_000;
const QUIET_MAX_STALE_MS = 120_000;

type SnapshotCounts = CountsRow & { started: boolean };
type SnapshotRow = { group_id: number; counts: SnapshotCounts; links: { u: string; c: number; r: number }[]; timeline: { t: string; o: number; c: number }[]; age_ms: number };

// The snapshot's statement lives with the other reads of mail_send (docs/decisions/085); the bench imports it from here.
export { REFRESH_SQL };

const refreshing = new Map<number, Promise<void>>();

/** Recomputes one sending's snapshot (several instances at once: the first takes it, the others wait for it). */
function refreshSnapshot(groupedMailId: number): Promise<void> {
  let p = refreshing.get(groupedMailId);
  if (!p) {
    p = withTransaction(async (db) => {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext('sending_result_snapshot'), $1)`, [groupedMailId]);
      await db.query(`DELETE FROM sending_result_snapshot WHERE grouped_mail_id = $1`, [groupedMailId]);
      await db.query(REFRESH_SQL, [groupedMailId]);
    }).finally(() => refreshing.delete(groupedMailId));
    refreshing.set(groupedMailId, p);
  }
  return p;
}

/** How complete and how old the snapshot of sending `gm` is (all its groups): NULLs when it has none. */
const SNAPSHOT_STATE_SQL = (gm: string) => `
  SELECT sum((rs.counts->>'total')::int + (rs.counts->>'suppressed')::int)::int AS total,
         extract(epoch FROM now() - min(rs.refreshed_at)) * 1000 AS age_ms,
         coalesce(bool_or((rs.counts->>'queued')::int + (rs.counts->>'deferred')::int > 0), true) AS running
    FROM sending_result_snapshot rs WHERE rs.grouped_mail_id = ${gm}.id`;

type SnapshotState = { id: number; total: number | null; age_ms: number | null; running: boolean };

/**
 * Keeps the snapshots of sendings the reader may see fresh (their states are read with the rows
 * that answer, after the visibility check, so nobody makes us count a sending they cannot see):
 * recomputed first when missing, small or (`bounded`) older than MAX_STALE_MS (QUIET_MAX_STALE_MS
 * for a sending with nothing queued), in the background when older than SNAPSHOT_TTL_MS
 * (QUIET_TTL_MS). True when one was recomputed before answering (the caller then reads its
 * rows again).
 */
async function keepFresh(states: SnapshotState[], bounded: boolean): Promise<boolean> {
  let waited = false;
  for (const s of states) {
    const maxStale = !bounded ? Infinity : s.running ? MAX_STALE_MS : QUIET_MAX_STALE_MS;
    if (s.total === null || s.total < LIVE_BELOW || Number(s.age_ms) > maxStale) {
      await refreshSnapshot(s.id);
      waited = true;
    } else if (Number(s.age_ms) > (s.running ? SNAPSHOT_TTL_MS : QUIET_TTL_MS) && !refreshing.has(s.id)) {
      runInBackground(() => refreshSnapshot(s.id), `rezultatele trimiterii ${s.id}`);
    }
  }
  return waited;
}

/** The snapshot rows of a sending that the reader may see (the visibility rule, per group). */
const VISIBLE_SNAPSHOT_SQL = `
  FROM sending_result_snapshot rs JOIN grouped_mail gm ON gm.id = rs.grouped_mail_id
 WHERE gm.sent_on IS NOT NULL AND NOT gm.is_deleted AND ${visibleMailRowSql('$1', 'gm', 'rs.group_id')}`;

/** Sending `gm` is the reader's ($1), or one of its companies was added through a group the reader sees (cheap: companies, not messages). */
const MAY_SEE_SENDING_SQL = `(gm.created_by_id = $1 OR EXISTS (SELECT 1 FROM grouped_mail_company gmc WHERE gmc.grouped_mail_id = gm.id AND ${visibleMailRowSql('$1', 'gm', 'gmc.group_id')}))`;

function sumCounts(rows: CountsRow[]): CountsRow {
  const out: CountsRow = { total: 0, queued: 0, sent: 0, deferred: 0, failed: 0, suppressed: 0, bounced: 0, complaints: 0, opened: 0, clicked: 0, unsubscribed: 0 };
  for (const r of rows) for (const k of Object.keys(out) as (keyof CountsRow)[]) out[k] += r[k];
  return out;
}

export async function getSendingResults(actor: Actor, groupedMailId: number): Promise<SendingResults> {
  const readRows = () => sql<SnapshotRow>(`SELECT rs.group_id, rs.counts, rs.links, rs.timeline ${VISIBLE_SNAPSHOT_SQL} AND rs.grouped_mail_id = $2`, [actor.userId, groupedMailId]);
  // One statement, one round trip (decision 065 addendum): the sending if the reader may see it,
  // its snapshot's state, the snapshot rows the reader may see and the follow-up.
  const [head] = await sql<{
    name: string;
    template_id: number | null;
    template_name: string | null;
    sent_on: Date;
    scheduled_for: Date | null;
    is_author: boolean;
    total: number | null;
    age_ms: number | null;
    running: boolean;
    rows: SnapshotRow[];
    follow_up: Parameters<typeof followUpOf>[0];
  }>(
    `SELECT gm.name, gm.template_id, t.name AS template_name, gm.sent_on, gm.scheduled_for, gm.created_by_id = $1 AS is_author, st.total, st.age_ms, st.running,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('group_id', rs.group_id, 'counts', rs.counts, 'links', rs.links, 'timeline', rs.timeline)), '[]')
               FROM sending_result_snapshot rs WHERE rs.grouped_mail_id = gm.id AND ${visibleMailRowSql('$1', 'gm', 'rs.group_id')}) AS rows,
            ${followUpJsonSql('gm.id')} AS follow_up
       FROM grouped_mail gm LEFT JOIN mail_template t ON t.id = gm.template_id CROSS JOIN LATERAL (${SNAPSHOT_STATE_SQL('gm')}) st
      WHERE gm.id = $2 AND gm.sent_on IS NOT NULL AND NOT gm.is_deleted AND ${MAY_SEE_SENDING_SQL}`,
    [actor.userId, groupedMailId],
  );
  if (!head) throw notFound(SENDING_NOT_FOUND);
  const waited = await keepFresh([{ id: groupedMailId, total: head.total, age_ms: head.age_ms, running: head.running }], true);
  const rows = waited ? await readRows() : head.rows;
  const followUp = followUpOf(head.follow_up);
  // Nothing of it sent to a group of the reader's (and not the author): as if it did not exist.
  if (!rows.length) throw notFound(SENDING_NOT_FOUND);
  const counts = toCounts(sumCounts(rows.map((r) => r.counts)));
  const links = new Map<string, { Url: string; Clicks: number; Recipients: number }>();
  const hours = new Map<string, { At: string; Opened: number; Clicked: number }>();
  for (const r of rows) {
    for (const l of r.links) {
      const x = links.get(l.u) ?? { Url: l.u, Clicks: 0, Recipients: 0 };
      x.Clicks += l.c;
      x.Recipients += l.r; // a message belongs to one group: the sums are exact
      links.set(l.u, x);
    }
    for (const t of r.timeline) {
      const at = iso(t.t)!;
      const x = hours.get(at) ?? { At: at, Opened: 0, Clicked: 0 };
      x.Opened += t.o;
      x.Clicked += t.c;
      hours.set(at, x);
    }
  }
  const started = rows.some((r) => r.counts.started);
  return {
    GroupedMailId: groupedMailId,
    Name: head.name,
    TemplateId: head.template_id,
    TemplateName: head.template_name,
    SendOn: iso(head.sent_on),
    ScheduledFor: iso(head.scheduled_for),
    IsRunning: counts.Queued + counts.Deferred > 0,
    IsAuthor: head.is_author,
    // The author may move or cancel a scheduled sending until its first message is taken (schedule.ts).
    CanChangeSchedule: head.is_author && !!head.scheduled_for && new Date(head.scheduled_for).getTime() > clockNow().getTime() && !started,
    Counts: counts,
    Rates: ratesOf(counts),
    FollowUp: head.is_author ? followUp : null,
    Links: [...links.values()].sort((a, b) => b.Clicks - a.Clicks || a.Url.localeCompare(b.Url)).slice(0, 50),
    Timeline: [...hours.values()].sort((a, b) => a.At.localeCompare(b.At)).slice(0, 2000),
  };
}

/** The same counts per visible sending of one template, and their sum. */
export async function getTemplateResults(actor: Actor, templateId: number): Promise<TemplateResults> {
  type Sending = { id: number; name: string; sent_on: Date | string; counts: CountsRow[] };
  const readRows = () =>
    sql<Sending>(
      `SELECT gm.id, gm.name, gm.sent_on, jsonb_agg(rs.counts) AS counts ${VISIBLE_SNAPSHOT_SQL} AND rs.grouped_mail_id = ANY($2::int[])
        GROUP BY gm.id ORDER BY gm.sent_on DESC, gm.id DESC`,
      [actor.userId, sendingIds],
    );
  // One statement, one round trip (decision 065 addendum): the template, its last 500 sendings the
  // reader may see, each with its snapshot's state and the snapshot rows the reader may see.
  const [template] = await sql<{ name: string; own: boolean; sendings: (Omit<Sending, 'counts'> & SnapshotState & { counts: CountsRow[] | null })[] }>(
    `WITH s AS (
       SELECT gm.id, gm.name, gm.sent_on, gm.created_by_id FROM grouped_mail gm
        WHERE gm.template_id = $2 AND gm.sent_on IS NOT NULL AND NOT gm.is_deleted AND ${MAY_SEE_SENDING_SQL}
        ORDER BY gm.sent_on DESC, gm.id DESC LIMIT 500)
     SELECT t.name, t.owner_id = $1 AS own,
            (SELECT coalesce(jsonb_agg(x ORDER BY x.sent_on DESC, x.id DESC), '[]') FROM (
               SELECT gm.id, gm.name, gm.sent_on, st.total, st.age_ms, st.running,
                      (SELECT jsonb_agg(rs.counts) FROM sending_result_snapshot rs WHERE rs.grouped_mail_id = gm.id AND ${visibleMailRowSql('$1', 'gm', 'rs.group_id')}) AS counts
                 FROM s gm CROSS JOIN LATERAL (${SNAPSHOT_STATE_SQL('gm')}) st) x) AS sendings
       FROM mail_template t WHERE t.id = $2 AND NOT t.is_deleted`,
    [actor.userId, templateId],
  );
  if (!template) throw notFound(TEMPLATE_NOT_FOUND);
  const sendingIds = template.sendings.map((s) => s.id);
  // Up to 500 sendings: an old large one is refreshed in the background only (waiting for each
  // would make the view of a much-used template wait seconds); the sending view has the bound.
  const waited = await keepFresh(template.sendings, false);
  const rows: Sending[] = waited ? await readRows() : template.sendings.flatMap((s) => (s.counts ? [{ ...s, counts: s.counts }] : []));
  // A template the caller neither owns nor has seen a sending of answers like a missing one.
  if (!template.own && !rows.length) throw notFound(TEMPLATE_NOT_FOUND);
  const sendings = rows.map((r) => {
    const counts = toCounts(sumCounts(r.counts));
    return { GroupedMailId: r.id, Name: r.name, SendOn: iso(r.sent_on), Counts: counts, Rates: ratesOf(counts) };
  });
  const total = toCounts(sumCounts(rows.flatMap((r) => r.counts)));
  return { TemplateId: templateId, Name: template.name, Counts: total, Rates: ratesOf(total), Sendings: sendings };
}
