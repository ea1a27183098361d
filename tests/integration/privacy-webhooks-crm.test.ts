// Webhooks and CRM connections as personal data (issue 50, decision 109): "Descarcă datele mele"
// holds the caller's endpoints with their deliveries and their CRM connections with the companies
// seen and the sync log, never a signing secret or a CRM token, and nobody else's; "Șterge
// contul" leaves none of these rows; the retention job removes deliveries past
// WEBHOOK_DELIVERY_RETENTION_DAYS (a delivery being sent excepted) and keeps the recent ones.
import { GET as exportRoute } from '@/app/api/Account/exportMyData/route';
import { POST as deleteRoute } from '@/app/api/Account/deleteMyAccount/route';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { purgeOldWebhookDeliveries } from '@/server/webhooks/endpoints';
import { applyTrackingRetentionDaily } from '@/server/personal-data/retention';
import { call, isolateMail } from './support/auth';
import { callAs, dropActors, makeActors, tokenOf, type Actors } from './support/authz';
import { createUser, deleteUsers, type TestUser } from '../factories/users';

let who: Actors;
let cui: number;
const marker = `wcrm-${Date.now().toString(36)}`;
const SECRET = (u: TestUser) => `whsec_secret${marker}${u.id}`;
const TOKEN = (u: TestUser) => `pat-token-${marker}-${u.id}`;

beforeAll(async () => {
  isolateMail();
  who = await makeActors();
  [{ cui }] = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 1 OFFSET 7`);
});
afterAll(() => dropActors(who));

/** An endpoint with one delivery, a CRM connection with a company and a log row, a pending OAuth state. */
async function fill(u: TestUser, deliveryAgeDays = 0): Promise<{ endpointId: number }> {
  const [e] = await sql<{ id: number }>(`INSERT INTO webhook_endpoint (user_id, url, description, events, secret) VALUES ($1, $2, $3, '{company.changed}', $4) RETURNING id`, [
    u.id,
    `https://exemplu.ro/hook/${marker}/${u.id}`,
    `Hook ${marker}`,
    SECRET(u),
  ]);
  await sql(
    `INSERT INTO webhook_delivery (endpoint_id, msg_id, event_type, dedupe_key, payload, status, created_at)
     VALUES ($1, $2, 'company.changed', $2, $3, 'Delivered', now() - make_interval(days => $4))`,
    [e.id, `msg_${marker}_${u.id}`, JSON.stringify({ type: 'company.changed', data: { Cui: cui } }), deliveryAgeDays],
  );
  const [c] = await sql<{ id: number }>(`INSERT INTO crm_connection (user_id, provider, token, refresh_token, auth_kind) VALUES ($1, 'hubspot', $2, $3, 'oauth') RETURNING id`, [
    u.id,
    TOKEN(u),
    `refresh-${TOKEN(u)}`,
  ]);
  await sql(`INSERT INTO crm_company (connection_id, cui, crm_id, name) VALUES ($1, $2, 'h1', $3)`, [c.id, cui, `Firmă ${marker}`]);
  await sql(`INSERT INTO crm_sync_log (connection_id, kind, status, pulled) VALUES ($1, 'pull', 'Done', 1)`, [c.id]);
  await sql(`INSERT INTO crm_oauth_state (state, user_id, provider, code_verifier) VALUES ($1, $2, 'pipedrive', 'v')`, [`st-${marker}-${u.id}`, u.id]);
  return { endpointId: e.id };
}

const rowsOf = async (userId: number) =>
  (
    await sql<{ n: number }>(
      `SELECT (SELECT count(*) FROM webhook_endpoint WHERE user_id = $1) + (SELECT count(*) FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id WHERE e.user_id = $1)
            + (SELECT count(*) FROM crm_connection WHERE user_id = $1) + (SELECT count(*) FROM crm_oauth_state WHERE user_id = $1) AS n`,
      [userId],
    )
  )[0].n;

it('the export holds the caller’s webhooks and CRM data, without secrets or tokens, and nobody else’s', async () => {
  await fill(who.owner);
  await fill(who.other);
  const res = await callAs('owner', who, () => ({ handler: exportRoute, path: '/api/Account/exportMyData' }));
  expect(res.status).toBe(200);
  const text = JSON.stringify(res.body);
  const data = res.body as { webhooks: Array<{ url: string; deliveries: Array<{ msgId: string }> }>; crm: Array<{ provider: string; companies: Array<{ cui: number }>; syncLog: unknown[] }> };
  expect(data.webhooks.map((w) => w.url)).toEqual([`https://exemplu.ro/hook/${marker}/${who.owner.id}`]);
  expect(data.webhooks[0].deliveries.map((d) => d.msgId)).toEqual([`msg_${marker}_${who.owner.id}`]);
  expect(data.crm).toEqual([expect.objectContaining({ provider: 'hubspot', companies: [expect.objectContaining({ cui })], syncLog: [expect.objectContaining({ kind: 'pull' })] })]);
  expect(text).not.toContain(SECRET(who.owner));
  expect(text).not.toContain(TOKEN(who.owner));
  expect(text).not.toContain(`/hook/${marker}/${who.other.id}`);
});

it('deleting the account leaves no endpoint, delivery, CRM connection or OAuth state', async () => {
  const person = await createUser();
  await fill(person);
  expect(Number(await rowsOf(person.id))).toBe(4);
  const r = await call(deleteRoute, '/api/Account/deleteMyAccount', { method: 'POST', body: { Password: person.password }, token: await tokenOf(person) });
  expect(r.status).toBe(204);
  expect(Number(await rowsOf(person.id))).toBe(0);
  expect(await sql(`SELECT 1 FROM crm_company cc JOIN crm_connection c ON c.id = cc.connection_id WHERE c.user_id = $1`, [person.id])).toEqual([]);
  await deleteUsers(person);
});

it('retention: deliveries older than the period go, recent ones and one being sent stay', async () => {
  const person = await createUser();
  const { endpointId } = await fill(person, env.WEBHOOK_DELIVERY_RETENTION_DAYS + 1);
  await sql(
    `INSERT INTO webhook_delivery (endpoint_id, msg_id, event_type, dedupe_key, payload, status, created_at) VALUES
       ($1, $2, 'company.changed', $2, '{}', 'Failed', now() - interval '2 days'),
       ($1, $3, 'company.changed', $3, '{}', 'Sending', now() - make_interval(days => $4))`,
    [endpointId, `msg_recent_${marker}`, `msg_sending_${marker}`, env.WEBHOOK_DELIVERY_RETENTION_DAYS + 5],
  );
  const r = await purgeOldWebhookDeliveries();
  expect(r.deleted).toBeGreaterThanOrEqual(1);
  const left = await sql<{ msg_id: string }>(`SELECT msg_id FROM webhook_delivery WHERE endpoint_id = $1 ORDER BY msg_id`, [endpointId]);
  expect(left.map((x) => x.msg_id)).toEqual([`msg_recent_${marker}`, `msg_sending_${marker}`].sort());
  // The daily pass of the sender's loop runs it too and reports the count.
  expect(await applyTrackingRetentionDaily()).toMatchObject({ webhookDeliveriesDeleted: expect.any(Number) });
  await deleteUsers(person);
});
