// A saved search's new matches for owners without a webhook (issue 50, decision 117): the check
// that finds new companies leaves an in-app notice (listed by GET /api/SavedSearch/getNotices,
// counted by the bell, read one by one or with "Marchează toate ca citite") and queues a
// notification mail built by the one builder (composeSavedSearchMail) with the digests'
// one-click unsubscribe; an owner whose notification mail is off gets the notice and no mail; the
// outbox's check at delivery stops the mail of an owner who unsubscribes meanwhile; a notice is
// its owner's alone.
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { clockOffsetMs, setClockOffset } from '@/server/kernel/clock';
import { checkSavedSearchMatches } from '@/server/saved-searches/new-matches';
import { composeSavedSearchMail } from '@/server/saved-searches/notices';
import { undeliverableNotificationMailSql, NOTIFICATION_MAIL_KIND } from '@/server/mail/notification-mail';
import { POST as addSaved } from '@/app/api/SavedSearch/add/route';
import { GET as getNotices } from '@/app/api/SavedSearch/getNotices/route';
import { PUT as markNoticesRead } from '@/app/api/SavedSearch/markNoticesRead/route';
import { GET as getUnreadCount } from '@/app/api/Notification/getUnreadCount/route';
import { PUT as markAllRead } from '@/app/api/Notification/markAllRead/route';
import { call } from './support/auth';
import { dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { createCompany } from '../factories/companies';

let who: Actors;
const MARK = `SSAVIZ${Date.now() % 100000}`;
const NAME = `Prospecți ${MARK}`;
let ownerSearch: number;
let otherSearch: number;
let fresh: Array<{ cui: number; name: string }>;

const hours = (n: number) => setClockOffset(clockOffsetMs() + n * 3600_000);
async function checkAllDue() {
  for (let r = await checkSavedSearchMatches(); r.Checked > 0; r = await checkSavedSearchMatches());
}
type Mail = { id: number; to: string; subject: string; html: string; text: string; headers: Record<string, string>; kind: string };
const mailsOf = (userId: number) =>
  sql<Mail>(`SELECT id, "to", subject, html, text, headers, kind FROM outbox_mail WHERE user_id = $1 AND subject LIKE $2 ORDER BY id`, [userId, `%${MARK}%`]);
const as = async (actor: keyof Actors) => ({ token: await tokenOf(who[actor]) });

beforeAll(async () => {
  who = await makeActors();
  await createCompany({ name: `${MARK} VECHE SRL` });
  const save = async (actor: keyof Actors) => (await call(addSaved, '/api/SavedSearch/add', { body: { Name: NAME, Query: `SearchText=${MARK}` }, ...(await as(actor)) })).body.Id as number;
  ownerSearch = await save('owner');
  otherSearch = await save('other');
  // The other user turned notification mail off (the unsubscribe link does this).
  await sql(`INSERT INTO notification_preference (user_id, email_enabled) VALUES ($1, false)`, [who.other.id]);
});
afterAll(async () => {
  setClockOffset(0);
  await dropActors(who);
});

it('nothing new since the owner opened it: no notice and no mail', async () => {
  await checkAllDue();
  const [n] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM saved_search_notice WHERE saved_search_id = ANY($1::int[])`, [[ownerSearch, otherSearch]]);
  expect(n.n).toBe(0);
  expect(await mailsOf(who.owner.id)).toEqual([]);
});

it('new companies: a notice for each owner, a mail built by the one builder only where mail is on', async () => {
  fresh = [await createCompany({ name: `${MARK} NOUA UNU SRL` }), await createCompany({ name: `${MARK} NOUA DOI SRL` })].map((c) => ({ cui: c.cui, name: c.name }));
  hours(env.SAVED_SEARCH_CHECK_HOURS + 1);
  await checkAllDue();

  const notices = await sql<{ user_id: number; new_count: number; cuis: number[]; name: string }>(
    `SELECT user_id, new_count, cuis, name FROM saved_search_notice WHERE saved_search_id = ANY($1::int[]) ORDER BY user_id`,
    [[ownerSearch, otherSearch]],
  );
  expect(notices.map((n) => n.user_id).sort()).toEqual([who.owner.id, who.other.id].sort());
  for (const n of notices) {
    expect(n).toMatchObject({ new_count: 2, name: NAME });
    expect([...n.cuis].sort()).toEqual(fresh.map((c) => c.cui).sort());
  }

  const mails = await mailsOf(who.owner.id);
  expect(mails).toHaveLength(1);
  const [pref] = await sql<{ unsubscribe_id: string }>(`SELECT unsubscribe_id::text FROM notification_preference WHERE user_id = $1`, [who.owner.id]);
  const order = notices.find((n) => n.user_id === who.owner.id)!.cuis;
  const expected = composeSavedSearchMail({
    userName: who.owner.userName,
    unsubscribeId: pref.unsubscribe_id,
    searchName: NAME,
    newCount: 2,
    companies: order.map((cui) => fresh.find((c) => c.cui === cui)!),
  });
  expect(mails[0]).toMatchObject({ to: who.owner.email, kind: NOTIFICATION_MAIL_KIND, subject: expected.subject, html: expected.html, text: expected.text, headers: expected.headers });
  expect(mails[0].subject).toBe(`RadarFirme: 2 firme noi în căutarea „${NAME}”`);
  for (const c of fresh) expect(mails[0].html).toContain(c.name);
  expect(mails[0].headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  // Mail off: the notice only.
  expect(await mailsOf(who.other.id)).toEqual([]);

  // The next check with nothing new adds nothing.
  hours(env.SAVED_SEARCH_CHECK_HOURS + 1);
  await checkAllDue();
  expect(await mailsOf(who.owner.id)).toHaveLength(1);
  const [again] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM saved_search_notice WHERE saved_search_id = $1`, [ownerSearch]);
  expect(again.n).toBe(1);
});

