// Issue 23, "nothing known works from another machine" and "accounts", each attack replayed:
// the start script refuses a reachable instance with a published password; the admin created from
// defaults must change it first; /dev/mailbox answers only a loopback socket peer; a next-auth
// cookie signed with the secret that used to be in the source is refused; a password change ends
// the other sessions; no refresh outlives the absolute session lifetime.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { encode } from 'next-auth/jwt';
import pg from 'pg';
import { POST as changePassword } from '@/app/api/Auth/changePassword/route';
import { POST as externalSession } from '@/app/api/Auth/external-session/route';
import { POST as login } from '@/app/api/Auth/login/route';
import { POST as refresh } from '@/app/api/Auth/refresh-token/route';
import { POST as cronSendMails } from '@/app/api/cron/send-mails/route';
import { GET as userDetails } from '@/app/api/Auth/userDetails/route';
import { GET as getGroups } from '@/app/api/Group/getGroups/route';
import { GET as getUsers } from '@/app/api/User/getUsers/route';
import { sql } from '@/server/kernel/db';
import { authSecret, env } from '@/server/kernel/env';
import { DEFAULT_ADMIN_PASSWORD } from '@/server/kernel/exposure';
import { sha256 } from '@/server/auth/tokens';
import { isMailboxPageEnabled, mayShowMailbox } from '@/server/kernel/mailbox';
import { peerAddress } from '@/server/kernel/peer';
import { ensureFirstAdmin } from '@/scripts/data/prepare';
import { call, createUser, isolateMail, uniq } from './support/auth';
import { statusesAs, type Actors } from './support/authz';
import { deleteUsers } from '../factories/users';
import { ensurePeerKey, PEER_HEADER } from '@/server/kernel/front-bridge.mjs';
import { stampPeerAddress } from '@/server/http/front/client-address.mjs';


/** The constant that signed development sessions before issue 23 (kept here only to replay the attack). */
const FORMER_SOURCE_SECRET = 'radarfirme-development-secret-change-me-in-production';
const root = path.resolve(__dirname, '../..');

beforeAll(() => {
  isolateMail();
});

const signIn = (email: string, password: string, rememberMe?: boolean, peer: string | null = '127.0.0.1') =>
  call(login, '/api/Auth/login', {
    body: { Email: email, Password: password, RememberMe: rememberMe },
    headers: peer ? { [PEER_HEADER]: `${ensurePeerKey()} ${peer}` } : {},
  });

