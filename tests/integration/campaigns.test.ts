// Campaigns a salesperson can trust (issue 28) on real PostgreSQL and a local SMTP server: the
// sender identity (From on the platform's domain with the author's name, Reply-To the author's
// confirmed address), the test send (author only, to the author only, never a sending) and the
// results of a sending and of a template (counts, rates, clicks per link, timeline), each endpoint
// as owner, group member, another user, anonymous and Admin.
import type { ParsedMail } from 'mailparser';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { resetTransports } from '@/server/kernel/mail-transport';
import { deliverCampaignMessages } from '@/server/sending/sender';
import { clickUrl, openUrl } from '@/server/mail/link-tokens';
import { POST as sendMails } from '@/app/api/MailSend/sendMails/route';
import { POST as sendTest } from '@/app/api/MailSend/sendTest/route';
import { GET as getSendSummary } from '@/app/api/MailSend/getSendSummary/route';
import { GET as getSendingResults } from '@/app/api/MailSend/getSendingResults/route';
import { GET as getTemplateResults } from '@/app/api/MailSend/getTemplateResults/route';
import { GET as trackOpen } from '@/app/api/track/open/route';
import { GET as trackClick } from '@/app/api/track/click/route';
import { PUT as rescheduleSending } from '@/app/api/MailSend/rescheduleSending/route';
import { PUT as cancelScheduledSending } from '@/app/api/MailSend/cancelScheduledSending/route';
import { PUT as setFollowUp } from '@/app/api/MailSend/setFollowUp/route';
import { PUT as cancelFollowUp } from '@/app/api/MailSend/cancelFollowUp/route';
import { utcToBucharestLocal } from '@/lib/sending/schedule';
import { applySendingWindows } from '@/server/sending/schedule';
import { VERIFICATION_TEXT } from '@/server/auth/verification';
import { call, isolateMail, uniq } from './support/auth';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { callAs, dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { addCompaniesToGroup, addContact, addressBook, createDraft, createGroup, deleteContacts, designContent, pickCompanies } from '../factories/sending';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

let received: ParsedMail[] = [];
let sink: SmtpSink;
let who: Actors, member: TestUser;
let groupId: number, otherGroupId: number, templateId: number;
let companies: { cui: number; name: string }[];
const id = uniq();
const { emails, addr } = addressBook(id);
const saved = { from: env.CAMPAIGN_FROM, open: env.MAIL_MIN_OPEN_SECONDS, click: env.MAIL_MIN_CLICK_SECONDS };

beforeAll(async () => {
  sink = await startSmtpSink((mail) => received.push(mail));
  env.CAMPAIGN_SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
  env.CAMPAIGN_FROM = 'RadarFirme Campanii <campanii@radarfirme.ro>';
  env.MAIL_RATE_PER_MINUTE = 100_000;
  env.MAIL_MIN_OPEN_SECONDS = 0;
  env.MAIL_MIN_CLICK_SECONDS = 0;
  isolateMail();
  resetTransports();
  who = await makeActors();
  await sql(`UPDATE app_user SET user_name = $2 WHERE id = $1`, [who.owner.id, `Ana "Popescu" ${id}`]);
  member = await createUser();
  groupId = await createGroup(who.owner.id, { members: [{ userId: member.id }] });
  otherGroupId = await createGroup(who.owner.id);
  companies = await pickCompanies(3, 200);
  await addCompaniesToGroup(groupId, [companies[0].cui, companies[1].cui], who.owner.id);
  await addCompaniesToGroup(otherGroupId, [companies[2].cui], who.owner.id);
  await addContact(companies[0].cui, addr('ana'), { name: 'Ana Ionescu' });
  await addContact(companies[1].cui, addr('bogdan'));
  await addContact(companies[2].cui, addr('carmen'));
  const [t] = await sql<{ id: number }>(`INSERT INTO mail_template (name, content, owner_id, updated_at) VALUES ($1, $3, $2, now()) RETURNING id`, [
    `Ofertă ${id}`,
    who.owner.id,
    designContent(),
  ]);
  templateId = t.id;
});

afterAll(async () => {
  resetTransports();
  env.CAMPAIGN_FROM = saved.from;
  env.MAIL_MIN_OPEN_SECONDS = saved.open;
  env.MAIL_MIN_CLICK_SECONDS = saved.click;
  await sink.close();
  await deleteContacts(emails);
  await sql(`DELETE FROM mail_template WHERE id = $1`, [templateId]);
  await dropActors(who);
  await deleteUsers(member);
});

beforeEach(() => {
  received = [];
});

const draftOver = async () => {
  const draftId = await createDraft(who.owner.id, [
    { cui: companies[0].cui, groupId },
    { cui: companies[1].cui, groupId },
    { cui: companies[2].cui, groupId: otherGroupId },
  ]);
  await sql(`UPDATE grouped_mail SET template_id = $2 WHERE id = $1`, [draftId, templateId]);
  return draftId;
};
const header = (m: ParsedMail, key: string) => m.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n\s+/g, ' ') ?? '';

