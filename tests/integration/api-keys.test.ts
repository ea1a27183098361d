// Public API keys (issue 29; docs/decisions/066, 067): the ApiKey endpoints as owner, another user,
// anonymous and Admin; a key acting as its owner within its scopes; revocation and a blocked owner
// refused at once; per-key quotas (429 + Retry-After + RateLimit-*) shared by two "instances" (two
// pools); the /api/v1 dispatcher; CORS per key, its origins set by the owner or an Admin; the
// audit entries of an Admin's changes to keys (decision 072).
import pg from 'pg';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { ACCESS } from '@/server/http/access';
import { PUBLIC_API_ENDPOINTS, PUBLIC_API_SURFACE } from '@/lib/api-keys/surface';
import { takeKeyQuota, minuteCounterKey } from '@/server/api-keys/quota';
import { authorizeApiKeyCall } from '@/server/api-keys/authenticate';
import type { SqlRunner } from '@/server/kernel/rate-limit';
import { GET as getMyKeys } from '@/app/api/ApiKey/getMyKeys/route';
import { POST as createKey } from '@/app/api/ApiKey/create/route';
import { DELETE as revokeKey } from '@/app/api/ApiKey/[id]/route';
import { GET as getUsage } from '@/app/api/ApiKey/getUsage/route';
import { GET as getAll } from '@/app/api/ApiKey/getAll/route';
import { PUT as updateLimits } from '@/app/api/ApiKey/updateLimits/route';
import { PUT as updateOrigins } from '@/app/api/ApiKey/updateOrigins/route';
import { GET as getEntries } from '@/app/api/Audit/getEntries/route';
import { GET as v1Get, POST as v1Post, OPTIONS as v1Options } from '@/app/api/v1/[...path]/route';
import { OFFERED_HANDLERS } from '@/app/api/v1/[...path]/offered';
import { GET as getCounties } from '@/app/api/Location/getCounties/route';
import { GET as getGroups } from '@/app/api/Group/getGroups/route';
import { GET as getWatched } from '@/app/api/Watch/getWatchedCompanies/route';
import { callAs, dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { call } from './support/auth';
import { createGroup } from '../factories/groups';
import { createUser } from '../factories/users';

let who: Actors;
const pools: pg.Pool[] = [];

/** A second app instance's database access: its own pool, as another process would have. */
function otherInstance(): SqlRunner {
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 });
  pools.push(pool);
  return async <T extends Record<string, unknown>>(text: string, params: unknown[]) => (await pool.query<T>(text, params)).rows;
}

async function newKey(owner: keyof Actors | { id: number }, body: Record<string, unknown> = {}): Promise<{ id: number; secret: string }> {
  const token = typeof owner === 'string' ? await tokenOf(who[owner]) : await tokenOf({ id: owner.id, email: '', userName: '', password: '' });
  const res = await call(createKey, '/api/ApiKey/create', { body: { Name: 'Integrare CRM', ...body }, token });
  expect(res.status).toBe(200);
  return { id: res.body.Key.Id, secret: res.body.Secret };
}

const withKey = (secret: string, extra: Record<string, string> = {}) => ({ 'x-api-key': secret, ...extra });

beforeAll(async () => {
  who = await makeActors();
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await dropActors(who);
});