describe('development secret', () => {
  const saved = { ...env };
  afterEach(() => Object.assign(env, saved));

  test('a next-auth cookie signed with the secret formerly in the source is refused; the per-install secret is random and private', async () => {
    // The attacked set-up: development, no AUTH_SECRET, the app on localhost.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'rf-secret-')), 'auth-secret');
    Object.assign(env, { NODE_ENV: 'development', AUTH_SECRET: undefined, NEXTAUTH_SECRET: undefined, APP_URL: 'http://localhost:3000', AUTH_SECRET_FILE: file });
    const admin = await createUser({ role: 'Admin' });
    const forged = await encode({ token: { uid: admin.id, sub: `x-${admin.id}` }, secret: FORMER_SOURCE_SECRET, maxAge: 300 });
    const res = await call(externalSession, '/api/Auth/external-session', { body: {}, headers: { cookie: `next-auth.session-token=${forged}` } });
    expect(res.status).toBe(401);
    expect(res.body.AccessToken).toBeUndefined();

    const secret = authSecret();
    expect(secret).not.toBe(FORMER_SOURCE_SECRET);
    expect(secret).toMatch(/^[0-9a-f]{96}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    // The same bridge signed with the install's own secret works: the refusal above is the secret's.
    const genuine = await encode({ token: { uid: admin.id, sub: `x-${admin.id}` }, secret, maxAge: 300 });
    expect((await call(externalSession, '/api/Auth/external-session', { body: {}, headers: { cookie: `next-auth.session-token=${genuine}` } })).status).toBe(200);
  });

  test('APP_URL not on localhost without AUTH_SECRET: a clear error naming AUTH_SECRET, in every mode', () => {
    for (const mode of ['development', 'production'] as const) {
      Object.assign(env, { NODE_ENV: mode, AUTH_SECRET: undefined, NEXTAUTH_SECRET: undefined, APP_URL: 'https://radarfirme.ro' });
      expect(() => authSecret()).toThrow(/AUTH_SECRET/);
    }
  });
});

describe('/dev/mailbox answers only a loopback socket peer', () => {
  const saved = { ...env };
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    // The front as scripts/serve.mjs runs it, listening on every interface for this test, answering
    // what the app would decide for the request.
    server = http.createServer((req, res) => {
      stampPeerAddress(req);
      const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)] as [string, string]));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ show: mayShowMailbox(headers), peer: peerAddress(headers) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => Object.assign(env, { SMTP_URL: undefined, HOST: '127.0.0.1', APP_URL: 'http://localhost:3000', MAILBOX_PAGE: 'auto', NODE_ENV: 'production' }));
  afterEach(() => Object.assign(env, saved));

  /** A request from `localAddress` carrying every header a client might use to pass for local. */
  function ask(host: string, localAddress: string): Promise<{ show: boolean; peer: string | null }> {
    const key = (globalThis as Record<symbol, unknown>)[Symbol.for('radarfirme.front.peerKey')];
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host,
          port,
          localAddress,
          path: '/dev/mailbox',
          headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1', [PEER_HEADER]: `${String(key)} 127.0.0.1` },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve(JSON.parse(text)));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  const lanAddress = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

  test('a loopback peer sees it', async () => {
    expect(await ask('127.0.0.1', '127.0.0.1')).toEqual({ show: true, peer: '127.0.0.1' });
  });

  (lanAddress ? test : test.skip)(`a peer on another address (${lanAddress}) is refused, whatever its headers say`, async () => {
    expect(await ask(lanAddress!, lanAddress!)).toEqual({ show: false, peer: lanAddress });
  });

  test('without the front (a bare `next start`), no header is trusted', () => {
    const KEY = Symbol.for('radarfirme.front.peerKey');
    const g = globalThis as Record<symbol, unknown>;
    const key = g[KEY];
    delete g[KEY];
    try {
      const headers = new Headers({ [PEER_HEADER]: `${String(key)} 127.0.0.1`, 'x-forwarded-for': '127.0.0.1' });
      expect(peerAddress(headers)).toBeNull();
      expect(mayShowMailbox(headers)).toBe(false);
    } finally {
      g[KEY] = key;
    }
  });

  test('never on an instance meant to be reachable, whatever MAILBOX_PAGE says', () => {
    expect(isMailboxPageEnabled()).toBe(true);
    for (const over of [{ HOST: '0.0.0.0' }, { APP_URL: 'https://radarfirme.ro' }, { MAILBOX_PAGE: 'off' as const }, { SMTP_URL: 'smtp://mail:25' }]) {
      Object.assign(env, { SMTP_URL: undefined, HOST: '127.0.0.1', APP_URL: 'http://localhost:3000', MAILBOX_PAGE: 'on' }, over);
      expect(isMailboxPageEnabled()).toBe(false);
    }
  });
});

test('development without CRON_SECRET: the cron endpoint answers only a caller on this machine', async () => {
  const saved = { ...env };
  try {
    Object.assign(env, { NODE_ENV: 'development', CRON_SECRET: undefined });
    const lan = { [PEER_HEADER]: `${ensurePeerKey()} 192.0.2.2`, 'x-forwarded-for': '127.0.0.1' };
    expect((await call(cronSendMails, '/api/cron/send-mails', { method: 'POST', headers: lan })).status).toBe(401);
    // Called without the front (no socket address known): refused too.
    expect((await call(cronSendMails, '/api/cron/send-mails', { method: 'POST', ip: '127.0.0.1' })).status).toBe(401);
  } finally {
    Object.assign(env, saved);
  }
});

