// The Watch and Notification endpoints as owner, another user, anonymous and Admin; following a
// group only while it is readable; the fan-out's SQL forms against the policy; the mail delivery
// (immediate, daily digest at the Bucharest hour, suppression, blocked user, RFC 8058 unsubscribe).
import { sql } from '@/server/kernel/db';
import { GET as getWatched } from '@/app/api/Watch/getWatchedCompanies/route';
import { GET as getWatchedGroups } from '@/app/api/Watch/getWatchedGroups/route';
import { GET as getStatus } from '@/app/api/Watch/getWatchStatus/route';
import { POST as watchCompany } from '@/app/api/Watch/watchCompany/route';
import { DELETE as unwatchCompany } from '@/app/api/Watch/unwatchCompany/route';
import { POST as watchGroup } from '@/app/api/Watch/watchGroup/route';
import { DELETE as unwatchGroup } from '@/app/api/Watch/unwatchGroup/route';
import { GET as getNotifications } from '@/app/api/Notification/getNotifications/route';
import { GET as getUnread } from '@/app/api/Notification/getUnreadCount/route';
import { PUT as markRead } from '@/app/api/Notification/markRead/route';
import { PUT as markAllRead } from '@/app/api/Notification/markAllRead/route';
import { GET as getSettings } from '@/app/api/Notification/getSettings/route';
import { PUT as updateSettings } from '@/app/api/Notification/updateSettings/route';
import { POST as unsubscribe } from '@/app/api/Notification/unsubscribe/route';
import { GET as getChanges } from '@/app/api/Company/getCompanyChanges/route';
import { fanOutRun } from '@/server/watch/fanout';
import { queueNotificationMails } from '@/server/watch/delivery';
import { getPool } from '@/server/kernel/db';
import { CHANGE_KINDS } from '@/lib/watch/kinds';
import { callAs, dropActors, makeActors, statusesAs, type Actors } from './support/authz';
import { call } from './support/auth';
import { createCompany } from '../factories/companies';
import { addCompany, addMember, createGroup } from '../factories/groups';
import { createUser } from '../factories/users';

let who: Actors;
let cui: number;
let groupCui: number;
const RUN = 2_000_000_000 - Math.floor(Math.random() * 1_000_000);

/** A change fact of a made-up run, as an importer records it. */
async function change(c: number, kind = 'name', run = RUN): Promise<number> {
  const [r] = await sql<{ id: string }>(
    `INSERT INTO company_change (cui, kind, old_value, new_value, source, data_date, run_id) VALUES ($1, $2, 'VECHI SRL', 'NOU SRL', 'onrc', '2026-10-12', $3) RETURNING id`,
    [c, kind, run],
  );
  return Number(r.id);
}

beforeAll(async () => {
  who = await makeActors();
  cui = (await createCompany({ name: 'URMĂRITĂ SRL' })).cui;
  groupCui = (await createCompany({ name: 'DIN GRUP SRL' })).cui;
});
afterAll(async () => {
  await sql('DELETE FROM outbox_mail WHERE "to" = ANY($1)', [[who.owner.email, who.other.email, who.admin.email]]);
  await dropActors(who);
});

