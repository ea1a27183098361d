// Retention of campaign tracking (issue 30, docs/decisions/060): the job deletes exactly the
// per-person opens and clicks older than the period, keeps their counted ones as daily totals per
// sending, leaves the delivery log and the newer rows alone, and a second run changes nothing.
// Also the recipient notice each campaign message carries.
import { POST as cronRoute } from '@/app/api/cron/privacy-retention/route';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { applyTrackingRetention, applyTrackingRetentionDaily, retentionCutoff } from '@/server/personal-data/retention';
import { composeMessage } from '@/server/sending/compose';
import { call } from './support/auth';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { designContent } from '../factories/sending';
import { createGroup } from '../factories/groups';
import { INVITATION_KEEP_DAYS } from '@/server/groups/invitations';

let author: TestUser;
let gm: number;
let sends: number[];
const NOW = new Date('2030-06-15T12:00:00Z');
const cutoff = retentionCutoff(NOW, 12);
const at = (ms: number) => new Date(cutoff.getTime() + ms).toISOString();
const ids: Record<string, number> = {};

beforeAll(async () => {
  author = await createUser();
  [{ id: gm }] = await sql<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id, sent_on) VALUES ('Retenție', '{}', $1, now()) RETURNING id`, [author.id]);
  const [{ cui }] = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 1`);
  sends = (
    await sql<{ id: number }>(
      `INSERT INTO mail_send (grouped_mail_id, cui, email, status, message_id, tracking_id) VALUES
         ($1, $2, 'a@retentie.ro', 'Deschis', '<a@r>', gen_random_uuid()), ($1, $2, 'b@retentie.ro', 'Interactionat', '<b@r>', gen_random_uuid()) RETURNING id`,
      [gm, cui],
    )
  ).map((r) => r.id);
  const add = async (key: string, send: number, status: string, when: string, filtered: string | null = null) => {
    const [r] = await sql<{ id: number }>(
      `INSERT INTO mail_status_event (mail_send_id, status, filtered, user_agent, created_at) VALUES ($1, $2, $3, 'Mozilla/5.0', $4) RETURNING id`,
      [send, status, filtered, when],
    );
    ids[key] = r.id;
  };
  await add('oldOpenA', sends[0], 'Deschis', at(-1000));
  await add('oldOpenB', sends[1], 'Deschis', at(-2000));
  await add('oldClick', sends[1], 'Interactionat', at(-3000));
  await add('oldMachineOpen', sends[0], 'Deschis', at(-4000), 'bot');
  await add('oldSent', sends[0], 'Trimis', at(-86_400_000));
  await add('newOpen', sends[0], 'Deschis', at(1000));
  await add('newClick', sends[1], 'Interactionat', at(1000));
});

afterAll(async () => {
  await sql(`DELETE FROM grouped_mail WHERE id = $1`, [gm]);
  await sql(`DELETE FROM mail_event_daily WHERE grouped_mail_id = $1`, [gm]);
  await deleteUsers(author);
});

const left = async () => (await sql<{ id: number }>(`SELECT id FROM mail_status_event WHERE mail_send_id = ANY($1::int[]) ORDER BY id`, [sends])).map((r) => r.id);
const totals = async () => sql<{ day: string; status: string; count: number }>(`SELECT day::text, status, count FROM mail_event_daily WHERE grouped_mail_id = $1 ORDER BY status`, [gm]);

test('deletes exactly the opens and clicks older than the period, and keeps their daily totals', async () => {
  const r = await applyTrackingRetention({ now: NOW, months: 12 });
  expect(r.cutoff).toBe('2029-06-15T12:00:00.000Z');
  expect(await left()).toEqual([ids.oldSent, ids.newOpen, ids.newClick].sort((a, b) => a - b));
  const day = cutoff.toISOString().slice(0, 10);
  // The machine open is deleted too, but it was never counted.
  expect(await totals()).toEqual([
    { day, status: 'Deschis', count: 2 },
    { day, status: 'Interactionat', count: 1 },
  ]);
  // The messages keep their outcome.
  expect((await sql<{ status: string }>(`SELECT status FROM mail_send WHERE id = ANY($1::int[]) ORDER BY id`, [sends])).map((s) => s.status)).toEqual(['Deschis', 'Interactionat']);

  const again = await applyTrackingRetention({ now: NOW, months: 12 });
  expect(again.deleted).toBe(0);
  expect((await totals()).map((t) => t.count)).toEqual([2, 1]);
});