describe('the start script refuses a reachable instance with a published password', () => {
  /** `npm start -- --check` against the test database, with only the given settings of ours. */
  function check(settings: Record<string, string>): Promise<{ code: number | null; out: string }> {
    const base = { ...process.env };
    for (const k of ['HOST', 'NODE_ENV', 'APP_URL', 'ADMIN_PASSWORD', 'DEMO_PASSWORD', 'DEMO_ACCOUNTS', 'ADMIN_EMAIL', 'AUTH_SECRET']) delete base[k];
    return new Promise((resolve) => {
      const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'scripts/start.ts', '--check'], {
        cwd: root,
        env: { ...base, DATABASE_URL: process.env.DATABASE_URL, AUTH_SECRET: 'x'.repeat(40), ...settings },
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      child.on('exit', (code) => resolve({ code, out }));
    });
  }

  // The test database's first admin was created with the published default password.
  test('HOST=0.0.0.0 with the published admin password: exit 1, one line naming HOST and ADMIN_PASSWORD; loopback: may start', async () => {
    const [open, nodeEnv, local] = await Promise.all([check({ HOST: '0.0.0.0' }), check({ NODE_ENV: 'production' }), check({})]);
    expect(open.code).toBe(1);
    const line = open.out.split('\n').find((l) => l.startsWith('[start]'));
    expect(line).toMatch(/HOST=0\.0\.0\.0.*ADMIN_PASSWORD/);
    expect(nodeEnv.code).toBe(1);
    expect(nodeEnv.out).toMatch(/NODE_ENV=production.*ADMIN_PASSWORD/);
    expect(local.code).toBe(0);
    expect(local.out).toMatch(/may start/);
    // --check changed nothing: the admin still has the published password.
    const [admin] = await sql<{ must_change_password: boolean }>(`SELECT must_change_password FROM app_user WHERE email = $1`, [env.ADMIN_EMAIL]);
    expect(admin.must_change_password).toBe(true);
  }, 60_000);
});

describe('the admin created from defaults must change the password first', () => {
  const email = `admin-${uniq()}@exemplu.ro`;
  afterAll(() => sql(`DELETE FROM app_user WHERE email = ANY($1)`, [[email, `other-${email}`]]));

  async function createAdmin(address: string, password: string) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return await ensureFirstAdmin(client, { email: address, password, userName: `Admin ${uniq()}` });
    } finally {
      await client.end();
    }
  }

  test('only the published default sets the flag', async () => {
    await createAdmin(email, DEFAULT_ADMIN_PASSWORD);
    await createAdmin(`other-${email}`, 'Alta#Parola-2026');
    const rows = await sql<{ email: string; must_change_password: boolean }>(`SELECT email, must_change_password FROM app_user WHERE email = ANY($1) ORDER BY email`, [
      [email, `other-${email}`],
    ]);
    expect(rows.map((r) => [r.email, r.must_change_password])).toEqual([
      [email, true],
      [`other-${email}`, false],
    ]);
  });

  test('signed in, it gets userDetails (MustChangePassword) and the change; everything else is 403 until it changes', async () => {
    const session = await signIn(email, DEFAULT_ADMIN_PASSWORD);
    expect(session.status).toBe(200);
    const token = session.body.AccessToken;
    const me = await call(userDetails, '/api/Auth/userDetails', { token });
    expect(me.body).toMatchObject({ MustChangePassword: true, UserRoles: ['Admin'] });
    for (const [handler, p] of [
      [getUsers, '/api/User/getUsers'],
      [getGroups, '/api/Group/getGroups'],
    ] as const) {
      const refused = await call(handler, p, { token });
      expect(refused.status).toBe(403);
      expect(refused.body.Code).toBe('PASSWORD_CHANGE_REQUIRED');
    }
    const changed = await call(changePassword, '/api/Auth/changePassword', {
      token,
      body: { CurrentPassword: DEFAULT_ADMIN_PASSWORD, Password: 'Noua#Parola-2026', ConfirmPassword: 'Noua#Parola-2026' },
    });
    expect(changed.status).toBe(200);
    expect((await call(userDetails, '/api/Auth/userDetails', { token })).body.MustChangePassword).toBe(false);
    expect((await call(getUsers, '/api/User/getUsers', { token })).status).toBe(200);
    expect((await signIn(email, DEFAULT_ADMIN_PASSWORD)).status).toBe(401);
  });
});

