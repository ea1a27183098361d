// External identities: Auth/login-google, the Facebook call, the next-auth bridge. The provider
// verifiers are replaced (no network in tests); the linking rules run for real.
import { encode } from 'next-auth/jwt';
import { POST as externalSession } from '@/app/api/Auth/external-session/route';
import { POST as loginGoogle } from '@/app/api/Auth/login-google/route';
import { POST as loginFacebook } from '@/app/api/api/Auth/login-facebook/[userId]/[accessToken]/route';
import { POST as login } from '@/app/api/Auth/login/route';
import { GET as userDetails } from '@/app/api/Auth/userDetails/route';
import { sql } from '@/server/kernel/db';
import { authSecret, env } from '@/server/kernel/env';
import { AppError } from '@/server/kernel/errors';
import { setExternalVerifiers, signInWithExternalIdentity, type ExternalIdentity } from '@/server/account/external';
import { enabledProviders, identityFromProfile } from '@/server/account/next-auth';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { call, createUser, ensureRoles, isolateMail, uniq } from './support/auth';

beforeAll(async () => {
  isolateMail();
  await ensureRoles();
});
afterEach(() => setExternalVerifiers());
afterAll(() => waitForBackgroundTasks());

const google = (over: Partial<ExternalIdentity> = {}): ExternalIdentity => ({
  provider: 'google',
  subject: `g-${uniq()}`,
  email: `g.${uniq()}@gmail.com`,
  emailVerified: true,
  name: `Google ${uniq()}`,
  ...over,
});

function fakeGoogle(identity: ExternalIdentity) {
  setExternalVerifiers({
    google: async (token) => {
      if (token !== 'valid-google-id-token') throw new AppError('UNAUTHORIZED', 'Autentificarea externă a eșuat.');
      return identity;
    },
  });
}

describe('Auth/login-google', () => {
  test('a new Google identity creates a User and answers the same token pair as Auth/login', async () => {
    const id = google();
    fakeGoogle(id);
    const res = await call(loginGoogle, '/api/Auth/login-google?token=valid-google-id-token', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['AccessToken', 'RefreshToken']);
    const me = await call(userDetails, '/api/Auth/userDetails', { token: res.body.AccessToken });
    expect(me.body).toMatchObject({ UserName: id.name, Email: id.email, UserRoles: ['User'] });
    // The same identity signs in to the same account next time.
    const again = await call(loginGoogle, '/api/Auth/login-google?token=valid-google-id-token', { method: 'POST' });
    const me2 = await call(userDetails, '/api/Auth/userDetails', { token: again.body.AccessToken });
    expect(me2.body.UserId).toBe(me.body.UserId);
  });

  test('a token the verifier refuses is 401; without Google settings the endpoint answers 503 in Romanian', async () => {
    fakeGoogle(google());
    expect((await call(loginGoogle, '/api/Auth/login-google?token=forged-token-xyz', { method: 'POST' })).status).toBe(401);
    setExternalVerifiers();
    const saved = env.GOOGLE_CLIENT_ID;
    env.GOOGLE_CLIENT_ID = undefined;
    const off = await call(loginGoogle, '/api/Auth/login-google?token=anything-long', { method: 'POST' });
    expect(off.status).toBe(503);
    expect(off.body).toMatchObject({ Code: 'UNAVAILABLE', Message: 'Autentificarea cu acest furnizor nu este configurată.' });
    env.GOOGLE_CLIENT_ID = saved;
  });

  test('the real verifier refuses a token not signed by Google (no network needed to refuse a malformed one)', async () => {
    setExternalVerifiers();
    const saved = env.GOOGLE_CLIENT_ID;
    env.GOOGLE_CLIENT_ID = 'client-id.apps.googleusercontent.com';
    const res = await call(loginGoogle, '/api/Auth/login-google?token=not-a-jwt.at-all', { method: 'POST' });
    env.GOOGLE_CLIENT_ID = saved;
    expect(res.status).toBe(401);
  });
});

