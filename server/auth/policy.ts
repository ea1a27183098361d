// Who may act. A blocked or deleted account cannot sign in, refresh, or use a token or a session
// cookie it already holds: every check of server/auth/ goes through these, so blocking a user
// (users admin) takes effect on that user's next request. The one module of the rule (issue 31):
// the predicate (userStanding), its SQL (userStandingSql, activeUserSql, existingUserSql) and
// Prisma forms (standingWhere, existingUserWhere), the columns the predicate reads, the write that
// blocks, and the refusal (refusalFor). tests/integration/rule-user-standing.test.ts proves the
// forms select the same users.
import 'server-only';
import type { Prisma } from '../generated/prisma/client';
import { AppError, unauthorized } from '../kernel/errors';
import { AUTH_TEXT } from './config';

/** The two columns of app_user that decide whether an account may act. */
export type UserStateRow = { is_blocked: boolean; is_deleted: boolean };

/**
 * `gone`: no such user, or deleted (answered like wrong credentials / an invalid token, 401);
 * `blocked`: the account exists but an Admin blocked it (403 once the caller proved who they are).
 */
export type UserStanding = 'active' | 'blocked' | 'gone';

export function userStanding(row: UserStateRow | null | undefined): UserStanding {
  if (!row || row.is_deleted) return 'gone';
  if (row.is_blocked) return 'blocked';
  return 'active';
}

/** True when the account may act (exists, not deleted, not blocked). */
export function isUserActive(row: UserStateRow | null | undefined): row is UserStateRow {
  return userStanding(row) === 'active';
}

/** SQL select list of what userStanding reads, from the app_user row aliased `alias`. */
export const userStateColumns = (alias = 'u') => `${alias}.is_blocked, ${alias}.is_deleted`;

/** SQL twin of userStanding: 'active' | 'blocked' | 'gone' for the app_user row aliased `alias`. */
export const userStandingSql = (alias = 'u') => `(CASE WHEN ${alias}.is_deleted THEN 'gone' WHEN ${alias}.is_blocked THEN 'blocked' ELSE 'active' END)`;

/** The rule inside a query, for the app_user row aliased `alias`: `WHERE … AND ${activeUserSql('u')}`. */
export function activeUserSql(alias = 'u'): string {
  return `NOT ${alias}.is_blocked AND NOT ${alias}.is_deleted`;
}

/** SQL: the account exists (not deleted), blocked or not: what the administration lists. */
export const existingUserSql = (alias = 'u') => `NOT ${alias}.is_deleted`;

/** Prisma `where` of each standing on the User model (a missing row is simply not selected). */
export const standingWhere = {
  active: { isBlocked: false, isDeleted: false },
  blocked: { isBlocked: true, isDeleted: false },
  gone: { isDeleted: true },
} as const satisfies Record<UserStanding, Prisma.UserWhereInput>;

/** Prisma `where`: the account exists (not deleted), blocked or not. */
export const existingUserWhere = { isDeleted: false } as const satisfies Prisma.UserWhereInput;

/** The write that blocks or unblocks an account. */
export const blockData = (blocked: boolean) => ({ isBlocked: blocked }) satisfies Prisma.UserUpdateInput;

/**
 * The refusal of an account that may not act, the same everywhere: gone (missing or deleted) →
 * 401 with the caller's message (wrong credentials, a failed external sign-in, an invalid token),
 * blocked → 403. Null when the account is active.
 */
export function refusalFor(standing: UserStanding, goneMessage?: string): AppError | null {
  if (standing === 'gone') return unauthorized(goneMessage);
  if (standing === 'blocked') return new AppError('FORBIDDEN', AUTH_TEXT.forbidden);
  return null;
}

/** Throws refusalFor's answer unless the account may act. */
export function assertCanAct(row: UserStateRow | null | undefined, goneMessage?: string): asserts row is UserStateRow {
  const refusal = refusalFor(userStanding(row), goneMessage);
  if (refusal) throw refusal;
}
