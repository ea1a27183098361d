// Who may act. A blocked or deleted account cannot sign in, refresh, or use a token or a session
// cookie it already holds: every check of server/auth/ goes through these, so blocking a user
// (users admin) takes effect on that user's next request.
import 'server-only';
import type { Prisma } from '../generated/prisma/client';

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

/** The same rule inside a query, for the app_user row aliased `alias`: `WHERE … AND ${activeUserSql('u')}`. */
export function activeUserSql(alias = 'u'): string {
  return `NOT ${alias}.is_blocked AND NOT ${alias}.is_deleted`;
}

/** The same rule as a Prisma `where` on the User model. */
export const activeUserWhere = { isBlocked: false, isDeleted: false } as const satisfies Prisma.UserWhereInput;
