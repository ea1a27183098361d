// The route guard of 000 §2.1, on the server, from ONE table: every page of the app with its
// audience. The audience is also the route group the page's folder sits in (app/(public),
// app/(workspace), app/(admin)); a unit test holds the table and the folders to each other, so a
// page cannot be added without an audience. Two places read the table: proxy.ts, before anything
// renders (a 307 Home), and the layouts of the two guarded groups (page-guard.ts), a second line
// because the Next docs advise not to rely on the proxy alone. Anyone without the audience's role is
// sent Home. Page-specific rules (a group's members, a draft's owner) stay in their domains.
import 'server-only';
import type { Actor, Role } from './actor';

export type Audience = 'public' | 'signed-in' | 'admin';

/** The roles an audience needs; null: anyone, signed in or not. */
export const AUDIENCE_ROLES: Readonly<Record<Audience, readonly Role[] | null>> = {
  public: null,
  'signed-in': ['Admin', 'User'],
  admin: ['Admin'],
};

/** The route group (folder under app/) that holds an audience's pages. */
export const AUDIENCE_GROUPS: Readonly<Record<Audience, string>> = {
  public: '(public)',
  'signed-in': '(workspace)',
  admin: '(admin)',
};

/**
 * Every page, spelled as its folder under the audience's group ([x] one segment, [...x] one or
 * more, [[...x]] none or more). The spec's route table, then the pages the product added.
 */
export const PAGE_AUDIENCES: ReadonlyArray<{ path: string; audience: Audience }> = [
  // 000 §2.1
  { path: '/', audience: 'public' },
  { path: '/microsoft-login', audience: 'public' },
  { path: '/Resetare-parola', audience: 'public' },
  { path: '/Parola-uitata', audience: 'public' },
  { path: '/Cautare-avansata/[[...filters]]', audience: 'public' },
  { path: '/Coduri-caen', audience: 'public' },
  { path: '/Coduri-caen/[caenCode]', audience: 'public' },
  { path: '/Gaseste-clienti', audience: 'public' },
  // Issue 49: up to five companies side by side, a shareable address.
  { path: '/Compara', audience: 'public' },
  { path: '/company-details', audience: 'public' },
  { path: '/company-details/[companyCui]', audience: 'public' },
  { path: '/company-details/[companyCui]/[companyName]', audience: 'public' },
  { path: '/Invitatie/[inviteId]/[groupName]/[groupId]', audience: 'public' },
  { path: '/Companii/[[...groupId]]', audience: 'signed-in' },
  { path: '/Grupuri-email', audience: 'signed-in' },
  { path: '/Grupuri-email/[groupId]', audience: 'signed-in' },
  { path: '/Grupuri-email/[groupId]/[groupName]/[[...history]]', audience: 'signed-in' },
  { path: '/Template-uri', audience: 'signed-in' },
  { path: '/Template-uri/Adauga', audience: 'signed-in' },
  { path: '/Template-uri/Editare/[templateId]/[templateName]', audience: 'signed-in' },
  { path: '/Template-uri/Draft/[templateId]/[templateName]', audience: 'signed-in' },
  { path: '/Drafturi-email', audience: 'signed-in' },
  { path: '/Emailuri-trimise', audience: 'signed-in' },
  { path: '/Emailuri-trimise-companiilor', audience: 'signed-in' },
  { path: '/Contacte', audience: 'admin' },
  { path: '/Utilizatori', audience: 'admin' },
  { path: '/PretindereCompanie', audience: 'admin' },
  // Accounts: the link of the verification mail; the password change of the user menu.
  { path: '/Verificare-email', audience: 'public' },
  { path: '/Schimbare-parola', audience: 'signed-in' },
  // Sending (issue 14): one campaign's figures.
  { path: '/Emailuri-trimise/Rezultate/[id]', audience: 'signed-in' },
  // The unsubscribe link of campaign mails: opened by recipients, who have no account.
  { path: '/dezabonare', audience: 'public' },
  // Prospecting (issue 27) and the public API keys (issue 29).
  { path: '/Cautari-salvate', audience: 'signed-in' },
  { path: '/Chei-API', audience: 'signed-in' },
  // Webhooks (issue 50), next to the API keys.
  { path: '/Webhook-uri', audience: 'signed-in' },
  // The CRM connections (issue 50, decision 109), beside them.
  { path: '/CRM', audience: 'signed-in' },
  // Privacy (issue 30): the public notice and takedown form; the takedown queue and the audit trail.
  { path: '/date-personale', audience: 'public' },
  { path: '/date-personale/confirmare', audience: 'public' },
  { path: '/Cereri-date-personale', audience: 'admin' },
  { path: '/Jurnal-audit', audience: 'admin' },
  // Monitoring: the unsubscribe page of the notification mails works signed out.
  { path: '/companii-urmarite', audience: 'signed-in' },
  { path: '/notificari', audience: 'signed-in' },
  { path: '/notificari/setari', audience: 'signed-in' },
  { path: '/notificari/dezabonare', audience: 'public' },
  // Official checks (issue 48): the signed-in user's bulk checks at ANAF.
  { path: '/Verificari-fiscale', audience: 'signed-in' },
  // The Admin's upload of ANAF's arrears lists (decision 115).
  { path: '/Liste-datorii-ANAF', audience: 'admin' },
  // Developer pages: no sign-in; each answers 404 by its own rule (a production build; a caller
  // not on this machine: server/kernel/mailbox.ts).
  { path: '/dev/mailbox', audience: 'public' },
  { path: '/ui-kit', audience: 'public' },
];

