// The client address comes from the socket (and TRUST_PROXY trusted hops), never from what the
// client writes: the front server's stamp (server/http/front/client-address.mjs, as the front runs
// it) in front of the real route handlers, over real sockets.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { POST as register } from '@/app/api/Account/register/route';
import { POST as login } from '@/app/api/Auth/login/route';
import { POST as forgot } from '@/app/api/Auth/forgotPassword/route';
import { POST as leaveMessage } from '@/app/api/Email/SendLeaveUsMessageEmail/route';
import { POST as resetPassword } from '@/app/api/Auth/resetPassword/route';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { CLIENT_ADDRESS_HEADER, stampClientAddress } from '../../server/http/front/client-address.mjs';
import { isolateMail, STRONG_PASSWORD, uniq } from './support/auth';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ROUTES: Record<string, Handler> = {
  '/api/Account/register': register,
  '/api/Auth/login': login,
  '/api/Auth/forgotPassword': forgot,
  '/api/Auth/resetPassword': resetPassword,
  '/api/Email/SendLeaveUsMessageEmail': leaveMessage,
};

/** A front like scripts/serve.mjs: stamp the address, then the app's handler (headers as Next passes them). */
async function startFront(trustProxy: number) {
  const server = http.createServer(async (req, res) => {
    stampClientAddress(req, trustProxy);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    const answer = await ROUTES[req.url!.split('?')[0]](new Request(`http://localhost${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined }), {
      params: Promise.resolve({}),
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const registration = () => {
  const id = uniq();
  return { UserName: `Client ${id}`, Email: `client-${id}@exemplu.ro`, Password: STRONG_PASSWORD, ConfirmPassword: STRONG_PASSWORD };
};

beforeAll(() => isolateMail());
// The tests' own socket address is 127.0.0.1: start each test with its counters empty.
beforeEach(() => sql(`DELETE FROM rate_limit WHERE key LIKE '%:ip:127.0.0.1'`));
afterAll(async () => {
  await waitForBackgroundTasks();
  await sql(`DELETE FROM rate_limit WHERE key LIKE '%:ip:127.0.0.1'`);
  await sql(`DELETE FROM app_user WHERE email LIKE 'client-%@exemplu.ro'`);
});

test('25 registrations with 25 different X-Forwarded-For values: 429 from the 21st (TRUST_PROXY unset)', async () => {
  expect(env.REGISTER_RATE_LIMIT_IP_PER_HOUR).toBe(20);
  const front = await startFront(0);
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await post(front.base, '/api/Account/register', registration(), { 'x-forwarded-for': `203.0.113.${i + 1}`, 'x-real-ip': `198.51.100.${i + 1}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(20).fill(200), ...Array(5).fill(429)]);
  } finally {
    await front.close();
  }
});

test('a client that sends the front header itself is overwritten by the socket address', async () => {
  const front = await startFront(0);
  try {
    const statuses: number[] = [];
    for (let i = 0; i <= env.AUTH_RATE_LIMIT_IP_MAX; i++) {
      const res = await post(front.base, '/api/Auth/login', { Email: `nimeni-${uniq()}@exemplu.ro`, Password: 'Gresit#2026' }, { [CLIENT_ADDRESS_HEADER]: `192.0.2.${i + 1}` });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
  } finally {
    await front.close();
  }
});

test('every per-address limit counts the socket address: forgot-password and leave-a-message too', async () => {
  const front = await startFront(0);
  try {
    const forgotten: number[] = [];
    for (let i = 0; i <= env.FORGOT_PASSWORD_RATE_LIMIT_IP_PER_HOUR; i++) {
      forgotten.push((await post(front.base, '/api/Auth/forgotPassword', { Email: `x${i}-${uniq()}@exemplu.ro` }, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status);
    }
    expect(forgotten.at(-1)).toBe(429);
    expect(forgotten.slice(0, -1).every((s) => s === 200)).toBe(true);
    const messages: number[] = [];
    for (let i = 0; i < 12; i++) {
      const body = { Name: `Ana ${uniq()}`, PhoneNumber: '0721 234 567', Email: `ana.${uniq()}@exemplu.ro`, Message: 'Aș dori o ofertă.' };
      messages.push((await post(front.base, '/api/Email/SendLeaveUsMessageEmail', body, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status);
    }
    expect(messages).toContain(429);
    expect(await sql(`SELECT key FROM rate_limit WHERE key LIKE '%:ip:203.0.113.%'`)).toEqual([]);
  } finally {
    await front.close();
  }
});

test('TRUST_PROXY=1: the address the proxy appended counts, what the client wrote to its left does not', async () => {
  const front = await startFront(1);
  try {
    const statuses: number[] = [];
    // One client behind the proxy, rotating a spoofed left-hand entry: one bucket.
    for (let i = 0; i <= env.AUTH_RATE_LIMIT_IP_MAX; i++) {
      const res = await post(front.base, '/api/Auth/login', { Email: `nimeni-${uniq()}@exemplu.ro`, Password: 'Gresit#2026' }, { 'x-forwarded-for': `10.9.${i}.1, 198.51.100.7` });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    // Another client behind the same proxy has its own bucket.
    const other = await post(front.base, '/api/Auth/login', { Email: `nimeni-${uniq()}@exemplu.ro`, Password: 'Gresit#2026' }, { 'x-forwarded-for': '198.51.100.8' });
    expect(other.status).toBe(401);
    // None of the spoofed entries got a bucket (exact keys: other files' random 10.x addresses share the table).
    const spoofed = statuses.map((_, i) => `login:ip:10.9.${i}.1`);
    expect(await sql(`SELECT key FROM rate_limit WHERE key = ANY($1::text[])`, [spoofed])).toEqual([]);
  } finally {
    await front.close();
    await sql(`DELETE FROM rate_limit WHERE key LIKE 'login:ip:198.51.100.%'`);
  }
});
