// Mail of the notifications (docs/decisions/054). A cron tick (the mail sender's loop, or
// /api/cron/send-notifications) picks the users who have e-mail notifications not yet mailed and
// are due: "immediate" users at every tick, "digest" users once a day from their chosen hour on
// the Europe/Bucharest clock. Each gets ONE mail listing those notifications, queued in the
// durable outbox (server/mail/outbox.ts) with RFC 8058 one-click unsubscribe headers, and the
// notifications are stamped emailed in the same transaction as the queueing. A blocked or deleted
// account, an address on the suppression list and a user who unsubscribed get no mail: their
// watermark moves past their pending notifications too (they stay in the feed), so they are never
// mailed later in a burst. Users are taken in batches; per batch a few set-based statements, no MJML render
// per user (one plain HTML layout filled per user), so 10,000 digests queue in seconds.
import 'server-only';
import { companyPath } from '@/lib/slug';
import { formatDate } from '@/lib/format';
import { DIGEST_TIME_ZONE, SOURCE_LABELS, describeChange } from '@/lib/watch/kinds';
import { DIGEST_UNSUBSCRIBE_PATH, NOTIFICATIONS_PATH, NOTIFICATION_SETTINGS_PATH } from '@/lib/watch/paths';
import { getPool } from '../kernel/db';
import { env } from '../kernel/env';
import { escapeHtml } from '../mail/templates';
import { deliverQueuedMail } from '../mail/outbox';
import { fanOutPendingRuns } from './fanout';
import { signToken, verifyToken } from '../mail/link-tokens';
import { NOTIFICATION_MAIL_KIND } from '../mail/notification-mail';
import { DUE_SQL, PENDING_SQL } from './queries';
import { clockNow } from '../kernel/clock';

const BATCH_USERS = 1_000;
/** Binds the unsubscribe token to the digests (a campaign token for the same id is not valid here). */
const TOKEN_SCOPE = 'watch-digest';

const base = () => env.APP_URL.replace(/\/+$/, '');
const digestUnsubscribePageUrl = (unsubscribeId: string) => `${base()}${DIGEST_UNSUBSCRIBE_PATH}?t=${signToken('unsubscribe', unsubscribeId, TOKEN_SCOPE)}`;
const digestUnsubscribePostUrl = (unsubscribeId: string) => `${base()}/api/Notification/unsubscribe?t=${signToken('unsubscribe', unsubscribeId, TOKEN_SCOPE)}`;

/**
 * The unsubscribe links of a notification mail (the page, and the RFC 8058 one-click POST): the
 * digests and the saved-search mails (decision 117) carry the same ones.
 */
export const notificationUnsubscribeLinks = (unsubscribeId: string) => ({ page: digestUnsubscribePageUrl(unsubscribeId), post: digestUnsubscribePostUrl(unsubscribeId) });

/** POST /api/Notification/unsubscribe?t: the address of the token's user gets no more notification mail. */
export async function unsubscribeFromDigests(token: string): Promise<boolean> {
  const id = verifyToken('unsubscribe', token, TOKEN_SCOPE);
  if (!id) return false;
  const { rowCount } = await getPool().query(`UPDATE notification_preference SET email_enabled = false WHERE unsubscribe_id = $1`, [id]);
  return (rowCount ?? 0) > 0;
}

type DueUser = { user_id: number; email: string; user_name: string; unsubscribe_id: string; sendable: boolean; mode: string; last_id: number };
type PendingRow = {
  user_id: number;
  notification_id: string;
  change_id: string;
  cui: number;
  company: string;
  kind: string;
  old_value: string | null;
  new_value: string | null;
  source: string;
  /** 'YYYY-MM-DD' (read as text: no Date per row). */
  data_date: string;
  total: number;
};

type Mail = { userId: number; to: string; subject: string; html: string; text: string; headers: Record<string, string> };

/** The digest's look, once in the head instead of on every line (a digest lists up to 100 lines). */
const DIGEST_STYLE =
  '<style>h3{margin:16px 0 4px;font-size:16px}h3 a{color:#1d4ed8}ul{margin:0;padding-left:20px}.m{color:#64748b}</style>';

/** "ONRC, 01.11.2026" for a source and a data date; few distinct pairs in a run, so kept. */
const whenCache = new Map<string, string>();
function whenOf(source: string, date: string): string {
  const key = `${source}|${date}`;
  let when = whenCache.get(key);
  if (when === undefined) {
    when = `${SOURCE_LABELS[source] ?? source}, ${formatDate(date)}`;
    if (whenCache.size > 10_000) whenCache.clear();
    whenCache.set(key, when);
  }
  return when;
}

