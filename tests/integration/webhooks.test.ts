// Webhooks (issue 50, docs/decisions/096) against a local receiver (a node http server that
// verifies each request with the Standard Webhooks library itself): a followed company's change
// arrives signed; a receiver that is down and comes back gets every event exactly once by
// webhook-id after the retries; a delivery repeated after a sender's crash keeps its webhook-id;
// a day of failures disables the endpoint and mails its owner; production refuses loopback,
// private and link-local targets; the endpoints answer only their owner.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { clockNow, setClockOffset, clockOffsetMs } from '@/server/kernel/clock';
import { fanOutPendingRuns } from '@/server/watch/fanout';
import { watchCompany } from '@/server/watch/commands';
import { deliverWebhooks } from '@/server/webhooks/sender';
import { queueWebhookEvent } from '@/server/webhooks/events';
import { addCompaniesToGroup } from '@/server/groups/commands';
import type { Actor } from '@/server/auth/actor';
import { POST as createEndpoint } from '@/app/api/Webhook/create/route';
import { GET as getMyEndpoints } from '@/app/api/Webhook/getMyEndpoints/route';
import { PUT as updateEndpoint } from '@/app/api/Webhook/update/route';
import { DELETE as deleteEndpoint } from '@/app/api/Webhook/[id]/route';
import { POST as rotateSecret } from '@/app/api/Webhook/rotateSecret/route';
import { POST as sendTest } from '@/app/api/Webhook/test/route';
import { GET as getDeliveries } from '@/app/api/Webhook/getDeliveries/route';
import { POST as resend } from '@/app/api/Webhook/resend/route';
import { POST as cronSend } from '@/app/api/cron/send-webhooks/route';
import { buildOpenApiDocument } from '@/lib/api/openapi';
import { call } from './support/auth';
import { dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { createCompany } from '../factories/companies';
import { createGroup } from '../factories/groups';
import { createUser } from '../factories/users';

type Received = { id: string; type: string; data: Record<string, unknown>; verified: boolean };

/** A receiver that can be killed and restarted on the same port, verifying every request. */
class Receiver {
  server: http.Server | null = null;
  port = 0;
  received: Received[] = [];
  status = 200;
  constructor(public secret = '') {}
  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let verified = false;
        try {
          new Webhook(this.secret).verify(body, req.headers as Record<string, string>);
          verified = true;
        } catch {
          verified = false;
        }
        const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
        this.received.push({ id: String(req.headers['webhook-id']), type: parsed.type, data: parsed.data, verified });
        res.writeHead(this.status, { 'content-type': 'text/plain' }).end(this.status < 300 ? 'ok' : 'nu acum');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())));
  }
  get url() {
    return `http://127.0.0.1:${this.port}/hooks/radarfirme`;
  }
  /** The distinct webhook-ids of verified requests, and how often each came. */
  counts(): Map<string, number> {
    const m = new Map<string, number>();
    for (const r of this.received) if (r.verified) m.set(r.id, (m.get(r.id) ?? 0) + 1);
    return m;
  }
}

let who: Actors;
const receiver = new Receiver();
const actorOf = (u: { id: number; userName: string }): Actor => ({ userId: u.id, userName: u.userName, roles: ['User'] });
const savedCron = env.CRON_SECRET;

async function moveClockBy(ms: number) {
  setClockOffset(clockOffsetMs() + ms);
}

/** Moves the clock to the next due attempt of the endpoint's pending deliveries. */
async function moveToNextAttempt(endpointId: number) {
  const [r] = await sql<{ wait: number | null }>(
    `SELECT ceil(extract(epoch FROM min(next_attempt) - (now() + make_interval(secs => $2::float8 / 1000))) * 1000)::float8 AS wait
       FROM webhook_delivery WHERE endpoint_id = $1 AND status IN ('Queued', 'Sending')`,
    [endpointId, clockOffsetMs()],
  );
  if (r.wait !== null && r.wait > 0) await moveClockBy(r.wait + 1000);
}

async function newEndpoint(owner: keyof Actors, url: string, events: string[]): Promise<{ id: number; secret: string }> {
  const res = await call(createEndpoint, '/api/Webhook/create', { body: { Url: url, Description: 'CRM', Events: events }, token: await tokenOf(who[owner]) });
  expect(res.status).toBe(200);
  return { id: res.body.Endpoint.Id, secret: res.body.Secret };
}

