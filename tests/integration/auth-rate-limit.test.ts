// Sign-in attempts are limited per client address and per account, in PostgreSQL.
import { POST as login } from '@/app/api/Auth/login/route';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { hitRateLimit } from '@/server/kernel/rate-limit';
import { call, createUser, isolateMail, randomIp, uniq } from './support/auth';

beforeAll(() => {
  isolateMail();
});

const attempt = (Email: string, Password: string, ip?: string) => call(login, '/api/Auth/login', { body: { Email, Password }, ip });

test('per account: after 5 failed attempts (from any addresses) the 6th is 429 even with the right password', async () => {
  const u = await createUser();
  for (let i = 0; i < env.AUTH_RATE_LIMIT_ACCOUNT_MAX; i++) expect((await attempt(u.email, 'Gresit#2026')).status).toBe(401);
  const blocked = await attempt(u.email, u.password);
  expect(blocked.status).toBe(429);
  expect(blocked.body.Message).toMatch(/^Prea multe încercări de autentificare\. Încercați din nou peste \d+ minute?\.$/);
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  const [row] = await sql<{ count: number }>(`SELECT count FROM rate_limit WHERE key = $1`, [`login:account:${u.email}`]);
  expect(row.count).toBe(env.AUTH_RATE_LIMIT_ACCOUNT_MAX + 1);
});

test('the account counter ignores case and is cleared by a successful sign-in', async () => {
  const u = await createUser();
  for (let i = 0; i < env.AUTH_RATE_LIMIT_ACCOUNT_MAX - 1; i++) await attempt(u.email.toUpperCase(), 'Gresit#2026');
  expect((await attempt(u.email, u.password)).status).toBe(200);
  for (let i = 0; i < env.AUTH_RATE_LIMIT_ACCOUNT_MAX - 1; i++) expect((await attempt(u.email, 'Gresit#2026')).status).toBe(401);
});

test('the window ends: after it the account may try again', async () => {
  const u = await createUser();
  for (let i = 0; i <= env.AUTH_RATE_LIMIT_ACCOUNT_MAX; i++) await attempt(u.email, 'Gresit#2026');
  expect((await attempt(u.email, u.password)).status).toBe(429);
  await sql(`UPDATE rate_limit SET window_start = now() - make_interval(secs => $2 + 1) WHERE key = $1`, [`login:account:${u.email}`, env.AUTH_RATE_LIMIT_WINDOW_SECONDS]);
  expect((await attempt(u.email, u.password)).status).toBe(200);
});

test('per address: one address trying many accounts is stopped after 30 attempts', async () => {
  const ip = randomIp();
  const statuses: number[] = [];
  for (let i = 0; i <= env.AUTH_RATE_LIMIT_IP_MAX; i++) statuses.push((await attempt(`nimeni-${uniq()}@exemplu.ro`, 'Gresit#2026', ip)).status);
  expect(statuses.slice(0, env.AUTH_RATE_LIMIT_IP_MAX).every((s) => s === 401)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
  // Another address is not affected.
  const u = await createUser();
  expect((await attempt(u.email, u.password, randomIp())).status).toBe(200);
});

test('the address is the one the front server wrote; X-Forwarded-For and X-Real-IP are not read', async () => {
  const ip = randomIp();
  const spoofed = randomIp();
  const res = await call(login, '/api/Auth/login', {
    body: { Email: `a-${uniq()}@exemplu.ro`, Password: 'x' },
    ip,
    headers: { 'x-forwarded-for': `1.2.3.4, ${spoofed}`, 'x-real-ip': spoofed },
  });
  expect(res.status).toBe(401);
  expect(await sql(`SELECT 1 FROM rate_limit WHERE key = $1`, [`login:ip:${ip}`])).toHaveLength(1);
  expect(await sql(`SELECT 1 FROM rate_limit WHERE key = ANY($1)`, [[`login:ip:${spoofed}`, 'login:ip:1.2.3.4']])).toHaveLength(0);
});

test('a refused address does not count against the account it names', async () => {
  const ip = randomIp();
  for (let i = 0; i < env.AUTH_RATE_LIMIT_IP_MAX; i++) await attempt(`nimeni-${uniq()}@exemplu.ro`, 'Gresit#2026', ip);
  const u = await createUser();
  for (let i = 0; i < env.AUTH_RATE_LIMIT_ACCOUNT_MAX + 2; i++) expect((await attempt(u.email, 'Gresit#2026', ip)).status).toBe(429);
  expect(await sql(`SELECT 1 FROM rate_limit WHERE key = $1`, [`login:account:${u.email}`])).toHaveLength(0);
  expect((await attempt(u.email, u.password)).status).toBe(200);
});

test('the counter is one atomic upsert: 40 concurrent hits count 40', async () => {
  const key = `test:${uniq()}`;
  const hits = await Promise.all(Array.from({ length: 40 }, () => hitRateLimit(key, 10, 60)));
  expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  expect(hits.filter((h) => h.allowed)).toHaveLength(10);
});

test('the registration and password-reset limits come from the configuration', async () => {
  const { POST: register } = await import('@/app/api/Account/register/route');
  const { POST: forgot } = await import('@/app/api/Auth/forgotPassword/route');
  const saved = { ...env };
  try {
    env.REGISTER_RATE_LIMIT_IP_PER_HOUR = 2;
    env.FORGOT_PASSWORD_RATE_LIMIT_IP_PER_HOUR = 2;
    // The limit is counted before the duplicate check: an existing account's details answer 409, then 429.
    const u = await createUser();
    const ip = randomIp();
    const body = { UserName: u.userName, Email: u.email, Password: u.password, ConfirmPassword: u.password };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(register, '/api/Account/register', { body, ip })).status);
    expect(statuses).toEqual([409, 409, 429]);
    const other = randomIp();
    const resets = [];
    for (let i = 0; i < 3; i++) resets.push((await call(forgot, '/api/Auth/forgotPassword', { body: { Email: `x${i}-${uniq()}@exemplu.ro` }, ip: other })).status);
    expect(resets).toEqual([200, 200, 429]);
  } finally {
    Object.assign(env, saved);
  }
});
