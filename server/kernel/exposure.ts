// When an instance may start with the published credentials (docs/decisions/031): a newcomer's
// loopback instance keeps the default admin password and the demo accounts; an instance started to
// be reachable from another machine refuses to start while any published password would work.
// Pure: scripts/start.ts gathers the facts (settings, what the database holds) and asks here.
import 'server-only';

/** Published in the README: only ever accepted on a loopback instance. */
export const DEFAULT_ADMIN_PASSWORD = 'Admin#2026!';
/** The demo accounts' e-mail domain (scripts/data/demo-accounts.ts). */
export const DEMO_DOMAIN = 'demo.radarfirme.ro';
/** Published in the README: only ever accepted on a loopback instance. */
export const PUBLISHED_DEMO_PASSWORD = 'Demo#2026!';

/** One of the passwords the README publishes (they sign in only from a loopback peer). */
export function isPublishedPassword(password: string): boolean {
  return password === DEFAULT_ADMIN_PASSWORD || password === PUBLISHED_DEMO_PASSWORD;
}

/** A host name or address that only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The address this process reaches itself on when it listens on `host` (the page cache renders a
 * miss through it): loopback when it listens on loopback or on every interface, else that address.
 */
export function selfAddress(host: string): string {
  const h = host.trim().replace(/^\[|\]$/g, '');
  if (h === '' || h === '0.0.0.0' || h === '::' || isLoopbackHost(h)) return '127.0.0.1';
  return h.includes(':') ? `[${h}]` : h;
}

export type ExposureSettings = {
  /** The address the server listens on (HOST). */
  host: string;
  /** NODE_ENV as the operator set it (before any script forces production for the build). */
  operatorNodeEnv: string | undefined;
  appUrl: string;
};

/** The setting that makes the instance reachable from another machine (or meant to be), or null. */
export function reachableBecause(s: ExposureSettings): string | null {
  if (!isLoopbackHost(s.host)) return `HOST=${s.host}`;
  if (s.operatorNodeEnv === 'production') return 'NODE_ENV=production';
  let hostname: string;
  try {
    hostname = new URL(s.appUrl).hostname;
  } catch {
    return `APP_URL=${s.appUrl}`;
  }
  if (!isLoopbackHost(hostname)) return `APP_URL=${s.appUrl}`;
  return null;
}

export type CredentialFacts = {
  /** ADMIN_PASSWORD as set (undefined: unset, the published default applies). */
  adminPassword: string | undefined;
  /** An account with ADMIN_EMAIL exists. */
  adminExists: boolean;
  /** That account still signs in with the published default password. */
  adminHasPublishedPassword: boolean;
  /** DEMO_ACCOUNTS is not 0/off. */
  demoAccountsEnabled: boolean;
  /** DEMO_PASSWORD as set (undefined: the published one applies). */
  demoPassword: string | undefined;
  /** Demo accounts in the database that still sign in with the published demo password. */
  demoAccountsWithPublishedPassword: number;
};

export type StartupRefusal = { variable: string; message: string };

/**
 * Null when the instance may start; otherwise the variable to set and a one-line message in
 * Romanian and English. Demo accounts are created on a new database only (no admin yet).
 */
export function startupRefusal(settings: ExposureSettings, facts: CredentialFacts): StartupRefusal | null {
  const because = reachableBecause(settings);
  if (!because) return null;
  const intro = `Pornire refuzată / refusing to start: ${because} face instanța accesibilă din rețea / makes this instance reachable`;
  const adminPublished = facts.adminExists ? facts.adminHasPublishedPassword : (facts.adminPassword ?? DEFAULT_ADMIN_PASSWORD) === DEFAULT_ADMIN_PASSWORD;
  if (adminPublished) {
    return {
      variable: 'ADMIN_PASSWORD',
      message: `${intro}, iar parola administratorului este cea publicată / but the admin password is the published default: setați / set ADMIN_PASSWORD la o parolă nouă / to a new password.`,
    };
  }
  const demoPublished = (facts.demoPassword ?? PUBLISHED_DEMO_PASSWORD) === PUBLISHED_DEMO_PASSWORD;
  const demoWouldBeCreated = !facts.adminExists && facts.demoAccountsEnabled && demoPublished;
  if (facts.demoAccountsWithPublishedPassword > 0 || demoWouldBeCreated) {
    return {
      variable: 'DEMO_PASSWORD',
      message: `${intro}, iar conturile demonstrative au parola publicată / but the demo accounts use the published password: setați / set DEMO_PASSWORD la o parolă nouă / to a new password${facts.demoAccountsWithPublishedPassword > 0 ? '' : ' sau / or DEMO_ACCOUNTS=0'}.`,
    };
  }
  return null;
}