type Matcher = { audience: Audience; matches: (segments: string[]) => boolean };

function compile(pattern: string, audience: Audience): Matcher {
  const parts = pattern.split('/').filter(Boolean);
  const last = parts.at(-1) ?? '';
  // How many segments a trailing catch-all needs at least; null: the pattern has none.
  const rest = /^\[\[\.\.\..+\]\]$/.test(last) ? 0 : /^\[\.\.\..+\]$/.test(last) ? 1 : null;
  const fixed = (rest === null ? parts : parts.slice(0, -1)).map((p) => (/^\[.+\]$/.test(p) ? null : p.toLowerCase()));
  const matches = (segments: string[]) => {
    if (rest === null ? segments.length !== fixed.length : segments.length < fixed.length + rest) return false;
    return fixed.every((p, i) => p === null || p === segments[i]);
  };
  return { audience, matches };
}

const MATCHERS = PAGE_AUDIENCES.map((p) => compile(p.path, p.audience));

function toSegments(pathname: string): string[] {
  let p = pathname;
  try {
    p = decodeURIComponent(pathname);
  } catch {
    // keep the raw path (proxy.ts refuses an unreadable one before it asks)
  }
  // Case-insensitive on purpose: a file system or proxy that ignores case must not open a door.
  return p.toLowerCase().split('/').filter(Boolean);
}

/**
 * The audience of a path: its page's, or, for a path no page answers, that of the nearest page
 * above it, so a guarded section's 404 (/Contacte/x) is shown only to the section's audience, as
 * when the guard matched prefixes. Every path has one: `/` is a page.
 */
export function audienceOf(pathname: string): Audience {
  const segments = toSegments(pathname);
  for (let n = segments.length; n >= 0; n--) {
    const head = segments.slice(0, n);
    const found = MATCHERS.find((m) => m.matches(head));
    if (found) return found.audience;
  }
  return 'public';
}

/** The roles a path needs, or null for a public path. */
export const requiredRoles = (pathname: string): readonly Role[] | null => AUDIENCE_ROLES[audienceOf(pathname)];

export const isAllowed = (actor: Actor | null, roles: readonly Role[]) => !!actor && actor.roles.some((r) => roles.includes(r));
