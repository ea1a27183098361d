// The queues after a failover (issue 51, decision 110): a primary with a synchronous replica and
// the app's schema and demo data; a campaign of 30 messages being sent by a sender process and 40
// webhook events being posted by this process, both on the two-host DATABASE_URL. The primary is
// SIGKILLed with its backends while rows are leased (Sending) and waiting (Queued), the replica is
// promoted as `npm run db:promote` does, and neither the sender nor this process is restarted.
// Every message reaches the SMTP sink and every event the receiver at least once, each repeat with
// its row's own Message-ID / webhook-id (decision 061), and every row ends sent: none lost.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promoteStandby } from '@/scripts/db/replica';
import { countByStatus, queueCampaign, senderSettings, sleep, startSender, startSink } from '@/scripts/bench/mail-support';
import { clockOffsetMs, setClockOffset } from '@/server/kernel/clock';
import { closeDb, sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { createWebhookEndpoint } from '@/server/webhooks/endpoints';
import { queueWebhookEvent } from '@/server/webhooks/events';
import { deliverWebhooks } from '@/server/webhooks/sender';
import { createUser } from '../factories/users';
import { killMachine, startPrimaryAndReplica, type PrimaryAndReplica } from './support/primary-replica';

jest.setTimeout(300_000);

const MESSAGES = 30;
const EVENTS = 40;

let pair: PrimaryAndReplica | null = null;
const saved = { url: env.DATABASE_URL, read: env.DATABASE_READ_URL, wait: env.DATABASE_FAILOVER_WAIT_MS, offset: clockOffsetMs() };

/** A webhook receiver answering each POST after `delayMs`, recording every webhook-id it got. */
async function startReceiver(delayMs: number) {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        received.push(String(req.headers['webhook-id']));
        res.writeHead(200).end('ok');
      }, delayMs),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

beforeAll(async () => {
  pair = await startPrimaryAndReplica({ name: 'failover-queues', prepare: 'app', demoCompanies: 300, synchronous: true });
  await closeDb();
  Object.assign(env, {
    DATABASE_URL: `postgresql://postgres:postgres@127.0.0.1:${pair.primaryPort},127.0.0.1:${pair.replicaPort}/radarfirme?target_session_attrs=read-write`,
    DATABASE_READ_URL: undefined,
    DATABASE_FAILOVER_WAIT_MS: 30_000,
  });
});

afterAll(async () => {
  setClockOffset(saved.offset);
  await closeDb();
  Object.assign(env, { DATABASE_URL: saved.url, DATABASE_READ_URL: saved.read, DATABASE_FAILOVER_WAIT_MS: saved.wait });
  await pair?.stop();
});

