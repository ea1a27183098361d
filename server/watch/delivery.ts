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
import { getPool } from '../db';
import { env } from '../env';
import { escapeHtml } from '../mail/templates';
import { deliverQueuedMail } from '../mail/outbox';
import { signToken, verifyToken } from '../sending/tokens';
import { NOTIFICATION_MAIL_KIND, notificationMailAllowedSql } from './policy';

/** A digest lists at most this many changes (the rest: "și încă N" with the feed's link). */
const MAX_ITEMS_PER_MAIL = 100;
const BATCH_USERS = 500;
/** Binds the unsubscribe token to the digests (a campaign token for the same id is not valid here). */
const TOKEN_SCOPE = 'watch-digest';

const base = () => env.APP_URL.replace(/\/+$/, '');
export const digestUnsubscribePageUrl = (unsubscribeId: string) => `${base()}${DIGEST_UNSUBSCRIBE_PATH}?t=${signToken('unsubscribe', unsubscribeId, TOKEN_SCOPE)}`;
export const digestUnsubscribePostUrl = (unsubscribeId: string) => `${base()}/api/Notification/unsubscribe?t=${signToken('unsubscribe', unsubscribeId, TOKEN_SCOPE)}`;

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
  cui: number;
  company: string;
  kind: string;
  old_value: string | null;
  new_value: string | null;
  source: string;
  data_date: Date;
  total: number;
};

/**
 * Pending e-mail notifications of a user: after their watermark (`mailed_through`, the last one
 * handled: mailed or closed without a mail, docs/decisions/063), on the e-mail channel and not read
 * in the feed already. The watermark replaces a stamp per notification: a digest run writes one
 * preference row per user, not every notification it lists.
 */
const PENDING_OF = (n: string, p: string) => `${n}.user_id = ${p}.user_id AND ${n}.id > ${p}.mailed_through AND ${n}.channel = 'email' AND ${n}.read_at IS NULL`;

/**
 * The users due at `now`: with pending e-mail notifications (one probe of the (user_id, id) index
 * per preference row; the fan-out gives every user it notifies by e-mail a preference row),
 * immediate ones always, digest ones when their hour has come today (Bucharest) and no digest went
 * today. `last_id`: their newest pending notification, the watermark after this run. `sendable`:
 * active account, address not suppressed, mail not turned off.
 */
const DUE_SQL = `
  SELECT u.id AS user_id, u.email, u.user_name, p.unsubscribe_id::text, p.email_mode AS mode,
         ${notificationMailAllowedSql('u', 'p', 'u.email')} AS sendable, x.last_id
  FROM notification_preference p
  JOIN app_user u ON u.id = p.user_id
  CROSS JOIN LATERAL (SELECT max(n.id) AS last_id FROM notification n WHERE ${PENDING_OF('n', 'p')}) x
  WHERE x.last_id IS NOT NULL
    AND (p.email_mode = 'immediate'
     OR (p.digest_hour <= extract(hour FROM $1::timestamptz AT TIME ZONE '${DIGEST_TIME_ZONE}')
         AND coalesce(p.last_digest_on, '-infinity'::date) < ($1::timestamptz AT TIME ZONE '${DIGEST_TIME_ZONE}')::date))
  ORDER BY u.id`;

/** The pending e-mail notifications of a batch of users (up to their `last_id`), newest first, at most MAX_ITEMS_PER_MAIL each. */
const PENDING_SQL = `
  SELECT x.* FROM (
    SELECT n.user_id, n.id::text AS notification_id, c.cui, co.name AS company, c.kind, c.old_value, c.new_value, c.source, c.data_date,
           row_number() OVER (PARTITION BY n.user_id ORDER BY n.id DESC) AS rn, count(*) OVER (PARTITION BY n.user_id)::int AS total
    FROM unnest($1::int[], $2::bigint[]) d(user_id, last_id)
    JOIN notification_preference p ON p.user_id = d.user_id
    JOIN notification n ON ${PENDING_OF('n', 'p')} AND n.id <= d.last_id
    JOIN company_change c ON c.id = n.change_id JOIN company co ON co.cui = c.cui) x
  WHERE x.rn <= ${MAX_ITEMS_PER_MAIL}
  ORDER BY x.user_id, x.notification_id::bigint DESC`;

