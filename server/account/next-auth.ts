// next-auth 4 runs the redirect flows of Google, Facebook and Microsoft Entra ID, mounted at
// /api/nextauth (never /api/auth: on a case-insensitive file system that folder is the same as
// the documented /api/Auth). It does not own the session: its signIn callback resolves the
// person to an app_user (external.ts), its own JWT session lives 5 minutes and only carries that
// user id to /microsoft-login, which trades it once for the app's token pair
// (POST /api/Auth/external-session). Each provider is on only when its settings exist.
import 'server-only';
import type { NextAuthOptions, User } from 'next-auth';
import { decode } from 'next-auth/jwt';
import FacebookProvider from 'next-auth/providers/facebook';
import GoogleProvider from 'next-auth/providers/google';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { authSecret, env, exportToLibraryEnv } from '../kernel/env';
import { AppError } from '../kernel/errors';
import { AUTH_TEXT, EXTERNAL_BRIDGE_TTL_SECONDS } from '../auth/config';
import { signInWithExternalIdentity, type ExternalIdentity, type ExternalProvider } from './external';
import { claimNonce } from '../kernel/rate-limit';
import { cookieValue } from '../auth/session';
import { issueSession, type IssuedSession } from '../auth/tokens';
import { verifyUserCanSignIn } from '../auth/users';

const NEXTAUTH_BASE_PATH = '/api/nextauth';
const EXTERNAL_RETURN_PATH = '/microsoft-login';

/** next-auth reads NEXTAUTH_URL itself (origin and base path); derive it from APP_URL. */
function ensureNextAuthUrl() {
  const wanted = env.NEXTAUTH_URL ?? `${env.APP_URL.replace(/\/$/, '')}${NEXTAUTH_BASE_PATH}`;
  exportToLibraryEnv('NEXTAUTH_URL', wanted);
}

const isSecureDeployment = () => env.APP_URL.startsWith('https://');
const sessionCookieNames = () =>
  isSecureDeployment() ? ['__Secure-next-auth.session-token'] : ['next-auth.session-token'];

type EnabledProvider = { id: ExternalProvider; name: string };

export function enabledProviders(): EnabledProvider[] {
  const out: EnabledProvider[] = [];
  if (env.MICROSOFT_ENTRA_ID_CLIENT_ID && env.MICROSOFT_ENTRA_ID_CLIENT_SECRET && env.MICROSOFT_ENTRA_ID_ISSUER) out.push({ id: 'microsoft-entra-id', name: 'Microsoft' });
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) out.push({ id: 'google', name: 'Google' });
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) out.push({ id: 'facebook', name: 'Facebook' });
  return out;
}

type Profile = Record<string, unknown>;

/**
 * Microsoft Entra ID as a plain OpenID Connect provider on its issuer
 * (https://login.microsoftonline.com/<tenant-id>/v2.0, or a local OpenID provider in tests).
 */
function microsoftEntraId(): OAuthConfig<Profile> {
  const issuer = env.MICROSOFT_ENTRA_ID_ISSUER!.replace(/\/$/, '');
  return {
    id: 'microsoft-entra-id',
    name: 'Microsoft',
    type: 'oauth',
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    clientId: env.MICROSOFT_ENTRA_ID_CLIENT_ID,
    clientSecret: env.MICROSOFT_ENTRA_ID_CLIENT_SECRET,
    authorization: { params: { scope: 'openid profile email' } },
    idToken: true,
    checks: ['pkce', 'state'],
    profile: (p) => ({ id: String(p.sub), name: (p.name ?? p.preferred_username ?? null) as string | null, email: (p.email ?? null) as string | null }),
  };
}

/** What each provider says about the address: only an explicit "verified" counts. */
export function identityFromProfile(provider: ExternalProvider, user: User, profile: Profile | undefined): ExternalIdentity {
  const p = profile ?? {};
  let emailVerified = false;
  // Google: email_verified in the ID token. Entra ID: its `email` claim is not verified by
  // default (the "nOAuth" problem); only email_verified or xms_edov (domain-owner verified) count.
  // Facebook never says.
  if (provider === 'google') emailVerified = p.email_verified === true || p.email_verified === 'true';
  if (provider === 'microsoft-entra-id') emailVerified = p.email_verified === true || p.xms_edov === true || p.xms_edov === '1';
  return { provider, subject: String(user.id ?? p.sub ?? ''), email: user.email ?? null, emailVerified, name: user.name ?? null };
}

