// The one place that reads process.env (for the server and the scripts). Every variable has a
// working default for the embedded set-up, or fails with a message naming it.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseCspAdditions } from '../lib/security/headers';

/** Why CSP_ADD is refused (lib/security/headers.ts parses it), or null. */
function cspAdditionsError(value: string): string | null {
  try {
    parseCspAdditions(value);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * An optional secret: empty counts as unset (a compose file passes `${VAR:-}` as "" when the
 * operator left it out; its profiles are interpolated together, so `${VAR:?}` would stop the other one).
 */
const optionalSecret = (min: number) => z.preprocess((v) => (v === '' ? undefined : v), z.string().min(min).optional());

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().url().default('postgresql://postgres:postgres@127.0.0.1:54329/radarfirme'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // ── several instances (issue 32, cluster-search; docs/decisions/050-replica-readiness-imports.md) ──
  /**
   * A read replica (a streaming standby of DATABASE_URL): anonymous company pages, sitemaps, public
   * lists and the search copy's load read from it. Unset: everything reads the primary.
   */
  DATABASE_READ_URL: z.string().url().optional(),
  /** `npm start` in production with DATABASE_URL set does not migrate unless this is 1 (run `npm run db:migrate` as a release step). */
  MIGRATE_ON_BOOT: bool,
  /** /api/health/ready answers 503 when the search copy's last sync is older than this (ms). */
  READY_MAX_SYNC_AGE_MS: z.coerce.number().int().min(100).default(15_000),
  APP_URL: z.string().url().default('http://localhost:3000'),
  /**
   * Signs access tokens and sessions. Required when APP_URL is not on loopback; otherwise a random
   * secret generated once per install (.data/auth-secret). Never a value from the source.
   */
  AUTH_SECRET: z.string().min(32).optional(),
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  /** Where the per-install secret is kept when AUTH_SECRET is unset (loopback instances only). */
  AUTH_SECRET_FILE: z.string().default(path.resolve(process.cwd(), '.data/auth-secret')),
  ADMIN_EMAIL: z.string().email().default('admin@radarfirme.ro'),
  /** Unset: the published default (DEFAULT_ADMIN_PASSWORD), accepted only on a loopback instance. */
  ADMIN_PASSWORD: optionalSecret(8),
  ADMIN_USERNAME: z.string().min(3).default('Administrator'),
  /** Demo accounts on a new database: on (default; see docs/decisions/031) or off (0). */
  DEMO_ACCOUNTS: z.enum(['0', '1', 'on', 'off', 'true', 'false', '']).optional().transform((v) => !['0', 'off', 'false'].includes(v ?? '')),
  /** Password of the demo accounts; unset: the published one, accepted only on a loopback instance. */
  DEMO_PASSWORD: optionalSecret(8),
  /**
   * Address the server listens on: loopback by default, so nothing is reachable from another
   * machine unless asked for (0.0.0.0, ::, or a LAN address); see "Running in production".
   */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Absolute lifetime of a session in days: no refresh extends a session past it. */
  SESSION_MAX_AGE_DAYS: z.coerce.number().min(1).max(3650).default(90),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('RadarFirme <no-reply@radarfirme.ro>'),
  OPERATOR_EMAIL: z.string().email().default('contact@radarfirme.ro'),
  MAILBOX_DIR: z.string().default(path.resolve(process.cwd(), '.data/mailbox')),
  CRON_SECRET: z.string().optional(),
  // ── cluster-ops (issue 32): operator's signals and the CDN (decisions 051, 052) ──
  /** Bearer token of /api/metrics for a scraper on another machine; without it only loopback may read it. */
  METRICS_TOKEN: optionalSecret(16),
  /** Seconds a CDN or the reverse proxy may serve an anonymous company or CAEN page without asking (s-maxage). */
  PAGE_CDN_MAX_AGE: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Seconds after that it may still serve it while it revalidates (stale-while-revalidate). */
  PAGE_CDN_STALE_SECONDS: z.coerce.number().int().min(0).max(7 * 86_400).default(600),
  /** privacy (issue 30): months the per-person opens and clicks of campaigns are kept (docs/decisions/060). */
  TRACKING_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /** monitoring (issue 26): days a read notification is kept; the retention job then deletes it (docs/decisions/063). */
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_ENTRA_ID_CLIENT_ID: z.string().optional(),
  MICROSOFT_ENTRA_ID_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_ENTRA_ID_ISSUER: z.string().url().optional(),
  /** next-auth's own base URL; derived from APP_URL + /api/nextauth when unset. */
  NEXTAUTH_URL: z.string().url().optional(),
  /** Sign-in attempts allowed per window, per client address and per account (e-mail). */
  AUTH_RATE_LIMIT_IP_MAX: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(5),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Registrations per client address and hour (an office behind one address may need more). */
  REGISTER_RATE_LIMIT_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Password-reset requests per hour: per e-mail address (beyond it answered the same and dropped), per client address. */
  FORGOT_PASSWORD_RATE_LIMIT_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(3),
  FORGOT_PASSWORD_RATE_LIMIT_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Attempts to set a new password with a reset code, per hour: per client address, per account (e-mail). */
  RESET_PASSWORD_RATE_LIMIT_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RESET_PASSWORD_RATE_LIMIT_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * argon2 work (every password hash and verification) runs at most this many at once; more wait
   * in a queue of PASSWORD_HASH_QUEUE, beyond which the request is answered 503 (decision 035).
   * 0 = half the cores (at least 1), so page and API answers keep a core.
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(0),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  /** /dev/mailbox page: auto = on when mail goes to the local mailbox and the app is local. */
  MAILBOX_PAGE: z.enum(['auto', 'on', 'off']).default('auto'),
  LOG_QUERIES: bool,

  // ── email campaigns (README "Trimiterea email-urilor") ──
  /** SMTP for campaigns; SMTP_URL when unset (bulk mail often goes through its own provider). */
  CAMPAIGN_SMTP_URL: z.string().optional(),
  /** From of campaign messages; MAIL_FROM when unset. */
  CAMPAIGN_FROM: z.string().optional(),
  /** Campaign messages the whole deployment delivers per minute at most, all senders together (decision 052). */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(6000),
  /**
   * Per-provider rates of campaign mail, within the global one (server/sending/rate.ts, decision 052):
   * "name=domain,domain:per_minute; ...". Empty: only the global rate.
   */
  MAIL_DOMAIN_RATES: z
    .string()
    .default('gmail=gmail.com,googlemail.com:1200; yahoo=yahoo.com,yahoo.ro,ymail.com:600; microsoft=outlook.com,hotmail.com,live.com,msn.com:600')
    .refine((v) => /^(\s*[a-z0-9-]{1,40}\s*=\s*[a-z0-9.,\s-]+:\s*[1-9]\d{0,6}\s*(;|$))*\s*$/i.test(v), {
      error: 'MAIL_DOMAIN_RATES: forma este nume=domeniu,domeniu:pe_minut; ...',
    }),
  /** Pooled SMTP connections each sender process keeps open. */
  MAIL_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  /** Campaign messages one user may queue in any 24 hours. */
  MAIL_DAILY_LIMIT_PER_USER: z.coerce.number().int().min(1).default(2000),
  /** Group invitations one user may send in any 24 hours (docs/decisions/036-mail-abuse.md). */
  INVITE_DAILY_LIMIT_PER_USER: z.coerce.number().int().min(1).default(50),
  /** Invitations one address may receive in any 24 hours, from all users together. */
  INVITE_DAILY_LIMIT_PER_RECIPIENT: z.coerce.number().int().min(1).default(3),
  /** Hours a verification link of the e-mail address stays valid. */
  EMAIL_VERIFICATION_VALID_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72),
  /** "Resend the verification mail" requests per signed-in user and hour. */
  EMAIL_VERIFICATION_RESEND_PER_HOUR: z.coerce.number().int().min(1).default(3),
  /** Seconds a sender holds a claimed message before another sender may take it over. */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Seconds of the first retry after a temporary SMTP failure (doubling each time, at most 1 h). */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().int().min(0).default(30),
  /** Open pixel and tracked links: on (default) or off. */
  MAIL_TRACKING: z.enum(['on', 'off']).default('on'),
  /** Signs tracking and unsubscribe tokens; derived from AUTH_SECRET when unset. */
  MAIL_TRACKING_SECRET: z.string().min(16).optional(),
  /** Opens and clicks sooner than this after delivery are machine traffic (scanners, prefetch). */
  MAIL_MIN_OPEN_SECONDS: z.coerce.number().min(0).default(3),
  MAIL_MIN_CLICK_SECONDS: z.coerce.number().min(0).default(10),
  /** DKIM signing of campaign messages when all three are set (the key as PEM text or a file path). */
  MAIL_DKIM_DOMAIN: z.string().optional(),
  MAIL_DKIM_SELECTOR: z.string().optional(),
  MAIL_DKIM_PRIVATE_KEY: z.string().optional(),
  // ── campaigns: late bounces and complaints (issue 28, docs/decisions/058) ──
  /** Envelope sender of campaign messages, VERP-extended per message (bounces+<id>@…); bounces@<From domain> when unset; "off" keeps the From. */
  CAMPAIGN_BOUNCE_ADDRESS: z.string().optional(),
  /** Soft bounces (temporary failures reported after delivery) of one address before it is suppressed. */
  MAIL_SOFT_BOUNCE_LIMIT: z.coerce.number().int().min(1).max(100).default(3),
  /** Postmark bounce/spam webhook: "user:password" of its basic auth; the webhook answers 404 when unset. */
  POSTMARK_WEBHOOK_AUTH: z.string().min(8).optional(),
  /** Amazon SES via SNS: the topic ARN(s) accepted, comma-separated; the webhook answers 404 when unset. */
  SES_SNS_TOPIC_ARNS: z.string().optional(),

  /** Port this instance listens on: the page cache renders a missing page through it. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Next's build folder (next.config.mjs reads the same variable): its BUILD_ID is part of every page ETag. */
  NEXT_DIST_DIR: z.string().default('.next'),
  /** Rendered company and CAEN pages kept in memory per instance, in MB (gzip); 0 turns the cache off. */
  PAGE_CACHE_MAX_MB: z.coerce.number().min(0).default(128),
  /** How often an instance reads the page versions from PostgreSQL (the most an edit waits to show). */
  PAGE_CACHE_POLL_MS: z.coerce.number().int().min(0).default(1000),

  // ── security headers (docs/decisions/033-security-headers.md) ──
  /** Sources added to the pages' Content-Security-Policy, e.g. "img-src https://cdn.example.ro; font-src https://cdn.example.ro". */
  CSP_ADD: z
    .string()
    .default('')
    .refine((v) => cspAdditionsError(v) === null, { error: (iss) => cspAdditionsError(String(iss.input)) ?? 'invalid' }),

  // ── prospecting (issue 27; docs/decisions/055-export-limits.md) ──
  /** Rows one export file holds at most (a longer list is cut there). */
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  /** Rows one user may export in any 24 hours, all exports together. */
  EXPORT_DAILY_ROWS_PER_USER: z.coerce.number().int().min(1).default(300_000),
  /** Export files one user may download in any 24 hours. */
  EXPORT_DAILY_FILES_PER_USER: z.coerce.number().int().min(1).default(50),
  /** Companies "Adaugă toate rezultatele în grup" adds at most in one go. */
  BULK_ADD_MAX: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Lines of a pasted or uploaded CUI list read at most. */
  CUI_LIST_MAX_LINES: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Uploaded files (CUI lists) read at once by one process; more wait (docs/decisions/087). */
  UPLOAD_PARSES_AT_ONCE: z.coerce.number().int().min(1).max(64).default(2),
  /** Uploads waiting for a reader beyond which one is refused with 429 (Romanian message, Retry-After). */
  UPLOAD_PARSES_WAITING: z.coerce.number().int().min(0).max(10_000).default(8),
  /** Time one uploaded workbook may take to read before it is refused with 413. */
  UPLOAD_PARSE_MAX_MS: z.coerce.number().int().min(100).max(60_000).default(1_500),

  // ── anonymous calls of the metered API (docs/decisions/087) ──
  /**
   * Calls of the endpoints API keys meter (the /api/v1 surface) without a key or a session, per
   * client address and process, per minute and per UTC day (0: no limit). A key's own quota
   * (decision 067) replaces them.
   */
  ANON_API_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  ANON_API_PER_DAY: z.coerce.number().int().min(0).default(2_000),

  // ── search engine (docs/decisions/026-search-engine.md) ──
  /**
   * duckdb (default): advanced search, exact counts and filter counts from an in-process columnar
   * copy of the search columns; postgres: PostgreSQL only (capped counts, no filter counts). Jest
   * defaults to postgres; the tests of the engine switch it on themselves.
   */
  SEARCH_ENGINE: z.enum(['duckdb', 'postgres']).default(process.env.NODE_ENV === 'test' ? 'postgres' : 'duckdb'),
  /** Threads of the engine's queries (the cores it may use). */
  SEARCH_ENGINE_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  /** Queries the engine runs at once (each uses the threads above, and holds a libuv pool thread while it runs). */
  SEARCH_ENGINE_CONNECTIONS: z.coerce.number().int().min(1).max(32).default(4),
  /** 1: 1 query thread while engine queries overlap, SEARCH_ENGINE_THREADS when alone (decision 062: opt-in until measured on a quiet machine). */
  SEARCH_ENGINE_ADAPTIVE_THREADS: z.enum(['0', '1']).default('0').transform((v) => v === '1'),
  /** DuckDB memory_limit of the engine. */
  SEARCH_ENGINE_MEMORY: z.string().regex(/^\d+(\.\d+)?\s*(KB|MB|GB|KiB|MiB|GiB)$/i).default('2GB'),
  /** How often an idle instance applies the search change log (every search applies it first anyway). */
  SEARCH_ENGINE_POLL_MS: z.coerce.number().int().min(0).default(1000),
  /** Instances that may copy the company table at once for a full load (advisory locks on the primary); 0 = no limit. */
  SEARCH_ENGINE_LOAD_SLOTS: z.coerce.number().int().min(0).max(64).default(1),
  /**
   * Answers of the front's hot public endpoints computed at once (server/http/front-routes.ts,
   * decision 075); the others wait in arrival order. 0 = no limit.
   */
  FRONT_API_CONCURRENCY: z.coerce.number().int().min(0).max(10_000).default(24),
  /** Engine answers kept per normalised filter and data version (server/search/result-cache.ts, decision 047); 0 = none. */
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(5000),
  /** Companies of result pages kept by CUI under the engine's data version (item-cache.ts); 0 = off. */
  SEARCH_ITEM_CACHE_ENTRIES: z.coerce.number().int().min(0).max(2_000_000).default(50_000),
  /** Engine statements prepared once per connection (decision 062); 0 = parsed and planned on every call (the comparison of the benchmark). */
  SEARCH_ENGINE_PREPARED: z.enum(['0', '1']).default('1').transform((v) => v === '1'),
  /** 1: the advanced search's count and page from the search index (decision 074); 0: the engine's SQL only. */
  SEARCH_INDEX: z.enum(['0', '1']).default('1').transform((v) => v === '1'),
  /** 1: the search index ANDs its bitmaps with the WebAssembly SIMD kernel (decision 077); 0: the JavaScript loops. */
  SEARCH_INDEX_SIMD: z.enum(['0', '1']).default('1').transform((v) => v === '1'),
  /** After edits, the search index is built again at most this often (ms); the engine's SQL answers meanwhile. */
  SEARCH_INDEX_REBUILD_MS: z.coerce.number().int().min(0).default(30_000),
  /** 1: filter counts of every facet in one engine scan (decision 062: opt-in, it cost more CPU at 20,000 companies); 0 = one scan per active facet + 1. */
  SEARCH_FACETS_ONE_PASS: z.enum(['0', '1']).default('0').transform((v) => v === '1'),


  // ── API contract (docs/decisions/068) ──
  /**
   * Each JSON answer checked against its contract's answer schema: throw (a 500; the default under
   * Jest, so a wrong schema fails the tests), log (the default in development), off (production).
   */
  API_CHECK_ANSWERS: z
    .enum(['throw', 'log', 'off'])
    .default(process.env.NODE_ENV === 'test' ? 'throw' : process.env.NODE_ENV === 'production' ? 'off' : 'log'),
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Configurație invalidă: ${first.path.join('.')}: ${first.message}`);
  }
  return parsed.data;
}

export const env: Env = load();

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
let localSecret: string | null = null;

/**
 * An install that is not a real deployment (development, tests, `npm start` with APP_URL on
 * localhost) gets a random secret generated once and kept in .data/auth-secret, so sessions
 * survive restarts without any setting and no secret from the source ever signs anything (a fixed
 * one in the source let anyone forge a development session). A real deployment (APP_URL not on
 * localhost) must set AUTH_SECRET.
 */
function persistedLocalSecret(): string {
  if (localSecret) return localSecret;
  const file = path.resolve(env.AUTH_SECRET_FILE);
  try {
    localSecret = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch {
      // another process created it first
    }
    localSecret = readFileSync(file, 'utf8').trim();
  }
  return localSecret;
}

export function authSecret(): string {
  const s = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
  if (s) return s;
  if (LOOPBACK_HOSTS.has(new URL(env.APP_URL).hostname)) return persistedLocalSecret();
  throw new Error('AUTH_SECRET lipsește: setați AUTH_SECRET (cel puțin 32 de caractere) când APP_URL nu este pe localhost.');
}

/**
 * A few libraries read their own variable from process.env (next-auth reads NEXTAUTH_URL): the app
 * derives the value here and hands it over, so nothing outside this file touches process.env.
 */
export function exportToLibraryEnv(name: 'NEXTAUTH_URL', value: string): void {
  if (process.env[name] !== value) process.env[name] = value;
}
