// Sign-in through an external identity (Google, Facebook, Microsoft Entra ID): the same rules for
// the next-auth redirect flows and for the token calls (Auth/login-google, the
// Facebook call). The rule that matters: an external identity is attached to an EXISTING account
// only through an e-mail address the provider vouches for (email_verified), never otherwise.
import 'server-only';
import { assertCanAct, userStateColumns, type UserStateRow } from '../auth/policy';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { createHmac } from 'node:crypto';
import { env } from '../kernel/env';
import { AppError } from '../kernel/errors';
import { sendWelcomeMail } from '../mail/messages';
import { normalizeEmail, normalizeUserName } from './accounts';
import { AUTH_TEXT } from '../auth/config';
import { revokeAllSessions } from '../auth/tokens';
import { welcomeVerification } from '../auth/verification';
import { withTransaction } from '../kernel/tx';

export type ExternalProvider = 'google' | 'facebook' | 'microsoft-entra-id';

export type ExternalIdentity = {
  provider: ExternalProvider;
  /** The provider's stable id of the person (OIDC `sub`, Facebook user id). */
  subject: string;
  email: string | null;
  /** True only when the provider states that it verified the address. */
  emailVerified: boolean;
  name: string | null;
};

type ExternalSignInResult = { userId: number; created: boolean; linked: boolean };

async function uniqueUserName(db: import('pg').PoolClient, wanted: string): Promise<{ name: string; norm: string }> {
  const base = wanted.trim().replace(/\s+/g, ' ').slice(0, 190) || 'Utilizator';
  for (let i = 1; i < 1000; i++) {
    const name = i === 1 ? base : `${base} ${i}`;
    const norm = normalizeUserName(name);
    const taken = await db.query(`SELECT 1 FROM app_user WHERE user_name_norm = $1`, [norm]);
    if (!taken.rowCount) return { name, norm };
  }
  throw new Error('Nu s-a putut alege un nume de utilizator unic.');
}

export async function signInWithExternalIdentity(identity: ExternalIdentity): Promise<ExternalSignInResult> {
  if (!identity.subject) throw new AppError('UNAUTHORIZED', AUTH_TEXT.externalFailed);
  const result = await withTransaction(async (db) => {
    // 1. A known identity signs in to its account.
    const known = await db.query<UserStateRow & { user_id: number }>(
      `SELECT ea.user_id, ${userStateColumns('u')} FROM external_account ea JOIN app_user u ON u.id = ea.user_id
        WHERE ea.provider = $1 AND ea.provider_account_id = $2`,
      [identity.provider, identity.subject],
    );
    if (known.rows[0]) {
      const u = known.rows[0];
      assertCanAct(u, AUTH_TEXT.externalFailed);
      return { userId: u.user_id, created: false, linked: false };
    }

    const email = identity.email ? normalizeEmail(identity.email) : '';
    if (!email) throw new AppError('BAD_REQUEST', AUTH_TEXT.externalNoEmail);

    // 2. An account with this e-mail exists: attach only through a verified address.
    const existing = await db.query<UserStateRow & { id: number; email_verified: Date | null }>(
      `SELECT u.id, ${userStateColumns('u')}, u.email_verified FROM app_user u WHERE u.email = $1 FOR UPDATE`,
      [email],
    );
    const user = existing.rows[0];
    if (user) {
      if (!identity.emailVerified) throw new AppError('CONFLICT', AUTH_TEXT.externalEmailInUse, { Email: [AUTH_TEXT.externalEmailInUse] });
      assertCanAct(user, AUTH_TEXT.externalFailed);
      if (!user.email_verified) {
        // Nobody has proven this mailbox before: whoever registered the account (a password, or
        // an identity whose provider did not vouch for the address) may not be its owner. The
        // verified owner takes it over; the earlier credentials and sessions end (008).
        await db.query(`UPDATE app_user SET password_hash = NULL, email_verified = now() WHERE id = $1`, [user.id]);
        await db.query(`DELETE FROM external_account WHERE user_id = $1`, [user.id]);
        await revokeAllSessions(user.id, db);
      }
      await db.query(`INSERT INTO external_account (user_id, provider, provider_account_id) VALUES ($1, $2, $3)`, [
        user.id,
        identity.provider,
        identity.subject,
      ]);
      return { userId: user.id, created: false, linked: true };
    }

    // 3. A new account.
    const { name, norm } = await uniqueUserName(db, identity.name || email.split('@')[0]);
    const created = await db.query<{ id: number }>(
      `INSERT INTO app_user (user_name, user_name_norm, email, email_verified, role_id)
       VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END, (SELECT id FROM role WHERE name = 'User')) RETURNING id`,
      [name, norm, email, identity.emailVerified],
    );
    const userId = created.rows[0].id;
    await db.query(`INSERT INTO external_account (user_id, provider, provider_account_id) VALUES ($1, $2, $3)`, [
      userId,
      identity.provider,
      identity.subject,
    ]);
    return { userId, created: true, linked: true, welcome: { to: email, userName: name, verified: identity.emailVerified } };
  });
  if ('welcome' in result && result.welcome) {
    const { to, userName, verified } = result.welcome;
    // A provider that did not vouch for the address (Facebook): the welcome mail confirms it (036).
    await sendWelcomeMail({ to, userName, ...(verified ? {} : welcomeVerification(result.userId, to)) });
  }
  return { userId: result.userId, created: result.created, linked: result.linked };
}

