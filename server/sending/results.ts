// Results at a glance (issue 28): per sending and per template, the counts of each state and the
// rates over the delivered messages, clicks per link and an hourly timeline of first opens and
// first clicks. Aggregated in SQL over the sending's mail_send rows (the (grouped_mail_id, email)
// unique index finds them), with the visibility rule of policy.ts on every row: the author reads
// the whole sending, a group member the part sent to their group, nobody else anything (022).
// Machine opens and clicks never reach opened_at / clicked_at (tracking.ts), so they stay out.
import 'server-only';
import type { ResultCounts, ResultRates, SendingResults, TemplateResults } from '@/lib/sending/types';
import type { Actor } from '../auth/actor';
import { sql } from '../db';
import { notFound } from '../http/errors';
import { visibleMailRowSql } from './policy';
import { findFollowUp } from './follow-up';

const SENDING_NOT_FOUND = 'Trimiterea nu a fost găsită.';
const TEMPLATE_NOT_FOUND = 'Template-ul nu a fost găsit.';

/** The counts over `ms` (mail_send) joined to `s` (its mail_suppression row, if any). */
const COUNTS_SQL = `
  count(*) FILTER (WHERE ms.status <> 'Suprimat')::int AS total,
  count(*) FILTER (WHERE ms.status IN ('Queued', 'Sending') AND ms.last_error IS NULL)::int AS queued,
  count(*) FILTER (WHERE ms.sent_at IS NOT NULL)::int AS sent,
  count(*) FILTER (WHERE ms.status IN ('Queued', 'Sending') AND ms.last_error IS NOT NULL)::int AS deferred,
  count(*) FILTER (WHERE ms.status = 'Esuat')::int AS failed,
  count(*) FILTER (WHERE ms.status = 'Suprimat')::int AS suppressed,
  count(*) FILTER (WHERE ms.bounced_at IS NOT NULL OR s.reason = 'Bounce')::int AS bounced,
  count(*) FILTER (WHERE s.reason = 'Complaint')::int AS complaints,
  count(*) FILTER (WHERE ms.opened_at IS NOT NULL)::int AS opened,
  count(*) FILTER (WHERE ms.clicked_at IS NOT NULL)::int AS clicked,
  count(*) FILTER (WHERE s.reason = 'Unsubscribe')::int AS unsubscribed`;

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

