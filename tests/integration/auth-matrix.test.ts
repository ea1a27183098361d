// THE AUTHORIZATION MATRIX. Every route file under app/api must declare each exported method in
// server/http/access.ts, and every declared route that exists is called as anonymous, User and
// Admin: the answer must be 401 / 403 exactly where the declaration says so.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ACCESS, type Access } from '@/server/http/access';
import { env } from '@/server/kernel/env';
import { issueSession } from '@/server/auth/tokens';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { createUser, fromAddress, isolateMail, randomIp, type TestUser } from './support/auth';

const ROOT = path.resolve(__dirname, '../..');
const API_DIR = path.join(ROOT, 'app/api');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

// Routes that cannot run outside Next's request scope (they call cookies()/headers() of
// next/headers); their access is still declared and checked, and e2e covers them.
const NOT_CALLABLE_HERE = new Set(['GET /api/nextauth/[...nextauth]', 'POST /api/nextauth/[...nextauth]']);
// Public routes whose own credential check answers 401 when the caller brings none (not an
// access-layer refusal): the bridge exchange needs the next-auth cookie.
const PUBLIC_BUT_401_WITHOUT_CREDENTIAL = new Set(['POST /api/Auth/external-session']);

type RouteFile = { file: string; apiPath: string; methods: string[] };

function routeFiles(): RouteFile[] {
  return (readdirSync(API_DIR, { recursive: true }) as string[])
    .filter((f) => f.split(path.sep).pop() === 'route.ts')
    .map((f) => {
      const file = path.join(API_DIR, f);
      const apiPath = `/api/${path.dirname(f).split(path.sep).join('/')}`;
      const mod = require(file) as Record<string, unknown>;
      return { file, apiPath, methods: METHODS.filter((m) => typeof mod[m] === 'function') };
    });
}

const SAMPLE: Record<string, string> = { cui: '99999999', caenCode: '4711', pageSize: '10', userId: '123456789', accessToken: 'x'.repeat(24) };

function concretePath(apiPath: string): { url: string; params: Record<string, string | string[]> } {
  const params: Record<string, string | string[]> = {};
  const url = apiPath.replace(/\[(\.\.\.)?(\w+)\]/g, (_, rest: string | undefined, name: string) => {
    const value = SAMPLE[name] ?? '2147483000'; // an id that does not exist
    params[name] = rest ? [value] : value;
    return value;
  });
  return { url, params };
}

type Caller = 'anonymous' | 'user' | 'admin';

async function callAs(who: Caller, users: Record<'user' | 'admin', TestUser>, method: string, apiPath: string, extraHeaders: Record<string, string> = {}, body?: unknown) {
  const { url, params } = concretePath(apiPath);
  const mod = require(path.join(API_DIR, apiPath.slice('/api/'.length), 'route.ts')) as Record<string, (req: Request, ctx: unknown) => Promise<Response>>;
  const headers: Record<string, string> = { ...fromAddress(randomIp()), ...extraHeaders };
  // A fresh session per call: a call to Auth/logout must not end the session of the next one.
  if (who !== 'anonymous') headers.authorization = `Bearer ${(await issueSession(users[who].id)).AccessToken}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const init = { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) };
  const res = await mod[method](new Request(`http://localhost:3000${url}`, init), { params: Promise.resolve(params) });
  return res.status;
}

const ALLOWED: Record<Exclude<Access, 'cron' | 'metrics'>, Caller[]> = {
  public: ['anonymous', 'user', 'admin'],
  user: ['user', 'admin'],
  admin: ['admin'],
};

let users: Record<'user' | 'admin', TestUser>;
const routes = routeFiles();
const declared = ACCESS as Record<string, Access>;
const existing = routes.flatMap((r) => r.methods.map((m) => `${m} ${r.apiPath}`));

beforeAll(async () => {
  isolateMail();
  users = { user: await createUser({ role: 'User' }), admin: await createUser({ role: 'Admin' }) };
});
afterAll(() => waitForBackgroundTasks());

test('every exported method of every app/api route has an access declaration', () => {
  expect(routes.length).toBeGreaterThan(0);
  const missing = existing.filter((key) => !(key in declared));
  expect(missing).toEqual([]);
});

test('the auth routes of this issue exist with the declared methods', () => {
  for (const key of [
    'POST /api/Auth/login',
    'POST /api/Auth/logout',
    'POST /api/Account/register',
    'POST /api/Auth/forgotPassword',
    'POST /api/Auth/resetPassword',
    'POST /api/Auth/login-google',
    'POST /api/api/Auth/login-facebook/[userId]/[accessToken]',
    'GET /api/Auth/userDetails',
    'POST /api/Auth/refresh-token',
    'GET /api/nextauth/[...nextauth]',
    'POST /api/cron/send-mails',
  ]) {
    expect(existing).toContain(key);
  }
});