describe('attaching an identity to an existing account', () => {
  test('a VERIFIED address attaches the identity to the existing account', async () => {
    const u = await createUser({ emailVerified: true });
    const r = await signInWithExternalIdentity(google({ email: u.email.toUpperCase() }));
    expect(r).toEqual({ userId: u.id, created: false, linked: true });
    // The account keeps its password: its address was already proven.
    expect((await call(login, '/api/Auth/login', { body: { Email: u.email, Password: u.password } })).status).toBe(200);
  });

  test('an UNVERIFIED address never attaches: 409, no link, the account untouched', async () => {
    const u = await createUser({ emailVerified: true });
    const id: ExternalIdentity = { provider: 'facebook', subject: `${Date.now()}`, email: u.email, emailVerified: false, name: 'Mallory' };
    await expect(signInWithExternalIdentity(id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await sql(`SELECT 1 FROM external_account WHERE user_id = $1`, [u.id])).toHaveLength(0);

    setExternalVerifiers({ facebook: async () => id });
    const res = await call(loginFacebook, `/api/api/Auth/login-facebook/${id.subject}/fb-access-token-123`, { method: 'POST', params: { userId: id.subject, accessToken: 'fb-access-token-123' } });
    expect(res.status).toBe(409);
    expect(await sql(`SELECT 1 FROM external_account WHERE user_id = $1`, [u.id])).toHaveLength(0);
  });

  test('Microsoft without email_verified (or xms_edov) is unverified; with it, verified', () => {
    const user = { id: 'sub-1', email: 'a@contoso.ro', name: 'A' };
    expect(identityFromProfile('microsoft-entra-id', user, { sub: 'sub-1', email: 'a@contoso.ro' }).emailVerified).toBe(false);
    expect(identityFromProfile('microsoft-entra-id', user, { sub: 'sub-1', email_verified: true }).emailVerified).toBe(true);
    expect(identityFromProfile('microsoft-entra-id', user, { sub: 'sub-1', xms_edov: true }).emailVerified).toBe(true);
    expect(identityFromProfile('facebook', user, { id: 'sub-1', email_verified: true }).emailVerified).toBe(false);
    expect(identityFromProfile('google', user, { sub: 'sub-1', email_verified: false }).emailVerified).toBe(false);
  });

  test('a verified owner takes over an account whose address was never proven: its password and sessions end', async () => {
    const squatter = await createUser({ emailVerified: false });
    const session = (await call(login, '/api/Auth/login', { body: { Email: squatter.email, Password: squatter.password } })).body;
    const r = await signInWithExternalIdentity(google({ email: squatter.email }));
    expect(r.userId).toBe(squatter.id);
    expect((await call(login, '/api/Auth/login', { body: { Email: squatter.email, Password: squatter.password } })).status).toBe(401);
    expect((await call(userDetails, '/api/Auth/userDetails', { token: session.AccessToken })).status).toBe(401);
  });

  test('a blocked account stays closed to its external identities (403)', async () => {
    const u = await createUser({ emailVerified: true });
    const id = google({ email: u.email });
    await signInWithExternalIdentity(id);
    await sql(`UPDATE app_user SET is_blocked = true WHERE id = $1`, [u.id]);
    fakeGoogle(id);
    const res = await call(loginGoogle, '/api/Auth/login-google?token=valid-google-id-token', { method: 'POST' });
    expect(res.status).toBe(403);
    expect(res.body.Message).toBe('Acces neautorizat!');
  });

  test('no address from the provider: 400, nothing created', async () => {
    await expect(signInWithExternalIdentity(google({ email: null }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  test('a new account from an unverified address is created unverified; a taken user name gets a suffix', async () => {
    const taken = await createUser();
    const r = await signInWithExternalIdentity({ provider: 'facebook', subject: `${Date.now()}1`, email: `fb.${uniq()}@exemplu.ro`, emailVerified: false, name: taken.userName });
    const [row] = await sql<{ user_name: string; verified: boolean }>(`SELECT user_name, email_verified IS NOT NULL AS verified FROM app_user WHERE id = $1`, [r.userId]);
    expect(row).toEqual({ user_name: `${taken.userName} 2`, verified: false });
  });
});

describe('the next-auth bridge (/microsoft-login → Auth/external-session)', () => {
  async function bridgeCookie(uid: number) {
    const token = await encode({ token: { uid, sub: `x-${uid}` }, secret: authSecret(), maxAge: 300 });
    return `next-auth.session-token=${token}`;
  }

  test('trades the bridge session once for the token pair and clears the bridge cookie', async () => {
    const u = await createUser();
    const cookie = await bridgeCookie(u.id);
    const res = await call(externalSession, '/api/Auth/external-session', { body: {}, headers: { cookie } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['AccessToken', 'RefreshToken']);
    const setCookie = res.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/rf_session=/);
    expect(setCookie).toMatch(/next-auth\.session-token=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    // Replaying the same bridge cookie does not work.
    expect((await call(externalSession, '/api/Auth/external-session', { body: {}, headers: { cookie } })).status).toBe(401);
  });

  test('no cookie, a forged cookie, or a blocked user: refused', async () => {
    expect((await call(externalSession, '/api/Auth/external-session', { body: {} })).status).toBe(401);
    expect((await call(externalSession, '/api/Auth/external-session', { body: {}, headers: { cookie: 'next-auth.session-token=forged' } })).status).toBe(401);
    const u = await createUser({ blocked: true });
    expect((await call(externalSession, '/api/Auth/external-session', { body: {}, headers: { cookie: await bridgeCookie(u.id) } })).status).toBe(403);
  });
});

test('a provider is offered only when all its settings exist', () => {
  const saved = { ...env };
  Object.assign(env, {
    GOOGLE_CLIENT_ID: 'g',
    GOOGLE_CLIENT_SECRET: undefined,
    FACEBOOK_CLIENT_ID: 'f',
    FACEBOOK_CLIENT_SECRET: 's',
    MICROSOFT_ENTRA_ID_CLIENT_ID: 'm',
    MICROSOFT_ENTRA_ID_CLIENT_SECRET: 's',
    MICROSOFT_ENTRA_ID_ISSUER: undefined,
  });
  expect(enabledProviders().map((p) => p.id)).toEqual(['facebook']);
  Object.assign(env, { MICROSOFT_ENTRA_ID_ISSUER: 'https://login.microsoftonline.com/t/v2.0', GOOGLE_CLIENT_SECRET: 's' });
  expect(enabledProviders().map((p) => p.id)).toEqual(['microsoft-entra-id', 'google', 'facebook']);
  Object.assign(env, saved);
});
