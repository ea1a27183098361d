// Monitoring, decision 063: a queued notification mail is checked again when the outbox delivers it
// (an address suppressed, an account blocked, deleted or unsubscribed meanwhile gets nothing), and
// the retention job deletes read notifications past NOTIFICATION_RETENTION_DAYS, nothing else.
import { getPool, sql } from '@/server/kernel/db';
import { deliverQueuedMail } from '@/server/mail/outbox';
import { queueNotificationMails } from '@/server/watch/delivery';
import { fanOutRun } from '@/server/watch/fanout';
import { applyNotificationRetention } from '@/server/watch/retention';
import { POST as retentionCron } from '@/app/api/cron/privacy-retention/route';
import { call } from './support/auth';
import { env } from '@/server/kernel/env';
import { createCompany } from '../factories/companies';
import { createUser, type TestUser } from '../factories/users';

const RUN = 1_900_000_000 - Math.floor(Math.random() * 1_000_000);
let cui: number;
let otherCui: number;

async function change(kind: string, run: number, company = cui): Promise<void> {
  await sql(`INSERT INTO company_change (cui, kind, old_value, new_value, source, data_date, run_id) VALUES ($1, $2, 'A', 'B', 'onrc', '2026-10-12', $3)`, [company, kind, run]);
}

async function follower(): Promise<TestUser> {
  const u = await createUser();
  await sql(`INSERT INTO watch_company (user_id, cui) VALUES ($1, $2)`, [u.id, cui]);
  await sql(`INSERT INTO notification_preference (user_id, email_mode) VALUES ($1, 'immediate')`, [u.id]);
  return u;
}

beforeAll(async () => {
  cui = (await createCompany({ name: 'LIVRARE SRL' })).cui;
  otherCui = (await createCompany({ name: 'RETENȚIE SRL' })).cui;
});
afterAll(async () => {
  await sql(`DELETE FROM company_change WHERE cui = ANY($1)`, [[cui, otherCui]]);
});

describe('delivery of a queued notification mail', () => {
  it('sends it to a recipient who may still get it; cancels it for one suppressed, blocked, deleted or unsubscribed since', async () => {
    const fine = await follower();
    const suppressed = await follower();
    const blocked = await follower();
    const deleted = await follower();
    const unsubscribed = await follower();
    const moved = await follower();
    const everyone = [fine, suppressed, blocked, deleted, unsubscribed, moved];
    await change('status', RUN);
    expect(await fanOutRun(getPool(), RUN)).toBe(everyone.length);
    await queueNotificationMails(new Date());
    const queued = await sql<{ id: number; to: string; user_id: number }>(
      `SELECT id, "to", user_id FROM outbox_mail WHERE user_id = ANY($1) AND status = 'Queued' ORDER BY id`,
      [everyone.map((u) => u.id)],
    );
    // every one of them could get mail when it was queued, and the row names its account
    expect(queued.map((q) => q.user_id).sort()).toEqual(everyone.map((u) => u.id).sort());

    // between queueing and delivery
    await sql(`INSERT INTO mail_suppression (email, reason) VALUES ($1, 'Bounced') ON CONFLICT DO NOTHING`, [suppressed.email]);
    await sql(`UPDATE app_user SET is_blocked = true WHERE id = $1`, [blocked.id]);
    await sql(`UPDATE app_user SET is_deleted = true WHERE id = $1`, [deleted.id]);
    await sql(`UPDATE notification_preference SET email_enabled = false WHERE user_id = $1`, [unsubscribed.id]);
    await sql(`UPDATE app_user SET email = $2 WHERE id = $1`, [moved.id, `alt-${moved.email}`]);

    const report = await deliverQueuedMail({ ids: queued.map((q) => q.id) });
    expect(report).toMatchObject({ sent: 1, cancelled: 5, failed: 0, retried: 0 });
    const status = await sql<{ user_id: number; status: string }>(`SELECT user_id, status FROM outbox_mail WHERE id = ANY($1)`, [queued.map((q) => q.id)]);
    const byUser = Object.fromEntries(status.map((s) => [s.user_id, s.status]));
    expect(byUser).toEqual({
      [fine.id]: 'Sent',
      [suppressed.id]: 'Cancelled',
      [blocked.id]: 'Cancelled',
      [deleted.id]: 'Cancelled',
      [unsubscribed.id]: 'Cancelled',
      [moved.id]: 'Cancelled',
    });
    // a cancelled mail is never claimed again
    expect((await deliverQueuedMail({ ids: queued.map((q) => q.id) })).sent).toBe(0);
    await sql(`DELETE FROM mail_suppression WHERE email = $1`, [suppressed.email]);
  });

  it('leaves other mail to a suppressed address to its own rules', async () => {
    const u = await createUser();
    await sql(`INSERT INTO mail_suppression (email, reason) VALUES ($1, 'Bounced') ON CONFLICT DO NOTHING`, [u.email]);
    const [row] = await sql<{ id: number }>(
      `INSERT INTO outbox_mail ("to", subject, html, kind, user_id) VALUES ($1, 'Resetare', '<p>x</p>', 'password-reset', $2) RETURNING id`,
      [u.email, u.id],
    );
    expect(await deliverQueuedMail({ ids: [row.id] })).toMatchObject({ sent: 1, cancelled: 0 });
    await sql(`DELETE FROM mail_suppression WHERE email = $1`, [u.email]);
  });
});