async function simulateImportedChanges(cui: number, n: number): Promise<number[]> {
  const [run] = await sql<{ id: number }>(
    `INSERT INTO import_run (source, file_key, file_name, data_date, status, phase, finished_at)
     VALUES ('onrc', $1, 'test.csv', current_date, 'running', 'done', now()) RETURNING id`,
    [`webhooks-${cui}-${Date.now()}`],
  );
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [c] = await sql<{ id: string }>(
      `INSERT INTO company_change (cui, kind, old_value, new_value, source, data_date, run_id) VALUES ($1, 'status', $2, $3, 'onrc', current_date, $4) RETURNING id::text`,
      [cui, `vechi ${i}`, `nou ${i}`, run.id],
    );
    ids.push(Number(c.id));
  }
  // The importer marks the run done at its end; the fan-out worker then takes it.
  await sql(`UPDATE import_run SET status = 'done' WHERE id = $1`, [run.id]);
  return ids;
}

beforeAll(async () => {
  who = await makeActors();
  await receiver.start();
});
afterAll(async () => {
  setClockOffset(0);
  env.CRON_SECRET = savedCron;
  await receiver.stop();
  await sql(`DELETE FROM webhook_endpoint WHERE user_id = ANY($1)`, [[who.owner.id, who.other.id, who.admin.id]]);
  await dropActors(who);
});