describe('sender identity', () => {
  test('From is the platform address with the author\'s name; Reply-To is the author\'s confirmed address; the draft page shows both', async () => {
    const draftId = await draftOver();
    const summary = await call(getSendSummary, `/api/MailSend/getSendSummary?groupedMailId=${draftId}`, { token: await tokenOf(who.owner) });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ From: `Ana Popescu ${id} prin RadarFirme <campanii@radarfirme.ro>`, ReplyTo: who.owner.email });

    expect((await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId }, token: await tokenOf(who.owner) })).status).toBe(200);
    await deliverCampaignMessages({ timeBudgetMs: 20_000 });
    expect(received).toHaveLength(3);
    for (const m of received) {
      expect(m.from?.value).toEqual([{ name: `Ana Popescu ${id} prin RadarFirme`, address: 'campanii@radarfirme.ro' }]);
      expect(m.replyTo?.value).toEqual([{ name: '', address: who.owner.email }]);
      // The display name cannot break out of the header: the quote typed in the name is gone.
      expect(header(m, 'from')).not.toContain('"Popescu"');
    }
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });
});

describe('test send', () => {
  test('the author alone sends a test, to their own address, with the chosen company\'s merge fields; it is not a sending', async () => {
    const draftId = await draftOver();
    const body = { MailDraftId: draftId, Cui: companies[0].cui };
    const statuses = await statusesAs(who, () => ({ handler: sendTest, path: '/api/MailSend/sendTest', body }));
    expect(statuses).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    // A member of the draft's group is not its author either.
    const asMember = await call(sendTest, '/api/MailSend/sendTest', { body, token: await tokenOf(member) });
    expect(asMember.status).toBe(404);

    expect(received).toHaveLength(1);
    const [m] = received;
    expect((m.to as { text: string }).text).toBe(who.owner.email);
    expect(m.subject).toBe(`[Test] Ofertă pentru ${companies[0].name}`);
    expect(m.html).toContain('Ana Ionescu');
    expect(m.html).toContain(`CUI ${companies[0].cui}`);
    expect(m.replyTo?.value[0].address).toBe(who.owner.email);
    // Links are not tracked, and no company address received anything.
    expect(m.html).toContain('href="https://exemplu.ro/contact"');
    expect(m.html).not.toContain('/api/track/open');
    const [d] = await sql<{ sent_on: Date | null; n: number }>(
      `SELECT gm.sent_on, (SELECT count(*)::int FROM mail_send WHERE grouped_mail_id = gm.id) AS n FROM grouped_mail gm WHERE gm.id = $1`,
      [draftId],
    );
    expect(d).toEqual({ sent_on: null, n: 0 });
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });

  test('a company outside the draft, bad input or an unconfirmed address is refused with a clear 4xx', async () => {
    const draftId = await draftOver();
    const [outside] = await pickCompanies(1, 900);
    const token = await tokenOf(who.owner);
    const r = await call(sendTest, '/api/MailSend/sendTest', { body: { MailDraftId: draftId, Cui: outside.cui }, token });
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe('Alegeți o firmă din lista draft-ului.');
    expect((await call(sendTest, '/api/MailSend/sendTest', { body: { MailDraftId: draftId, Cui: 'abc' }, token })).status).toBe(400);

    const unconfirmed = await createUser({ emailVerified: false });
    const own = await createDraft(unconfirmed.id, [{ cui: companies[0].cui }]);
    const u = await call(sendTest, '/api/MailSend/sendTest', { body: { MailDraftId: own, Cui: companies[0].cui }, token: await tokenOf(unconfirmed) });
    expect(u.status).toBe(403);
    expect(received).toHaveLength(0);
    await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [[draftId, own]]);
    await deleteUsers(unconfirmed);
  });
});

