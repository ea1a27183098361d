import 'server-only';
// Who may change whom in the users administration. Every endpoint of this domain is for Admins
// only (server/http/access.ts); these rules add what an Admin may not do: act on their own account
// in a way that locks them out, or leave the application without an active Admin.
import type { Actor } from '../auth/actor';
import type { UserStanding } from '../auth/policy';
import { AppError, conflict, forbidden } from '../kernel/errors';
import { USER_ERRORS } from '@/lib/users/texts';

export const ADMIN_ROLE = 'Admin';

type UserAction = 'block' | 'demote' | 'delete';

const SELF_MESSAGE: Record<UserAction, string> = {
  block: USER_ERRORS.selfBlock,
  demote: USER_ERRORS.selfDemote,
  delete: USER_ERRORS.selfDelete,
};

/** An Admin may not block, demote or delete their own account (403). */
export function assertNotSelf(actor: Actor, targetId: number, action: UserAction): void {
  if (actor.userId === targetId) throw forbidden(SELF_MESSAGE[action]);
}

/** An active Admin: role Admin, neither blocked nor deleted (server/auth/policy.ts). */
const isActiveAdmin = (u: { role: string; standing: UserStanding }) => u.role === ADMIN_ROLE && u.standing === 'active';

/**
 * Removing `target` from the active Admins must leave at least one (409). `activeAdminIds` is read
 * under a row lock in the same transaction as the change, so two Admins demoting each other at the
 * same moment cannot both succeed.
 */
export function assertKeepsAnAdmin(target: { id: number; role: string; standing: UserStanding }, activeAdminIds: number[]): void {
  if (!isActiveAdmin(target)) return;
  const remaining = activeAdminIds.filter((id) => id !== target.id);
  if (remaining.length === 0) throw conflict(USER_ERRORS.lastAdmin);
}

export const userNotFound = () => new AppError('NOT_FOUND', USER_ERRORS.notFound);
