// The application clock tests can move (issue 47, docs/decisions/089-a-clock-tests-can-move.md):
// a scheduled sending becomes due when the clock passes its minute, not before and without waiting
// for real time; a follow-up N days later the same way; digests and retention read the same
// clock; and the endpoint the e2e specs move it through answers only the e2e server on loopback.
import type { ParsedMail } from 'mailparser';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { clockNow, clockOffsetMs, nowSql, setClockOffset } from '@/server/kernel/clock';
import { resetTransports } from '@/server/kernel/mail-transport';
import { deliverCampaignMessages } from '@/server/sending/sender';
import { POST as sendMails } from '@/app/api/MailSend/sendMails/route';
import { GET as getSendingResults } from '@/app/api/MailSend/getSendingResults/route';
import { PUT as setFollowUp } from '@/app/api/MailSend/setFollowUp/route';
import { POST as moveClock } from '@/app/api/cron/test-clock/route';
import { bucharestToUtc, utcToBucharestLocal } from '@/lib/sending/schedule';
import { applyNotificationRetention } from '@/server/watch/retention';
import { signVerificationToken, verifyEmailToken } from '@/server/auth/verification';
import { createUser, deleteUsers } from '../factories/users';
import { call, isolateMail, uniq } from './support/auth';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { dropActors, makeActors, tokenOf, type Actors } from './support/authz';
import { addCompaniesToGroup, addContact, addressBook, createDraft, createGroup, deleteContacts, designContent, pickCompanies } from '../factories/sending';

let received: ParsedMail[] = [];
let sink: SmtpSink;
let who: Actors;
let groupId: number, templateId: number;
let companies: { cui: number; name: string }[];
const id = uniq();
const { emails, addr } = addressBook(id);
const saved = { rate: env.MAIL_RATE_PER_MINUTE, open: env.MAIL_MIN_OPEN_SECONDS, testClock: env.TEST_CLOCK, cron: env.CRON_SECRET };
const MINUTE = 60_000;

beforeAll(async () => {
  sink = await startSmtpSink((mail) => received.push(mail));
  env.CAMPAIGN_SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
  env.MAIL_RATE_PER_MINUTE = 100_000;
  env.MAIL_MIN_OPEN_SECONDS = 0;
  isolateMail();
  resetTransports();
  who = await makeActors();
  groupId = await createGroup(who.owner.id);
  companies = await pickCompanies(2, 200);
  await addCompaniesToGroup(groupId, companies.map((c) => c.cui), who.owner.id);
  await addContact(companies[0].cui, addr('ana'));
  await addContact(companies[1].cui, addr('bogdan'));
  const [t] = await sql<{ id: number }>(`INSERT INTO mail_template (name, content, owner_id, updated_at) VALUES ($1, $3, $2, now()) RETURNING id`, [
    `Revenire ${id}`,
    who.owner.id,
    designContent(),
  ]);
  templateId = t.id;
});

afterEach(() => {
  setClockOffset(0);
  env.TEST_CLOCK = saved.testClock;
  env.CRON_SECRET = saved.cron;
});

afterAll(async () => {
  resetTransports();
  env.MAIL_RATE_PER_MINUTE = saved.rate;
  env.MAIL_MIN_OPEN_SECONDS = saved.open;
  await sink.close();
  await deleteContacts(emails);
  await sql(`DELETE FROM mail_template WHERE id = $1`, [templateId]);
  await dropActors(who);
});

const mine = () => received.filter((m) => emails.includes((m.to as { text: string }).text));
const draftOver = () => createDraft(who.owner.id, companies.map((c) => ({ cui: c.cui, groupId })));

test('a sending scheduled two hours ahead leaves when the clock passes its minute, not a minute before', async () => {
  const draftId = await draftOver();
  const at = utcToBucharestLocal(new Date(Date.now() + 120 * MINUTE));
  const dueAt = bucharestToUtc(at)!.getTime();
  const r = await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId, ScheduledAt: at }, token: await tokenOf(who.owner) });
  expect(r.status).toBe(200);

  // A minute before the chosen one (by the application's clock): nothing is due.
  setClockOffset(dueAt - MINUTE - Date.now());
  await deliverCampaignMessages({ timeBudgetMs: 5_000 });
  expect(mine()).toHaveLength(0);
  const before = await call(getSendingResults, `/api/MailSend/getSendingResults?groupedMailId=${draftId}`, { token: await tokenOf(who.owner) });
  expect(before.body).toMatchObject({ CanChangeSchedule: true, Counts: { Queued: 2, Sent: 0 } });

  // Past it: the next sender cycle sends both, and the schedule can no longer change.
  setClockOffset(dueAt + 1000 - Date.now());
  await deliverCampaignMessages({ timeBudgetMs: 20_000 });
  expect(mine().map((m) => (m.to as { text: string }).text).sort()).toEqual([...emails].sort());
  const after = await call(getSendingResults, `/api/MailSend/getSendingResults?groupedMailId=${draftId}`, { token: await tokenOf(who.owner) });
  expect(after.body).toMatchObject({ CanChangeSchedule: false, Counts: { Queued: 0, Sent: 2 } });
  await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
  received = [];
});

