// A saved search's new matches for an owner without a webhook subscribed to them (issue 50,
// decision 117): an in-app notice (counted by the bell, listed on the notifications page) and a
// mail through the notification mail's path: the outbox kind of notification mail, so the outbox
// checks again at delivery that the account is active, its mail is not turned off and its address
// not suppressed; the digests' one-click unsubscribe. One builder makes the mail
// (composeSavedSearchMail): the job sends what it builds, and a preview would call it too.
import 'server-only';
import type pg from 'pg';
import { companyPath } from '@/lib/slug';
import { pluralRo } from '@/lib/search-count';
import type { SavedSearchNoticeItem } from '@/lib/prospecting/schemas';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { env } from '../kernel/env';
import { nowSql } from '../kernel/clock';
import { escapeHtml } from '../mail/templates';
import { NOTIFICATION_MAIL_KIND, notificationMailAllowedSql } from '../mail/notification-mail';
import { notificationUnsubscribeLinks } from '../watch/delivery';
import { ownSavedSearchNoticeSql } from './policy';

/** Companies named in the mail; the rest are behind the saved searches page's link. */
const COMPANIES_IN_MAIL = 10;
/** Notices on the notifications page (the newest). */
const NOTICES_LISTED = 20;

export const SAVED_SEARCHES_PATH = '/Cautari-salvate';
const base = () => env.APP_URL.replace(/\/+$/, '');

export type SavedSearchMail = { subject: string; html: string; text: string; headers: Record<string, string> };

/**
 * The mail of one saved search's new matches: its name, how many companies are new, the first
 * ones by name with their pages, and the way back to the saved search. The only builder of it.
 */
