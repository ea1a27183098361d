// The route guard, on the server: a guarded page needs a signed-in user with
// one of the listed roles; anyone else is sent Home. proxy.ts applies it to every request before
// a page renders; guarded layouts may call requirePageRole() (page-guard.ts) as a second line (the Next docs
// advise not to rely on the proxy alone).
import 'server-only';
import type { Actor, Role } from './actor';

export const SIGNED_IN: Role[] = ['Admin', 'User'];
const ADMIN: Role[] = ['Admin'];

const GUARDED_ROUTES: ReadonlyArray<{ path: string; roles: Role[] }> = [
  { path: '/Companii', roles: SIGNED_IN },
  { path: '/Grupuri-email', roles: SIGNED_IN },
  { path: '/Template-uri', roles: SIGNED_IN },
  { path: '/Drafturi-email', roles: SIGNED_IN },
  { path: '/Emailuri-trimise', roles: SIGNED_IN },
  { path: '/Emailuri-trimise-companiilor', roles: SIGNED_IN },
  { path: '/Schimbare-parola', roles: SIGNED_IN },
  // prospecting (issue 27)
  { path: '/Cautari-salvate', roles: SIGNED_IN },
  // public API keys (issue 29)
  { path: '/Chei-API', roles: SIGNED_IN },
  { path: '/Contacte', roles: ADMIN },
  { path: '/Utilizatori', roles: ADMIN },
  { path: '/PretindereCompanie', roles: ADMIN },
  // privacy (issue 30): the takedown queue and the audit trail.
  { path: '/Cereri-date-personale', roles: ADMIN },
  { path: '/Jurnal-audit', roles: ADMIN },
  // The developer mailbox is not a spec route; it guards itself (server/kernel/mailbox.ts).
];

function normalise(pathname: string): string {
  let p = pathname;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    // keep the raw path
  }
  // Case-insensitive on purpose: a file system or proxy that ignores case must not open a door.
  return p.replace(/\/{2,}/g, '/').replace(/\/+$/, '').toLowerCase() || '/';
}

/** The roles a path needs, or null for a public path. Sub-paths inherit (/Companii/12). */
export function requiredRoles(pathname: string): Role[] | null {
  const p = normalise(pathname);
  for (const r of GUARDED_ROUTES) {
    const base = r.path.toLowerCase();
    if (p === base || p.startsWith(`${base}/`)) return r.roles;
  }
  return null;
}

export const isAllowed = (actor: Actor | null, roles: Role[]) => !!actor && actor.roles.some((r) => roles.includes(r));