describe('the ApiKey endpoints', () => {
  it('create answers the secret once; only its hash is stored; the list shows the prefix, never the secret', async () => {
    const created = await call(createKey, '/api/ApiKey/create', { body: { Name: 'Raportare', Scopes: ['read', 'write'], AllowedOrigins: ['https://App.Exemplu.ro'] }, token: await tokenOf(who.owner) });
    expect(created.status).toBe(200);
    expect(created.body.Secret).toMatch(/^rfk_[A-Za-z0-9_-]{43}$/);
    expect(created.body.Key).toMatchObject({ Name: 'Raportare', Scopes: ['read', 'write'], AllowedOrigins: ['https://app.exemplu.ro'], Prefix: created.body.Secret.slice(0, 12), RevokedAt: null, LastUsedAt: null, RequestsToday: 0 });
    const [row] = await sql<{ secret_hash: string }>('SELECT secret_hash FROM api_key WHERE id = $1', [created.body.Key.Id]);
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.secret_hash).not.toContain(created.body.Secret.slice(4, 20));
    const list = await callAs('owner', who, () => ({ handler: getMyKeys, path: '/api/ApiKey/getMyKeys' }));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ Count: expect.any(Number), NumberOfPages: 1 });
    expect(JSON.stringify(list.body)).not.toContain(created.body.Secret);
    expect(list.body.Items.map((k: { Id: number }) => k.Id)).toContain(created.body.Key.Id);
  });

  it('create: anonymous 401; bad input 400 in Romanian; the default scope is read only', async () => {
    expect(await statusesAs(who, () => ({ handler: createKey, path: '/api/ApiKey/create', body: { Name: 'x' } }), ['anonymous'])).toEqual({ anonymous: 401 });
    const empty = await callAs('owner', who, () => ({ handler: createKey, path: '/api/ApiKey/create', body: { Name: '  ' } }));
    expect(empty).toMatchObject({ status: 400, body: { Errors: { Name: ['Acest câmp este necesar.'] } } });
    const origin = await callAs('owner', who, () => ({ handler: createKey, path: '/api/ApiKey/create', body: { Name: 'a', AllowedOrigins: ['https://x.ro/cale'] } }));
    expect(origin.status).toBe(400);
    expect(origin.body.Errors['AllowedOrigins.0'][0]).toContain('Originea');
    const scope = await callAs('owner', who, () => ({ handler: createKey, path: '/api/ApiKey/create', body: { Name: 'a', Scopes: ['admin'] } }));
    expect(scope.status).toBe(400);
    const plain = await newKey('owner');
    const [r] = await sql<{ scopes: string[] }>('SELECT scopes FROM api_key WHERE id = $1', [plain.id]);
    expect(r.scopes).toEqual(['read']);
  });

  it('getMyKeys lists the caller’s own keys only (an Admin’s own too)', async () => {
    const mine = await newKey('owner');
    expect(await statusesAs(who, () => ({ handler: getMyKeys, path: '/api/ApiKey/getMyKeys' }), ['anonymous'])).toEqual({ anonymous: 401 });
    for (const w of ['other', 'admin'] as const) {
      const res = await callAs(w, who, () => ({ handler: getMyKeys, path: '/api/ApiKey/getMyKeys' }));
      expect(res.status).toBe(200);
      expect(res.body.Items.map((k: { Id: number }) => k.Id)).not.toContain(mine.id);
    }
  });

  it('revoke: anonymous 401, another user 404 (not 403), Admin and owner 204; the key stops at once', async () => {
    const k = await newKey('owner');
    const path = `/api/ApiKey/${k.id}`;
    expect(await statusesAs(who, () => ({ handler: revokeKey, path, method: 'DELETE', params: { id: String(k.id) } }), ['anonymous', 'other'])).toEqual({ anonymous: 401, other: 404 });
    expect((await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) })).status).toBe(200);
    expect((await callAs('owner', who, () => ({ handler: revokeKey, path, method: 'DELETE', params: { id: String(k.id) } }))).status).toBe(204);
    const after = await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) });
    expect(after).toMatchObject({ status: 401, body: { Message: 'Cheia API nu este validă sau a fost revocată.' } });
    const byAdmin = await newKey('owner');
    expect((await callAs('admin', who, () => ({ handler: revokeKey, path: `/api/ApiKey/${byAdmin.id}`, method: 'DELETE', params: { id: String(byAdmin.id) } }))).status).toBe(204);
    expect((await call(getCounties, '/api/Location/getCounties', { headers: withKey(byAdmin.secret) })).status).toBe(401);
    const missing = await callAs('owner', who, () => ({ handler: revokeKey, path: '/api/ApiKey/2147483000', method: 'DELETE', params: { id: '2147483000' } }));
    expect(missing).toMatchObject({ status: 404, body: { Message: 'Cheia API nu a fost găsită.' } });
    const bad = await callAs('owner', who, () => ({ handler: revokeKey, path: '/api/ApiKey/abc', method: 'DELETE', params: { id: 'abc' } }));
    expect(bad.status).toBe(400);
  });

  it('a revocation made by another instance holds on the next request (no cache)', async () => {
    const k = await newKey('owner');
    expect((await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) })).status).toBe(200);
    await otherInstance()('UPDATE api_key SET revoked_at = now() WHERE id = $1', [k.id]);
    expect((await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) })).status).toBe(401);
  });

  it('getUsage: the owner and an Admin see the requests per day; another user 404, anonymous 401', async () => {
    const k = await newKey('owner');
    for (let i = 0; i < 3; i++) expect((await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) })).status).toBe(200);
    const path = `/api/ApiKey/getUsage?id=${k.id}`;
    expect(await statusesAs(who, () => ({ handler: getUsage, path }))).toEqual({ anonymous: 401, other: 404, admin: 200, owner: 200 });
    const res = await callAs('owner', who, () => ({ handler: getUsage, path }));
    expect(res.body).toEqual({ Items: [{ Day: new Date().toISOString().slice(0, 10), Requests: 3, Rejected: 0 }], Count: 1, NumberOfPages: 1 });
    const list = await callAs('owner', who, () => ({ handler: getMyKeys, path: '/api/ApiKey/getMyKeys' }));
    const item = list.body.Items.find((x: { Id: number }) => x.Id === k.id);
    expect(item.RequestsToday).toBe(3);
    expect(item.LastUsedAt).not.toBeNull();
  });

  it('getAll and updateLimits are the Admin’s: User 403, anonymous 401; bad limits 400 in Romanian', async () => {
    const k = await newKey('owner');
    expect(await statusesAs(who, () => ({ handler: getAll, path: '/api/ApiKey/getAll' }))).toEqual({ anonymous: 401, other: 403, admin: 200, owner: 403 });
    const all = await callAs('admin', who, () => ({ handler: getAll, path: `/api/ApiKey/getAll?SearchText=${encodeURIComponent(who.owner.email)}` }));
    expect(all.body.Items.find((x: { Id: number }) => x.Id === k.id)).toMatchObject({ UserId: who.owner.id, Email: who.owner.email });
    const body = { Id: k.id, PerMinute: 7, PerDay: 700 };
    expect(await statusesAs(who, () => ({ handler: updateLimits, path: '/api/ApiKey/updateLimits', method: 'PUT', body }))).toEqual({ anonymous: 401, other: 403, admin: 200, owner: 403 });
    const [row] = await sql<{ per_minute: number; per_day: number }>('SELECT per_minute, per_day FROM api_key WHERE id = $1', [k.id]);
    expect(row).toEqual({ per_minute: 7, per_day: 700 });
    const bad = await callAs('admin', who, () => ({ handler: updateLimits, path: '/api/ApiKey/updateLimits', method: 'PUT', body: { Id: k.id, PerMinute: 10, PerDay: 5 } }));
    expect(bad).toMatchObject({ status: 400, body: { Errors: { PerDay: ['Limita pe zi nu poate fi mai mică decât cea pe minut.'] } } });
    const missing = await callAs('admin', who, () => ({ handler: updateLimits, path: '/api/ApiKey/updateLimits', method: 'PUT', body: { Id: 2147483000, PerMinute: 1, PerDay: 1 } }));
    expect(missing.status).toBe(404);
  });
});