test('the period comes from TRACKING_RETENTION_MONTHS (default 12)', async () => {
  expect(env.TRACKING_RETENTION_MONTHS).toBe(12);
  // A 1-month period from the same moment reaches the newer rows too.
  await applyTrackingRetention({ now: NOW, months: 1 });
  expect(await left()).toEqual([ids.oldSent]);
});

test('the cron endpoint refuses a caller without the secret', async () => {
  const saved = env.CRON_SECRET;
  env.CRON_SECRET = 'secret-de-test';
  try {
    expect((await call(cronRoute, '/api/cron/privacy-retention', { method: 'POST' })).status).toBe(401);
    expect((await call(cronRoute, '/api/cron/privacy-retention', { method: 'POST', headers: { authorization: 'Bearer secret-de-test' } })).status).toBe(200);
  } finally {
    env.CRON_SECRET = saved;
  }
});

test('every campaign message says who sent it, why, and how to object', async () => {
  const m = await composeMessage({
    content: designContent(),
    values: { CompanyName: 'Exemplu SRL', Cui: '1', County: 'Cluj', CaenActivity: '', ContactName: '' },
    trackingId: '00000000-0000-4000-8000-000000000000',
    tracking: false,
    senderName: 'Ana Vânzări',
  });
  for (const body of [m.text, m.html]) {
    expect(body).toContain('Ana Vânzări, utilizator RadarFirme');
    expect(body).toContain('datele publice ale firmei Exemplu SRL');
    expect(body).toContain('interesul legitim');
    expect(body).toContain('nu mai primește mesaje de la niciun utilizator RadarFirme');
  }
  expect(m.text).toMatch(/Dezabonare: \S+\/dezabonare\?t=/);
});

test("the sender's loop runs the retention once a day, not at every cycle", async () => {
  const start = Date.now() + 48 * 3600_000; // a day this process has not run it yet
  expect(await applyTrackingRetentionDaily(start)).not.toBeNull();
  expect(await applyTrackingRetentionDaily(start + 3600_000)).toBeNull();
  expect(await applyTrackingRetentionDaily(start + 25 * 3600_000)).not.toBeNull();
});

test('invitations are purged after their lifetime (decision 086): the rows past INVITATION_KEEP_DAYS, the quota ledger past its day', async () => {
  const inviter = await createUser();
  const group = await createGroup(inviter, `Grup retenție ${inviter.id}`);
  const mark = `retentie-${inviter.id}`;
  const invite = (label: string, daysAgo: number, status: string) =>
    sql(`INSERT INTO group_invitation (id, group_id, email, access, invited_by_id, status, created_at) VALUES (gen_random_uuid(), $1, $2, 'View', $3, $4, now() - make_interval(days => $5))`, [group.id, `${label}.${mark}@exemplu-test.ro`, inviter.id, status, daysAgo]);
  await invite('vechi-deschisa', INVITATION_KEEP_DAYS + 1, 'Pending');
  await invite('veche-acceptata', INVITATION_KEEP_DAYS + 1, 'Accepted');
  await invite('recenta', INVITATION_KEEP_DAYS - 1, 'Rejected');
  await invite('noua', 1, 'Pending');
  const ledger = (label: string, hoursAgo: number) =>
    sql(`INSERT INTO invitation_mail (invited_by_id, email, created_at) VALUES ($1, $2, now() - make_interval(hours => $3))`, [inviter.id, `${label}.${mark}@exemplu-test.ro`, hoursAgo]);
  await ledger('cota-veche', 49);
  await ledger('cota-azi', 2);

  const saved = env.CRON_SECRET;
  env.CRON_SECRET = 'secret-de-test-invitatii';
  const r = await call(cronRoute, '/api/cron/privacy-retention', { method: 'POST', headers: { authorization: 'Bearer secret-de-test-invitatii' } });
  env.CRON_SECRET = saved;
  expect(r.status).toBe(200);
  expect(r.body.InvitationsDeleted).toBeGreaterThanOrEqual(2);
  expect(r.body.InvitationMailsDeleted).toBeGreaterThanOrEqual(1);
  const left = await sql<{ email: string }>(`SELECT email FROM group_invitation WHERE email LIKE $1 ORDER BY email`, [`%${mark}%`]);
  expect(left.map((x) => x.email.split('.')[0])).toEqual(['noua', 'recenta']);
  const leftLedger = await sql<{ email: string }>(`SELECT email FROM invitation_mail WHERE email LIKE $1`, [`%${mark}%`]);
  expect(leftLedger.map((x) => x.email.split('.')[0])).toEqual(['cota-azi']);
});