describe('a followed company changes: the signed event, through a receiver that was down', () => {
  it('arrives verified by the Standard Webhooks library, each event exactly once by webhook-id after the retries', async () => {
    const endpoint = await newEndpoint('owner', receiver.url, ['company.changed']);
    receiver.secret = endpoint.secret;
    const company = await createCompany();
    await watchCompany(actorOf(who.owner), company.cui);
    const changeIds = await simulateImportedChanges(company.cui, 3);
    await fanOutPendingRuns();

    // The receiver is killed: every attempt fails, the deliveries stay queued with their log.
    await receiver.stop();
    const first = await deliverWebhooks();
    expect(first).toMatchObject({ delivered: 0, retried: 3, failed: 0 });
    await moveToNextAttempt(endpoint.id);
    expect(await deliverWebhooks()).toMatchObject({ delivered: 0, retried: 3 });
    const log = await call(getDeliveries, `/api/Webhook/getDeliveries?EndpointId=${endpoint.id}`, { token: await tokenOf(who.owner) });
    expect(log.body.Items.map((d: { Status: string; Attempts: number; LastStatus: number | null }) => [d.Status, d.Attempts, d.LastStatus])).toEqual([
      ['Queued', 2, null],
      ['Queued', 2, null],
      ['Queued', 2, null],
    ]);
    expect(log.body.Items[0].LastError).toMatch(/ECONNREFUSED/);

    // Restarted: the next round delivers them all, once each.
    await receiver.start();
    await moveToNextAttempt(endpoint.id);
    expect(await deliverWebhooks()).toMatchObject({ delivered: 3, retried: 0 });
    expect(await deliverWebhooks()).toMatchObject({ delivered: 0, retried: 0 });
    const verified = receiver.received.filter((r) => r.verified);
    expect(receiver.received.length).toBe(3);
    expect(verified.map((r) => r.type)).toEqual(['company.changed', 'company.changed', 'company.changed']);
    expect(verified.map((r) => r.data.ChangeId).sort()).toEqual(changeIds.sort());
    expect(verified[0].data).toMatchObject({ Cui: company.cui, Kind: 'status' });
    expect([...receiver.counts().values()]).toEqual([1, 1, 1]);
    const ids = await sql<{ msg_id: string }>(`SELECT msg_id FROM webhook_delivery WHERE endpoint_id = $1 ORDER BY id`, [endpoint.id]);
    expect([...receiver.counts().keys()].sort()).toEqual(ids.map((r) => r.msg_id).sort());
    // A second fan-out of the same run queues nothing new.
    await sql(`UPDATE import_run SET notified_at = NULL WHERE id = (SELECT run_id FROM company_change WHERE id = $1)`, [changeIds[0]]);
    await fanOutPendingRuns();
    expect((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1`, [endpoint.id]))[0].n).toBe(3);
  });

  it('a delivery repeated after a sender died (its lease ran out) carries the same webhook-id', async () => {
    receiver.received = [];
    const endpoint = await newEndpoint('owner', receiver.url, ['group.company_added']);
    receiver.secret = endpoint.secret;
    const group = await createGroup(who.owner);
    const company = await createCompany();
    await addCompaniesToGroup(actorOf(who.owner), group.id, [company.cui]);
    expect(await deliverWebhooks()).toMatchObject({ delivered: 1 });
    const [row] = await sql<{ id: string; msg_id: string }>(`SELECT id::text, msg_id FROM webhook_delivery WHERE endpoint_id = $1`, [endpoint.id]);
    // The sender posted, then died before writing Delivered: the row is left Sending under a lease.
    await sql(`UPDATE webhook_delivery SET status = 'Sending', next_attempt = $2 WHERE id = $1`, [row.id, new Date(clockNow().getTime() + 60_000)]);
    expect(await deliverWebhooks()).toMatchObject({ delivered: 0 });
    await moveClockBy(61_000);
    expect(await deliverWebhooks()).toMatchObject({ delivered: 1 });
    expect(receiver.received.map((r) => [r.id, r.type, r.verified])).toEqual([
      [row.msg_id, 'group.company_added', true],
      [row.msg_id, 'group.company_added', true],
    ]);
    expect(receiver.received[0].data).toMatchObject({ GroupId: group.id, Cui: company.cui, AddedByUserId: who.owner.id });
    // "Retrimite": the same id once more, and the log says Delivered with the answer code.
    const again = await call(resend, '/api/Webhook/resend', { body: { DeliveryId: Number(row.id) }, token: await tokenOf(who.owner) });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ Status: 'Delivered', LastStatus: 200, MessageId: row.msg_id });
    expect(receiver.received.map((r) => r.id)).toEqual([row.msg_id, row.msg_id, row.msg_id]);
  });
});

describe('the test button, the secret and the answers', () => {
  it('sends a signed sample; a rotated secret signs the next one and the old one no longer verifies', async () => {
    receiver.received = [];
    const endpoint = await newEndpoint('owner', receiver.url, ['campaign.opened']);
    receiver.secret = endpoint.secret;
    const token = await tokenOf(who.owner);
    const t = await call(sendTest, '/api/Webhook/test', { body: { Id: endpoint.id }, token });
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ EventType: 'webhook.test', Status: 'Delivered', LastStatus: 200 });
    const rotated = await call(rotateSecret, '/api/Webhook/rotateSecret', { body: { Id: endpoint.id }, token });
    expect(rotated.body.Secret).toMatch(/^whsec_/);
    expect(rotated.body.Secret).not.toBe(endpoint.secret);
    await call(sendTest, '/api/Webhook/test', { body: { Id: endpoint.id }, token });
    receiver.secret = rotated.body.Secret;
    await call(sendTest, '/api/Webhook/test', { body: { Id: endpoint.id }, token });
    expect(receiver.received.map((r) => [r.type, r.verified])).toEqual([
      ['webhook.test', true],
      ['webhook.test', false],
      ['webhook.test', true],
    ]);
    // The secret is never listed again.
    const list = await call(getMyEndpoints, '/api/Webhook/getMyEndpoints', { token });
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
  });

  it('a non-2xx answer is a failure with its code in the log, retried', async () => {
    const endpoint = await newEndpoint('owner', receiver.url, ['campaign.clicked']);
    receiver.status = 500;
    try {
      const n = await queueWebhookEvent({ userIds: [who.owner.id], type: 'campaign.clicked', data: { SendingId: 1 }, dedupeKey: `x-${endpoint.id}` });
      expect(n).toBe(1);
      expect(await deliverWebhooks()).toMatchObject({ delivered: 0, retried: 1 });
      const log = await call(getDeliveries, `/api/Webhook/getDeliveries?EndpointId=${endpoint.id}`, { token: await tokenOf(who.owner) });
      expect(log.body.Items[0]).toMatchObject({ Status: 'Queued', LastStatus: 500, Attempts: 1 });
    } finally {
      receiver.status = 200;
      await sql(`DELETE FROM webhook_endpoint WHERE id = $1`, [endpoint.id]);
    }
  });

  it('refuses a bad address with a clear 400', async () => {
    const token = await tokenOf(who.owner);
    const bad = await call(createEndpoint, '/api/Webhook/create', { body: { Url: 'ftp://exemplu.ro/x', Events: ['company.changed'] }, token });
    expect(bad.status).toBe(400);
    const none = await call(createEndpoint, '/api/Webhook/create', { body: { Url: 'https://exemplu.ro/x', Events: [] }, token });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('cel puțin un eveniment');
    const unknown = await call(createEndpoint, '/api/Webhook/create', { body: { Url: 'https://exemplu.ro/x', Events: ['x.y'] }, token });
    expect(unknown.status).toBe(400);
  });
});

describe('production mode', () => {
  it('refuses targets on 127.0.0.1, 10.x and 169.254.x at send time, and http at creation', async () => {
    receiver.received = [];
    const endpoint = await newEndpoint('owner', receiver.url, ['campaign.delivered']);
    // Rows as an endpoint created elsewhere would hold them; the send-time check is what stands.
    const targets = [receiver.url, `https://127.0.0.1:${receiver.port}/x`, 'https://10.0.0.8/x', 'https://169.254.169.254/latest/meta-data'];
    for (const [i, url] of targets.entries()) {
      await sql(`UPDATE webhook_endpoint SET url = $2 WHERE id = $1`, [endpoint.id, url]);
      await queueWebhookEvent({ userIds: [who.owner.id], type: 'campaign.delivered', data: { MessageId: i }, dedupeKey: `prod-${i}` });
      const [d] = await sql<{ id: string }>(`SELECT id::text FROM webhook_delivery WHERE endpoint_id = $1 ORDER BY id DESC LIMIT 1`, [endpoint.id]);
      expect(await deliverWebhooks({ ids: [d.id], mode: { production: true } })).toMatchObject({ delivered: 0, retried: 1 });
      const [row] = await sql<{ last_error: string }>(`SELECT last_error FROM webhook_delivery WHERE id = $1`, [d.id]);
      expect(row.last_error).toMatch(/^adresă refuzată: /);
    }
    expect(receiver.received).toEqual([]);

    const saved = env.NODE_ENV;
    (env as { NODE_ENV: string }).NODE_ENV = 'production';
    try {
      const token = await tokenOf(who.owner);
      for (const url of [receiver.url, 'https://127.0.0.1/x', 'https://10.1.1.1/x', 'https://169.254.169.254/x']) {
        const res = await call(createEndpoint, '/api/Webhook/create', { body: { Url: url, Events: ['company.changed'] }, token });
        expect({ url, status: res.status }).toEqual({ url, status: 400 });
      }
    } finally {
      (env as { NODE_ENV: string }).NODE_ENV = saved;
    }
    await sql(`DELETE FROM webhook_endpoint WHERE id = $1`, [endpoint.id]);
  });
});

describe('a day of failures', () => {
  it('gives up on each delivery after 24 hours, disables the endpoint and mails its owner', async () => {
    const dead = new Receiver();
    await dead.start();
    const deadUrl = dead.url;
    await dead.stop();
    const endpoint = await newEndpoint('other', deadUrl, ['campaign.bounced']);
    await queueWebhookEvent({ userIds: [who.other.id], type: 'campaign.bounced', data: { MessageId: 7 }, dedupeKey: 'day' });
    const [d] = await sql<{ id: string; created_at: Date }>(`SELECT id::text, created_at FROM webhook_delivery WHERE endpoint_id = $1`, [endpoint.id]);
    const report = { delivered: 0, retried: 0, failed: 0, disabled: 0 };
    for (let round = 0; round < 40 && report.failed === 0; round++) {
      const r = await deliverWebhooks({ ids: [d.id] });
      for (const k of Object.keys(report) as Array<keyof typeof report>) report[k] += r[k];
      await moveToNextAttempt(endpoint.id);
    }
    expect(report).toMatchObject({ delivered: 0, failed: 1, disabled: 1 });
    const [last] = await sql<{ attempts: number; hours: number; tries: number }>(
      `SELECT d.attempts, extract(epoch FROM max(a.attempted_at) - min(a.attempted_at)) / 3600 AS hours, count(a.id)::int AS tries
         FROM webhook_delivery d JOIN webhook_attempt a ON a.delivery_id = d.id WHERE d.id = $1 GROUP BY d.attempts`,
      [d.id],
    );
    // Backoff from 30 s doubling to a 4-hour cap: about 14 attempts spread over (just under) 24 hours.
    expect(last.tries).toBe(last.attempts);
    expect(last.attempts).toBeGreaterThanOrEqual(10);
    expect(last.hours).toBeGreaterThan(20);
    expect(last.hours).toBeLessThanOrEqual(24);
    const [e] = await sql<{ disabled: boolean; reason: string }>(`SELECT disabled_at IS NOT NULL AS disabled, disabled_reason AS reason FROM webhook_endpoint WHERE id = $1`, [endpoint.id]);
    expect(e).toEqual({ disabled: true, reason: expect.stringContaining('24 de ore') });
    const mails = await sql<{ to: string; subject: string }>(`SELECT "to", subject FROM outbox_mail WHERE kind = 'webhook-disabled' AND "to" = $1`, [who.other.email]);
    expect(mails).toEqual([{ to: who.other.email, subject: 'Un webhook RadarFirme a fost dezactivat' }]);
    // Disabled: new events are not queued for it; the owner turns it back on.
    expect(await queueWebhookEvent({ userIds: [who.other.id], type: 'campaign.bounced', data: {}, dedupeKey: 'after' })).toBe(0);
    const on = await call(updateEndpoint, '/api/Webhook/update', {
      method: 'PUT',
      body: { Id: endpoint.id, Url: deadUrl, Events: ['campaign.bounced'], Enabled: true },
      token: await tokenOf(who.other),
    });
    expect(on.body).toMatchObject({ DisabledAt: null, ConsecutiveFailures: 0 });
  });
});

describe('who may call', () => {
  it('an endpoint and its log answer only their owner (another user and an Admin get 404)', async () => {
    const endpoint = await newEndpoint('owner', receiver.url, ['company.changed']);
    expect(await statusesAs(who, () => ({ handler: getDeliveries, path: `/api/Webhook/getDeliveries?EndpointId=${endpoint.id}` }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    expect(await statusesAs(who, () => ({ handler: sendTest, path: '/api/Webhook/test', body: { Id: endpoint.id } }), ['anonymous', 'other', 'admin'])).toEqual({ anonymous: 401, other: 404, admin: 404 });
    expect(await statusesAs(who, () => ({ handler: rotateSecret, path: '/api/Webhook/rotateSecret', body: { Id: endpoint.id } }), ['anonymous', 'other', 'admin'])).toEqual({ anonymous: 401, other: 404, admin: 404 });
    const [d] = await sql<{ id: string }>(`SELECT id::text FROM webhook_delivery WHERE endpoint_id <> $1 AND endpoint_id IN (SELECT id FROM webhook_endpoint WHERE user_id = $2) LIMIT 1`, [endpoint.id, who.owner.id]);
    expect(await statusesAs(who, () => ({ handler: resend, path: '/api/Webhook/resend', body: { DeliveryId: Number(d.id) } }), ['anonymous', 'other', 'admin'])).toEqual({ anonymous: 401, other: 404, admin: 404 });
    expect(
      await statusesAs(who, () => ({ handler: deleteEndpoint, path: `/api/Webhook/${endpoint.id}`, method: 'DELETE', params: { id: String(endpoint.id) } })),
    ).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 204 });
    const others = await call(getMyEndpoints, '/api/Webhook/getMyEndpoints', { token: await tokenOf(who.other) });
    expect(others.body.map((e: { Url: string }) => e.Url)).not.toContain(receiver.url);
  });

  it('a blocked account gets no new event, and what was queued before waits unsent', async () => {
    const blocked = await createUser();
    const [e] = await sql<{ id: number }>(`INSERT INTO webhook_endpoint (user_id, url, events, secret) VALUES ($1, $2, ARRAY['campaign.opened'], 'whsec_dGVzdHRlc3R0ZXN0') RETURNING id`, [blocked.id, receiver.url]);
    expect(await queueWebhookEvent({ userIds: [blocked.id], type: 'campaign.opened', data: {}, dedupeKey: 'before' })).toBe(1);
    await sql(`UPDATE app_user SET is_blocked = true WHERE id = $1`, [blocked.id]);
    expect(await queueWebhookEvent({ userIds: [blocked.id], type: 'campaign.opened', data: {}, dedupeKey: 'after' })).toBe(0);
    const [d] = await sql<{ id: string }>(`SELECT id::text FROM webhook_delivery WHERE endpoint_id = $1`, [e.id]);
    expect(await deliverWebhooks({ ids: [d.id] })).toMatchObject({ delivered: 0, retried: 0 });
  });

  it('the cron sender needs the cron secret', async () => {
    env.CRON_SECRET = 'cron-secret-de-test-webhooks-123456';
    expect((await call(cronSend, '/api/cron/send-webhooks', { method: 'POST' })).status).toBe(401);
    const ok = await call(cronSend, '/api/cron/send-webhooks', { method: 'POST', headers: { authorization: `Bearer ${env.CRON_SECRET}` } });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['Delivered', 'Disabled', 'Failed', 'Retried']);
  });
});

test('the OpenAPI document describes every event in its webhooks section', () => {
  const doc = buildOpenApiDocument('http://localhost') as { webhooks: Record<string, { post: { parameters: Array<{ name: string }>; requestBody: unknown } }> };
  expect(Object.keys(doc.webhooks).sort()).toEqual(
    ['campaign.bounced', 'campaign.clicked', 'campaign.delivered', 'campaign.opened', 'campaign.unsubscribed', 'company.changed', 'group.company_added', 'saved_search.new_matches', 'webhook.test'].sort(),
  );
  expect(doc.webhooks['company.changed'].post.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  expect(JSON.stringify(doc.webhooks['company.changed'].post.requestBody)).toContain('ChangeId');
});