describe('a key acts as its owner within its scopes', () => {
  it('reads the owner’s groups; both header forms work; an unknown or malformed key is 401', async () => {
    const group = await createGroup(who.owner, 'Grup prin cheie');
    const k = await newKey('owner');
    const res = await call(getGroups, '/api/Group/getGroups', { headers: withKey(k.secret) });
    expect(res.status).toBe(200);
    expect(res.body.Items.map((g: { Id: number }) => g.Id)).toContain(group.id);
    expect(res.headers.get('ratelimit-limit')).toBe('60');
    expect(Number(res.headers.get('ratelimit-remaining'))).toBeLessThan(60);
    expect(res.headers.get('ratelimit-policy')).toBe('60;w=60, 5000;w=86400');
    expect((await call(getGroups, '/api/Group/getGroups', { token: k.secret })).status).toBe(200);
    expect((await call(getGroups, '/api/Group/getGroups', { headers: withKey(`${k.secret}x`) })).status).toBe(401);
    expect((await call(getGroups, '/api/Group/getGroups', { headers: withKey('nu-e-cheie') })).status).toBe(401);
    const others = await newKey('other');
    const theirs = await call(getGroups, '/api/Group/getGroups', { headers: withKey(others.secret) });
    expect(theirs.body.Items.map((g: { Id: number }) => g.Id)).not.toContain(group.id);
  });

  it('an endpoint outside the surface is 403 in Romanian, even a public one or the key’s own endpoints', async () => {
    const k = await newKey('owner', { Scopes: ['read', 'write'] });
    for (const [handler, path] of [
      [getWatched, '/api/Watch/getWatchedCompanies'],
      [getMyKeys, '/api/ApiKey/getMyKeys'],
    ] as const) {
      const res = await call(handler, path, { headers: withKey(k.secret) });
      expect(res).toMatchObject({ status: 403, body: { Code: 'FORBIDDEN', Message: expect.stringContaining('Cheia API nu are acces') } });
    }
  });

  it('read scope: a write endpoint is 403; write scope: the change is made as the owner', async () => {
    const read = await newKey('owner');
    const refused = await call(v1Post, '/api/v1/Group/add?Name=Grup%20API', { method: 'POST', headers: withKey(read.secret) });
    expect(refused).toMatchObject({ status: 403, body: { Message: 'Cheia API are doar drept de citire: cereți o cheie cu drept de scriere.' } });
    const write = await newKey('owner', { Scopes: ['read', 'write'] });
    const made = await call(v1Post, '/api/v1/Group/add?Name=Grup%20API%20scriere', { method: 'POST', headers: withKey(write.secret) });
    expect(made.status).toBe(200);
    const [g] = await sql<{ owner_id: number }>(`SELECT owner_id FROM company_group_list WHERE name = 'Grup API scriere'`);
    expect(g.owner_id).toBe(who.owner.id);
  });

  it('a blocked or deleted owner’s key is 401 at once', async () => {
    const user = await createUser();
    const k = await newKey({ id: user.id });
    expect((await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) })).status).toBe(200);
    await sql('UPDATE app_user SET is_blocked = true WHERE id = $1', [user.id]);
    expect((await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) })).status).toBe(401);
    await sql('UPDATE app_user SET is_blocked = false, is_deleted = true WHERE id = $1', [user.id]);
    expect((await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) })).status).toBe(401);
  });
});