const visibleRowsSql = (joins = '') => `
       FROM mail_send ms
       JOIN grouped_mail gm ON gm.id = ms.grouped_mail_id
       LEFT JOIN mail_suppression s ON s.mail_send_id = ms.id ${joins}
      WHERE gm.sent_on IS NOT NULL AND NOT gm.is_deleted AND ${visibleMailRowSql('$1', 'gm', 'ms.group_id')}`;

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
export function ratesOf(c: ResultCounts): ResultRates {
  const over = (n: number) => (c.Sent ? Math.round((n / c.Sent) * 1000) / 1000 : null);
  return { Opened: over(c.Opened), Clicked: over(c.Clicked), Bounced: over(c.Bounced), Unsubscribed: over(c.Unsubscribed) };
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function getSendingResults(actor: Actor, groupedMailId: number): Promise<SendingResults> {
  const params = [actor.userId, groupedMailId];
  // Three statements at once on the pool: the view answers in the time of the slowest.
  const [head, links, timeline] = await Promise.all([
    sql<CountsRow & { name: string; template_id: number | null; template_name: string | null; sent_on: Date; scheduled_for: Date | null; is_author: boolean; started: boolean }>(
      `SELECT gm.name, gm.template_id, t.name AS template_name, gm.sent_on, gm.scheduled_for, gm.created_by_id = $1 AS is_author,
              bool_or(ms.attempts > 0 OR ms.sent_at IS NOT NULL) AS started, ${COUNTS_SQL}
       ${visibleRowsSql('LEFT JOIN mail_template t ON t.id = gm.template_id')} AND ms.grouped_mail_id = $2
       GROUP BY gm.id, t.name`,
      params,
    ),
    sql<{ url: string; clicks: number; recipients: number }>(
      `SELECT e.url, count(*)::int AS clicks, count(DISTINCT e.mail_send_id)::int AS recipients
         FROM mail_status_event e
         JOIN mail_send ms ON ms.id = e.mail_send_id
         JOIN grouped_mail gm ON gm.id = ms.grouped_mail_id
        WHERE ms.grouped_mail_id = $2 AND e.status = 'Interactionat' AND e.filtered IS NULL AND e.url IS NOT NULL
          AND NOT gm.is_deleted AND ${visibleMailRowSql('$1', 'gm', 'ms.group_id')}
        GROUP BY e.url
        ORDER BY clicks DESC, e.url
        LIMIT 50`,
      params,
    ),
    sql<{ at: Date; opened: number; clicked: number }>(
      `SELECT date_trunc('hour', x.at) AS at, count(*) FILTER (WHERE x.k = 'o')::int AS opened, count(*) FILTER (WHERE x.k = 'c')::int AS clicked
         FROM mail_send ms
         JOIN grouped_mail gm ON gm.id = ms.grouped_mail_id
         CROSS JOIN LATERAL (VALUES ('o', ms.opened_at), ('c', ms.clicked_at)) x(k, at)
        WHERE ms.grouped_mail_id = $2 AND x.at IS NOT NULL AND NOT gm.is_deleted AND ${visibleMailRowSql('$1', 'gm', 'ms.group_id')}
        GROUP BY 1
        ORDER BY 1
        LIMIT 2000`,
      params,
    ),
  ]);
  const r = head[0];
  if (!r) throw notFound(SENDING_NOT_FOUND);
  const counts = toCounts(r);
  return {
    GroupedMailId: groupedMailId,
    Name: r.name,
    TemplateId: r.template_id,
    TemplateName: r.template_name,
    SendOn: iso(r.sent_on),
    ScheduledFor: iso(r.scheduled_for),
    IsRunning: counts.Queued + counts.Deferred > 0,
    IsAuthor: r.is_author,
    // The author may move or cancel a scheduled sending until its first message is taken (schedule.ts).
    CanChangeSchedule: r.is_author && !!r.scheduled_for && new Date(r.scheduled_for).getTime() > Date.now() && !r.started,
    Counts: counts,
    Rates: ratesOf(counts),
    FollowUp: r.is_author ? await findFollowUp(groupedMailId) : null,
    Links: links.map((l) => ({ Url: l.url, Clicks: l.clicks, Recipients: l.recipients })),
    Timeline: timeline.map((t) => ({ At: iso(t.at)!, Opened: t.opened, Clicked: t.clicked })),
  };
}

/** The same counts per visible sending of one template, and their sum. */
export async function getTemplateResults(actor: Actor, templateId: number): Promise<TemplateResults> {
  const rows = await sql<CountsRow & { id: number; name: string; sent_on: Date }>(
    `SELECT gm.id, gm.name, gm.sent_on, ${COUNTS_SQL}
     ${visibleRowsSql()} AND gm.template_id = $2
     GROUP BY gm.id
     ORDER BY gm.sent_on DESC, gm.id DESC
     LIMIT 500`,
    [actor.userId, templateId],
  );
  const [template] = await sql<{ name: string; own: boolean }>(
    `SELECT name, owner_id = $1 AS own FROM mail_template WHERE id = $2 AND NOT is_deleted`,
    [actor.userId, templateId],
  );
  // A template the caller neither owns nor has seen a sending of answers like a missing one.
  if (!template || (!template.own && !rows.length)) throw notFound(TEMPLATE_NOT_FOUND);
  const sendings = rows.map((r) => {
    const counts = toCounts(r);
    return { GroupedMailId: r.id, Name: r.name, SendOn: iso(r.sent_on), Counts: counts, Rates: ratesOf(counts) };
  });
  const total = sendings.reduce<ResultCounts>(
    (acc, s) => {
      for (const k of Object.keys(acc) as (keyof ResultCounts)[]) acc[k] += s.Counts[k];
      return acc;
    },
    toCounts({ total: 0, queued: 0, sent: 0, deferred: 0, failed: 0, suppressed: 0, bounced: 0, complaints: 0, opened: 0, clicked: 0, unsubscribed: 0 }),
  );
  return { TemplateId: templateId, Name: template.name, Counts: total, Rates: ratesOf(total), Sendings: sendings };
}