describe('results', () => {
  let draftId: number;
  let rows: { id: number; email: string; tracking_id: string }[];

  beforeAll(async () => {
    draftId = await draftOver();
    expect((await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId }, token: await tokenOf(who.owner) })).status).toBe(200);
    await deliverCampaignMessages({ timeBudgetMs: 20_000 });
    rows = await sql(`SELECT id, email, tracking_id::text FROM mail_send WHERE grouped_mail_id = $1 ORDER BY email`, [draftId]);
    const [ana, bogdan, carmen] = rows;
    const hit = async (handler: typeof trackOpen, url: string, ua = BROWSER_UA) => {
      const u = new URL(url);
      await call(handler, u.pathname + u.search, { headers: { 'user-agent': ua } });
    };
    await hit(trackOpen, openUrl(ana.tracking_id));
    await hit(trackClick, clickUrl(ana.tracking_id, 'https://exemplu.ro/contact'));
    await hit(trackClick, clickUrl(ana.tracking_id, 'https://exemplu.ro/contact'));
    await hit(trackClick, clickUrl(bogdan.tracking_id, 'https://exemplu.ro/oferta?a=1&b=2'));
    // A scanner's click is stored but never counted.
    await hit(trackClick, clickUrl(carmen.tracking_id, 'https://exemplu.ro/contact'), 'python-requests/2.32');
    await sql(`INSERT INTO mail_suppression (email, reason, mail_send_id) VALUES ($1, 'Unsubscribe', $2)`, [carmen.email, carmen.id]);
  });

  afterAll(async () => {
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
    await sql(`DELETE FROM mail_suppression WHERE email = $1`, [rows[2].email]);
  });

  test('a sending: counts, rates over the delivered, clicks per link, a timeline; the author sees it all, a member their group', async () => {
    const path = `/api/MailSend/getSendingResults?groupedMailId=${draftId}`;
    expect(await statusesAs(who, () => ({ handler: getSendingResults, path }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    const r = await callAs('owner', who, () => ({ handler: getSendingResults, path }));
    expect(r.body.Counts).toEqual({
      Total: 3, Queued: 0, Sent: 3, Deferred: 0, Failed: 0, Suppressed: 0, Bounced: 0, Complaints: 0, Opened: 2, Clicked: 2, Unsubscribed: 1,
    });
    expect(r.body.Rates).toEqual({ Opened: 0.667, Clicked: 0.667, Bounced: 0, Unsubscribed: 0.333 });
    expect(r.body.IsRunning).toBe(false);
    expect(r.body.TemplateName).toBe(`Ofertă ${id}`);
    expect(r.body.Links).toEqual([
      { Url: 'https://exemplu.ro/contact', Clicks: 2, Recipients: 1 },
      { Url: 'https://exemplu.ro/oferta?a=1&b=2', Clicks: 1, Recipients: 1 },
    ]);
    const timeline = r.body.Timeline as { At: string; Opened: number; Clicked: number }[];
    expect(timeline.reduce((n, t) => n + t.Opened, 0)).toBe(2);
    expect(timeline.reduce((n, t) => n + t.Clicked, 0)).toBe(2);

    // The member of the first group reads the two messages sent to it, not Carmen's.
    const m = await call(getSendingResults, path, { token: await tokenOf(member) });
    expect(m.status).toBe(200);
    expect(m.body.Counts).toMatchObject({ Total: 2, Sent: 2, Opened: 2, Unsubscribed: 0 });
    expect((await call(getSendingResults, '/api/MailSend/getSendingResults?groupedMailId=x', { token: await tokenOf(who.owner) })).status).toBe(400);
  });

  test('a template: the same rates across its sendings', async () => {
    const path = `/api/MailSend/getTemplateResults?templateId=${templateId}`;
    expect(await statusesAs(who, () => ({ handler: getTemplateResults, path }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    const r = await callAs('owner', who, () => ({ handler: getTemplateResults, path }));
    expect(r.body.Sendings.map((s: { GroupedMailId: number }) => s.GroupedMailId)).toContain(draftId);
    expect(r.body.Counts).toMatchObject({ Sent: 3, Opened: 2, Clicked: 2, Unsubscribed: 1 });
    expect(r.body.Rates.Opened).toBe(0.667);
    const m = await call(getTemplateResults, path, { token: await tokenOf(member) });
    expect(m.status).toBe(200);
    expect(m.body.Counts).toMatchObject({ Sent: 2 });
  });
});

describe('scheduling', () => {
  const inMinutes = (n: number) => utcToBucharestLocal(new Date(Date.now() + n * 60_000));
  const dueOf = (draftId: number) =>
    sql<{ due: Date; status: string }>(`SELECT next_attempt::timestamptz AS due, status FROM mail_send WHERE grouped_mail_id = $1`, [draftId]);
  const schedule = async (draftId: number, at: string, extra: Record<string, unknown> = {}) =>
    call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId, ScheduledAt: at, ...extra }, token: await tokenOf(who.owner) });

  test('a sending scheduled at a Bucharest time is queued with every message due then; nothing leaves before', async () => {
    const draftId = await draftOver();
    const at = inMinutes(120);
    const r = await schedule(draftId, at);
    expect(r.status).toBe(200);
    const rows = await dueOf(draftId);
    expect(rows).toHaveLength(3);
    // The minute typed, in Bucharest time, is the instant the messages become due.
    for (const row of rows) expect(utcToBucharestLocal(row.due)).toBe(at);
    await deliverCampaignMessages({ timeBudgetMs: 5_000 });
    expect(received.filter((m) => (m.to as { text: string }).text.includes(id))).toHaveLength(0);
    const res = await call(getSendingResults, `/api/MailSend/getSendingResults?groupedMailId=${draftId}`, { token: await tokenOf(who.owner) });
    expect(res.body).toMatchObject({ CanChangeSchedule: true, IsRunning: true, Counts: { Queued: 3, Sent: 0 } });
    // When the time comes (here: moved into the past by hand), the next sender cycle sends them.
    await sql(`UPDATE mail_send SET next_attempt = now() WHERE grouped_mail_id = $1`, [draftId]);
    await sql(`UPDATE grouped_mail SET scheduled_for = now() WHERE id = $1`, [draftId]);
    await deliverCampaignMessages({ timeBudgetMs: 20_000 });
    expect(received).toHaveLength(3);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });

  test('a time in the past, one that does not exist (summer time) or a malformed one is a clear 400', async () => {
    const draftId = await draftOver();
    const past = await schedule(draftId, inMinutes(-5));
    expect(past.status).toBe(400);
    expect(past.body.Message).toBe('Alegeți o dată și o oră din viitor.');
    const gap = await schedule(draftId, '2027-03-28T03:30');
    expect(gap.status).toBe(400);
    expect(gap.body.Message).toMatch(/nu există în România/);
    expect((await schedule(draftId, 'mâine la 9')).status).toBe(400);
    expect(await dueOf(draftId)).toHaveLength(0);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });

  test('the author moves or cancels a scheduled sending until it starts; nobody else can', async () => {
    const draftId = await draftOver();
    expect((await schedule(draftId, inMinutes(60))).status).toBe(200);
    const later = inMinutes(180);
    const move = () => ({ handler: rescheduleSending, path: '/api/MailSend/rescheduleSending', method: 'PUT', body: { MailDraftId: draftId, ScheduledAt: later } });
    expect(await statusesAs(who, move)).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    expect((await call(rescheduleSending, '/api/MailSend/rescheduleSending', { method: 'PUT', body: move().body, token: await tokenOf(member) })).status).toBe(404);
    for (const row of await dueOf(draftId)) expect(utcToBucharestLocal(row.due)).toBe(later);

    const cancel = () => ({ handler: cancelScheduledSending, path: '/api/MailSend/cancelScheduledSending', method: 'PUT', body: { MailDraftId: draftId } });
    expect(await statusesAs(who, cancel)).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    expect(await dueOf(draftId)).toHaveLength(0);
    const [d] = await sql<{ sent_on: Date | null; scheduled_for: Date | null }>(`SELECT sent_on, scheduled_for FROM grouped_mail WHERE id = $1`, [draftId]);
    expect(d).toEqual({ sent_on: null, scheduled_for: null });
    // A draft again: it can be sent now.
    expect((await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId }, token: await tokenOf(who.owner) })).status).toBe(200);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });

  test('once a message was taken, or for a sending that was not scheduled, moving and cancelling answer 409', async () => {
    const draftId = await draftOver();
    expect((await schedule(draftId, inMinutes(60))).status).toBe(200);
    await sql(`UPDATE mail_send SET attempts = 1 WHERE id = (SELECT min(id) FROM mail_send WHERE grouped_mail_id = $1)`, [draftId]);
    const r = await call(cancelScheduledSending, '/api/MailSend/cancelScheduledSending', { method: 'PUT', body: { MailDraftId: draftId }, token: await tokenOf(who.owner) });
    expect(r.status).toBe(409);
    expect(r.body.Message).toMatch(/a început deja/);
    expect(await dueOf(draftId)).toHaveLength(3);
    const now = await draftOver();
    expect((await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: now }, token: await tokenOf(who.owner) })).status).toBe(200);
    const m = await call(rescheduleSending, '/api/MailSend/rescheduleSending', { method: 'PUT', body: { MailDraftId: now, ScheduledAt: inMinutes(60) }, token: await tokenOf(who.owner) });
    expect(m.status).toBe(409);
    await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [[draftId, now]]);
  });

  test('an author whose address is no longer confirmed cannot move a sending or set its follow-up (403), and can still cancel it', async () => {
    const draftId = await draftOver();
    expect((await schedule(draftId, inMinutes(60))).status).toBe(200);
    // An e-mail change clears the confirmation (server/users/commands.ts).
    await sql(`UPDATE app_user SET email_verified = NULL WHERE id = $1`, [who.owner.id]);
    try {
      const token = await tokenOf(who.owner);
      const moved = await call(rescheduleSending, '/api/MailSend/rescheduleSending', { method: 'PUT', body: { MailDraftId: draftId, ScheduledAt: inMinutes(180) }, token });
      expect(moved.status).toBe(403);
      expect(moved.body.Message).toBe(VERIFICATION_TEXT.required);
      const followUp = await call(setFollowUp, '/api/MailSend/setFollowUp', { method: 'PUT', body: { GroupedMailId: draftId, MailTemplateId: templateId, Days: 3, Condition: 'NotOpened' }, token });
      expect(followUp.status).toBe(403);
      expect(await sql(`SELECT 1 FROM campaign_follow_up WHERE grouped_mail_id = $1`, [draftId])).toHaveLength(0);
      // Another user's sending still answers as a missing one, whatever their own address.
      expect((await call(rescheduleSending, '/api/MailSend/rescheduleSending', { method: 'PUT', body: { MailDraftId: draftId, ScheduledAt: inMinutes(180) }, token: await tokenOf(member) })).status).toBe(404);
      // Stopping mail is never refused to its author.
      expect((await call(cancelScheduledSending, '/api/MailSend/cancelScheduledSending', { method: 'PUT', body: { MailDraftId: draftId }, token })).status).toBe(200);
      expect(await dueOf(draftId)).toHaveLength(0);
    } finally {
      await sql(`UPDATE app_user SET email_verified = now() WHERE id = $1`, [who.owner.id]);
      await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
    }
  });

  test('outside the sending window the due messages wait for the next opening; inside they leave', async () => {
    const draftId = await draftOver();
    expect((await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId, UseWindow: true }, token: await tokenOf(who.owner) })).status).toBe(200);
    // Saturday noon, Bucharest time: the window (weekdays 9–17) opens on Monday at 9:00.
    await sql(`UPDATE mail_send SET next_attempt = now() - interval '1 minute' WHERE grouped_mail_id = $1`, [draftId]);
    const saturday = new Date('2026-11-28T10:00:00.000Z');
    expect(await applySendingWindows(saturday)).toBe(3);
    for (const row of await dueOf(draftId)) expect(row.due.toISOString()).toBe('2026-11-30T07:00:00.000Z');
    // Inside the window nothing moves.
    await sql(`UPDATE mail_send SET next_attempt = now() - interval '1 minute' WHERE grouped_mail_id = $1`, [draftId]);
    expect(await applySendingWindows(new Date('2026-11-30T08:00:00.000Z'))).toBe(0);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });
});

