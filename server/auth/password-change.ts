// A signed-in user changes their password: the current one is required (a stolen access token
// alone must not take the account over), every other session of the user ends, the session that
// made the change stays, and an open reset link stops working.
import 'server-only';
import type { ChangePasswordInput } from '@/lib/auth/schemas';
import { AppError } from '../kernel/errors';
import { clearRateLimit, hitRateLimit, rateLimited } from '../kernel/rate-limit';
import { withTransaction } from '../kernel/tx';
import type { Actor } from './actor';
import { AUTH_TEXT, rateLimits } from './config';
import { hashPassword, verifyPassword } from './passwords';
import { revokeOtherSessions } from './tokens';

export async function changePassword(actor: Actor, input: ChangePasswordInput): Promise<{ Message: string }> {
  // Guessing the current password with a stolen token is limited like guessing it at sign-in.
  const limits = rateLimits();
  const key = `change-password:user:${actor.userId}`;
  const hit = await hitRateLimit(key, limits.accountMax, limits.windowSeconds);
  if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds, AUTH_TEXT.tooManyAttempts);

  const wrong = () => new AppError('VALIDATION', AUTH_TEXT.currentPasswordWrong, { CurrentPassword: [AUTH_TEXT.currentPasswordWrong] });
  await withTransaction(async (db) => {
    const found = await db.query<{ password_hash: string | null }>(`SELECT password_hash FROM app_user WHERE id = $1 FOR UPDATE`, [actor.userId]);
    if (!(await verifyPassword(found.rows[0]?.password_hash, input.CurrentPassword))) throw wrong();
    // Hashed only once the current password is proven (no argon2 work for a wrong guess).
    const newHash = await hashPassword(input.Password);
    await db.query(`UPDATE app_user SET password_hash = $2, must_change_password = false WHERE id = $1`, [actor.userId, newHash]);
    await db.query(`UPDATE password_reset_token SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [actor.userId]);
    await revokeOtherSessions(actor.userId, actor.familyId, db);
  });
  await clearRateLimit(key);
  return { Message: AUTH_TEXT.passwordChangedOthersEnded };
}