/** A change's line and a company's heading, rendered once per run (a change has several followers). */
type ComposeCache = { lines: Map<string, { li: string; text: string }>; headings: Map<number, string> };
const newComposeCache = (): ComposeCache => ({ lines: new Map(), headings: new Map() });

function lineOf(r: PendingRow, cache: ComposeCache): { li: string; text: string } {
  let line = cache.lines.get(r.change_id);
  if (!line) {
    const what = describeChange({ Kind: r.kind, OldValue: r.old_value, NewValue: r.new_value });
    const when = whenOf(r.source, r.data_date);
    line = { li: `<li>${escapeHtml(what)} <span class="m">(${escapeHtml(when)})</span></li>`, text: `- ${what} (${when})` };
    cache.lines.set(r.change_id, line);
  }
  return line;
}

function headingOf(cui: number, company: string, cache: ComposeCache): string {
  let h = cache.headings.get(cui);
  if (h === undefined) {
    h = `<h3><a href="${escapeHtml(`${base()}${companyPath(cui, company)}`)}">${escapeHtml(company)}</a></h3>`;
    cache.headings.set(cui, h);
  }
  return h;
}

/** The mail of one user: their changes grouped by company, each with its source and data date. */
function composeNotificationMail(user: DueUser, rows: PendingRow[], cache: ComposeCache = newComposeCache()): Mail {
  const total = rows[0]?.total ?? 0;
  const byCompany = new Map<number, { cui: number; company: string; lines: Array<{ li: string; text: string }> }>();
  for (const r of rows) {
    let entry = byCompany.get(r.cui);
    if (!entry) byCompany.set(r.cui, (entry = { cui: r.cui, company: r.company, lines: [] }));
    entry.lines.push(lineOf(r, cache));
  }
  const subject =
    total === 1 ? `RadarFirme: o modificare la ${rows[0].company}` : `RadarFirme: ${total} modificări la firmele urmărite`;
  const feed = `${base()}${NOTIFICATIONS_PATH}`;
  const unsubscribePage = digestUnsubscribePageUrl(user.unsubscribe_id);
  const htmlCompanies = [...byCompany.values()]
    .map((c) => `${headingOf(c.cui, c.company, cache)}<ul>${c.lines.map((l) => l.li).join('')}</ul>`)
    .join('');
  const more = total > rows.length ? `<p>Și încă ${total - rows.length} modificări, în <a href="${escapeHtml(feed)}">notificări</a>.</p>` : '';
  const html = `<!doctype html><html lang="ro"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title>${DIGEST_STYLE}</head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;max-width:640px;margin:0 auto;padding:16px">
<p>Bună ziua, ${escapeHtml(user.user_name)},</p>
<p>Modificări găsite în datele oficiale la firmele pe care le urmăriți:</p>
${htmlCompanies}${more}
<p><a href="${escapeHtml(feed)}">Vedeți toate notificările</a> · <a href="${escapeHtml(`${base()}${NOTIFICATION_SETTINGS_PATH}`)}">Setări</a></p>
<p style="font-size:12px;color:#64748b">Primiți acest e-mail pentru că urmăriți aceste firme în RadarFirme.
<a href="${escapeHtml(unsubscribePage)}">Dezabonare de la e-mailurile de notificare</a>.</p>
</body></html>`;
  const text = [
    `Bună ziua, ${user.user_name},`,
    '',
    'Modificări găsite în datele oficiale la firmele pe care le urmăriți:',
    ...[...byCompany.values()].flatMap((c) => ['', c.company, ...c.lines.map((l) => l.text)]),
    '',
    total > rows.length ? `Și încă ${total - rows.length} modificări: ${feed}` : `Toate notificările: ${feed}`,
    `Dezabonare: ${unsubscribePage}`,
  ].join('\n');
  return {
    userId: user.user_id,
    to: user.email,
    subject,
    html,
    text,
    headers: { 'List-Unsubscribe': `<${digestUnsubscribePostUrl(user.unsubscribe_id)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export type NotificationMailReport = {
  users: number;
  queued: number;
  skipped: number;
  /** Milliseconds spent finding the due users, reading their pending rows, composing, writing the outbox (the benchmark prints them). */
  ms: { due: number; pending: number; compose: number; write: number };
};

/**
 * One batch in one transaction: its mails into the outbox and its users' watermarks moved past
 * everything pending up to their `last_id`: mailed (up to the mail's limit, the rest is in the
 * feed) or, for a user who may not get mail, closed without a mail.
 */
async function writeBatch(batch: DueUser[], mails: Mail[], now: Date): Promise<void> {
  const client = await getPool().connect();
  try {
    await client.query('BEGIN');
    if (mails.length) {
      // one multi-row VALUES with a parameter per field: the driver sends each string as it is
      // (text[] parameters were escaped element by element, json_to_recordset parsed slowly; 063)
      const values = mails.map((_, k) => `($${k * 6 + 1}, $${k * 6 + 2}, $${k * 6 + 3}, $${k * 6 + 4}, '${NOTIFICATION_MAIL_KIND}', $${k * 6 + 5}::jsonb, $${k * 6 + 6}::int)`);
      await client.query(
        `INSERT INTO outbox_mail ("to", subject, html, text, kind, headers, user_id) VALUES ${values.join(',')}`,
        mails.flatMap((m) => [m.to, m.subject.slice(0, 300), m.html, m.text, JSON.stringify(m.headers), m.userId]),
      );
    }
    await client.query(
      `UPDATE notification_preference p
          SET mailed_through = greatest(p.mailed_through, d.last_id),
              last_digest_on = CASE WHEN p.email_mode = 'digest' THEN ($3::timestamptz AT TIME ZONE '${DIGEST_TIME_ZONE}')::date ELSE p.last_digest_on END
         FROM unnest($1::int[], $2::bigint[]) d(user_id, last_id)
        WHERE p.user_id = d.user_id`,
      [batch.map((u) => u.user_id), batch.map((u) => u.last_id), now],
    );
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/**
 * Queues the mails due at `now` (one transaction per batch of users; a batch is written while the
 * next one is read and composed).
 */
export async function queueNotificationMails(now = clockNow()): Promise<NotificationMailReport> {
  const pool = getPool();
  let t = performance.now();
  const lap = () => {
    const ms = performance.now() - t;
    t += ms;
    return ms;
  };
  const due = (await pool.query<DueUser>(DUE_SQL, [now])).rows;
  const report: NotificationMailReport = { users: due.length, queued: 0, skipped: 0, ms: { due: lap(), pending: 0, compose: 0, write: 0 } };
  // the next batch's pending rows are read while this batch is written (two connections, two cores)
  const readPending = (from: number) => {
    const sendable = due.slice(from, from + BATCH_USERS).filter((u) => u.sendable);
    const rows = sendable.length
      ? pool.query<PendingRow>(PENDING_SQL, [sendable.map((u) => u.user_id), sendable.map((u) => u.last_id)]).then((r) => r.rows)
      : Promise.resolve([]);
    rows.catch(() => {}); // awaited below; a failure while the previous batch is written must not be "unhandled"
    return rows;
  };
  let next = readPending(0);
  const cache = newComposeCache();
  // one batch is written while the next is read and composed; at most one write in flight
  let writing: Promise<void> = Promise.resolve();
  for (let i = 0; i < due.length; i += BATCH_USERS) {
    const batch = due.slice(i, i + BATCH_USERS);
    const sendable = batch.filter((u) => u.sendable);
    const pending = await next;
    report.ms.pending += lap();
    if (i + BATCH_USERS < due.length) next = readPending(i + BATCH_USERS);
    const byUser = new Map<number, PendingRow[]>();
    for (const r of pending) {
      const list = byUser.get(r.user_id);
      if (list) list.push(r);
      else byUser.set(r.user_id, [r]);
    }
    const mails = sendable.filter((u) => byUser.has(u.user_id)).map((u) => composeNotificationMail(u, byUser.get(u.user_id)!, cache));
    report.ms.compose += lap();
    await writing;
    report.ms.write += lap();
    writing = writeBatch(batch, mails, now);
    writing.catch(() => {}); // awaited at the next batch or below
    report.queued += mails.length;
    report.skipped += batch.length - mails.length;
  }
  await writing;
  report.ms.write += lap();
  return report;
}

/**
 * The cron entry: the fan-out of finished imports (decision 073), then queue what is due, then
 * deliver the outbox, as the mail sender does.
 */
export async function sendNotificationMails(now = clockNow()) {
  const fanned = await fanOutPendingRuns();
  const queued = await queueNotificationMails(now);
  const delivered = await deliverQueuedMail();
  return { ...queued, delivered, notified: fanned.runs.reduce((n, r) => n + r.created, 0) };
}