describe('a published password signs in only from this machine, however the server was started', () => {
  test('from a LAN peer or without the front: 403 with the Romanian reason; from loopback: 200; a chosen password works from anywhere', async () => {
    const published = await createUser({ role: 'Admin', password: DEFAULT_ADMIN_PASSWORD });
    const chosen = await createUser({ role: 'Admin' });
    const lan = await signIn(published.email, DEFAULT_ADMIN_PASSWORD, false, '192.0.2.2');
    expect(lan.status).toBe(403);
    expect(lan.body.Message).toMatch(/publicată în documentație/);
    // A spoofed forwarding header does not make a LAN peer local.
    const spoofed = await call(login, '/api/Auth/login', {
      body: { Email: published.email, Password: DEFAULT_ADMIN_PASSWORD },
      headers: { [PEER_HEADER]: `wrong-key 127.0.0.1`, 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.status).toBe(403);
    expect((await signIn(published.email, DEFAULT_ADMIN_PASSWORD, false, null)).status).toBe(403);
    expect((await signIn(published.email, DEFAULT_ADMIN_PASSWORD, false, '127.0.0.1')).status).toBe(200);
    expect((await signIn(chosen.email, chosen.password, false, '192.0.2.2')).status).toBe(200);
    // A wrong password from the LAN stays the ordinary refusal (nothing is told before the password is proven).
    expect((await signIn(published.email, 'Gresita#2026', false, '192.0.2.2')).status).toBe(401);
  });
});

describe('POST /api/Auth/changePassword', () => {
  const NEW = 'Schimbata#2026';
  const body = (current: string) => ({ CurrentPassword: current, Password: NEW, ConfirmPassword: NEW });

  test("as owner, another user, anonymous and Admin: only the caller's own account, with its current password", async () => {
    const who: Actors = {
      owner: await createUser({ password: 'Proprie#2026' }),
      other: await createUser({ password: 'Altcuiva#2026' }),
      admin: await createUser({ role: 'Admin', password: 'Admin-Alta#2026' }),
    };
    try {
      // Everyone sends the owner's current password: it is not another user's or the Admin's, and
      // this endpoint never reaches an account other than the caller's.
      expect(await statusesAs(who, () => ({ handler: changePassword, path: '/api/Auth/changePassword', body: body(who.owner.password) }))).toEqual({
        anonymous: 401,
        other: 400,
        admin: 400,
        owner: 200,
      });
      expect((await signIn(who.owner.email, NEW)).status).toBe(200);
      expect((await signIn(who.other.email, who.other.password)).status).toBe(200);
      expect((await signIn(who.admin.email, who.admin.password)).status).toBe(200);
    } finally {
      await deleteUsers(who.owner, who.other, who.admin);
    }
  });

  test('a wrong current password is a 400 on CurrentPassword and changes nothing', async () => {
    const u = await createUser({ password: 'Proprie#2026' });
    const a = (await signIn(u.email, u.password)).body;
    const other = await createUser({ password: 'Altcuiva#2026' });
    // The other user's password is not this user's current password.
    const res = await call(changePassword, '/api/Auth/changePassword', { token: a.AccessToken, body: body(other.password) });
    expect(res.status).toBe(400);
    expect(res.body.Errors.CurrentPassword).toEqual(['Parola curentă este incorectă.']);
    expect((await signIn(u.email, u.password)).status).toBe(200);
    expect((await signIn(u.email, NEW)).status).toBe(401);
  });

  test('bad input is a clear 400 (schema of the form), never a 500', async () => {
    const u = await createUser();
    const a = (await signIn(u.email, u.password)).body;
    const bad = [
      {},
      { ...body(u.password), Password: 'slaba', ConfirmPassword: 'slaba' },
      { ...body(u.password), ConfirmPassword: 'Alta#2026x' },
      { CurrentPassword: u.password, Password: u.password, ConfirmPassword: u.password },
      { ...body(u.password), CurrentPassword: 'x'.repeat(10_000) },
    ];
    for (const b of bad) {
      const res = await call(changePassword, '/api/Auth/changePassword', { token: a.AccessToken, body: b });
      expect(res.status).toBe(400);
      expect(res.body.Code).toBe('VALIDATION');
    }
  });

  test('the other sessions end (access and refresh), this one stays, the old password stops working', async () => {
    const u = await createUser({ password: 'Proprie#2026' });
    const mine = (await signIn(u.email, u.password)).body;
    const laptop = (await signIn(u.email, u.password, true)).body;
    const phone = (await signIn(u.email, u.password)).body;
    expect((await call(userDetails, '/api/Auth/userDetails', { token: laptop.AccessToken })).status).toBe(200);

    const res = await call(changePassword, '/api/Auth/changePassword', { token: mine.AccessToken, body: body(u.password) });
    expect(res.status).toBe(200);
    expect(res.body.Message).toBe('Parola a fost schimbată. Celelalte sesiuni ale contului au fost închise.');

    for (const other of [laptop, phone]) {
      expect((await call(userDetails, '/api/Auth/userDetails', { token: other.AccessToken })).status).toBe(401);
      expect((await call(refresh, '/api/Auth/refresh-token', { body: other })).status).toBe(401);
    }
    expect((await call(userDetails, '/api/Auth/userDetails', { token: mine.AccessToken })).status).toBe(200);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: mine })).status).toBe(200);
    expect((await signIn(u.email, u.password)).status).toBe(401);
    expect((await signIn(u.email, NEW)).status).toBe(200);
  });
});

