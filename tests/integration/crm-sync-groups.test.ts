// The groups of the CRM sync (issue 50, decision 117) against the HubSpot stand-in
// (tests/stand-ins/crm.ts): several groups pushed at once from the send-to-groups dialog (a company
// in two groups is one CRM company; pushing again updates, never duplicates); the groups the
// scheduled sync pushes, chosen per connection and checked by the groups' policy (a group the
// caller may not read is a 404 and changes nothing; one they lose later is skipped by the sync);
// the sync log names the groups a push sent and marks the scheduled runs; the ticked companies
// of a search are pushed by CUI (pushCompanies: once per CUI, only into the caller's CRM).
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { setClockOffset } from '@/server/kernel/clock';
import { runScheduledCrmSync } from '@/server/crm/sync';
import { POST as connect } from '@/app/api/Crm/connect/route';
import { POST as pushGroups } from '@/app/api/Crm/pushGroups/route';
import { POST as pushCompanies } from '@/app/api/Crm/pushCompanies/route';
import { POST as setSyncGroups } from '@/app/api/Crm/setSyncGroups/route';
import { GET as getSyncLog } from '@/app/api/Crm/getSyncLog/route';
import { GET as getConnections } from '@/app/api/Crm/getConnections/route';
import type { CrmSyncItem } from '@/lib/crm/schemas';
import { call } from './support/auth';
import { dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { startHubSpot } from '../stand-ins/crm';
import { createCompany } from '../factories/companies';
import { addCompany, addMember, createGroup, type TestGroup } from '../factories/groups';

const HS_TOKEN = 'pat-eu1-groups-token-0001';
let who: Actors;
let hubspot: Awaited<ReturnType<typeof startHubSpot>>;
let mine: TestGroup;
let shared: TestGroup;
let foreign: TestGroup;
let cuis: { mine: number[]; shared: number[]; foreign: number };
const saved = env.HUBSPOT_API_URL;

beforeAll(async () => {
  who = await makeActors();
  hubspot = await startHubSpot(HS_TOKEN);
  env.HUBSPOT_API_URL = hubspot.url;
  mine = await createGroup(who.owner, 'Grup propriu CRM');
  // The other user's group the owner is a member of (View): readable, so it may be pushed.
  shared = await createGroup(who.other, 'Grup comun CRM');
  await addMember(shared, who.owner, 'View');
  foreign = await createGroup(who.other, 'Grup străin CRM');
  const [a, b, both, c, d] = [await createCompany(), await createCompany(), await createCompany(), await createCompany(), await createCompany()];
  for (const x of [a, b, both]) await addCompany(mine, x.cui, who.owner);
  for (const x of [both, c]) await addCompany(shared, x.cui, who.other);
  await addCompany(foreign, d.cui, who.other);
  cuis = { mine: [a.cui, b.cui, both.cui], shared: [both.cui, c.cui], foreign: d.cui };
  const res = await call(connect, '/api/Crm/connect', { body: { Provider: 'hubspot', Token: HS_TOKEN }, token: await tokenOf(who.owner) });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  setClockOffset(0);
  env.HUBSPOT_API_URL = saved;
  await hubspot.close();
  await dropActors(who);
});

const asOwner = async () => ({ token: await tokenOf(who.owner) });
const held = (list: number[]) => hubspot.companies.filter((c) => list.includes(Number(c.properties.cui))).map((c) => Number(c.properties.cui));
const groupIdsOf = async () => (await sql<{ group_ids: number[] }>(`SELECT group_ids FROM crm_connection WHERE user_id = $1 AND provider = 'hubspot'`, [who.owner.id]))[0].group_ids;

describe('pushing the chosen groups (the send-to-groups dialog)', () => {
  it('refuses a group the caller may not read before sending anything; anonymous 401, others without a connection 404', async () => {
    const res = await call(pushGroups, '/api/Crm/pushGroups', { body: { Provider: 'hubspot', GroupIds: [mine.id, foreign.id] }, ...(await asOwner()) });
    expect(res.status).toBe(404);
    expect(hubspot.companies).toHaveLength(0);
    expect(await statusesAs(who, () => ({ handler: pushGroups, path: '/api/Crm/pushGroups', body: { Provider: 'hubspot', GroupIds: [shared.id] } }), ['anonymous', 'other', 'admin'])).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
    });
    const empty = await call(pushGroups, '/api/Crm/pushGroups', { body: { Provider: 'hubspot', GroupIds: [] }, ...(await asOwner()) });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Alegeți cel puțin un grup.');
    expect(hubspot.companies).toHaveLength(0);
  });

  it('pushes two groups as one set of companies keyed by CUI, then updates them, never duplicates', async () => {
    const all = [...new Set([...cuis.mine, ...cuis.shared])];
    const first = await call(pushGroups, '/api/Crm/pushGroups', { body: { Provider: 'hubspot', GroupIds: [mine.id, shared.id] }, ...(await asOwner()) });
    expect(first.body).toEqual({ Created: 4, Updated: 0 });
    const again = await call(pushGroups, '/api/Crm/pushGroups', { body: { Provider: 'hubspot', GroupIds: [shared.id, mine.id, mine.id] }, ...(await asOwner()) });
    expect(again.body).toEqual({ Created: 0, Updated: 4 });
    expect(held(all).sort()).toEqual([...all].sort());
    expect(held([cuis.foreign])).toEqual([]);
    const log = (await call(getSyncLog, '/api/Crm/getSyncLog', await asOwner())).body as CrmSyncItem[];
    expect(log[0]).toMatchObject({ Kind: 'push', Status: 'Done', Scheduled: false, Updated: 4 });
    expect(log[0].Groups.map((g) => g.Name).sort()).toEqual(['Grup comun CRM', 'Grup propriu CRM']);
  });
});