describe('follow-up', () => {
  test('N days later the follow-up goes only to those who did not open, leaving out who unsubscribed or bounced meanwhile', async () => {
    const draftId = await draftOver();
    expect((await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId }, token: await tokenOf(who.owner) })).status).toBe(200);
    await deliverCampaignMessages({ timeBudgetMs: 20_000 });
    const rows = await sql<{ id: number; email: string; tracking_id: string }>(`SELECT id, email, tracking_id::text FROM mail_send WHERE grouped_mail_id = $1 ORDER BY email`, [draftId]);
    const [ana, bogdan, carmen] = rows;
    const u = new URL(openUrl(ana.tracking_id));
    await call(trackOpen, u.pathname + u.search, { headers: { 'user-agent': BROWSER_UA } });

    const body = { GroupedMailId: draftId, MailTemplateId: templateId, Days: 3, Condition: 'NotOpened' };
    const set = () => ({ handler: setFollowUp, path: '/api/MailSend/setFollowUp', method: 'PUT', body });
    expect(await statusesAs(who, set)).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    expect((await call(setFollowUp, '/api/MailSend/setFollowUp', { method: 'PUT', body, token: await tokenOf(member) })).status).toBe(404);
    // Another user's template cannot be the follow-up.
    const [foreign] = await sql<{ id: number }>(`INSERT INTO mail_template (name, content, owner_id, updated_at) VALUES ('Străin', '{}', $1, now()) RETURNING id`, [who.other.id]);
    expect((await call(setFollowUp, '/api/MailSend/setFollowUp', { method: 'PUT', body: { ...body, MailTemplateId: foreign.id }, token: await tokenOf(who.owner) })).status).toBe(404);
    expect((await call(setFollowUp, '/api/MailSend/setFollowUp', { method: 'PUT', body: { ...body, Days: 0 }, token: await tokenOf(who.owner) })).status).toBe(400);

    // Meanwhile Carmen unsubscribes; not yet due: nothing happens.
    await sql(`INSERT INTO mail_suppression (email, reason, mail_send_id) VALUES ($1, 'Unsubscribe', $2)`, [carmen.email, carmen.id]);
    received = [];
    await deliverCampaignMessages({ timeBudgetMs: 5_000 });
    expect(received).toHaveLength(0);

    // Three days later (moved by hand): the follow-up is a sending of its own, to Bogdan only.
    await sql(`UPDATE campaign_follow_up SET due_at = now() - interval '1 second' WHERE grouped_mail_id = $1`, [draftId]);
    await deliverCampaignMessages({ timeBudgetMs: 20_000 });
    expect(received.map((m) => (m.to as { text: string }).text)).toEqual([bogdan.email]);
    expect(received[0].subject).toBe(`Ofertă ${id}`);
    const res = await call(getSendingResults, `/api/MailSend/getSendingResults?groupedMailId=${draftId}`, { token: await tokenOf(who.owner) });
    expect(res.body.FollowUp).toMatchObject({ Status: 'Done', Days: 3, Condition: 'NotOpened', TemplateName: `Ofertă ${id}` });
    const followUp = res.body.FollowUp.FollowUpMailId as number;
    const again = await call(getSendingResults, `/api/MailSend/getSendingResults?groupedMailId=${followUp}`, { token: await tokenOf(member) });
    expect(again.body.Counts).toMatchObject({ Total: 1, Sent: 1 });
    // Done: it cannot be changed any more, and a second cycle sends nothing more.
    expect((await call(setFollowUp, '/api/MailSend/setFollowUp', { method: 'PUT', body, token: await tokenOf(who.owner) })).status).toBe(409);
    received = [];
    await deliverCampaignMessages({ timeBudgetMs: 5_000 });
    expect(received).toHaveLength(0);
    await sql(`DELETE FROM mail_suppression WHERE email = $1`, [carmen.email]);
    await sql(`DELETE FROM campaign_follow_up WHERE grouped_mail_id = $1`, [draftId]);
    await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [[draftId, followUp]]);
    await sql(`DELETE FROM mail_template WHERE id = $1`, [foreign.id]);
  });

  test('a cancelled follow-up sends nothing; cancelling is the author\'s alone', async () => {
    const draftId = await draftOver();
    expect((await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId }, token: await tokenOf(who.owner) })).status).toBe(200);
    await deliverCampaignMessages({ timeBudgetMs: 20_000 });
    const body = { GroupedMailId: draftId, MailTemplateId: templateId, Days: 1, Condition: 'NotClicked' };
    expect((await call(setFollowUp, '/api/MailSend/setFollowUp', { method: 'PUT', body, token: await tokenOf(who.owner) })).status).toBe(200);
    const cancel = () => ({ handler: cancelFollowUp, path: '/api/MailSend/cancelFollowUp', method: 'PUT', body: { GroupedMailId: draftId } });
    expect(await statusesAs(who, cancel)).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    await sql(`UPDATE campaign_follow_up SET due_at = now() - interval '1 second' WHERE grouped_mail_id = $1`, [draftId]);
    received = [];
    await deliverCampaignMessages({ timeBudgetMs: 5_000 });
    expect(received).toHaveLength(0);
    await sql(`DELETE FROM campaign_follow_up WHERE grouped_mail_id = $1`, [draftId]);
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  });
});