describe('follow a company', () => {
  it('is signed-in only; each user follows for themselves; a missing company is 404 in Romanian', async () => {
    expect(await statusesAs(who, () => ({ handler: watchCompany, path: '/api/Watch/watchCompany', body: { Cui: cui } }), ['anonymous'])).toEqual({ anonymous: 401 });
    expect((await callAs('owner', who, () => ({ handler: watchCompany, path: '/api/Watch/watchCompany', body: { Cui: cui } }))).status).toBe(200);
    const missing = await callAs('owner', who, () => ({ handler: watchCompany, path: '/api/Watch/watchCompany', body: { Cui: 18 } }));
    expect(missing).toMatchObject({ status: 404, body: { Message: 'Firma nu a fost găsită.' } });
    const bad = await callAs('owner', who, () => ({ handler: watchCompany, path: '/api/Watch/watchCompany', body: { Cui: 'x' } }));
    expect(bad.status).toBe(400);
  });

  it('lists only the caller\'s follows (paged, searchable); nobody else sees or removes them', async () => {
    const list = (w: 'owner' | 'other' | 'admin', q = '') => callAs(w, who, () => ({ handler: getWatched, path: `/api/Watch/getWatchedCompanies${q}` }));
    expect((await list('owner')).body).toEqual({ Items: [expect.objectContaining({ Cui: cui, Name: 'URMĂRITĂ SRL' })], Count: 1, NumberOfPages: 1 });
    expect((await list('owner', '?SearchText=urmărită')).body.Count).toBe(1);
    expect((await list('owner', '?SearchText=altceva')).body.Count).toBe(0);
    expect((await list('other')).body).toEqual({ Items: [], Count: 0, NumberOfPages: 0 });
    expect((await list('admin')).body.Count).toBe(0);
    expect((await callAs('owner', who, () => ({ handler: getStatus, path: `/api/Watch/getWatchStatus?cui=${cui}` }))).body).toEqual({ IsWatched: true, WatchedThroughGroups: [] });
    expect((await callAs('other', who, () => ({ handler: getStatus, path: `/api/Watch/getWatchStatus?cui=${cui}` }))).body.IsWatched).toBe(false);
    expect(await statusesAs(who, () => ({ handler: unwatchCompany, path: `/api/Watch/unwatchCompany?cui=${cui}`, method: 'DELETE' }))).toEqual({
      anonymous: 401, other: 404, admin: 404, owner: 200,
    });
    expect((await list('owner')).body.Count).toBe(0);
  });
});

describe('follow a group', () => {
  it('only a group the caller sees; follows its companies while the caller may read it', async () => {
    const group = await createGroup(who.owner);
    await addCompany(group, groupCui, who.owner);
    expect(await statusesAs(who, () => ({ handler: watchGroup, path: '/api/Watch/watchGroup', body: { GroupId: group.id } }))).toEqual({
      anonymous: 401, other: 404, admin: 404, owner: 200,
    });
    const member = await createUser();
    await addMember(group, member, 'View');
    await call(watchGroup, '/api/Watch/watchGroup', { body: { GroupId: group.id }, token: await (await import('./support/authz')).tokenOf(member) });
    expect((await callAs('owner', who, () => ({ handler: getWatchedGroups, path: '/api/Watch/getWatchedGroups' }))).body.Items).toEqual([
      expect.objectContaining({ GroupId: group.id, CompanyCount: 1 }),
    ]);
    expect((await callAs('other', who, () => ({ handler: getWatchedGroups, path: '/api/Watch/getWatchedGroups' }))).body.Items).toEqual([]);

    // an import changes the group's company: owner and member hear of it
    const run1 = RUN - 1;
    await change(groupCui, 'status', run1);
    expect(await fanOutRun(getPool(), run1)).toBe(2);
    // the member leaves: the next change reaches the owner only
    await sql(`UPDATE group_member SET is_deleted = true WHERE group_id = $1 AND user_id = $2`, [group.id, member.id]);
    const run2 = RUN - 2;
    await change(groupCui, 'name', run2);
    expect(await fanOutRun(getPool(), run2)).toBe(1);
    const heard = await sql<{ user_id: number }>(`SELECT n.user_id FROM notification n JOIN company_change c ON c.id = n.change_id WHERE c.run_id = $1`, [run2]);
    expect(heard).toEqual([{ user_id: who.owner.id }]);
    // a company removed from the group is no longer followed through it
    await sql(`UPDATE company_in_group SET is_deleted = true WHERE group_id = $1 AND cui = $2`, [group.id, groupCui]);
    const run3 = RUN - 3;
    await change(groupCui, 'address', run3);
    expect(await fanOutRun(getPool(), run3)).toBe(0);
    expect(await statusesAs(who, () => ({ handler: unwatchGroup, path: `/api/Watch/unwatchGroup?groupId=${group.id}`, method: 'DELETE' }))).toEqual({
      anonymous: 401, other: 404, admin: 404, owner: 200,
    });
  });
});

