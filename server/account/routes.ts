// Glue shared by the /api/Auth route files: the answer of a successful sign-in (the token pair plus
// the page-session cookie).
import 'server-only';
import { AppError } from '../kernel/errors';
import { json } from '../http/route';
import { sessionCookie } from '../auth/session';
import type { IssuedSession } from '../auth/tokens';

export async function signedInResponse(session: IssuedSession): Promise<Response> {
  return json({ AccessToken: session.AccessToken, RefreshToken: session.RefreshToken }, 200, { 'set-cookie': await sessionCookie(session) });
}

/**
 * Calls that start a session or an account take JSON only: a cross-site HTML form can post
 * text/plain that happens to parse as JSON, but it cannot send application/json without CORS.
 */
export function requireJson(req: Request): void {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new AppError('BAD_REQUEST', 'Cererea trebuie trimisă ca JSON (Content-Type: application/json).');
}
