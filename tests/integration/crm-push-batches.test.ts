// Decision 124: a CRM push reads, sends and remembers its companies 1,000 at a time, never the
// whole group at once (a group has no size limit; 1,000,000 companies read whole exhausted the
// server's 320 MB heap); a pull remembers each page of the CRM's answers as it comes. Observable:
// a CRM that fails half-way leaves the batches it took marked "deja în CRM" (and a failed pull
// forgets nothing), and a company in two groups still goes once.
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { POST as connect } from '@/app/api/Crm/connect/route';
import { POST as pushGroups } from '@/app/api/Crm/pushGroups/route';
import { POST as pull } from '@/app/api/Crm/pull/route';
import { GET as getSyncLog } from '@/app/api/Crm/getSyncLog/route';
import type { CrmSyncItem } from '@/lib/crm/schemas';
import { call } from './support/auth';
import { dropActors, makeActors, tokenOf, type Actors } from './support/authz';
import { startHubSpot } from '../stand-ins/crm';
import { createGroup, someCuis, type TestGroup } from '../factories/groups';

const HS_TOKEN = 'pat-eu1-batches-token-0001';
let who: Actors;
let hubspot: Awaited<ReturnType<typeof startHubSpot>>;
let big: TestGroup;
let overlap: TestGroup;
let bigCuis: number[];
let overlapCuis: number[];
const saved = env.HUBSPOT_API_URL;

async function fill(group: TestGroup, cuis: number[]) {
  await sql(`INSERT INTO company_in_group (group_id, cui, added_by_id) SELECT $1, unnest($2::int[]), $3`, [group.id, cuis, who.owner.id]);
}

beforeAll(async () => {
  who = await makeActors();
  hubspot = await startHubSpot(HS_TOKEN);
  env.HUBSPOT_API_URL = hubspot.url;
  const all = await someCuis(1700);
  bigCuis = all.slice(0, 1500);
  // 500 companies of the big group and 200 of its own.
  overlapCuis = all.slice(1000, 1700);
  big = await createGroup(who.owner, 'Grup mare CRM');
  overlap = await createGroup(who.owner, 'Grup suprapus CRM');
  await fill(big, bigCuis);
  await fill(overlap, overlapCuis);
  const c = await call(connect, '/api/Crm/connect', { body: { Provider: 'hubspot', Token: HS_TOKEN }, token: await tokenOf(who.owner) });
  expect(c.status).toBe(200);
});
afterAll(async () => {
  env.HUBSPOT_API_URL = saved;
  await hubspot.close();
  await dropActors(who);
});

const remembered = async () =>
  (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM crm_company k JOIN crm_connection x ON x.id = k.connection_id WHERE x.user_id = $1`, [who.owner.id]))[0].n;

it('a CRM failing half-way keeps the first 1,000 companies it took as "deja în CRM" and logs what was sent', async () => {
  // 10 upserts of 100 take the first batch; the 13th call (third of the second batch) fails.
  hubspot.faults.upsertsLeft = 12;
  const res = await call(pushGroups, '/api/Crm/pushGroups', { body: { Provider: 'hubspot', GroupIds: [big.id] }, token: await tokenOf(who.owner) });
  expect(res.status).toBe(400);
  expect(res.body.Message).toMatch(/503/);
  expect(hubspot.companies).toHaveLength(1200);
  // Read whole, the push remembered nothing before the CRM failed.
  expect(await remembered()).toBe(1000);
  const log = (await call(getSyncLog, '/api/Crm/getSyncLog', { token: await tokenOf(who.owner) })).body as CrmSyncItem[];
  expect(log[0]).toMatchObject({ Kind: 'push', Status: 'Failed', Created: 1000 });
});

it('the whole push then goes through in batches, each company once across two overlapping groups', async () => {
  hubspot.faults.upsertsLeft = Number.POSITIVE_INFINITY;
  const res = await call(pushGroups, '/api/Crm/pushGroups', { body: { Provider: 'hubspot', GroupIds: [big.id, overlap.id] }, token: await tokenOf(who.owner) });
  expect(res.status).toBe(200);
  // 1,500 + 200 distinct companies; 1,200 were already in the CRM from the failed push.
  expect(res.body).toEqual({ Created: 500, Updated: 1200 });
  expect(new Set(hubspot.companies.map((x) => x.properties.cui)).size).toBe(1700);
  expect(hubspot.companies).toHaveLength(1700);
  expect(await remembered()).toBe(1700);
});

it('a pull remembers page by page: one failing half-way keeps the pages read and forgets nothing; a whole one forgets what the CRM dropped', async () => {
  // The CRM now lists 1,700 companies, 100 a page; one the group pushed is gone from it.
  const dropped = hubspot.companies.splice(0, 1)[0];
  hubspot.faults.listPagesLeft = 5;
  const failed = await call(pull, '/api/Crm/pull', { body: { Provider: 'hubspot' }, token: await tokenOf(who.owner) });
  expect(failed.status).toBe(400);
  // Nothing forgotten, the dropped company included, and the 500 companies of the 5 pages read kept.
  expect(await remembered()).toBe(1700);
  const log = (await call(getSyncLog, '/api/Crm/getSyncLog', { token: await tokenOf(who.owner) })).body as CrmSyncItem[];
  expect(log[0]).toMatchObject({ Kind: 'pull', Status: 'Failed', Pulled: 500 });
  hubspot.faults.listPagesLeft = Number.POSITIVE_INFINITY;
  const whole = await call(pull, '/api/Crm/pull', { body: { Provider: 'hubspot' }, token: await tokenOf(who.owner) });
  expect(whole.body).toEqual({ Pulled: 1699 });
  expect(await remembered()).toBe(1699);
  const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM crm_company WHERE cui = $1`, [Number(dropped.properties.cui)]);
  expect(n).toBe(0);
});