describe('absolute session lifetime', () => {
  const saved = { ...env };
  afterEach(() => Object.assign(env, saved));

  const backdate = (refreshToken: string, days: number) =>
    sql(`UPDATE refresh_token SET session_started_at = session_started_at - make_interval(days => $2) WHERE token_hash = $1`, [sha256(refreshToken), days]);

  test('each refresh restarts the 30-day window but never past 90 days from the sign-in; after them the refresh is refused', async () => {
    expect(env.SESSION_MAX_AGE_DAYS).toBe(90);
    const u = await createUser();
    const first = (await signIn(u.email, u.password, true)).body;
    const [started] = await sql<{ session_started_at: Date }>(`SELECT session_started_at FROM refresh_token WHERE token_hash = $1`, [sha256(first.RefreshToken)]);

    // Day 89 of the session: the refresh works, the new token keeps the session's start and ends with it.
    await backdate(first.RefreshToken, 89);
    const r1 = await call(refresh, '/api/Auth/refresh-token', { body: first });
    expect(r1.status).toBe(200);
    const [row] = await sql<{ session_started_at: Date; hours_left: number }>(
      `SELECT session_started_at, EXTRACT(EPOCH FROM expires_at - now()) / 3600 AS hours_left FROM refresh_token WHERE token_hash = $1`,
      [sha256(r1.body.RefreshToken)],
    );
    expect(row.session_started_at.getTime()).toBe(started.session_started_at.getTime() - 89 * 86_400_000);
    expect(Number(row.hours_left)).toBeGreaterThan(23);
    expect(Number(row.hours_left)).toBeLessThanOrEqual(24);

    // Day 91: refused, although the token's own 30-day window has not ended.
    await backdate(r1.body.RefreshToken, 2);
    const r2 = await call(refresh, '/api/Auth/refresh-token', { body: r1.body });
    expect(r2.status).toBe(401);
  });

  test('SESSION_MAX_AGE_DAYS sets the lifetime', async () => {
    Object.assign(env, { SESSION_MAX_AGE_DAYS: 1 });
    const u = await createUser();
    const s = (await signIn(u.email, u.password, true)).body;
    const [row] = await sql<{ hours: number }>(`SELECT EXTRACT(EPOCH FROM expires_at - session_started_at) / 3600 AS hours FROM refresh_token WHERE token_hash = $1`, [
      sha256(s.RefreshToken),
    ]);
    expect(Math.round(Number(row.hours))).toBe(24);
    await backdate(s.RefreshToken, 2);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: s })).status).toBe(401);
  });
});