type Mail = { userId: number; to: string; subject: string; html: string; text: string; headers: Record<string, string> };

/** The mail of one user: their changes grouped by company, each with its source and data date. */
export function composeNotificationMail(user: DueUser, rows: PendingRow[]): Mail {
  const total = rows[0]?.total ?? 0;
  const byCompany = new Map<number, PendingRow[]>();
  for (const r of rows) byCompany.set(r.cui, [...(byCompany.get(r.cui) ?? []), r]);
  const subject =
    total === 1 ? `RadarFirme: o modificare la ${rows[0].company}` : `RadarFirme: ${total} modificări la firmele urmărite`;
  const line = (r: PendingRow) => {
    const what = describeChange({ Kind: r.kind, OldValue: r.old_value, NewValue: r.new_value });
    return { what, when: `${SOURCE_LABELS[r.source] ?? r.source}, ${formatDate(r.data_date)}` };
  };
  const feed = `${base()}${NOTIFICATIONS_PATH}`;
  const unsubscribePage = digestUnsubscribePageUrl(user.unsubscribe_id);
  const htmlCompanies = [...byCompany.values()]
    .map((items) => {
      const href = `${base()}${companyPath(items[0].cui, items[0].company)}`;
      const lis = items.map((r) => {
        const l = line(r);
        return `<li>${escapeHtml(l.what)} <span style="color:#64748b">(${escapeHtml(l.when)})</span></li>`;
      });
      return `<h3 style="margin:16px 0 4px;font-size:16px"><a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(items[0].company)}</a></h3><ul style="margin:0;padding-left:20px">${lis.join('')}</ul>`;
    })
    .join('');
  const more = total > rows.length ? `<p>Și încă ${total - rows.length} modificări, în <a href="${escapeHtml(feed)}">notificări</a>.</p>` : '';
  const html = `<!doctype html><html lang="ro"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
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
    ...[...byCompany.values()].flatMap((items) => ['', items[0].company, ...items.map((r) => `- ${line(r).what} (${line(r).when})`)]),
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

export type NotificationMailReport = { users: number; queued: number; skipped: number };

/** Queues the mails due at `now` (one transaction per batch of users). */
export async function queueNotificationMails(now = new Date()): Promise<NotificationMailReport> {
  const pool = getPool();
  const due = (await pool.query<DueUser>(DUE_SQL, [now])).rows;
  const report: NotificationMailReport = { users: due.length, queued: 0, skipped: 0 };
  for (let i = 0; i < due.length; i += BATCH_USERS) {
    const batch = due.slice(i, i + BATCH_USERS);
    const sendable = batch.filter((u) => u.sendable);
    const pending = sendable.length ? (await pool.query<PendingRow>(PENDING_SQL, [sendable.map((u) => u.user_id), sendable.map((u) => u.last_id)])).rows : [];
    const byUser = new Map<number, PendingRow[]>();
    for (const r of pending) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
    const mails = sendable.filter((u) => byUser.has(u.user_id)).map((u) => composeNotificationMail(u, byUser.get(u.user_id)!));
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      if (mails.length) {
        await client.query(
          `INSERT INTO outbox_mail ("to", subject, html, text, kind, headers, user_id)
           SELECT t, s, h, x, '${NOTIFICATION_MAIL_KIND}', hd, u FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::int[]) AS m(t, s, h, x, hd, u)`,
          [mails.map((m) => m.to), mails.map((m) => m.subject.slice(0, 300)), mails.map((m) => m.html), mails.map((m) => m.text), mails.map((m) => JSON.stringify(m.headers)), mails.map((m) => m.userId)],
        );
      }
      // everything pending of these users up to last_id is handled now: mailed (up to the mail's
      // limit, the rest is in the feed) or, for a user who may not get mail, closed without a mail
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
    report.queued += mails.length;
    report.skipped += batch.length - mails.length;
  }
  return report;
}

/** The cron entry: queue what is due, then deliver the outbox as the mail sender does. */
export async function sendNotificationMails(now = new Date()) {
  const queued = await queueNotificationMails(now);
  const delivered = await deliverQueuedMail();
  return { ...queued, delivered };
}

