// Forgot / reset password. The reset link carries a random token (stored as SHA-256), valid for
// 30 minutes and for one use. "Forgot" answers the same whether or not the address has an
// account, and does its work after the answer, so neither the text nor the time tells.
import 'server-only';
import { activeUserSql, existingUserSql } from '../auth/policy';
import { randomBytes } from 'node:crypto';
import { env } from '../kernel/env';
import { sql } from '../kernel/db';
import { AppError } from '../kernel/errors';
import { sendPasswordResetMail } from '../mail/messages';
import { normalizeEmail } from './accounts';
import { AUTH_TEXT, RESET_TOKEN_TTL_SECONDS, rateLimits } from '../auth/config';
import { hashPassword } from '../auth/passwords';
import { hitRateLimit, rateLimited } from '../kernel/rate-limit';
import { revokeAllSessions, sha256 } from '../auth/tokens';
import { withTransaction } from '../kernel/tx';

export function resetLink(email: string, token: string): string {
  const url = new URL('/Resetare-parola', env.APP_URL);
  url.searchParams.set('email', email);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Creates a reset token and queues the mail, when the address belongs to an active account and
 * has not asked too often. Returns whether a mail was queued (for tests; never shown to callers).
 */
export async function requestPasswordReset(rawEmail: string): Promise<boolean> {
  const email = normalizeEmail(rawEmail);
  const perEmail = await hitRateLimit(`forgot:email:${email}`, rateLimits().forgotPerEmailPerHour, 3600);
  if (!perEmail.allowed) return false;
  const rows = await sql<{ id: number; user_name: string }>(
    `SELECT u.id, u.user_name FROM app_user u WHERE u.email = $1 AND ${activeUserSql('u')}`,
    [email],
  );
  const user = rows[0];
  if (!user) return false;
  const token = randomBytes(32).toString('base64url');
  await sql(
    `INSERT INTO password_reset_token (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [user.id, sha256(token), RESET_TOKEN_TTL_SECONDS],
  );
  await sendPasswordResetMail({ to: email, userName: user.user_name, link: resetLink(email, token), validMinutes: RESET_TOKEN_TTL_SECONDS / 60 });
  return true;
}

export async function checkForgotPasswordAddress(address: string): Promise<AppError | null> {
  const hit = await hitRateLimit(`forgot:ip:${address}`, rateLimits().forgotPerIpPerHour, 3600);
  if (hit.allowed) return null;
  const minutes = Math.max(1, Math.ceil(hit.retryAfterSeconds / 60));
  return new AppError('RATE_LIMITED', AUTH_TEXT.tooManyRequests(minutes), undefined, { 'retry-after': String(hit.retryAfterSeconds) });
}

type ResetInput = { Email: string; Password: string; Code: string };

/**
 * Sets a new password with a reset token. The token is consumed atomically (a second use finds
 * it used); every other reset token and every session of the user end with it. The reset proves
 * the mailbox, so the address becomes verified; external identities that were attached while it
 * was not verified are dropped (they might be someone else's, see 008).
 */
export async function resetPassword(input: ResetInput, meta: { address: string }): Promise<{ Message: string }> {
  const email = normalizeEmail(input.Email);
  const limits = rateLimits();
  // Both counters before any work: one address trying many accounts, many addresses one account.
  // The address first: a flooding address is stopped with one write and does not lock the accounts it names.
  const byAddress = await hitRateLimit(`reset:ip:${meta.address}`, limits.resetPerIpPerHour, 3600);
  if (!byAddress.allowed) throw rateLimited(byAddress.retryAfterSeconds, AUTH_TEXT.tooManyRequests);
  const byAccount = await hitRateLimit(`reset:account:${email}`, limits.resetPerAccountPerHour, 3600);
  if (!byAccount.allowed) throw rateLimited(byAccount.retryAfterSeconds, AUTH_TEXT.tooManyRequests);
  const codeHash = sha256(input.Code.trim());
  // The code is checked before argon2 runs: a wrong code costs one indexed read, never a hash.
  // The transaction below consumes it atomically, so two requests with one code still set one.
  const live = await sql(
    `SELECT 1 FROM password_reset_token t JOIN app_user u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND u.email = $2 AND ${existingUserSql('u')}`,
    [codeHash, email],
  );
  if (live.length === 0) throw new AppError('BAD_REQUEST', AUTH_TEXT.resetInvalid, { Code: [AUTH_TEXT.resetInvalid] });
  const passwordHash = await hashPassword(input.Password);
  const done = await withTransaction(async (db) => {
    const used = await db.query<{ user_id: number }>(
      `UPDATE password_reset_token t SET used_at = now()
         FROM app_user u
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
          AND u.id = t.user_id AND u.email = $2 AND ${existingUserSql('u')}
        -- A blocked account may still end a reset it started: the new password does not let it
        -- act (sign-in and every token check refuse it, server/auth/policy.ts).
        RETURNING t.user_id`,
      [codeHash, email],
    );
    const userId = used.rows[0]?.user_id;
    if (!userId) return false;
    const before = await db.query<{ email_verified: Date | null }>(`SELECT email_verified FROM app_user WHERE id = $1 FOR UPDATE`, [userId]);
    if (!before.rows[0].email_verified) await db.query(`DELETE FROM external_account WHERE user_id = $1`, [userId]);
    // A password chosen through the reset link is the owner's own: no forced change after it.
    await db.query(`UPDATE app_user SET password_hash = $2, email_verified = COALESCE(email_verified, now()), must_change_password = false WHERE id = $1`, [
      userId,
      passwordHash,
    ]);
    await db.query(`UPDATE password_reset_token SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
    await revokeAllSessions(userId, db);
    return true;
  });
  if (!done) throw new AppError('BAD_REQUEST', AUTH_TEXT.resetInvalid, { Code: [AUTH_TEXT.resetInvalid] });
  return { Message: AUTH_TEXT.passwordChanged };
}