test('next-auth is not mounted where it would clash with /api/Auth on a case-insensitive disk', () => {
  const lower = routes.map((r) => r.apiPath.toLowerCase());
  expect(lower.some((p) => p.startsWith('/api/auth/[...'))).toBe(false);
  // No two route folders differ only by case.
  expect(new Set(lower).size).toBe(lower.length);
});

const callable = existing.filter((key) => key in declared && declared[key] !== 'cron' && declared[key] !== 'metrics' && !NOT_CALLABLE_HERE.has(key));

describe.each(callable.map((key) => [key, declared[key]] as const))('%s (%s)', (key, access) => {
  const [method, apiPath] = key.split(' ');
  test.each(['anonymous', 'user', 'admin'] as Caller[])('as %s', async (who) => {
    const status = await callAs(who, users, method, apiPath);
    const allowed = ALLOWED[access as Exclude<Access, 'cron' | 'metrics'>].includes(who);
    if (allowed) {
      if (PUBLIC_BUT_401_WITHOUT_CREDENTIAL.has(key)) expect([400, 401]).toContain(status);
      else {
        // Let through: whatever the endpoint answers to this empty call (200, 400 for the missing
        // input, 404 for an id that does not exist…), never a refusal of access, and never the 500
        // the route wrapper gives to an error it does not know.
        expect([401, 403]).not.toContain(status);
        expect(status).not.toBe(500);
      }
    } else {
      expect(status).toBe(who === 'anonymous' ? 401 : 403);
    }
  });
});

// Endpoints for machines (cron: CRON_SECRET; metrics, cluster-ops issue 32: METRICS_TOKEN or a
// scraper on loopback): no session of any role opens them, the secret does.
const SECRET_OF = { cron: 'CRON_SECRET', metrics: 'METRICS_TOKEN' } as const;
const machineRoutes = existing.filter((key) => declared[key] === 'cron' || declared[key] === 'metrics');
/** The body a machine endpoint needs once the secret opened it (the clock: back to 0). */
const MACHINE_BODY: Record<string, unknown> = { 'POST /api/cron/test-clock': { OffsetSeconds: 0 } };
/**
 * What the secret gets: 200, except the test clock, which also wants a caller on this machine and
 * answers these calls (from a random address) 404 as if it did not exist (decision 089; its 200 on
 * loopback is in clock.test.ts).
 */
const MACHINE_ANSWER: Record<string, number> = { 'POST /api/cron/test-clock': 404 };

describe.each(machineRoutes)('%s (machine)', (key) => {
  const [method, apiPath] = key.split(' ');
  const setting = SECRET_OF[declared[key] as keyof typeof SECRET_OF];
  test(`refused to anonymous, User and Admin; accepted with ${setting}`, async () => {
    const saved = env[setting];
    env[setting] = 'test-machine-secret-0123456789';
    try {
      for (const who of ['anonymous', 'user', 'admin'] as Caller[]) expect(await callAs(who, users, method, apiPath)).toBe(401);
      expect(await callAs('anonymous', users, method, apiPath, { authorization: 'Bearer test-machine-secret-0123456789' }, MACHINE_BODY[key])).toBe(MACHINE_ANSWER[key] ?? 200);
    } finally {
      env[setting] = saved;
    }
  });
});

test('the declarations follow the spec: signed-in areas are never public, administration is Admin only', () => {
  const entries = Object.entries(declared);
  const tier = (pattern: RegExp) => entries.filter(([k]) => pattern.test(k));
  // Groups, comments, templates, drafts, sent mails: signed-in users only.
  for (const [key, access] of tier(/ \/api\/(Group|CompanyComment|MailTemplate|MailSend)\//)) expect([key, access]).toEqual([key, expect.stringMatching(/^(user|admin)$/)]);
  // Users administration, roles, claim review: Admin only.
  for (const [key, access] of tier(/ \/api\/(User|Role)\/|GetCompaniesRequests|UpdateRequestCompanyStatus|getCompapaniesWithUserContacts|Contact\/(getUserContacts|updatePrivacy|getCompanyContacts)$/))
    expect([key, access]).toEqual([key, 'admin']);
  // Sign-in, register, recovery are for anonymous visitors; the profile needs a session.
  for (const key of ['POST /api/Auth/login', 'POST /api/Account/register', 'POST /api/Auth/forgotPassword', 'POST /api/Auth/resetPassword', 'POST /api/Auth/refresh-token'])
    expect(declared[key]).toBe('public');
  expect(declared['GET /api/Auth/userDetails']).toBe('user');
});
