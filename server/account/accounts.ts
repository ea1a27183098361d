// E-mail and password accounts: register, sign in, the signed-in user's details.
import 'server-only';
import { assertCanAct, userStateColumns, type UserStateRow } from '../auth/policy';
import type { UserDetails } from '@/lib/auth/types';
import { normalizeSearchText } from '@/lib/text';
import { sql } from '../kernel/db';
import { AppError } from '../kernel/errors';
import { sendWelcomeMail } from '../mail/messages';
import type { Actor } from '../auth/actor';
import { AUTH_TEXT, rateLimits } from '../auth/config';
import { isPublishedPassword } from '../kernel/exposure';
import { hashPassword, passwordNeedsRehash, verifyPassword } from '../auth/passwords';
import { clearRateLimit, hitRateLimit, rateLimited } from '../kernel/rate-limit';
import { issueSession, type IssuedSession } from '../auth/tokens';
import { verifiedEmailSql, welcomeVerification } from '../auth/verification';

/** User names are unique ignoring case, diacritics and repeated spaces ("Ana  Pop" = "ana pop"). */
export const normalizeUserName = (name: string) => normalizeSearchText(name);
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

function conflictError(nameTaken: boolean, emailTaken: boolean): AppError {
  const errors: Record<string, string[]> = {};
  if (nameTaken) errors.UserName = [AUTH_TEXT.userNameTaken];
  if (emailTaken) errors.Email = [AUTH_TEXT.emailTaken];
  return new AppError('CONFLICT', [...(errors.UserName ?? []), ...(errors.Email ?? [])].join(' '), errors);
}

type RegisterInput = { UserName: string; Email: string; Password: string };

export async function registerUser(input: RegisterInput, meta: { address: string }) {
  const limits = rateLimits();
  const hit = await hitRateLimit(`register:ip:${meta.address}`, limits.registerPerIpPerHour, 3600);
  if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds, AUTH_TEXT.tooManyRequests);

  const userName = input.UserName.trim().replace(/\s+/g, ' ');
  const nameNorm = normalizeUserName(userName);
  const email = normalizeEmail(input.Email);
  const taken = await sql<{ name_taken: boolean; email_taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM app_user WHERE user_name_norm = $1) AS name_taken,
            EXISTS (SELECT 1 FROM app_user WHERE email = $2) AS email_taken`,
    [nameNorm, email],
  );
  if (taken[0].name_taken || taken[0].email_taken) throw conflictError(taken[0].name_taken, taken[0].email_taken);

  const passwordHash = await hashPassword(input.Password);
  let created: { id: number }[];
  try {
    created = await sql<{ id: number }>(
      `INSERT INTO app_user (user_name, user_name_norm, email, password_hash, role_id)
       VALUES ($1, $2, $3, $4, (SELECT id FROM role WHERE name = 'User')) RETURNING id`,
      [userName, nameNorm, email, passwordHash],
    );
  } catch (e) {
    // Two registrations racing for the same name or e-mail: the unique index decides.
    const err = e as { code?: string; constraint?: string };
    if (err.code === '23505') throw conflictError(!!err.constraint?.includes('user_name'), !!err.constraint?.includes('email'));
    throw e;
  }
  // The welcome mail carries the link that confirms the address (036).
  await sendWelcomeMail({ to: email, userName, ...welcomeVerification(created[0].id, email) });
  return { UserId: created[0].id, UserName: userName, Email: email, Message: AUTH_TEXT.accountCreated };
}

type LoginInput = { Email: string; Password: string; RememberMe?: boolean };

/**
 * Sign-in with e-mail and password. Both counters (client address, account) are hit before the
 * password is checked, so a guesser is stopped before argon2 runs; a successful sign-in clears
 * the account's counter. Wrong password and unknown e-mail answer the same.
 */
export async function loginWithPassword(input: LoginInput, meta: { address: string; loopbackPeer: boolean }): Promise<IssuedSession> {
  const limits = rateLimits();
  const email = normalizeEmail(input.Email);
  const accountKey = `login:account:${email}`;
  // The address first: a flooding address is stopped with one write, and its refused attempts do
  // not count against the accounts it names.
  const byAddress = await hitRateLimit(`login:ip:${meta.address}`, limits.ipMax, limits.windowSeconds);
  if (!byAddress.allowed) throw rateLimited(byAddress.retryAfterSeconds, AUTH_TEXT.tooManyAttempts);
  const byAccount = await hitRateLimit(accountKey, limits.accountMax, limits.windowSeconds);
  if (!byAccount.allowed) throw rateLimited(byAccount.retryAfterSeconds, AUTH_TEXT.tooManyAttempts);

  const rows = await sql<UserStateRow & { id: number; password_hash: string | null }>(
    `SELECT u.id, u.password_hash, ${userStateColumns('u')} FROM app_user u WHERE u.email = $1`,
    [email],
  );
  const user = rows[0];
  const ok = await verifyPassword(user?.password_hash, input.Password);
  if (!user || !ok) throw new AppError('UNAUTHORIZED', AUTH_TEXT.badCredentials);
  // Only after the password is proven does the answer tell that the account is blocked.
  assertCanAct(user, AUTH_TEXT.badCredentials);
  // A published password (the README's admin and demo passwords) signs in only from this machine,
  // whatever way the server was started (decision 031): the start-up check of `npm start` refuses a
  // reachable instance with them, and this covers a server started without it (`next start`,
  // serve.mjs by hand). Without the front no peer is known, so they are refused.
  if (isPublishedPassword(input.Password) && !meta.loopbackPeer) throw new AppError('FORBIDDEN', AUTH_TEXT.publishedPasswordRemote);

  await clearRateLimit(accountKey);
  if (user.password_hash && passwordNeedsRehash(user.password_hash)) {
    await sql(`UPDATE app_user SET password_hash = $2 WHERE id = $1`, [user.id, await hashPassword(input.Password)]);
  }
  return issueSession(user.id, { longLived: !!input.RememberMe });
}


export async function getUserDetails(actor: Actor): Promise<UserDetails> {
  const rows = await sql<{ email: string; verified: boolean }>(`SELECT u.email, ${verifiedEmailSql('u')} AS verified FROM app_user u WHERE u.id = $1`, [
    actor.userId,
  ]);
  return {
    UserId: actor.userId,
    UserName: actor.userName,
    UserRoles: actor.roles,
    UserRole: actor.roles[0] ?? 'User',
    Email: rows[0]?.email ?? '',
    MustChangePassword: !!actor.mustChangePassword,
    EmailVerified: !!rows[0]?.verified,
  };
}
