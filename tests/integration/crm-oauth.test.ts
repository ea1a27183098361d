// CRM OAuth (issue 50, decision 109) against the stand-ins' documented authorize and token
// endpoints: the authorisation-code flow with state and PKCE connects HubSpot and Pipedrive
// (Pipedrive through its api_domain, with a bearer token); the token is never answered back; a
// state is single-use, expires after 10 minutes (the test clock moves), and a forged or missing
// state connects nothing; an expired access token is refreshed before a push; an instance without
// the client id and secret offers no OAuth; anonymous callers get 401 where a user is needed.
import { env } from '@/server/kernel/env';
import { sql } from '@/server/kernel/db';
import { clockOffsetMs, setClockOffset } from '@/server/kernel/clock';
import { GET as getOAuthProviders } from '@/app/api/Crm/getOAuthProviders/route';
import { POST as startOAuth } from '@/app/api/Crm/startOAuth/route';
import { GET as oauthCallback } from '@/app/api/Crm/oauthCallback/route';
import { GET as getConnections } from '@/app/api/Crm/getConnections/route';
import { POST as pushGroup } from '@/app/api/Crm/pushGroup/route';
import { call } from './support/auth';
import { dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { startHubSpot, startPipedrive } from '../stand-ins/crm';
import { createCompany } from '../factories/companies';
import { addCompany, createGroup, type TestGroup } from '../factories/groups';

const HS = { clientId: 'hs-client-id', clientSecret: 'hs-client-secret' };
const PD = { clientId: 'pd-client-id', clientSecret: 'pd-client-secret' };
let who: Actors;
let hubspot: Awaited<ReturnType<typeof startHubSpot>>;
let pipedrive: Awaited<ReturnType<typeof startPipedrive>>;
let group: TestGroup;
const keys = ['HUBSPOT_API_URL', 'HUBSPOT_AUTHORIZE_URL', 'HUBSPOT_CLIENT_ID', 'HUBSPOT_CLIENT_SECRET', 'PIPEDRIVE_API_URL', 'PIPEDRIVE_OAUTH_URL', 'PIPEDRIVE_CLIENT_ID', 'PIPEDRIVE_CLIENT_SECRET'] as const;
const saved = Object.fromEntries(keys.map((k) => [k, env[k]]));

beforeAll(async () => {
  who = await makeActors();
  hubspot = await startHubSpot('pat-private-unused', { oauth: HS });
  pipedrive = await startPipedrive('pd-private-unused', { oauth: PD });
  Object.assign(env, {
    HUBSPOT_API_URL: hubspot.url,
    HUBSPOT_AUTHORIZE_URL: `${hubspot.url}/oauth/authorize`,
    HUBSPOT_CLIENT_ID: HS.clientId,
    HUBSPOT_CLIENT_SECRET: HS.clientSecret,
    // Pipedrive's API is reached through the token answer's api_domain, not this default.
    PIPEDRIVE_API_URL: 'http://127.0.0.1:9',
    PIPEDRIVE_OAUTH_URL: pipedrive.url,
    PIPEDRIVE_CLIENT_ID: PD.clientId,
    PIPEDRIVE_CLIENT_SECRET: PD.clientSecret,
  });
  group = await createGroup(who.owner);
  for (let i = 0; i < 2; i++) await addCompany(group, (await createCompany()).cui, who.owner);
});
afterAll(async () => {
  setClockOffset(0);
  Object.assign(env, saved);
  await hubspot.close();
  await pipedrive.close();
  await dropActors(who);
});

/** What the user's browser does: open the consent page (the stand-in consents at once) and follow it back. */
async function consent(authorizeUrl: string): Promise<string> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.pathname).toBe('/api/Crm/oauthCallback');
  return back.pathname + back.search;
}
const start = async (provider: 'hubspot' | 'pipedrive', actor: keyof Actors = 'owner') => {
  const r = await call(startOAuth, '/api/Crm/startOAuth', { body: { Provider: provider }, token: await tokenOf(who[actor]) });
  expect(r.status).toBe(200);
  return r.body.Url as string;
};
const landing = (res: { status: number; headers: Headers }) => {
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
};