describe('retention of notifications', () => {
  it('deletes read notifications older than the period; keeps unread and recent ones; runs with the retention job', async () => {
    const u = await createUser();
    await sql(`INSERT INTO watch_company (user_id, cui) VALUES ($1, $2)`, [u.id, otherCui]);
    const run = RUN - 1;
    for (const kind of ['name', 'address', 'status', 'caen']) await change(kind, run, otherCui);
    expect(await fanOutRun(getPool(), run)).toBe(4);
    const mine = () => sql<{ kind: string }>(`SELECT kind FROM notification WHERE user_id = $1 ORDER BY kind`, [u.id]);
    // name: read, 200 days old; address: read, 10 days old; status: unread, 400 days old; caen: read, 179 days old
    await sql(
      `UPDATE notification SET read_at = CASE kind WHEN 'status' THEN NULL ELSE now() END,
              created_at = now() - make_interval(days => CASE kind WHEN 'name' THEN 200 WHEN 'address' THEN 10 WHEN 'status' THEN 400 ELSE 179 END)
        WHERE user_id = $1`,
      [u.id],
    );
    const r = await applyNotificationRetention({ days: 180 });
    expect(r.deleted).toBeGreaterThanOrEqual(1);
    expect((await mine()).map((n) => n.kind)).toEqual(['address', 'caen', 'status']);
    // a shorter period, through the cron entry of the retention job (the configured default otherwise)
    expect(env.NOTIFICATION_RETENTION_DAYS).toBe(180);
    const saved = env.CRON_SECRET;
    env.CRON_SECRET = 'secret-de-test';
    (env as { NOTIFICATION_RETENTION_DAYS: number }).NOTIFICATION_RETENTION_DAYS = 5;
    try {
      const res = await call(retentionCron, '/api/cron/privacy-retention', { method: 'POST', headers: { authorization: 'Bearer secret-de-test' } });
      expect(res.status).toBe(200);
      expect(res.body.NotificationsDeleted).toBeGreaterThanOrEqual(2);
    } finally {
      env.CRON_SECRET = saved;
      (env as { NOTIFICATION_RETENTION_DAYS: number }).NOTIFICATION_RETENTION_DAYS = 180;
    }
    expect((await mine()).map((n) => n.kind)).toEqual(['status']);
    // the change facts stay (the company's public history)
    expect((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM company_change WHERE run_id = $1`, [run]))[0].n).toBe(4);
  });
});