describe('quotas per key, in PostgreSQL', () => {
  it('past the minute’s quota: 429, Retry-After and RateLimit headers; the window’s end resets it', async () => {
    const k = await newKey('owner');
    await sql('UPDATE api_key SET per_minute = 3 WHERE id = $1', [k.id]);
    for (let i = 0; i < 3; i++) expect((await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) })).status).toBe(200);
    const refused = await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) });
    expect(refused.status).toBe(429);
    expect(refused.body.Message).toBe('Ați depășit limita cheii API de 3 cereri pe minut. Reîncercați peste un minut.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-limit')).toBe('3');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(refused.headers.get('retry-after'));
    // The minute passes (the window's start moved back): the key may call again.
    await sql(`UPDATE rate_limit SET window_start = now() - interval '61 seconds' WHERE key = $1`, [minuteCounterKey(k.id)]);
    const again = await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) });
    expect(again.status).toBe(200);
    expect(again.headers.get('ratelimit-remaining')).toBe('2');
    const usage = await callAs('owner', who, () => ({ handler: getUsage, path: `/api/ApiKey/getUsage?id=${k.id}` }));
    expect(usage.body.Items[0]).toMatchObject({ Requests: 4, Rejected: 1 });
  });

  it('past the day’s quota: 429 until midnight UTC', async () => {
    const k = await newKey('owner');
    await sql('UPDATE api_key SET per_minute = 100, per_day = 2 WHERE id = $1', [k.id]);
    for (let i = 0; i < 2; i++) expect((await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) })).status).toBe(200);
    const refused = await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) });
    expect(refused.status).toBe(429);
    expect(refused.body.Message).toContain('2 cereri pe zi');
    const now = new Date();
    const toMidnight = Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);
    expect(Math.abs(Number(refused.headers.get('retry-after')) - toMidnight)).toBeLessThanOrEqual(5);
    expect(refused.headers.get('ratelimit-limit')).toBe('2');
  });

  it('two instances (two pools) share one count, even when they race', async () => {
    const k = await newKey('owner');
    const limits = { id: k.id, perMinute: 10, perDay: 1000 };
    const a = otherInstance();
    const b = otherInstance();
    const outcomes = await Promise.all(Array.from({ length: 16 }, (_, i) => takeKeyQuota(limits, i % 2 ? a : b)));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
    expect(outcomes.filter((o) => !o.allowed).every((o) => o.refusedBy === 'minute')).toBe(true);
    // A request through the app's own pool sees the same count.
    await sql('UPDATE api_key SET per_minute = 10 WHERE id = $1', [k.id]);
    expect((await call(getCounties, '/api/Location/getCounties', { headers: withKey(k.secret) })).status).toBe(429);
    const [u] = await sql<{ requests: number; rejected: number }>('SELECT requests, rejected FROM api_key_usage WHERE api_key_id = $1', [k.id]);
    expect(u).toEqual({ requests: 10, rejected: 7 });
  });

  it('a refused key (403, 401) spends no quota', async () => {
    const k = await newKey('owner');
    await call(getWatched, '/api/Watch/getWatchedCompanies', { headers: withKey(k.secret) });
    expect(await sql('SELECT 1 FROM api_key_usage WHERE api_key_id = $1', [k.id])).toHaveLength(0);
    await expect(authorizeApiKeyCall(new Request('http://x/api/Location/getCounties'), 'GET /api/Location/getCounties')).resolves.toBeNull();
  });
});