it('offers OAuth for the CRMs whose client id and secret are set; anonymous gets 401', async () => {
  expect((await call(getOAuthProviders, '/api/Crm/getOAuthProviders', { token: await tokenOf(who.owner) })).body).toEqual({ Providers: ['hubspot', 'pipedrive'] });
  expect(await statusesAs(who, () => ({ handler: startOAuth, path: '/api/Crm/startOAuth', body: { Provider: 'hubspot' } }), ['anonymous'])).toEqual({ anonymous: 401 });
  expect(await statusesAs(who, () => ({ handler: getOAuthProviders, path: '/api/Crm/getOAuthProviders' }))).toEqual({ anonymous: 401, other: 200, admin: 200, owner: 200 });
  // A bad provider is a 400 with the schema's message, not a 500.
  const bad = await call(startOAuth, '/api/Crm/startOAuth', { body: { Provider: 'salesforce' }, token: await tokenOf(who.owner) });
  expect(bad.status).toBe(400);
  env.PIPEDRIVE_CLIENT_SECRET = undefined;
  try {
    expect((await call(getOAuthProviders, '/api/Crm/getOAuthProviders', { token: await tokenOf(who.owner) })).body).toEqual({ Providers: ['hubspot'] });
    const r = await call(startOAuth, '/api/Crm/startOAuth', { body: { Provider: 'pipedrive' }, token: await tokenOf(who.owner) });
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/token privat/);
  } finally {
    env.PIPEDRIVE_CLIENT_SECRET = PD.clientSecret;
  }
});

it('HubSpot: the code flow with state and PKCE connects, the token is never shown, and a push works with it', async () => {
  const url = new URL(await start('hubspot'));
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(url.searchParams.get('redirect_uri')).toBe(`${env.APP_URL.replace(/\/$/, '')}/api/Crm/oauthCallback`);
  const back = await consent(url.toString());
  const res = await call(oauthCallback, back);
  const to = landing(res);
  expect(to.pathname).toBe('/CRM');
  expect(to.searchParams.get('conectat')).toBe('hubspot');
  const list = await call(getConnections, '/api/Crm/getConnections', { token: await tokenOf(who.owner) });
  expect(list.body).toEqual([expect.objectContaining({ Provider: 'hubspot', AuthKind: 'oauth' })]);
  const [row] = await sql<{ token: string }>(`SELECT token FROM crm_connection WHERE user_id = $1 AND provider = 'hubspot'`, [who.owner.id]);
  expect(JSON.stringify(list.body)).not.toContain(row.token);
  expect(hubspot.properties.get('cui')).toMatchObject({ hasUniqueValue: true });
  expect((await call(pushGroup, '/api/Crm/pushGroup', { body: { Provider: 'hubspot', GroupId: group.id }, token: await tokenOf(who.owner) })).body).toEqual({ Created: 2, Updated: 0 });

  // The same state again (a replayed callback) connects nothing more.
  const again = landing(await call(oauthCallback, back));
  expect(again.searchParams.get('eroare')).toMatch(/expirat/);
});

it('an access token about to expire is refreshed before a push', async () => {
  await sql(`UPDATE crm_connection SET token_expires_at = now() - interval '1 minute' WHERE user_id = $1 AND provider = 'hubspot'`, [who.owner.id]);
  const before = hubspot.oauth!.refreshed;
  const [old] = await sql<{ token: string }>(`SELECT token FROM crm_connection WHERE user_id = $1 AND provider = 'hubspot'`, [who.owner.id]);
  expect((await call(pushGroup, '/api/Crm/pushGroup', { body: { Provider: 'hubspot', GroupId: group.id }, token: await tokenOf(who.owner) })).body).toEqual({ Created: 0, Updated: 2 });
  expect(hubspot.oauth!.refreshed).toBe(before + 1);
  const [now] = await sql<{ token: string; token_expires_at: Date }>(`SELECT token, token_expires_at FROM crm_connection WHERE user_id = $1 AND provider = 'hubspot'`, [who.owner.id]);
  expect(now.token).not.toBe(old.token);
  expect(now.token_expires_at.getTime()).toBeGreaterThan(Date.now());
});