type BridgeUser = User & { appUserId?: number };

export function authOptions(): NextAuthOptions {
  ensureNextAuthUrl();
  const providers: NextAuthOptions['providers'] = [];
  for (const p of enabledProviders()) {
    if (p.id === 'microsoft-entra-id') providers.push(microsoftEntraId());
    if (p.id === 'google') providers.push(GoogleProvider({ clientId: env.GOOGLE_CLIENT_ID!, clientSecret: env.GOOGLE_CLIENT_SECRET! }));
    if (p.id === 'facebook') providers.push(FacebookProvider({ clientId: env.FACEBOOK_CLIENT_ID!, clientSecret: env.FACEBOOK_CLIENT_SECRET! }));
  }
  return {
    secret: authSecret(),
    providers,
    session: { strategy: 'jwt', maxAge: EXTERNAL_BRIDGE_TTL_SECONDS },
    jwt: { maxAge: EXTERNAL_BRIDGE_TTL_SECONDS },
    pages: { signIn: EXTERNAL_RETURN_PATH, error: EXTERNAL_RETURN_PATH, signOut: '/' },
    useSecureCookies: isSecureDeployment(),
    callbacks: {
      async signIn({ user, account, profile }) {
        if (!account) return false;
        try {
          const identity = identityFromProfile(account.provider as ExternalProvider, user, profile as Profile | undefined);
          const { userId } = await signInWithExternalIdentity(identity);
          (user as BridgeUser).appUserId = userId;
          return true;
        } catch (e) {
          const code = e instanceof AppError ? e.code : 'INTERNAL';
          if (!(e instanceof AppError)) console.error('[auth] external sign-in failed:', e);
          return `${EXTERNAL_RETURN_PATH}?error=${encodeURIComponent(code)}`;
        }
      },
      async jwt({ token, user }) {
        const appUserId = (user as BridgeUser | undefined)?.appUserId;
        if (appUserId) token.uid = appUserId;
        return token;
      },
      // Nothing of the bridge session is exposed to the browser.
      async session({ session }) {
        return { expires: session.expires };
      },
      async redirect({ url, baseUrl }) {
        if (url.startsWith('/')) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === new URL(baseUrl).origin) return url;
        } catch {
          // fall through
        }
        return baseUrl;
      },
    },
    logger: {
      error: (code, metadata) => console.error(`[next-auth] ${code}`, metadata instanceof Error ? metadata.message : ''),
      warn: () => {},
      debug: () => {},
    },
  };
}

/**
 * Trades the bridge session for the app's tokens, once: the bridge token's jti is claimed in the
 * database, and the answer clears the bridge cookie.
 */
export async function exchangeExternalSession(req: Request, opts: { longLived: boolean }): Promise<{ session: IssuedSession; clearCookies: string[] }> {
  const header = req.headers.get('cookie');
  let raw: string | null = null;
  for (const name of sessionCookieNames()) raw ??= cookieValue(header, name);
  const token = raw ? await decode({ token: raw, secret: authSecret() }).catch(() => null) : null;
  const uid = Number(token?.uid);
  if (!token || !Number.isInteger(uid) || typeof token.jti !== 'string') throw new AppError('UNAUTHORIZED', AUTH_TEXT.externalFailed);
  if (!(await claimNonce(`nextauth:${token.jti}`))) throw new AppError('UNAUTHORIZED', AUTH_TEXT.externalFailed);
  await verifyUserCanSignIn(uid);
  const secure = isSecureDeployment() ? '; Secure' : '';
  const clearCookies = sessionCookieNames().map((n) => `${n}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`);
  return { session: await issueSession(uid, opts), clearCookies };
}
