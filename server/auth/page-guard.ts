// The guard in Server Components: the layouts of app/(workspace) and app/(admin) call it for every
// page of their group, the second line behind proxy.ts (server/auth/guard.ts holds the one table).
// The page-session cookie is verified against the database (server/auth/session.ts).
import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { Actor } from './actor';
import { AUDIENCE_ROLES, isAllowed, type Audience } from './guard';
import { actorFromSessionCookie, SESSION_COOKIE } from './session';

/** Once per request: the layout and a page that needs the actor share the database read. */
const readPageActor = cache(async (): Promise<Actor | null> => {
  const jar = await cookies();
  return actorFromSessionCookie(jar.get(SESSION_COOKIE)?.value);
});

/**
 * The signed-in actor of a guarded audience, or a redirect Home (000 §2.1). Layouts and pages
 * render concurrently in Next, so a page that reads the actor (its id, its role) gets it here too,
 * never by trusting that its layout ran first.
 */
export async function requirePageAudience(audience: Exclude<Audience, 'public'>): Promise<Actor> {
  const actor = await readPageActor();
  if (!actor || !isAllowed(actor, AUDIENCE_ROLES[audience] ?? [])) redirect('/');
  return actor;
}
