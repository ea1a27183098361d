// Every token path: issue, rotate, reuse (family revoked), sign-out, expiry, blocked user.
import { SignJWT } from 'jose';
import { POST as login } from '@/app/api/Auth/login/route';
import { POST as logout } from '@/app/api/Auth/logout/route';
import { POST as refresh } from '@/app/api/Auth/refresh-token/route';
import { GET as userDetails } from '@/app/api/Auth/userDetails/route';
import { sql } from '@/server/kernel/db';
import { authSecret } from '@/server/kernel/env';
import { sha256 } from '@/server/auth/tokens';
import { actorFromSessionCookie, SESSION_COOKIE } from '@/server/auth/session';
import { call, createUser, isolateMail } from './support/auth';

beforeAll(() => {
  isolateMail();
});

async function signIn(email: string, password: string, rememberMe?: boolean) {
  const res = await call(login, '/api/Auth/login', { body: { Email: email, Password: password, RememberMe: rememberMe } });
  return res;
}

const sessionCookieOf = (headers: Headers) => headers.get('set-cookie')?.match(new RegExp(`${SESSION_COOKIE}=([^;]*)`))?.[1];

describe('issue', () => {
  test('sign-in answers AccessToken and RefreshToken, sets the page-session cookie, and the token opens userDetails', async () => {
    const u = await createUser();
    const res = await signIn(u.email.toUpperCase(), u.password);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['AccessToken', 'RefreshToken']);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/rf_session=.+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+/);
    expect(await actorFromSessionCookie(decodeURIComponent(sessionCookieOf(res.headers)!))).toMatchObject({ userId: u.id });

    const me = await call(userDetails, '/api/Auth/userDetails', { token: res.body.AccessToken });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ UserId: u.id, UserName: u.userName, UserRoles: ['User'], UserRole: 'User', Email: u.email, MustChangePassword: false, EmailVerified: true });
  });

  test('the refresh token is stored only as a hash; Keep me signed in gives a 30-day token, otherwise 12 hours', async () => {
    const u = await createUser();
    const short = await signIn(u.email, u.password);
    const long = await signIn(u.email, u.password, true);
    const rows = await sql<{ token_hash: string; long_lived: boolean; hours: number }>(
      `SELECT token_hash, long_lived, EXTRACT(EPOCH FROM expires_at - created_at) / 3600 AS hours FROM refresh_token WHERE token_hash = ANY($1)`,
      [[sha256(short.body.RefreshToken), sha256(long.body.RefreshToken)]],
    );
    const byHash = Object.fromEntries(rows.map((r) => [r.token_hash, r]));
    expect(byHash[sha256(short.body.RefreshToken)]).toMatchObject({ long_lived: false });
    expect(Math.round(Number(byHash[sha256(short.body.RefreshToken)].hours))).toBe(12);
    expect(Math.round(Number(byHash[sha256(long.body.RefreshToken)].hours))).toBe(30 * 24);
    const raw = await sql(`SELECT 1 FROM refresh_token WHERE token_hash = $1`, [short.body.RefreshToken]);
    expect(raw).toHaveLength(0);
  });

  test('a call without a token, or with a forged one, is 401', async () => {
    expect((await call(userDetails, '/api/Auth/userDetails')).status).toBe(401);
    const forged = await new SignJWT({ fam: '00000000-0000-0000-0000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('radarfirme')
      .setAudience('radarfirme-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    expect((await call(userDetails, '/api/Auth/userDetails', { token: forged })).status).toBe(401);
  });
});

describe('rotate and reuse', () => {
  test('refresh rotates both tokens; the old refresh token used again revokes the whole family', async () => {
    const u = await createUser();
    const first = (await signIn(u.email, u.password)).body;
    const r1 = await call(refresh, '/api/Auth/refresh-token', { body: first });
    expect(r1.status).toBe(200);
    expect(r1.body.RefreshToken).not.toBe(first.RefreshToken);
    expect(r1.body.AccessToken).not.toBe(first.AccessToken);
    expect(r1.headers.get('set-cookie')).toMatch(/rf_session=/);

    // The new pair works and rotates again.
    const r2 = await call(refresh, '/api/Auth/refresh-token', { body: r1.body });
    expect(r2.status).toBe(200);
    expect((await call(userDetails, '/api/Auth/userDetails', { token: r2.body.AccessToken })).status).toBe(200);

    // Reuse of an already rotated token: 401, and every token of the family is dead.
    const reuse = await call(refresh, '/api/Auth/refresh-token', { body: first });
    expect(reuse.status).toBe(401);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: r2.body })).status).toBe(401);
    expect((await call(userDetails, '/api/Auth/userDetails', { token: r2.body.AccessToken })).status).toBe(401);
    const live = await sql(`SELECT 1 FROM refresh_token WHERE user_id = $1 AND revoked_at IS NULL`, [u.id]);
    expect(live).toHaveLength(0);
  });

  test('reuse revokes only that family: another session of the same user keeps working', async () => {
    const u = await createUser();
    const a = (await signIn(u.email, u.password)).body;
    const b = (await signIn(u.email, u.password)).body;
    await call(refresh, '/api/Auth/refresh-token', { body: a });
    expect((await call(refresh, '/api/Auth/refresh-token', { body: a })).status).toBe(401);
    expect((await call(userDetails, '/api/Auth/userDetails', { token: b.AccessToken })).status).toBe(200);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: b })).status).toBe(200);
  });

  test('concurrent refreshes with one token: exactly one succeeds', async () => {
    const u = await createUser();
    const pair = (await signIn(u.email, u.password)).body;
    const results = await Promise.all([1, 2, 3].map(() => call(refresh, '/api/Auth/refresh-token', { body: pair })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  test('the refresh token must come with an access token of the same user and family', async () => {
    const u = await createUser();
    const v = await createUser();
    const mine = (await signIn(u.email, u.password)).body;
    const theirs = (await signIn(v.email, v.password)).body;
    expect((await call(refresh, '/api/Auth/refresh-token', { body: { AccessToken: theirs.AccessToken, RefreshToken: mine.RefreshToken } })).status).toBe(401);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: { AccessToken: 'garbage', RefreshToken: mine.RefreshToken } })).status).toBe(401);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: { AccessToken: mine.AccessToken, RefreshToken: 'unknown-token' } })).status).toBe(401);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: {} })).status).toBe(400);
  });
});