describe('/api/v1', () => {
  it('every offered endpoint is declared, never Admin-only, and has its handler', () => {
    const declared = ACCESS as Record<string, string>;
    for (const e of PUBLIC_API_ENDPOINTS) expect([e, declared[e]]).toEqual([e, expect.stringMatching(/^(public|user)$/)]);
    expect(Object.keys(OFFERED_HANDLERS).sort()).toEqual(Object.keys(PUBLIC_API_SURFACE).sort());
  });

  it('answers an offered endpoint with its params; 401 without a key; 404 outside the surface; 405 for another method', async () => {
    const k = await newKey('owner');
    const counties = await call(v1Get, '/api/v1/Location/getCounties', { headers: withKey(k.secret) });
    expect(counties.status).toBe(200);
    expect(Array.isArray(counties.body)).toBe(true);
    expect(counties.headers.get('ratelimit-limit')).toBe('60');
    const [c] = await sql<{ cui: number }>('SELECT cui FROM company ORDER BY cui LIMIT 1');
    const details = await call(v1Get, `/api/v1/Company/getDetails/${c.cui}`, { headers: withKey(k.secret) });
    expect(details.status).toBe(200);
    const search = await call(v1Get, '/api/v1/Company/getCompanies?PageNumber=1&PageSize=5', { headers: withKey(k.secret) });
    expect(search.status).toBe(200);
    expect(search.body).toMatchObject({ Items: expect.any(Array), Count: expect.any(Number) });
    expect(await call(v1Get, '/api/v1/Location/getCounties')).toMatchObject({ status: 401, body: { Message: 'API-ul public cere o cheie: trimiteți antetul X-API-Key.' } });
    expect((await call(v1Get, '/api/v1/Watch/getWatchedCompanies', { headers: withKey(k.secret) })).status).toBe(404);
    expect((await call(v1Get, '/api/v1/ApiKey/getMyKeys', { headers: withKey(k.secret) })).status).toBe(404);
    const wrong = await call(v1Post, '/api/v1/Location/getCounties', { method: 'POST', headers: withKey(k.secret) });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });
});

