import { sql } from '../db';
import { AppError } from '../http/errors';
import { AUTH_TEXT } from './config';

/** A blocked or deleted user cannot start a session, whatever proved their identity. */
export async function verifyUserCanSignIn(userId: number): Promise<void> {
  const rows = await sql<{ is_blocked: boolean; is_deleted: boolean }>(`SELECT is_blocked, is_deleted FROM app_user WHERE id = $1`, [userId]);
  const u = rows[0];
  if (!u || u.is_deleted) throw new AppError('UNAUTHORIZED', AUTH_TEXT.externalFailed);
  if (u.is_blocked) throw new AppError('FORBIDDEN', AUTH_TEXT.forbidden);
}