test('a follow-up set for two days later starts when the clock has moved two days, not one', async () => {
  const draftId = await draftOver();
  expect((await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId }, token: await tokenOf(who.owner) })).status).toBe(200);
  await deliverCampaignMessages({ timeBudgetMs: 20_000 });
  expect(mine()).toHaveLength(2);
  received = [];
  const body = { GroupedMailId: draftId, MailTemplateId: templateId, Days: 2, Condition: 'NotOpened' };
  expect((await call(setFollowUp, '/api/MailSend/setFollowUp', { method: 'PUT', body, token: await tokenOf(who.owner) })).status).toBe(200);

  setClockOffset(24 * 60 * MINUTE);
  await deliverCampaignMessages({ timeBudgetMs: 5_000 });
  expect(mine()).toHaveLength(0);

  setClockOffset(2 * 24 * 60 * MINUTE + MINUTE);
  await deliverCampaignMessages({ timeBudgetMs: 20_000 });
  expect(mine().map((m) => m.subject)).toEqual([`Revenire ${id}`, `Revenire ${id}`]);
  const [f] = await sql<{ follow_up_mail_id: number }>(`SELECT follow_up_mail_id FROM campaign_follow_up WHERE grouped_mail_id = $1`, [draftId]);
  await sql(`DELETE FROM campaign_follow_up WHERE grouped_mail_id = $1`, [draftId]);
  await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [[draftId, f.follow_up_mail_id]]);
  received = [];
});

test('SQL and JS read the same moved clock; retention takes its cutoff from it', async () => {
  expect(nowSql()).toBe('now()');
  const ahead = 400 * 24 * 60 * MINUTE;
  setClockOffset(ahead);
  const [{ db, real }] = await sql<{ db: Date; real: Date }>(`SELECT ${nowSql()} AS db, now() AS real`);
  expect(db.getTime() - real.getTime()).toBe(ahead);
  expect(Math.abs(clockNow().getTime() - db.getTime())).toBeLessThan(5_000);
  // Ten years of notifications kept: the cutoff shows the clock read, nothing of the shared database goes.
  const n = await applyNotificationRetention({ days: 3650 });
  expect(Math.abs(new Date(n.cutoff).getTime() - (Date.now() + ahead - 3650 * 24 * 60 * MINUTE))).toBeLessThan(5_000);
  expect(() => setClockOffset(1.5)).toThrow(/număr întreg/);
});

test('a verification link expires when the clock passes its lifetime, not before', async () => {
  const user = await createUser({ emailVerified: false });
  try {
    const token = signVerificationToken(user.id, user.email);
    setClockOffset((env.EMAIL_VERIFICATION_VALID_HOURS * 3600 + 60) * 1000);
    await expect(verifyEmailToken(token)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    setClockOffset((env.EMAIL_VERIFICATION_VALID_HOURS * 3600 - 60) * 1000);
    await expect(verifyEmailToken(token)).resolves.toMatchObject({ Message: expect.any(String) });
  } finally {
    setClockOffset(0);
    await deleteUsers(user);
  }
});

describe('POST /api/cron/test-clock', () => {
  const PEER_KEY = Symbol.for('radarfirme.front.peerKey');
  const g = globalThis as Record<symbol, unknown>;
  const move = (from: string, secret = 'clock-secret-for-the-test') =>
    call(moveClock, '/api/cron/test-clock', {
      body: { OffsetSeconds: 3600 },
      headers: { authorization: `Bearer ${secret}`, 'x-radarfirme-peer': `${String(g[PEER_KEY])} ${from}` },
    });
  let keyBefore: unknown;
  beforeAll(() => {
    keyBefore = g[PEER_KEY];
    g[PEER_KEY] ??= 'clock-test-peer-key';
  });
  afterAll(() => {
    g[PEER_KEY] = keyBefore;
  });
  beforeEach(() => {
    env.CRON_SECRET = 'clock-secret-for-the-test';
  });

  test('moves the clock only on the e2e server (TEST_CLOCK), from this machine, with the cron secret', async () => {
    env.TEST_CLOCK = false;
    expect((await move('127.0.0.1')).status).toBe(404);
    expect(clockOffsetMs()).toBe(0);
    env.TEST_CLOCK = true;
    expect((await move('203.0.113.7')).status).toBe(404);
    expect((await move('127.0.0.1', 'not-the-secret')).status).toBe(401);
    expect(clockOffsetMs()).toBe(0);
    const ok = await move('127.0.0.1');
    expect(ok.status).toBe(200);
    expect(ok.body.OffsetSeconds).toBe(3600);
    expect(clockOffsetMs()).toBe(3_600_000);
    expect(Math.abs(new Date(ok.body.Now).getTime() - (Date.now() + 3_600_000))).toBeLessThan(5_000);
  });

  test('a negative, fractional or missing offset is a 400', async () => {
    env.TEST_CLOCK = true;
    for (const body of [{ OffsetSeconds: -1 }, { OffsetSeconds: 1.5 }, {}]) {
      const r = await call(moveClock, '/api/cron/test-clock', {
        body,
        headers: { authorization: 'Bearer clock-secret-for-the-test', 'x-radarfirme-peer': `${String(g[PEER_KEY])} 127.0.0.1` },
      });
      expect(r.status).toBe(400);
    }
    expect(clockOffsetMs()).toBe(0);
  });
});
