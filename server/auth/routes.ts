// Glue shared by the /api/Auth route files: the answer of a successful sign-in (the token pair of
// 000 §3 plus the page-session cookie).
import { json } from '../http/route';
import { sessionCookie } from './session';
import type { IssuedSession } from './tokens';

export async function signedInResponse(session: IssuedSession): Promise<Response> {
  return json({ AccessToken: session.AccessToken, RefreshToken: session.RefreshToken }, 200, { 'set-cookie': await sessionCookie(session) });
}
