// No unauthenticated CPU exhaustion (issue 23): a reset code is checked before argon2 runs, reset
// attempts are limited per address and per account, and all argon2 work waits in one bounded queue
// (server/auth/passwords.ts, decision 035) that answers 503 in Romanian when full.
import argon2 from 'argon2';
import { POST as login } from '@/app/api/Auth/login/route';
import { POST as reset } from '@/app/api/Auth/resetPassword/route';
import { requestPasswordReset } from '@/server/account/password-reset';
import { hashPassword, PASSWORD_BUSY_MESSAGE, passwordQueueStats, verifyPassword } from '@/server/auth/passwords';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { call, createUser, isolateMail, randomIp, uniq } from './support/auth';

const NEW_PASSWORD = 'NouaParola#2027';
const saved = { ...env };

beforeAll(() => isolateMail());
afterEach(() => {
  Object.assign(env, saved);
  jest.restoreAllMocks();
});

async function resetCode(email: string): Promise<string> {
  expect(await requestPasswordReset(email)).toBe(true);
  await waitForBackgroundTasks();
  const [row] = await sql<{ text: string }>(`SELECT text FROM outbox_mail WHERE "to" = $1 AND kind = 'password-reset' ORDER BY id DESC LIMIT 1`, [email]);
  return new URL(row.text.match(/https?:\/\/\S+Resetare-parola\S+/)![0]).searchParams.get('token')!;
}

test('a wrong reset code is refused before any argon2 work', async () => {
  const u = await createUser();
  const hash = jest.spyOn(argon2, 'hash');
  const verify = jest.spyOn(argon2, 'verify');
  const res = await call(reset, '/api/Auth/resetPassword', { body: { Email: u.email, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: 'x'.repeat(43) } });
  expect(res.status).toBe(400);
  expect(res.body.Errors.Code).toEqual(['Linkul de resetare a parolei este invalid sau a expirat. Cereți un link nou.']);
  expect(hash).not.toHaveBeenCalled();
  expect(verify).not.toHaveBeenCalled();
  // A right code still sets the password (one hash).
  const code = await resetCode(u.email);
  const ok = await call(reset, '/api/Auth/resetPassword', { body: { Email: u.email, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: code } });
  expect(ok.status).toBe(200);
  expect(hash).toHaveBeenCalledTimes(1);
  expect((await call(login, '/api/Auth/login', { body: { Email: u.email, Password: NEW_PASSWORD } })).status).toBe(200);
});

test('reset attempts are limited per client address (many accounts) and per account (many addresses)', async () => {
  const ip = randomIp();
  const byAddress: number[] = [];
  for (let i = 0; i <= env.RESET_PASSWORD_RATE_LIMIT_IP_PER_HOUR; i++) {
    byAddress.push((await call(reset, '/api/Auth/resetPassword', { ip, body: { Email: `n-${uniq()}@exemplu.ro`, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: uniq() } })).status);
  }
  expect(byAddress.slice(0, -1).every((s) => s === 400)).toBe(true);
  expect(byAddress.at(-1)).toBe(429);

  const u = await createUser();
  const byAccount: number[] = [];
  for (let i = 0; i <= env.RESET_PASSWORD_RATE_LIMIT_ACCOUNT_PER_HOUR; i++) {
    byAccount.push((await call(reset, '/api/Auth/resetPassword', { body: { Email: u.email.toUpperCase(), Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: uniq() } })).status);
  }
  expect(byAccount.slice(0, -1).every((s) => s === 400)).toBe(true);
  const last = await call(reset, '/api/Auth/resetPassword', { body: { Email: u.email, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD, Code: uniq() } });
  expect(last.status).toBe(429);
  expect(last.body.Message).toMatch(/^Prea multe cereri\. Încercați din nou peste \d+ minute?\.$/);
  expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
});

test('argon2 runs at most PASSWORD_HASH_CONCURRENCY at once; past the queue the answer is 503 at once', async () => {
  env.PASSWORD_HASH_CONCURRENCY = 1;
  env.PASSWORD_HASH_QUEUE = 2;
  let running = 0;
  let most = 0;
  const real = argon2.hash.bind(argon2);
  jest.spyOn(argon2, 'hash').mockImplementation(async (...args: Parameters<typeof argon2.hash>) => {
    most = Math.max(most, ++running);
    try {
      return await real(...args);
    } finally {
      running--;
    }
  });
  const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => hashPassword(`Parola#${i}-lunga`)));
  expect(most).toBe(1);
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
  expect(refused).toHaveLength(5);
  for (const e of refused) expect(e).toMatchObject({ code: 'UNAVAILABLE', status: 503, message: PASSWORD_BUSY_MESSAGE });
  expect(passwordQueueStats()).toEqual({ running: 0, waiting: 0 });
  // Verification shares the queue, and the slot is free again afterwards.
  expect(await verifyPassword(await hashPassword('Abcdef#123'), 'Abcdef#123')).toBe(true);
});

test('a sign-in that finds the queue full answers 503 JSON in Romanian with Retry-After', async () => {
  const users = await Promise.all([createUser(), createUser(), createUser(), createUser()]);
  env.PASSWORD_HASH_CONCURRENCY = 1;
  env.PASSWORD_HASH_QUEUE = 0;
  const answers = await Promise.all(users.map((u) => call(login, '/api/Auth/login', { body: { Email: u.email, Password: u.password } })));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toContain(200);
  expect(statuses).toContain(503);
  const busy = answers.find((a) => a.status === 503)!;
  expect(busy.body).toMatchObject({ Message: PASSWORD_BUSY_MESSAGE, Code: 'UNAVAILABLE' });
  expect(busy.headers.get('retry-after')).toBe('5');
  expect(busy.headers.get('content-type')).toContain('application/json');
});
