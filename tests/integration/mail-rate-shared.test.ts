// One mail rate for the whole deployment (issue 32, decision 052): two sender processes
// (`npm run mail:send -- --loop`) on one database share MAIL_RATE_PER_MINUTE and the per-provider
// rate, and send every message once. Before server/sending/rate.ts each process had its own rate,
// so two senders sent twice as fast.
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { maxInWindow, queueCampaign, senderSettings, sleep, startSender, startSink, waitForEmptyQueue } from '../../scripts/bench/mail-support';
import type { ChildProcess } from 'node:child_process';

jest.setTimeout(120_000);

const stopped = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));

test('two sender loops send a campaign once each, at the one global rate and the provider rate', async () => {
  const sink = await startSink();
  // 240 messages, more than one sender claims at once (100): 12 to a large provider (its own, lower
  // rate), the rest elsewhere.
  const campaign = await queueCampaign(240, `rate${Date.now().toString(36)}`, (i) => (i % 20 === 0 ? `rate-${i}@gmail.com` : `rate-${i}@firma-${i}.ro`));
  const senderEnv = senderSettings(env.DATABASE_URL, sink.port, {
    MAIL_RATE_PER_MINUTE: '1200',
    MAIL_DOMAIN_RATES: 'gmail=gmail.com,googlemail.com:240',
    MAIL_LEASE_SECONDS: '60',
  });
  const senders = [startSender(senderEnv), startSender(senderEnv)];
  try {
    await waitForEmptyQueue(campaign.draftId, 90_000);
    await sleep(300);
    const rows = await sql<{ message_id: string; status: string }>(`SELECT message_id, status FROM mail_send WHERE grouped_mail_id = $1`, [campaign.draftId]);
    expect(rows.every((r) => r.status === 'Trimis')).toBe(true);
    // Every message once: none lost, none doubled.
    expect(sink.total()).toBe(240);
    expect(sink.accepted.size).toBe(240);
    expect(rows.every((r) => sink.accepted.get(r.message_id) === 1)).toBe(true);
    // 1,200 a minute is 20 a second for both senders together (each alone would be 20 a second too,
    // 40 together): 240 messages take about 12 s, and no 2 s hold more than 40 (+8: a slot is kept
    // when it is taken; the first SMTP handshakes of a new sender can delay a few sends by some
    // hundred ms, so those arrive closer together).
    const all = sink.arrivals.map((a) => a.at);
    expect(Math.max(...all) - Math.min(...all)).toBeGreaterThanOrEqual(10_500);
    expect(maxInWindow(all, 2000)).toBeLessThanOrEqual(48);
    // gmail.com: 240 a minute, one every 250 ms.
    const gmail = sink.arrivals.filter((a) => a.to.endsWith('@gmail.com')).map((a) => a.at);
    expect(gmail).toHaveLength(12);
    expect(Math.max(...gmail) - Math.min(...gmail)).toBeGreaterThanOrEqual(2_300);
    expect(maxInWindow(gmail, 2000)).toBeLessThanOrEqual(10);
    // The slots came from the shared buckets.
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM mail_rate_slot WHERE key IN ('global', 'domain:gmail')`);
    expect(n).toBe(2);
  } finally {
    for (const s of senders) s.kill('SIGTERM');
    await Promise.all(senders.map(stopped));
    await sink.close();
    await campaign.cleanup();
  }
});

test('a saturated provider puts its messages back for later instead of holding the sender; the attempt does not count', async () => {
  const { deliverCampaignMessages } = await import('@/server/sending/sender');
  const { resetTransports } = await import('@/server/kernel/mail-transport');
  const { resetDomainRates } = await import('@/server/sending/rate');
  const sink = await startSink();
  const saved = { smtp: env.CAMPAIGN_SMTP_URL, rate: env.MAIL_RATE_PER_MINUTE, domains: env.MAIL_DOMAIN_RATES };
  const campaign = await queueCampaign(3, `defer${Date.now().toString(36)}`, (i) => `defer-${i}-${Date.now()}@slowmail.test`);
  try {
    Object.assign(env, { CAMPAIGN_SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_RATE_PER_MINUTE: 100_000, MAIL_DOMAIN_RATES: `slow${Date.now().toString(36)}=slowmail.test:1` });
    resetDomainRates();
    resetTransports();
    const started = Date.now();
    const report = await deliverCampaignMessages({ timeBudgetMs: 10_000 });
    // One a minute: the first goes, the two others wait a minute in the queue, not in the sender.
    expect(report.sent).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    const rows = await sql<{ status: string; attempts: number; due_in: number }>(
      `SELECT status, attempts, extract(epoch FROM next_attempt - now())::float8 AS due_in FROM mail_send WHERE grouped_mail_id = $1 ORDER BY id`,
      [campaign.draftId],
    );
    expect(rows.map((r) => r.status).sort()).toEqual(['Queued', 'Queued', 'Trimis']);
    const waiting = rows.filter((r) => r.status === 'Queued');
    expect(waiting.every((r) => r.attempts === 0 && r.due_in > 50 && r.due_in < 130)).toBe(true);
    expect(sink.total()).toBe(1);
  } finally {
    Object.assign(env, { CAMPAIGN_SMTP_URL: saved.smtp, MAIL_RATE_PER_MINUTE: saved.rate, MAIL_DOMAIN_RATES: saved.domains });
    resetDomainRates();
    resetTransports();
    await sink.close();
    await campaign.cleanup();
  }
});