describe('notifications', () => {
  it('the feed, the count and marking read are the owner\'s alone', async () => {
    await sql(`INSERT INTO watch_company (user_id, cui) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [who.owner.id, cui]);
    const run = RUN - 4;
    await change(cui, 'name', run);
    await change(cui, 'status', run);
    expect(await fanOutRun(getPool(), run)).toBe(2);
    const feed = await callAs('owner', who, () => ({ handler: getNotifications, path: '/api/Notification/getNotifications?Kind=name' }));
    expect(feed.status).toBe(200);
    const mine = feed.body.Items.find((n: { Cui: number }) => n.Cui === cui);
    expect(mine).toMatchObject({ Kind: 'name', OldValue: 'VECHI SRL', NewValue: 'NOU SRL', Source: 'onrc', DataDate: '2026-10-12', CompanyName: 'URMĂRITĂ SRL', ReadAt: null });
    expect((await callAs('other', who, () => ({ handler: getNotifications, path: '/api/Notification/getNotifications' }))).body.Count).toBe(0);
    expect((await callAs('admin', who, () => ({ handler: getNotifications, path: '/api/Notification/getNotifications' }))).body.Count).toBe(0);
    const bad = await callAs('owner', who, () => ({ handler: getNotifications, path: '/api/Notification/getNotifications?Kind=nimic' }));
    expect(bad).toMatchObject({ status: 400 });

    const unread = async (w: 'owner' | 'other') => (await callAs(w, who, () => ({ handler: getUnread, path: '/api/Notification/getUnreadCount' }))).body.Count;
    const before = await unread('owner');
    expect(before).toBeGreaterThanOrEqual(2);
    // another user and an Admin marking the owner's notification change nothing
    for (const w of ['other', 'admin'] as const) {
      const r = await callAs(w, who, () => ({ handler: markRead, path: '/api/Notification/markRead', method: 'PUT', body: { Ids: [mine.NotificationId] } }));
      expect(r.body).toEqual({ Updated: 0 });
    }
    expect(await unread('owner')).toBe(before);
    expect((await callAs('anonymous', who, () => ({ handler: markRead, path: '/api/Notification/markRead', method: 'PUT', body: { Ids: [mine.NotificationId] } }))).status).toBe(401);
    const own = await callAs('owner', who, () => ({ handler: markRead, path: '/api/Notification/markRead', method: 'PUT', body: { Ids: [mine.NotificationId] } }));
    expect(own.body).toEqual({ Updated: 1 });
    expect(await unread('owner')).toBe(before - 1);
    await callAs('owner', who, () => ({ handler: markAllRead, path: '/api/Notification/markAllRead', method: 'PUT' }));
    expect(await unread('owner')).toBe(0);
  });

  it('settings: defaults, saved per kind, a kind turned off gets no notification', async () => {
    const got = await callAs('owner', who, () => ({ handler: getSettings, path: '/api/Notification/getSettings' }));
    expect(got.body).toEqual({ Kinds: Object.fromEntries(CHANGE_KINDS.map((k) => [k, 'email'])), EmailMode: 'digest', DigestHour: 8, EmailEnabled: true });
    const next = { ...got.body, Kinds: { ...got.body.Kinds, name: 'off', status: 'feed' }, EmailMode: 'immediate', DigestHour: 7 };
    expect(await statusesAs(who, () => ({ handler: updateSettings, path: '/api/Notification/updateSettings', method: 'PUT', body: next }), ['anonymous'])).toEqual({ anonymous: 401 });
    expect((await callAs('owner', who, () => ({ handler: updateSettings, path: '/api/Notification/updateSettings', method: 'PUT', body: next }))).status).toBe(200);
    expect((await callAs('owner', who, () => ({ handler: getSettings, path: '/api/Notification/getSettings' }))).body).toEqual(next);
    expect((await callAs('other', who, () => ({ handler: getSettings, path: '/api/Notification/getSettings' }))).body.EmailMode).toBe('digest');
    const wrong = await callAs('owner', who, () => ({ handler: updateSettings, path: '/api/Notification/updateSettings', method: 'PUT', body: { ...next, DigestHour: 25 } }));
    expect(wrong).toMatchObject({ status: 400 });
    const run = RUN - 5;
    await change(cui, 'name', run);
    await change(cui, 'status', run);
    expect(await fanOutRun(getPool(), run)).toBe(1);
    expect(await sql(`SELECT n.channel FROM notification n JOIN company_change c ON c.id = n.change_id WHERE c.run_id = $1`, [run])).toEqual([{ channel: 'feed' }]);
  });

  it('the company history is public, newest first', async () => {
    const r = await call(getChanges, `/api/Company/getCompanyChanges?cui=${cui}`);
    expect(r.status).toBe(200);
    expect(r.body.Count).toBeGreaterThanOrEqual(4);
    const ids = r.body.Items.map((i: { Id: number }) => i.Id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('mail of the notifications', () => {
  it('a digest at the chosen Bucharest hour, once a day, with RFC 8058 headers; none for a suppressed address or a blocked user', async () => {
    const digest = await createUser();
    const suppressed = await createUser();
    const blocked = await createUser();
    for (const u of [digest, suppressed, blocked]) await sql(`INSERT INTO watch_company (user_id, cui) VALUES ($1, $2)`, [u.id, cui]);
    await sql(`INSERT INTO notification_preference (user_id, digest_hour) VALUES ($1, 9)`, [digest.id]);
    await sql(`INSERT INTO mail_suppression (email, reason) VALUES ($1, 'Unsubscribed') ON CONFLICT DO NOTHING`, [suppressed.email]);
    const run = RUN - 6;
    await change(cui, 'status', run);
    await fanOutRun(getPool(), run);
    await sql(`UPDATE app_user SET is_blocked = true WHERE id = $1`, [blocked.id]);
    const mails = (to: string) => sql<{ subject: string; text: string; headers: Record<string, string> }>(`SELECT subject, text, headers FROM outbox_mail WHERE "to" = $1`, [to]);

    // 08:30 in Bucharest (05:30 UTC in November): before the digest hour 9
    await queueNotificationMails(new Date('2026-11-26T06:30:00Z'));
    expect(await mails(digest.email)).toEqual([]);
    // 09:10 in Bucharest
    await queueNotificationMails(new Date('2026-11-26T07:10:00Z'));
    const [m] = await mails(digest.email);
    expect(m.subject).toBe('RadarFirme: o modificare la URMĂRITĂ SRL');
    expect(m.text).toContain('Starea firmei (ONRC): VECHI SRL → NOU SRL (ONRC, 12.10.2026)');
    expect(m.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(m.headers['List-Unsubscribe']).toMatch(/^<http.*\/api\/Notification\/unsubscribe\?t=.+>$/);
    expect(await mails(suppressed.email)).toEqual([]);
    expect(await mails(blocked.email)).toEqual([]);
    // the owner read theirs in the feed, and status changes go to their feed only (the settings test)
    expect(await mails(who.owner.email)).toEqual([]);

    // a second change the same day waits for tomorrow's digest
    const run2 = RUN - 7;
    await change(cui, 'name', run2);
    await fanOutRun(getPool(), run2);
    await queueNotificationMails(new Date('2026-11-26T12:00:00Z'));
    expect(await mails(digest.email)).toHaveLength(1);
    await queueNotificationMails(new Date('2026-11-27T07:10:00Z'));
    expect(await mails(digest.email)).toHaveLength(2);

    // one click: no more notification mail, the feed goes on
    const link = m.headers['List-Unsubscribe'].slice(1, -1);
    const path = link.slice(link.indexOf('/api/'));
    expect((await call(unsubscribe, path.replace(/t=[^&]+/, 't=forged.token'), { method: 'POST' })).status).toBe(404);
    expect((await call(unsubscribe, path, { method: 'POST' })).status).toBe(200);
    const run3 = RUN - 8;
    await change(cui, 'address', run3);
    await fanOutRun(getPool(), run3);
    await queueNotificationMails(new Date('2026-11-28T07:10:00Z'));
    expect(await mails(digest.email)).toHaveLength(2);
    expect((await sql(`SELECT count(*)::int AS n FROM notification n JOIN company_change c ON c.id = n.change_id WHERE c.run_id = $1 AND n.user_id = $2`, [run3, digest.id]))[0]).toEqual({ n: 1 });
  });
});