// ───────────── verifying the provider tokens of the API calls ─────────────
// The defaults call Google's and Facebook's servers; tests replace them (no network there).

type ExternalVerifiers = {
  /** Auth/login-google: a Google ID token (the `credential` of Google Identity Services). */
  google: (idToken: string) => Promise<ExternalIdentity>;
  /** The Facebook call: the user id and the user access token of the Facebook SDK. */
  facebook: (userId: string, accessToken: string) => Promise<ExternalIdentity>;
};

const failed = () => new AppError('UNAUTHORIZED', AUTH_TEXT.externalFailed);

let googleJwks: ReturnType<typeof createRemoteJWKSet> | null = null;

async function verifyGoogleIdToken(idToken: string): Promise<ExternalIdentity> {
  if (!env.GOOGLE_CLIENT_ID) throw new AppError('UNAVAILABLE', AUTH_TEXT.externalNotConfigured);
  googleJwks ??= createRemoteJWKSet(new URL('https://www.googleapis.com/oauth2/v3/certs'));
  try {
    const { payload } = await jwtVerify<{ email?: string; email_verified?: boolean | string; name?: string }>(idToken, googleJwks, {
      issuer: ['https://accounts.google.com', 'accounts.google.com'],
      audience: env.GOOGLE_CLIENT_ID,
    });
    return {
      provider: 'google',
      subject: String(payload.sub ?? ''),
      email: payload.email ?? null,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      name: payload.name ?? null,
    };
  } catch {
    throw failed();
  }
}

const GRAPH = 'https://graph.facebook.com/v18.0';

async function verifyFacebookToken(userId: string, accessToken: string): Promise<ExternalIdentity> {
  const appId = env.FACEBOOK_CLIENT_ID;
  const appSecret = env.FACEBOOK_CLIENT_SECRET;
  if (!appId || !appSecret) throw new AppError('UNAVAILABLE', AUTH_TEXT.externalNotConfigured);
  try {
    // The token must have been issued to OUR app for THIS user (a token of another app would
    // otherwise sign its holder in here).
    const debug = await fetch(`${GRAPH}/debug_token?input_token=${encodeURIComponent(accessToken)}&access_token=${encodeURIComponent(`${appId}|${appSecret}`)}`, {
      signal: AbortSignal.timeout(8000),
    });
    const info = (await debug.json()) as { data?: { is_valid?: boolean; app_id?: string; user_id?: string } };
    if (!debug.ok || !info.data?.is_valid || info.data.app_id !== appId || info.data.user_id !== userId) throw failed();
    const proof = createHmac('sha256', appSecret).update(accessToken).digest('hex');
    const me = await fetch(`${GRAPH}/me?fields=id,name,email&access_token=${encodeURIComponent(accessToken)}&appsecret_proof=${proof}`, {
      signal: AbortSignal.timeout(8000),
    });
    const profile = (await me.json()) as { id?: string; name?: string; email?: string };
    if (!me.ok || profile.id !== userId) throw failed();
    // Facebook does not state that the address was verified: treated as unverified.
    return { provider: 'facebook', subject: profile.id, email: profile.email ?? null, emailVerified: false, name: profile.name ?? null };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw failed();
  }
}

const defaults: ExternalVerifiers = { google: verifyGoogleIdToken, facebook: verifyFacebookToken };
let current: ExternalVerifiers = defaults;

export const externalVerifiers = (): ExternalVerifiers => current;

/** Tests (and only tests) swap the verifiers; call with no argument to restore the real ones. */
export function setExternalVerifiers(overrides?: Partial<ExternalVerifiers>): void {
  current = overrides ? { ...defaults, ...overrides } : defaults;
}