describe('pushing the ticked companies (the add-to-group dialog of the search)', () => {
  it('updates the companies the CRM holds and creates the others, once per CUI; a bad list is a 400; only the caller\'s connection', async () => {
    const extra = await createCompany();
    const chosen = [cuis.mine[0], extra.cui, extra.cui];
    const before = hubspot.companies.length;
    const r = await call(pushCompanies, '/api/Crm/pushCompanies', { body: { Provider: 'hubspot', Cuis: chosen }, ...(await asOwner()) });
    expect(r.body).toEqual({ Created: 1, Updated: 1 });
    expect(hubspot.companies.length).toBe(before + 1);
    expect(held([extra.cui])).toEqual([extra.cui]);
    const empty = await call(pushCompanies, '/api/Crm/pushCompanies', { body: { Provider: 'hubspot', Cuis: [] }, ...(await asOwner()) });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Alegeți cel puțin o firmă.');
    expect(await statusesAs(who, () => ({ handler: pushCompanies, path: '/api/Crm/pushCompanies', body: { Provider: 'hubspot', Cuis: [extra.cui] } }), ['anonymous', 'other', 'admin'])).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
    });
    expect(hubspot.companies.length).toBe(before + 1);
  });
});

describe('the groups of the scheduled sync', () => {
  it('are chosen per connection, only among the groups the caller may read (404 and nothing changed otherwise)', async () => {
    const ok = await call(setSyncGroups, '/api/Crm/setSyncGroups', { body: { Provider: 'hubspot', GroupIds: [mine.id, shared.id] }, ...(await asOwner()) });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ Provider: 'hubspot', GroupIds: [mine.id, shared.id] });
    const bad = await call(setSyncGroups, '/api/Crm/setSyncGroups', { body: { Provider: 'hubspot', GroupIds: [mine.id, foreign.id] }, ...(await asOwner()) });
    expect(bad.status).toBe(404);
    expect(await groupIdsOf()).toEqual([mine.id, shared.id]);
    const malformed = await call(setSyncGroups, '/api/Crm/setSyncGroups', { body: { Provider: 'hubspot', GroupIds: ['unu'] }, ...(await asOwner()) });
    expect(malformed.status).toBe(400);
    expect(await statusesAs(who, () => ({ handler: setSyncGroups, path: '/api/Crm/setSyncGroups', body: { Provider: 'hubspot', GroupIds: [] } }), ['anonymous', 'other', 'admin'])).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
    });
    expect(await groupIdsOf()).toEqual([mine.id, shared.id]);
    const list = await call(getConnections, '/api/Crm/getConnections', await asOwner());
    expect(list.body).toEqual([expect.objectContaining({ Provider: 'hubspot', GroupIds: [mine.id, shared.id] })]);
  });

  it('pushes only the chosen groups the owner still reads, and the log names them and marks the run scheduled', async () => {
    const later = await createCompany();
    await addCompany(mine, later.cui, who.owner);
    const lost = await createCompany();
    await addCompany(shared, lost.cui, who.other);
    // The owner leaves the shared group: the next scheduled run must not push it.
    await sql(`UPDATE group_member SET is_deleted = true WHERE group_id = $1 AND user_id = $2`, [shared.id, who.owner.id]);
    await sql(`UPDATE crm_connection SET last_sync_at = NULL WHERE user_id = $1`, [who.owner.id]);
    const run = await runScheduledCrmSync();
    expect(run.Synced).toBeGreaterThanOrEqual(1);
    expect(held([later.cui])).toEqual([later.cui]);
    expect(held([lost.cui])).toEqual([]);
    const log = (await call(getSyncLog, '/api/Crm/getSyncLog', await asOwner())).body as CrmSyncItem[];
    const push = log.find((l) => l.Kind === 'push' && l.Scheduled);
    expect(push).toMatchObject({ Status: 'Done', Groups: [{ Id: mine.id, Name: 'Grup propriu CRM' }] });
    expect(log.find((l) => l.Kind === 'pull' && l.Scheduled)).toMatchObject({ Status: 'Done' });
    // The earlier manual push named the shared group; the owner no longer sees it, so its name is not shown.
    expect(log.filter((l) => !l.Scheduled && l.Kind === 'push').flatMap((l) => l.Groups.map((g) => g.Id))).not.toContain(shared.id);
  });
});
