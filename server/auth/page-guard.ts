// Server-side checks for pages and layouts (Server Components): the page-session cookie, verified
// against the database (server/auth/session.ts).
import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { Actor, Role } from './actor';
import { isAllowed, SIGNED_IN } from './guard';
import { actorFromSessionCookie, SESSION_COOKIE } from './session';

/** For guarded layouts and pages: the signed-in actor with one of the roles, or a redirect Home. */
export async function requirePageRole(roles: Role[] = SIGNED_IN): Promise<Actor> {
  const jar = await cookies();
  const actor = await actorFromSessionCookie(jar.get(SESSION_COOKIE)?.value);
  if (!actor || !isAllowed(actor, roles)) redirect('/');
  return actor;
}
