import 'server-only';
import { assertCanAct, userStateColumns, type UserStateRow } from './policy';
import { sql } from '../kernel/db';
import { AUTH_TEXT } from './config';

/** A blocked or deleted user cannot start a session, whatever proved their identity. */
export async function verifyUserCanSignIn(userId: number): Promise<void> {
  const rows = await sql<UserStateRow>(`SELECT ${userStateColumns('u')} FROM app_user u WHERE u.id = $1`, [userId]);
  assertCanAct(rows[0], AUTH_TEXT.externalFailed);
}
