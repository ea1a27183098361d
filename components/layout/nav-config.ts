/** The session shape the shell receives from the auth layer. */
export type SessionUser = { UserName: string; UserRoles: string[] } | null;

export type AuthMode = 'login' | 'register';

/** The signed-in user's password change (user menu; where a forced change sends the user). */
export { CHANGE_PASSWORD_PATH } from '@/lib/api/client';
/** The signed-in user's keys of the public API (issue 29; user menu). */
export const API_KEYS_PATH = '/Chei-API';
/** The signed-in user's webhook endpoints (issue 50; user menu, next to the API keys). */
export const WEBHOOKS_PATH = '/Webhook-uri';
/** The signed-in user's CRM connections (issue 50, decision 109; user menu, beside the webhooks). */
export const CRM_PATH = '/CRM';

export type NavLink = { label: string; href: string };
export type NavEntry =
  | { kind: 'link'; label: string; href: string }
  | { kind: 'menu'; label: string; items: NavLink[] };

function isAdmin(user: SessionUser): boolean {
  return !!user && user.UserRoles.includes('Admin');
}

const HOME: NavEntry = { kind: 'link', label: 'Acasă', href: '/' };
const SEARCH: NavEntry = { kind: 'link', label: 'Căutare avansată', href: '/Cautare-avansata' };
const GROUPS: NavEntry = {
  kind: 'menu',
  label: 'Grupuri',
  items: [
    { label: 'Companii', href: '/Companii' },
    { label: 'Grupuri', href: '/Grupuri-email' },
    { label: 'Căutări salvate', href: '/Cautari-salvate' },
    // monitoring (issue 26)
    { label: 'Companii urmărite', href: '/companii-urmarite' },
    { label: 'Notificări', href: '/notificari' },
    // official checks (issue 48)
    { label: 'Verificări fiscale', href: '/Verificari-fiscale' },
  ],
};
const EMAIL: NavEntry = {
  kind: 'menu',
  label: 'Email',
  items: [
    { label: 'Template-uri', href: '/Template-uri' },
    { label: 'Email-uri trimise companiilor', href: '/Emailuri-trimise-companiilor' },
    { label: 'Drafturi', href: '/Drafturi-email' },
    { label: 'Email-uri trimise', href: '/Emailuri-trimise' },
  ],
};
const CONTACTS: NavEntry = { kind: 'link', label: 'Contacte', href: '/Contacte' };
const USERS: NavEntry = { kind: 'link', label: 'Utilizatori', href: '/Utilizatori' };
const REQUESTS: NavEntry = {
  kind: 'menu',
  label: 'Cereri',
  items: [
    { label: 'Pretindere companie', href: '/PretindereCompanie' },
    // privacy (issue 30)
    { label: 'Date personale', href: '/Cereri-date-personale' },
    { label: 'Jurnal de audit', href: '/Jurnal-audit' },
    // tax arrears lists (issue 48, decision 115)
    { label: 'Liste de datorii ANAF', href: '/Liste-datorii-ANAF' },
  ],
};

/** Desktop bar. */
export function getMainNav(user: SessionUser): NavEntry[] {
  const entries: NavEntry[] = [HOME, SEARCH];
  if (user) entries.push(GROUPS, EMAIL);
  if (isAdmin(user)) entries.push(CONTACTS, USERS, REQUESTS);
  return entries;
}

/** Mobile menu: Home, advanced search, Groups; Admin adds Contacts, Users, Requests. */
export function getMobileNav(user: SessionUser): NavEntry[] {
  const entries: NavEntry[] = [HOME, SEARCH];
  if (user) entries.push(GROUPS);
  if (isAdmin(user)) entries.push(CONTACTS, USERS, REQUESTS);
  return entries;
}

/** Footer: Home and Search; Groups when signed in; Contacts for the role that may open it (Admin). */
export function getFooterNav(user: SessionUser): NavLink[] {
  const links: NavLink[] = [
    { label: 'Acasă', href: '/' },
    { label: 'Căutare avansată', href: '/Cautare-avansata' },
  ];
  if (user) links.push({ label: 'Grupuri', href: '/Grupuri-email' });
  if (isAdmin(user)) links.push({ label: 'Contacte', href: '/Contacte' });
  return links;
}

/** Public catalogue pages that have no entry in the bar. */
export const FOOTER_RESOURCES: NavLink[] = [
  { label: 'Coduri CAEN', href: '/Coduri-caen' },
  { label: 'Găsește-ți clienții', href: '/Gaseste-clienti' },
  // privacy (issue 30): what is processed and the takedown form.
  { label: 'Date personale', href: '/date-personale' },
];

function normalizePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep the raw path when it is not valid percent-encoding
  }
  const withoutQuery = decoded.split(/[?#]/)[0] || '/';
  return withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
}

export function isSamePath(a: string, b: string): boolean {
  return normalizePath(a) === normalizePath(b);
}

/** A link is active on its own path and on the paths below it ('/' only on itself). */
export function isActivePath(pathname: string, href: string): boolean {
  const current = normalizePath(pathname);
  const target = normalizePath(href);
  if (target === '/') return current === '/';
  return current === target || current.startsWith(`${target}/`);
}