describe('CORS per key', () => {
  it('off by default; on for the origins the key lists; a foreign origin is 403', async () => {
    const plain = await newKey('owner');
    const listed = await newKey('owner', { AllowedOrigins: ['https://panou.exemplu.ro'] });
    const from = (origin: string, secret: string) => call(v1Get, '/api/v1/Location/getCounties', { headers: withKey(secret, { origin }) });
    const ok = await from('https://panou.exemplu.ro', listed.secret);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://panou.exemplu.ro');
    expect(ok.headers.get('access-control-expose-headers')).toContain('RateLimit-Remaining');
    const foreign = await from('https://rau.exemplu.ro', listed.secret);
    expect(foreign).toMatchObject({ status: 403, body: { Message: 'Originea cererii nu este permisă pentru această cheie API.' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect((await from('https://panou.exemplu.ro', plain.secret)).status).toBe(403);
    // The app's own origin is not a cross-origin call.
    expect((await from(new URL(env.APP_URL).origin, plain.secret)).status).toBe(200);
  });

  it('a preflight is answered with the allow headers only for an origin some active key lists', async () => {
    await newKey('owner', { AllowedOrigins: ['https://preflight.exemplu.ro'] });
    const pre = (origin: string, path = '/api/v1/Company/getCompanies') =>
      v1Options(new Request(`http://localhost:3000${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' } }));
    const yes = await pre('https://preflight.exemplu.ro');
    expect(yes.status).toBe(204);
    expect(yes.headers.get('access-control-allow-origin')).toBe('https://preflight.exemplu.ro');
    expect(yes.headers.get('access-control-allow-headers')).toContain('X-API-Key');
    const no = await pre('https://altul.exemplu.ro');
    expect(no.status).toBe(204);
    expect(no.headers.get('access-control-allow-origin')).toBeNull();
    expect((await pre('https://preflight.exemplu.ro', '/api/v1/Nimic/nimic')).status).toBe(404);
  });
});


/** The owner holds at most 20 active keys: the earlier tests' keys are retired before a new block. */
const retireOwnersKeys = () => sql('UPDATE api_key SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [who.owner.id]);

describe('a key\'s origins, set by its owner or an Admin (decision 072)', () => {
  beforeAll(retireOwnersKeys);
  const put = (body: unknown) => () => ({ handler: updateOrigins, path: '/api/ApiKey/updateOrigins', method: 'PUT', body });

  it('owner 200, Admin 200, another user 404, anonymous 401; the list shows them', async () => {
    const k = await newKey('owner');
    const body = { Id: k.id, AllowedOrigins: ['https://Panou.Exemplu.ro', 'http://localhost:5173', 'https://panou.exemplu.ro'] };
    expect(await statusesAs(who, put(body))).toEqual({ anonymous: 401, other: 404, admin: 200, owner: 200 });
    const res = await callAs('owner', who, put(body));
    expect(res.body).toMatchObject({ Id: k.id, AllowedOrigins: ['https://panou.exemplu.ro', 'http://localhost:5173'] });
    const list = await callAs('owner', who, () => ({ handler: getMyKeys, path: '/api/ApiKey/getMyKeys' }));
    expect(list.body.Items.find((x: { Id: number }) => x.Id === k.id).AllowedOrigins).toEqual(['https://panou.exemplu.ro', 'http://localhost:5173']);
    const cleared = await callAs('owner', who, put({ Id: k.id, AllowedOrigins: [] }));
    expect(cleared).toMatchObject({ status: 200, body: { AllowedOrigins: [] } });
    const missing = await callAs('owner', who, put({ Id: 2147483000, AllowedOrigins: [] }));
    expect(missing).toMatchObject({ status: 404, body: { Message: 'Cheia API nu a fost găsită.' } });
  });

  it('bad origins are a 400 in Romanian: a path, plain http outside localhost, a wildcard, more than 10', async () => {
    const k = await newKey('owner');
    const refused = async (AllowedOrigins: string[]) => {
      const r = await callAs('owner', who, put({ Id: k.id, AllowedOrigins }));
      expect(r.status).toBe(400);
      return Object.values(r.body.Errors as Record<string, string[]>).flat()[0];
    };
    expect(await refused(['https://x.ro/'])).toBe('Originea trebuie să fie de forma https://app.exemplu.ro (schemă și domeniu, fără cale).');
    expect(await refused(['https://x.ro/cale'])).toBe('Originea trebuie să fie de forma https://app.exemplu.ro (schemă și domeniu, fără cale).');
    expect(await refused(['http://x.ro'])).toBe('Adresele http sunt permise doar pentru localhost; folosiți https.');
    expect(await refused(['https://*.x.ro'])).toBe('Nu sunt permise caractere joker (*): scrieți fiecare origine exact.');
    expect(await refused(['*'])).toBe('Nu sunt permise caractere joker (*): scrieți fiecare origine exact.');
    expect(await refused(Array.from({ length: 11 }, (_, i) => `https://a${i}.exemplu.ro`))).toBe('Cel mult 10 origini.');
    const atCreate = await callAs('owner', who, () => ({ handler: createKey, path: '/api/ApiKey/create', body: { Name: 'a', AllowedOrigins: ['http://panou.exemplu.ro'] } }));
    expect(atCreate.status).toBe(400);
    const [row] = await sql<{ allowed_origins: string[] }>('SELECT allowed_origins FROM api_key WHERE id = $1', [k.id]);
    expect(row.allowed_origins).toEqual([]);
  });

  it('a revoked key\'s origins are not changed (409)', async () => {
    const k = await newKey('owner');
    await callAs('owner', who, () => ({ handler: revokeKey, path: `/api/ApiKey/${k.id}`, method: 'DELETE', params: { id: String(k.id) } }));
    const res = await callAs('owner', who, put({ Id: k.id, AllowedOrigins: ['https://x.ro'] }));
    expect(res).toMatchObject({ status: 409, body: { Message: 'Cheia a fost revocată: originile ei nu se mai pot schimba.' } });
  });

  it('CORS follows the origins set later: preflight and request allowed for the set origin, refused for another and after removal', async () => {
    const k = await newKey('owner');
    const origin = `https://o${k.id}.exemplu.ro`;
    const pre = (o: string) =>
      v1Options(new Request('http://localhost:3000/api/v1/Location/getCounties', { method: 'OPTIONS', headers: { origin: o, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' } }));
    const get = (o: string) => call(v1Get, '/api/v1/Location/getCounties', { headers: withKey(k.secret, { origin: o }) });
    expect((await pre(origin)).headers.get('access-control-allow-origin')).toBeNull();
    expect((await get(origin)).status).toBe(403);
    expect((await callAs('owner', who, put({ Id: k.id, AllowedOrigins: [origin] }))).status).toBe(200);
    const yes = await pre(origin);
    expect([yes.status, yes.headers.get('access-control-allow-origin'), yes.headers.get('access-control-allow-methods')]).toEqual([204, origin, 'GET, POST, PUT, DELETE']);
    const ok = await get(origin);
    expect([ok.status, ok.headers.get('access-control-allow-origin'), ok.headers.get('vary')]).toEqual([200, origin, 'Origin']);
    const other = `https://p${k.id}.exemplu.ro`;
    expect((await pre(other)).headers.get('access-control-allow-origin')).toBeNull();
    const refused = await get(other);
    expect(refused).toMatchObject({ status: 403, body: { Message: 'Originea cererii nu este permisă pentru această cheie API.' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    // Set by an Admin: the same effect; removed: refused again.
    expect((await callAs('admin', who, put({ Id: k.id, AllowedOrigins: [other] }))).status).toBe(200);
    expect((await get(other)).status).toBe(200);
    expect((await get(origin)).status).toBe(403);
    expect((await pre(origin)).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('an Admin\'s changes to keys are audited (decision 072)', () => {
  beforeAll(retireOwnersKeys);
  type Row = { actor_id: number | null; action: string; target_type: string; target_id: string; before: unknown; after: unknown };
  const entries = (keyId: number) =>
    sql<Row>(`SELECT actor_id, action, target_type, target_id, before, after FROM audit_entry WHERE target_type = 'apikey' AND target_id = $1 ORDER BY id`, [String(keyId)]);

  it('revoking another user\'s key: actor, target, before and after; the owner revoking their own key is not an Admin action', async () => {
    const k = await newKey('owner');
    expect((await callAs('admin', who, () => ({ handler: revokeKey, path: `/api/ApiKey/${k.id}`, method: 'DELETE', params: { id: String(k.id) } }))).status).toBe(204);
    const [e, ...more] = await entries(k.id);
    expect(more).toEqual([]);
    expect(e).toMatchObject({
      actor_id: who.admin.id,
      action: 'apikey.revoke',
      target_type: 'apikey',
      target_id: String(k.id),
      before: { Name: 'Integrare CRM', UserId: who.owner.id, RevokedAt: null },
      after: { Name: 'Integrare CRM', UserId: who.owner.id, RevokedAt: expect.any(String) },
    });
    // Revoking again changes nothing and records nothing.
    expect((await callAs('admin', who, () => ({ handler: revokeKey, path: `/api/ApiKey/${k.id}`, method: 'DELETE', params: { id: String(k.id) } }))).status).toBe(204);
    expect(await entries(k.id)).toHaveLength(1);
    const own = await newKey('owner');
    expect((await callAs('owner', who, () => ({ handler: revokeKey, path: `/api/ApiKey/${own.id}`, method: 'DELETE', params: { id: String(own.id) } }))).status).toBe(204);
    expect(await entries(own.id)).toEqual([]);
  });

  it('limits and origins changed by an Admin; refused calls record nothing; the Admin\'s audit page lists them', async () => {
    const k = await newKey('owner', { AllowedOrigins: ['https://vechi.exemplu.ro'] });
    expect((await callAs('owner', who, () => ({ handler: updateLimits, path: '/api/ApiKey/updateLimits', method: 'PUT', body: { Id: k.id, PerMinute: 9, PerDay: 90 } }))).status).toBe(403);
    expect((await callAs('other', who, () => ({ handler: updateOrigins, path: '/api/ApiKey/updateOrigins', method: 'PUT', body: { Id: k.id, AllowedOrigins: [] } }))).status).toBe(404);
    expect((await callAs('owner', who, () => ({ handler: updateOrigins, path: '/api/ApiKey/updateOrigins', method: 'PUT', body: { Id: k.id, AllowedOrigins: ['https://vechi.exemplu.ro', 'https://proprietar.exemplu.ro'] } }))).status).toBe(200);
    expect(await entries(k.id)).toEqual([]);
    expect((await callAs('admin', who, () => ({ handler: updateLimits, path: '/api/ApiKey/updateLimits', method: 'PUT', body: { Id: k.id, PerMinute: 9, PerDay: 90 } }))).status).toBe(200);
    expect((await callAs('admin', who, () => ({ handler: updateOrigins, path: '/api/ApiKey/updateOrigins', method: 'PUT', body: { Id: k.id, AllowedOrigins: ['https://nou.exemplu.ro'] } }))).status).toBe(200);
    expect(await entries(k.id)).toEqual([
      { actor_id: who.admin.id, action: 'apikey.limits', target_type: 'apikey', target_id: String(k.id), before: { PerMinute: 60, PerDay: 5000 }, after: { PerMinute: 9, PerDay: 90 } },
      {
        actor_id: who.admin.id,
        action: 'apikey.origins',
        target_type: 'apikey',
        target_id: String(k.id),
        before: { AllowedOrigins: ['https://vechi.exemplu.ro', 'https://proprietar.exemplu.ro'] },
        after: { AllowedOrigins: ['https://nou.exemplu.ro'] },
      },
    ]);
    const page = await callAs('admin', who, () => ({ handler: getEntries, path: `/api/Audit/getEntries?targetType=apikey&targetId=${k.id}` }));
    expect(page.body.Items.map((i: { Action: string; ActorName: string }) => [i.Action, i.ActorName])).toEqual([
      ['apikey.origins', who.admin.userName],
      ['apikey.limits', who.admin.userName],
    ]);
    const byAction = await callAs('admin', who, () => ({ handler: getEntries, path: '/api/Audit/getEntries?action=apikey.limits' }));
    expect(byAction.status).toBe(200);
  });
});