test('primary killed while mail and webhook rows are leased and queued: all delivered at least once, same ids, none lost', async () => {
  const sink = await startSink({
    onMailFrom: async () => {
      await sleep(60);
    },
  });
  const receiver = await startReceiver(150);
  const user = await createUser();
  await createWebhookEndpoint({ userId: user.id, userName: user.userName, roles: ['User'] }, { Url: receiver.url, Description: 'failover', Events: ['group.company_added'] });
  for (let i = 0; i < EVENTS; i++) {
    expect(await queueWebhookEvent({ userIds: [user.id], type: 'group.company_added', data: { GroupId: 1, Cui: 1000 + i }, dedupeKey: `failover-${i}` })).toBe(1);
  }
  const campaign = await queueCampaign(MESSAGES, `failover${Date.now().toString(36)}`);
  const sender = startSender(
    senderSettings(env.DATABASE_URL, sink.port, { MAIL_RATE_PER_MINUTE: '1000000', MAIL_LEASE_SECONDS: '2', MAIL_SMTP_CONNECTIONS: '1', DATABASE_FAILOVER_WAIT_MS: '30000' }),
  );
  let stopWebhooks = false;
  const webhookErrors: string[] = [];
  const hardEnd = Date.now() + 200_000;
  const waitFor = async (cond: () => Promise<boolean> | boolean, what: string) => {
    while (!(await cond())) {
      if (Date.now() > hardEnd) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  };
  // The webhooks start once the campaign is under way: the kill then finds both queues mid-way.
  await waitFor(() => sink.total() >= 5, 'the campaign to start');
  const webhookLoop = (async () => {
    while (!stopWebhooks && Date.now() < hardEnd) {
      try {
        const r = await deliverWebhooks({ limit: 4, timeBudgetMs: 2_000 });
        if (!r.delivered && !r.retried) await sleep(100);
      } catch (e) {
        webhookErrors.push(e instanceof Error ? e.message : String(e));
        await sleep(100);
      }
    }
  })();
  let atKill: { mail: Record<string, number>; webhooks: Record<string, number> } | null = null;
  try {
    // Mid-way through both queues: some rows sent, some leased, the rest waiting.
    await waitFor(() => receiver.received.length >= EVENTS / 4, 'both queues to be under way');
    const webhookStates = async () =>
      Object.fromEntries((await sql<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM webhook_delivery GROUP BY status`)).map((r) => [r.status, r.n]));
    atKill = { mail: await countByStatus(campaign.draftId), webhooks: await webhookStates() };
    killMachine(pair!.primary.child);
    await sleep(500); // the operator's reaction time
    const promoted = await promoteStandby(pair!.replica.url);
    expect(promoted.timeline).toBe(2);
    // A webhook lease is 60 s: the application's clock moves past it instead of the test waiting.
    setClockOffset(clockOffsetMs() + 61_000);
    await waitFor(async () => {
      const m = await countByStatus(campaign.draftId).catch(() => ({ Queued: 1 }) as Record<string, number>);
      const w = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_delivery WHERE status <> 'Delivered'`).catch(() => [{ n: 1 }]);
      return !m.Queued && !m.Sending && w[0].n === 0;
    }, 'both queues to empty on the promoted primary');
  } finally {
    stopWebhooks = true;
    await webhookLoop;
    sender.kill('SIGTERM');
    await new Promise((r) => (sender.exitCode !== null || sender.signalCode !== null ? r(null) : sender.once('exit', r)));
  }

  const mailRows = await sql<{ message_id: string; status: string }>(`SELECT message_id, status FROM mail_send WHERE grouped_mail_id = $1`, [campaign.draftId]);
  const hookRows = await sql<{ msg_id: string; status: string }>(`SELECT msg_id, status FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id WHERE e.user_id = $1`, [user.id]);
  const mailRepeats = [...sink.accepted.values()].reduce((s, n) => s + n - 1, 0);
  const hookRepeats = receiver.received.length - new Set(receiver.received).size;
  console.log(
    `[failover-queues] at the kill: mail ${JSON.stringify(atKill?.mail)}, webhooks ${JSON.stringify(atKill?.webhooks)}; after: ${sink.total()} SMTP deliveries (${mailRepeats} repeats) for ${MESSAGES} messages, ${receiver.received.length} POSTs (${hookRepeats} repeats) for ${EVENTS} events; ${webhookErrors.length} webhook rounds failed during the switch`,
  );
  // The kill found rows in flight or waiting in both queues (otherwise this shows nothing).
  expect((atKill?.mail.Queued ?? 0) + (atKill?.mail.Sending ?? 0)).toBeGreaterThan(0);
  expect((atKill?.webhooks.Queued ?? 0) + (atKill?.webhooks.Sending ?? 0)).toBeGreaterThan(0);
  // None lost: every row sent, every row's own id arrived.
  expect(mailRows).toHaveLength(MESSAGES);
  expect(mailRows.filter((r) => r.status !== 'Trimis')).toEqual([]);
  expect(mailRows.filter((r) => !sink.accepted.has(r.message_id))).toEqual([]);
  expect(hookRows).toHaveLength(EVENTS);
  expect(hookRows.filter((r) => r.status !== 'Delivered')).toEqual([]);
  const got = new Set(receiver.received);
  expect(hookRows.filter((r) => !got.has(r.msg_id))).toEqual([]);
  // Same ids: a repeat carries its row's id, never a new one (the receivers drop copies by it).
  const mailIds = new Set(mailRows.map((r) => r.message_id));
  expect([...sink.accepted.keys()].filter((id) => !mailIds.has(id))).toEqual([]);
  const hookIds = new Set(hookRows.map((r) => r.msg_id));
  expect(receiver.received.filter((id) => !hookIds.has(id))).toEqual([]);

  await sink.close();
  await receiver.close();
  await campaign.cleanup().catch(() => {});
});
