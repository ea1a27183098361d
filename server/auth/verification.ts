// E-mail verification (docs/decisions/036-mail-abuse.md). An account proves its address by a link
// mailed at registration (or on "Retrimite"); a provider that vouches for the address
// (email_verified), a completed password reset and an accepted invitation prove it too. Until
// then the account may use the app but neither send campaigns nor invite: those are the two ways
// a stranger's account would make the platform mail third parties.
//
// The link carries a stateless token: user id, expiry and an HMAC over both and the address, so
// no table is needed, a token dies when the address changes, and confirming twice is harmless.
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { Actor } from './actor';
import { activeUserSql } from './policy';
import { sql } from '../kernel/db';
import { authSecret, env } from '../kernel/env';
import { AppError, badRequest } from '../kernel/errors';
import { clockNow } from '../kernel/clock';

export const VERIFICATION_TEXT = {
  required:
    'Confirmați mai întâi adresa de e-mail a contului: până atunci nu puteți trimite campanii sau invitații. Linkul de confirmare vi l-am trimis pe e-mail; îl puteți cere din nou din mesajul din partea de sus a paginii.',
  requiredToAnswer:
    'Confirmați mai întâi adresa de e-mail a contului, apoi deschideți din nou invitația. Linkul de confirmare vi l-am trimis pe e-mail; îl puteți cere din nou din mesajul din partea de sus a paginii.',
  invalid: 'Linkul de confirmare este invalid sau a expirat. Autentificați-vă și cereți un link nou.',
  confirmed: 'Adresa de e-mail a fost confirmată.',
  alreadyConfirmed: 'Adresa de e-mail este deja confirmată.',
  resent: 'V-am trimis un nou link de confirmare. Verificați-vă căsuța de e-mail.',
  tooManyResends: (minutes: number) =>
    `Ați cerut prea multe linkuri de confirmare. Încercați din nou peste ${minutes} ${minutes === 1 ? 'minut' : 'minute'}.`,
} as const;

// ───────────── the rule ─────────────

/** The rule in SQL, for the app_user row aliased `alias`. */
export const verifiedEmailSql = (alias = 'u') => `${alias}.email_verified IS NOT NULL`;

/** Whether the user has confirmed their address (read in `db` when the caller holds a transaction). */
export async function hasVerifiedEmail(userId: number, db?: pg.ClientBase): Promise<boolean> {
  const q = `SELECT ${verifiedEmailSql('u')} AS ok FROM app_user u WHERE u.id = $1`;
  const rows = db ? (await db.query<{ ok: boolean }>(q, [userId])).rows : await sql<{ ok: boolean }>(q, [userId]);
  return !!rows[0]?.ok;
}

/** The refusal of an actor who has not confirmed their address: 403 with the Romanian explanation. */
export const emailNotVerified = () => new AppError('FORBIDDEN', VERIFICATION_TEXT.required);

export async function assertVerifiedEmail(actor: Actor, db?: pg.ClientBase): Promise<void> {
  if (!(await hasVerifiedEmail(actor.userId, db))) throw emailNotVerified();
}

/** Marks the address proven (a no-op when it already is). */
async function markEmailVerified(userId: number, db?: pg.ClientBase): Promise<void> {
  const q = `UPDATE app_user SET email_verified = now() WHERE id = $1 AND email_verified IS NULL`;
  if (db) await db.query(q, [userId]);
  else await sql(q, [userId]);
}

// ───────────── the token ─────────────

let derived: Buffer | null = null;
function key(): Buffer {
  // A key of its own: a verification token can never stand for a session or a tracking token.
  derived ??= createHmac('sha256', authSecret()).update('radarfirme email verification v1').digest();
  return derived;
}

const mac = (userId: number, email: string, expires: number) =>
  createHmac('sha256', key()).update(`${userId}\n${email.toLowerCase()}\n${expires}`).digest().subarray(0, 18).toString('base64url');

export function signVerificationToken(userId: number, email: string, now = clockNow().getTime()): string {
  const expires = Math.floor(now / 1000) + env.EMAIL_VERIFICATION_VALID_HOURS * 3600;
  return `${userId}.${expires}.${mac(userId, email, expires)}`;
}

export function verificationLink(userId: number, email: string): string {
  const url = new URL('/Verificare-email', env.APP_URL);
  url.searchParams.set('token', signVerificationToken(userId, email));
  return url.toString();
}

/** The welcome mail's extra fields for an account whose address is not proven yet. */
export const welcomeVerification = (userId: number, email: string) => ({
  verifyLink: verificationLink(userId, email),
  validHours: env.EMAIL_VERIFICATION_VALID_HOURS,
});

function parseToken(token: string): { userId: number; expires: number; sig: string } | null {
  const m = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{24})$/.exec(token.trim());
  if (!m) return null;
  const userId = Number(m[1]);
  if (userId < 1 || userId > 2_147_483_647) return null;
  return { userId, expires: Number(m[2]), sig: m[3] };
}

/** POST /api/Account/verifyEmail: confirms the address the token was made for. */
export async function verifyEmailToken(token: string): Promise<{ Message: string }> {
  const invalid = () => badRequest(VERIFICATION_TEXT.invalid, { Token: [VERIFICATION_TEXT.invalid] });
  const t = parseToken(token);
  if (!t || t.expires * 1000 < clockNow().getTime()) throw invalid();
  const rows = await sql<{ email: string; verified: boolean }>(
    `SELECT u.email, ${verifiedEmailSql('u')} AS verified FROM app_user u WHERE u.id = $1 AND ${activeUserSql('u')}`,
    [t.userId],
  );
  const user = rows[0];
  if (!user) throw invalid();
  const expected = Buffer.from(mac(t.userId, user.email, t.expires));
  const given = Buffer.from(t.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  if (user.verified) return { Message: VERIFICATION_TEXT.alreadyConfirmed };
  await markEmailVerified(t.userId);
  return { Message: VERIFICATION_TEXT.confirmed };
}