it('Pipedrive: connects through its api_domain with a bearer token, bound to the user who started it', async () => {
  const back = await consent(await start('pipedrive', 'other'));
  expect(landing(await call(oauthCallback, back)).searchParams.get('conectat')).toBe('pipedrive');
  expect((await call(getConnections, '/api/Crm/getConnections', { token: await tokenOf(who.other) })).body).toEqual([expect.objectContaining({ Provider: 'pipedrive', AuthKind: 'oauth' })]);
  // The owner started nothing with Pipedrive: the other user's connection is not theirs.
  expect((await call(getConnections, '/api/Crm/getConnections', { token: await tokenOf(who.owner) })).body.map((c: { Provider: string }) => c.Provider)).toEqual(['hubspot']);
  expect(pipedrive.fields.filter((f) => f.name === 'CUI')).toHaveLength(1);
  const [row] = await sql<{ settings: { apiBase?: string } }>(`SELECT settings FROM crm_connection WHERE user_id = $1 AND provider = 'pipedrive'`, [who.other.id]);
  expect(row.settings.apiBase).toBe(pipedrive.url);
});

it('a forged, missing or expired state, a refused consent or a wrong PKCE verifier connects nothing', async () => {
  const count = async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM crm_connection WHERE user_id = $1 AND provider = 'pipedrive'`, [who.owner.id]))[0].n;
  expect(landing(await call(oauthCallback, '/api/Crm/oauthCallback?code=abc&state=falsificat')).searchParams.get('eroare')).toMatch(/expirat/);
  expect(landing(await call(oauthCallback, '/api/Crm/oauthCallback?code=abc')).searchParams.get('eroare')).toMatch(/expirat/);
  // The consent page answered with an error (the user refused).
  const refused = new URL(await start('pipedrive'));
  expect(landing(await call(oauthCallback, `/api/Crm/oauthCallback?error=access_denied&state=${refused.searchParams.get('state')}`)).searchParams.get('eroare')).toMatch(/refuzată/);
  // Eleven minutes at the CRM's consent page: the state has expired.
  const slow = await consent(await start('pipedrive'));
  setClockOffset(clockOffsetMs() + 11 * 60_000);
  expect(landing(await call(oauthCallback, slow)).searchParams.get('eroare')).toMatch(/expirat/);
  setClockOffset(0);
  // A verifier that does not match the challenge: the stand-in refuses the code, as the CRM does.
  const back = await consent(await start('pipedrive'));
  const state = new URL(back, 'http://x').searchParams.get('state')!;
  await sql(`UPDATE crm_oauth_state SET code_verifier = 'altceva-decat-verificatorul-trimis-la-inceput-00' WHERE state = $1`, [state]);
  expect(landing(await call(oauthCallback, back)).searchParams.get('eroare')).toMatch(/refuzat autorizarea/);
  expect(await count()).toBe(0);
});

it('an oversized token answer is refused with a clear error and nothing is stored (the code exchange and a refresh)', async () => {
  const rows = async (provider: string) =>
    sql<{ token: string; refresh_token: string | null }>(`SELECT token, refresh_token FROM crm_connection WHERE user_id = $1 AND provider = $2`, [who.admin.id, provider]);
  pipedrive.oauth!.padAnswerBytes = 200 * 1024;
  try {
    const back = await consent(await start('pipedrive', 'admin'));
    const to = landing(await call(oauthCallback, back));
    expect(to.searchParams.get('conectat')).toBeNull();
    expect(to.searchParams.get('eroare')).toMatch(/răspuns de autorizare prea mare.*nu a fost salvată/);
    expect(await rows('pipedrive')).toEqual([]);
    // The state was spent on the refused answer: a replay connects nothing either.
    expect(landing(await call(oauthCallback, back)).searchParams.get('eroare')).toMatch(/expirat/);
    expect(await rows('pipedrive')).toEqual([]);
  } finally {
    pipedrive.oauth!.padAnswerBytes = 0;
  }

  // A connection whose refresh gets an oversized answer: the push is a 400 that says so, the stored tokens stay.
  expect(landing(await call(oauthCallback, await consent(await start('hubspot', 'admin')))).searchParams.get('conectat')).toBe('hubspot');
  const [before] = await rows('hubspot');
  await sql(`UPDATE crm_connection SET token_expires_at = now() - interval '1 minute' WHERE user_id = $1 AND provider = 'hubspot'`, [who.admin.id]);
  const adminGroup = await createGroup(who.admin);
  hubspot.oauth!.padAnswerBytes = 200 * 1024;
  try {
    const r = await call(pushGroup, '/api/Crm/pushGroup', { body: { Provider: 'hubspot', GroupId: adminGroup.id }, token: await tokenOf(who.admin) });
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/prea mare/);
  } finally {
    hubspot.oauth!.padAnswerBytes = 0;
  }
  expect(await rows('hubspot')).toEqual([before]);
});