describe('sign-out', () => {
  test('logout revokes the family: the access token, the refresh token and the page cookie stop working', async () => {
    const u = await createUser();
    const res = await signIn(u.email, u.password);
    const pair = res.body;
    const cookie = decodeURIComponent(sessionCookieOf(res.headers)!);
    const out = await call(logout, '/api/Auth/logout', { method: 'POST', token: pair.AccessToken });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/rf_session=; .*Max-Age=0/);
    expect((await call(userDetails, '/api/Auth/userDetails', { token: pair.AccessToken })).status).toBe(401);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: pair })).status).toBe(401);
    expect(await actorFromSessionCookie(cookie)).toBeNull();
  });

  test('an expired access token can still sign out (and a RefreshToken in the body names the session too)', async () => {
    const u = await createUser();
    const pair = (await signIn(u.email, u.password)).body;
    const expired = await expiredAccessTokenLike(pair.AccessToken);
    expect((await call(userDetails, '/api/Auth/userDetails', { token: expired })).status).toBe(401);
    expect((await call(logout, '/api/Auth/logout', { method: 'POST', token: expired })).status).toBe(204);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: pair })).status).toBe(401);

    const other = (await signIn(u.email, u.password)).body;
    expect((await call(logout, '/api/Auth/logout', { body: { RefreshToken: other.RefreshToken } })).status).toBe(204);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: other })).status).toBe(401);
  });
});

/** Same subject and family, signed with the real secret, expired a minute ago. */
async function expiredAccessTokenLike(token: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ fam: payload.fam })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(payload.sub)
    .setIssuer('radarfirme')
    .setAudience('radarfirme-api')
    .setIssuedAt(now - 20 * 60)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(authSecret()));
}

describe('expiry', () => {
  test('an expired access token is 401 but refreshes; an expired refresh token is 401', async () => {
    const u = await createUser();
    const pair = (await signIn(u.email, u.password)).body;
    const expired = await expiredAccessTokenLike(pair.AccessToken);
    expect((await call(userDetails, '/api/Auth/userDetails', { token: expired })).status).toBe(401);
    const renewed = await call(refresh, '/api/Auth/refresh-token', { body: { AccessToken: expired, RefreshToken: pair.RefreshToken } });
    expect(renewed.status).toBe(200);

    await sql(`UPDATE refresh_token SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(renewed.body.RefreshToken)]);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: renewed.body })).status).toBe(401);
  });

  test('access tokens live 15 minutes', async () => {
    const u = await createUser();
    const pair = (await signIn(u.email, u.password)).body;
    const payload = JSON.parse(Buffer.from(pair.AccessToken.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });
});

describe('blocked user', () => {
  test('cannot sign in: 403 Acces neautorizat!', async () => {
    const u = await createUser({ blocked: true });
    const res = await signIn(u.email, u.password);
    expect(res.status).toBe(403);
    expect(res.body.Message).toBe('Acces neautorizat!');
  });

  test('a blocked wrong-password attempt is still only "bad credentials" (blocking is not revealed without the password)', async () => {
    const u = await createUser({ blocked: true });
    const res = await signIn(u.email, 'Gresit#2026x');
    expect(res.status).toBe(401);
  });

  test('blocking ends the running session: the access token is refused at once and refresh answers 403', async () => {
    const u = await createUser();
    const res = await signIn(u.email, u.password);
    const cookie = decodeURIComponent(sessionCookieOf(res.headers)!);
    await sql(`UPDATE app_user SET is_blocked = true WHERE id = $1`, [u.id]);
    expect((await call(userDetails, '/api/Auth/userDetails', { token: res.body.AccessToken })).status).toBe(401);
    const r = await call(refresh, '/api/Auth/refresh-token', { body: res.body });
    expect(r.status).toBe(403);
    expect(r.body.Message).toBe('Acces neautorizat!');
    expect(await actorFromSessionCookie(cookie)).toBeNull();
    // Unblocking does not revive the revoked family.
    await sql(`UPDATE app_user SET is_blocked = false WHERE id = $1`, [u.id]);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: res.body })).status).toBe(401);
  });

  test('a deleted user cannot sign in (answered like unknown credentials)', async () => {
    const u = await createUser();
    await sql(`UPDATE app_user SET is_deleted = true WHERE id = $1`, [u.id]);
    expect((await signIn(u.email, u.password)).status).toBe(401);
  });
});