it('an owner who unsubscribes before the mail leaves: the outbox\'s check at delivery stops it', async () => {
  const [mail] = await mailsOf(who.owner.id);
  const undeliverable = async () => (await sql<{ id: number }>(undeliverableNotificationMailSql('$1::int[]'), [[mail.id]])).map((r) => r.id);
  expect(await undeliverable()).toEqual([]);
  await sql(`UPDATE notification_preference SET email_enabled = false WHERE user_id = $1`, [who.owner.id]);
  try {
    expect(await undeliverable()).toEqual([mail.id]);
  } finally {
    await sql(`UPDATE notification_preference SET email_enabled = true WHERE user_id = $1`, [who.owner.id]);
  }
});

it('the notices are listed, counted by the bell and read by their owner alone', async () => {
  expect(await statusesAs(who, () => ({ handler: getNotices, path: '/api/SavedSearch/getNotices' }), ['anonymous'])).toEqual({ anonymous: 401 });
  const mine = await call(getNotices, '/api/SavedSearch/getNotices', await as('owner'));
  expect(mine.body).toEqual([expect.objectContaining({ SavedSearchId: ownerSearch, Name: NAME, NewCount: 2, ReadAt: null })]);
  expect((await call(getNotices, '/api/SavedSearch/getNotices', await as('admin'))).body).toEqual([]);
  expect((await call(getUnreadCount, '/api/Notification/getUnreadCount', await as('owner'))).body).toEqual({ Count: 1 });

  // Another user (an Admin too) marking the owner's notice changes nothing.
  const id = mine.body[0].Id as number;
  expect((await call(markNoticesRead, '/api/SavedSearch/markNoticesRead', { method: 'PUT', body: { Ids: [id] }, ...(await as('admin')) })).body).toEqual({ Updated: 0 });
  expect((await call(getUnreadCount, '/api/Notification/getUnreadCount', await as('owner'))).body).toEqual({ Count: 1 });
  const bad = await call(markNoticesRead, '/api/SavedSearch/markNoticesRead', { method: 'PUT', body: { Ids: ['unu'] }, ...(await as('owner')) });
  expect(bad.status).toBe(400);

  expect((await call(markNoticesRead, '/api/SavedSearch/markNoticesRead', { method: 'PUT', body: { Ids: [id] }, ...(await as('owner')) })).body).toEqual({ Updated: 1 });
  expect((await call(getUnreadCount, '/api/Notification/getUnreadCount', await as('owner'))).body).toEqual({ Count: 0 });
  expect((await call(getNotices, '/api/SavedSearch/getNotices', await as('owner'))).body[0].ReadAt).toEqual(expect.any(String));

  // "Marchează toate ca citite" of the feed reads the other user's notice too.
  expect((await call(getUnreadCount, '/api/Notification/getUnreadCount', await as('other'))).body).toEqual({ Count: 1 });
  expect((await call(markAllRead, '/api/Notification/markAllRead', { method: 'PUT', ...(await as('other')) })).body).toEqual({ Updated: 1 });
  expect((await call(getUnreadCount, '/api/Notification/getUnreadCount', await as('other'))).body).toEqual({ Count: 0 });
});