export function composeSavedSearchMail(p: {
  userName: string;
  unsubscribeId: string;
  searchName: string;
  newCount: number;
  companies: Array<{ cui: number; name: string }>;
}): SavedSearchMail {
  const what = p.newCount === 1 ? 'o firmă nouă' : pluralRo(p.newCount, 'firmă nouă', 'firme noi');
  const subject = `RadarFirme: ${what} în căutarea „${p.searchName}”`;
  const page = `${base()}${SAVED_SEARCHES_PATH}`;
  const links = notificationUnsubscribeLinks(p.unsubscribeId);
  const shown = p.companies.slice(0, COMPANIES_IN_MAIL);
  const rest = p.newCount - shown.length;
  const items = shown.map((c) => `<li><a href="${escapeHtml(`${base()}${companyPath(c.cui, c.name)}`)}">${escapeHtml(c.name)}</a> <span style="color:#64748b">(CUI ${c.cui})</span></li>`).join('');
  const more = rest > 0 ? `<p>Și încă ${escapeHtml(pluralRo(rest, 'firmă', 'firme'))}, în <a href="${escapeHtml(page)}">căutările salvate</a>.</p>` : '';
  const html = `<!doctype html><html lang="ro"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;max-width:640px;margin:0 auto;padding:16px">
<p>Bună ziua, ${escapeHtml(p.userName)},</p>
<p>Căutarea salvată „${escapeHtml(p.searchName)}” găsește ${escapeHtml(what)} de la verificarea anterioară:</p>
<ul>${items}</ul>${more}
<p><a href="${escapeHtml(page)}">Deschideți căutările salvate</a></p>
<p style="font-size:12px;color:#64748b">Primiți acest e-mail pentru că ați salvat această căutare în RadarFirme.
<a href="${escapeHtml(links.page)}">Dezabonare de la e-mailurile de notificare</a>.</p>
</body></html>`;
  const text = [
    `Bună ziua, ${p.userName},`,
    '',
    `Căutarea salvată „${p.searchName}” găsește ${what} de la verificarea anterioară:`,
    ...shown.map((c) => `- ${c.name} (CUI ${c.cui}): ${base()}${companyPath(c.cui, c.name)}`),
    ...(rest > 0 ? [`Și încă ${pluralRo(rest, 'firmă', 'firme')}.`] : []),
    '',
    `Căutările salvate: ${page}`,
    `Dezabonare: ${links.page}`,
  ].join('\n');
  return { subject, html, text, headers: { 'List-Unsubscribe': `<${links.post}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}

/**
 * In the saved-search job's transaction: the notice, and the mail when the owner may get
 * notification mail (a preference row is made as the fan-out makes one, so the outbox's check at
 * delivery finds it). Answers whether a mail was queued.
 */
export async function queueSavedSearchNotice(
  db: pg.PoolClient,
  p: { userId: number; savedSearchId: number; name: string; newCount: number; cuis: number[] },
): Promise<{ mailed: boolean }> {
  await db.query(`INSERT INTO saved_search_notice (user_id, saved_search_id, name, new_count, cuis, created_at) VALUES ($1, $2, $3, $4, $5::int[], ${nowSql()})`, [
    p.userId,
    p.savedSearchId,
    p.name,
    p.newCount,
    p.cuis,
  ]);
  await db.query(`INSERT INTO notification_preference (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [p.userId]);
  const { rows } = await db.query<{ email: string; user_name: string; unsubscribe_id: string }>(
    `SELECT u.email, u.user_name, p.unsubscribe_id::text FROM app_user u JOIN notification_preference p ON p.user_id = u.id
      WHERE u.id = $1 AND ${notificationMailAllowedSql('u', 'p', 'u.email')}`,
    [p.userId],
  );
  const owner = rows[0];
  if (!owner) return { mailed: false };
  const { rows: companies } = await db.query<{ cui: number; name: string }>(
    `SELECT c.cui, c.name FROM unnest($1::int[]) WITH ORDINALITY AS x(cui, i) JOIN company c ON c.cui = x.cui ORDER BY x.i LIMIT ${COMPANIES_IN_MAIL}`,
    [p.cuis],
  );
  const mail = composeSavedSearchMail({ userName: owner.user_name, unsubscribeId: owner.unsubscribe_id, searchName: p.name, newCount: p.newCount, companies });
  await db.query(`INSERT INTO outbox_mail ("to", subject, html, text, kind, headers, user_id) VALUES ($1, $2, $3, $4, '${NOTIFICATION_MAIL_KIND}', $5::jsonb, $6)`, [
    owner.email,
    mail.subject.slice(0, 300),
    mail.html,
    mail.text,
    JSON.stringify(mail.headers),
    p.userId,
  ]);
  return { mailed: true };
}

/** GET /api/SavedSearch/getNotices: the actor's newest notices, unread first. */
export async function listSavedSearchNotices(actor: Actor): Promise<SavedSearchNoticeItem[]> {
  const rows = await sql<{ id: string; saved_search_id: number; name: string; new_count: number; cuis: number[]; created_at: Date; read_at: Date | null }>(
    `SELECT n.id::text, n.saved_search_id, n.name, n.new_count, n.cuis, n.created_at, n.read_at FROM saved_search_notice n
      WHERE ${ownSavedSearchNoticeSql('$1', 'n')} ORDER BY n.read_at IS NOT NULL, n.id DESC LIMIT ${NOTICES_LISTED}`,
    [actor.userId],
  );
  return rows.map((r) => ({
    Id: Number(r.id),
    SavedSearchId: r.saved_search_id,
    Name: r.name,
    NewCount: r.new_count,
    Cuis: r.cuis,
    CreatedAt: r.created_at.toISOString(),
    ReadAt: r.read_at?.toISOString() ?? null,
  }));
}

/** The bell's share: the actor's unread notices. */
export async function countUnreadSavedSearchNotices(actor: Actor): Promise<number> {
  const [r] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM saved_search_notice n WHERE ${ownSavedSearchNoticeSql('$1', 'n')} AND n.read_at IS NULL`, [actor.userId]);
  return r.n;
}

/**
 * PUT /api/SavedSearch/markNoticesRead (and "Marchează toate ca citite" of the feed): the given
 * notices of the actor, or all of them; another user's ids change nothing.
 */
export async function markSavedSearchNoticesRead(actor: Actor, ids?: number[]): Promise<number> {
  const rows = await sql<{ id: string }>(
    `UPDATE saved_search_notice n SET read_at = ${nowSql()} WHERE ${ownSavedSearchNoticeSql('$1', 'n')} AND n.read_at IS NULL AND ($2::bigint[] IS NULL OR n.id = ANY($2::bigint[])) RETURNING n.id::text`,
    [actor.userId, ids ?? null],
  );
  return rows.length;
}

/** "Descarcă datele mele": every notice of the user (deleted with the account by the cascade). */
export async function findSavedSearchNoticesOf(userId: number) {
  return sql<{ saved_search_id: number; name: string; new_count: number; cuis: number[]; created_at: Date; read_at: Date | null }>(
    `SELECT n.saved_search_id, n.name, n.new_count, n.cuis, n.created_at, n.read_at FROM saved_search_notice n WHERE ${ownSavedSearchNoticeSql('$1', 'n')} ORDER BY n.id`,
    [userId],
  );
}
