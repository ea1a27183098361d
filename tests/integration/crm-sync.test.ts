// CRM sync (issue 50, docs/decisions/097) against local stand-ins of HubSpot and Pipedrive
// (tests/stand-ins/crm.ts): pushing a group twice leaves one CRM company per
// CUI; a company already in the CRM is not duplicated; pulled companies show "deja în CRM"; the
// scheduled sync pushes and pulls when due and logs each run; a connection answers only its owner.
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { clockOffsetMs, setClockOffset } from '@/server/kernel/clock';
import { runScheduledCrmSync } from '@/server/crm/sync';
import { POST as connect } from '@/app/api/Crm/connect/route';
import { POST as pushGroup } from '@/app/api/Crm/pushGroup/route';
import { POST as pull } from '@/app/api/Crm/pull/route';
import { GET as getInCrm } from '@/app/api/Crm/getInCrm/route';
import { GET as getSyncLog } from '@/app/api/Crm/getSyncLog/route';
import { GET as getConnections } from '@/app/api/Crm/getConnections/route';
import { call } from './support/auth';
import { dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { startHubSpot, startPipedrive } from '../stand-ins/crm';
import { createCompany } from '../factories/companies';

type TestCompany = Awaited<ReturnType<typeof createCompany>>;
import { addCompany, createGroup, type TestGroup } from '../factories/groups';

const HS_TOKEN = 'pat-eu1-test-token-0001';
const PD_TOKEN = 'pipedrive-test-token-0001';
let who: Actors;
let hubspot: Awaited<ReturnType<typeof startHubSpot>>;
let pipedrive: Awaited<ReturnType<typeof startPipedrive>>;
let group: TestGroup;
let companies: TestCompany[];
let outside: TestCompany;
const saved = { hs: env.HUBSPOT_API_URL, pd: env.PIPEDRIVE_API_URL };

beforeAll(async () => {
  who = await makeActors();
  hubspot = await startHubSpot(HS_TOKEN);
  pipedrive = await startPipedrive(PD_TOKEN);
  env.HUBSPOT_API_URL = hubspot.url;
  env.PIPEDRIVE_API_URL = pipedrive.url;
  group = await createGroup(who.owner);
  companies = [await createCompany({ caenCode: '6201', turnover: 1_200_000, employees: 12 }), await createCompany(), await createCompany()];
  for (const c of companies) await addCompany(group, c.cui, who.owner);
  outside = await createCompany();
});
afterAll(async () => {
  setClockOffset(0);
  env.HUBSPOT_API_URL = saved.hs;
  env.PIPEDRIVE_API_URL = saved.pd;
  await hubspot.close();
  await pipedrive.close();
  await dropActors(who);
});

const asOwner = async () => ({ token: await tokenOf(who.owner) });

describe('HubSpot', () => {
  it('refuses a wrong token with a clear 400, and keeps nothing', async () => {
    const res = await call(connect, '/api/Crm/connect', { body: { Provider: 'hubspot', Token: 'pat-wrong-token' }, ...(await asOwner()) });
    expect(res.status).toBe(400);
    expect(res.body.Message).toMatch(/refuzat tokenul/);
    expect((await call(getConnections, '/api/Crm/getConnections', await asOwner())).body).toEqual([]);
  });

  it('pushing a group twice leaves one company per CUI (created, then updated)', async () => {
    const c = await call(connect, '/api/Crm/connect', { body: { Provider: 'hubspot', Token: HS_TOKEN }, ...(await asOwner()) });
    expect(c.status).toBe(200);
    expect(hubspot.properties.get('cui')).toMatchObject({ hasUniqueValue: true });
    const first = await call(pushGroup, '/api/Crm/pushGroup', { body: { Provider: 'hubspot', GroupId: group.id }, ...(await asOwner()) });
    expect(first.body).toEqual({ Created: 3, Updated: 0 });
    const second = await call(pushGroup, '/api/Crm/pushGroup', { body: { Provider: 'hubspot', GroupId: group.id }, ...(await asOwner()) });
    expect(second.body).toEqual({ Created: 0, Updated: 3 });
    expect(hubspot.companies.map((x) => Number(x.properties.cui)).sort()).toEqual(companies.map((x) => x.cui).sort());
    const first0 = hubspot.companies.find((x) => Number(x.properties.cui) === companies[0].cui)!;
    expect(first0.properties).toMatchObject({ name: companies[0].name, radarfirme_caen: '6201', numberofemployees: '12' });
    expect(first0.properties.radarfirme_url).toMatch(new RegExp(`/company-details/${companies[0].cui}$`));
  });

  it('pulled companies show "deja în CRM"; one the CRM no longer has does not', async () => {
    hubspot.companies.push({ id: '77', properties: { name: outside.name, cui: `RO${outside.cui}` } });
    expect((await call(pull, '/api/Crm/pull', { body: { Provider: 'hubspot' }, ...(await asOwner()) })).body).toEqual({ Pulled: 4 });
    const cuis = [...companies.map((x) => x.cui), outside.cui, 1234567].join(',');
    const marked = await call(getInCrm, `/api/Crm/getInCrm?Cuis=${cuis}`, await asOwner());
    expect(marked.body.Cuis).toEqual([...companies.map((x) => x.cui), outside.cui].sort((a, b) => a - b));
    // another user's CRM is not theirs
    expect((await call(getInCrm, `/api/Crm/getInCrm?Cuis=${cuis}`, { token: await tokenOf(who.other) })).body.Cuis).toEqual([]);
    hubspot.companies.splice(hubspot.companies.findIndex((x) => x.id === '77'), 1);
    await call(pull, '/api/Crm/pull', { body: { Provider: 'hubspot' }, ...(await asOwner()) });
    expect((await call(getInCrm, `/api/Crm/getInCrm?Cuis=${outside.cui}`, await asOwner())).body.Cuis).toEqual([]);
  });
});

describe('Pipedrive', () => {
  it('creates its CUI field once, finds an organization already there by CUI, and never duplicates', async () => {
    // The team already had the first company in Pipedrive, entered by hand.
    await call(connect, '/api/Crm/connect', { body: { Provider: 'pipedrive', Token: PD_TOKEN }, ...(await asOwner()) });
    const cuiField = pipedrive.fields.find((f) => f.name === 'CUI')!.key;
    pipedrive.orgs.push({ id: 500, name: 'Introdusă manual', [cuiField]: String(companies[0].cui) });
    // Connecting again keeps the field (found by its name), not a second one.
    await call(connect, '/api/Crm/connect', { body: { Provider: 'pipedrive', Token: PD_TOKEN, GroupIds: [group.id] }, ...(await asOwner()) });
    expect(pipedrive.fields.filter((f) => f.name === 'CUI')).toHaveLength(1);
    expect((await call(pushGroup, '/api/Crm/pushGroup', { body: { Provider: 'pipedrive', GroupId: group.id }, ...(await asOwner()) })).body).toEqual({ Created: 2, Updated: 1 });
    expect((await call(pushGroup, '/api/Crm/pushGroup', { body: { Provider: 'pipedrive', GroupId: group.id }, ...(await asOwner()) })).body).toEqual({ Created: 0, Updated: 3 });
    expect(pipedrive.orgs.map((o) => Number(o[cuiField])).sort()).toEqual(companies.map((x) => x.cui).sort());
    expect(pipedrive.orgs.find((o) => o.id === 500)?.name).toBe(companies[0].name);
  });

  it('the scheduled sync pushes the chosen groups and pulls when due, and logs each run', async () => {
    const later = await createCompany();
    await addCompany(group, later.cui, who.owner);
    await sql(`UPDATE crm_connection SET last_sync_at = NULL WHERE user_id = $1`, [who.owner.id]);
    const first = await runScheduledCrmSync();
    expect(first.Failed).toBe(0);
    expect(first.Synced).toBeGreaterThanOrEqual(2);
    const cuiField = pipedrive.fields.find((f) => f.name === 'CUI')!.key;
    expect(pipedrive.orgs.filter((o) => Number(o[cuiField]) === later.cui)).toHaveLength(1);
    // Not due again at once; due after the interval.
    expect((await runScheduledCrmSync()).Synced).toBe(0);
    setClockOffset(clockOffsetMs() + 7 * 3600_000);
    expect((await runScheduledCrmSync()).Synced).toBeGreaterThanOrEqual(2);
    expect(pipedrive.orgs.filter((o) => Number(o[cuiField]) === later.cui)).toHaveLength(1);
    const log = await call(getSyncLog, '/api/Crm/getSyncLog', await asOwner());
    expect(log.body.some((l: { Provider: string; Kind: string; Status: string }) => l.Provider === 'pipedrive' && l.Kind === 'push' && l.Status === 'Done')).toBe(true);
    expect(log.body.some((l: { Provider: string; Kind: string; Status: string }) => l.Provider === 'hubspot' && l.Kind === 'pull' && l.Status === 'Done')).toBe(true);
  });
});

describe('who may call', () => {
  it('a push needs the caller\'s own connection and a group they may read', async () => {
    expect(await statusesAs(who, () => ({ handler: pushGroup, path: '/api/Crm/pushGroup', body: { Provider: 'hubspot', GroupId: group.id } }), ['anonymous', 'other', 'admin'])).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
    });
    const theirs = await createGroup(who.other);
    const res = await call(pushGroup, '/api/Crm/pushGroup', { body: { Provider: 'hubspot', GroupId: theirs.id }, ...(await asOwner()) });
    expect(res.status).toBe(404);
  });
});
