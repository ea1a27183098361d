import 'server-only';
import { userStanding, type UserStateRow } from './policy';
import { sql } from '../db';
import { AppError } from '../http/errors';
import { AUTH_TEXT } from './config';

/** A blocked or deleted user cannot start a session, whatever proved their identity. */
export async function verifyUserCanSignIn(userId: number): Promise<void> {
  const rows = await sql<UserStateRow>(`SELECT is_blocked, is_deleted FROM app_user WHERE id = $1`, [userId]);
  const standing = userStanding(rows[0]);
  if (standing === 'gone') throw new AppError('UNAUTHORIZED', AUTH_TEXT.externalFailed);
  if (standing === 'blocked') throw new AppError('FORBIDDEN', AUTH_TEXT.forbidden);
}
