// The one place that reads process.env (for the server and the scripts). Every variable has a
// working default for the embedded set-up, or fails with a message naming it.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseCspAdditions } from '../../lib/security/headers';
import { isLoopbackHost } from './exposure';

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

/** A URL as node-postgres or libpq read it: one host, or several `host:port` pairs separated by commas (decision 103). */
function isDatabaseUrl(v: string): boolean {
  if (/^postgres(ql)?:\/\/(?:[^@/]*@)?[^/?#,]+(?::\d+)?(?:,[^/?#,]+(?::\d+)?)+(?:\/[^?#]*)?(?:\?[^#]*)?$/.test(v)) return true;
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

// Exported for the generator of docs/configuration.md, which lists every variable with its description.
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development')
    .describe('development, production or test. production set by the operator marks the instance as reachable from other machines (the build is always a production one).'),
  DATABASE_URL: z.string().refine(isDatabaseUrl, 'o adresă postgresql://…, cu una sau mai multe perechi gazdă:port').default('postgresql://postgres:postgres@127.0.0.1:54329/radarfirme')
    .describe('PostgreSQL to use (15 or later, with pg_trgm and unaccent); the default is the embedded server that npm start runs on 127.0.0.1:54329. Several hosts in libpq\'s form (postgresql://u:p@primary:5432,replica:5432/radarfirme?target_session_attrs=read-write): the pools follow the writable one through a promotion (decision 103).'),
  DATABASE_FAILOVER_WAIT_MS: z.coerce.number().int().min(0).max(300_000).default(30_000)
    .describe('With several hosts in DATABASE_URL: how long a request waits for a writable primary (a promotion) before its connection fails.'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10)
    .describe("Connections of the app's PostgreSQL pool."),
  // ── several instances (issue 32, cluster-search; docs/decisions/050-replica-readiness-imports.md) ──
  DATABASE_READ_URL: z.string().refine(isDatabaseUrl, 'o adresă postgresql://…').optional()
    .describe("A streaming replica of DATABASE_URL: anonymous company pages, sitemaps, landing and CAEN lists, the page-cache versions and the search copy's load read it; signed-in users read the primary. Unset: everything reads the primary (decision 050)."),
  MIGRATE_ON_BOOT: bool
    .describe('1: npm start migrates even in production with DATABASE_URL set (a single instance); otherwise run npm run db:migrate as a release step.'),
  READY_MAX_SYNC_AGE_MS: z.coerce.number().int().min(100).default(15_000)
    .describe("/api/health/ready answers 503 search-stale when the search copy's last sync is older than this (ms)."),
  APP_URL: z.string().url().default('http://localhost:3000')
    .describe('The public address (links in e-mails, canonical URLs, sitemap). Not on loopback, it marks the instance as reachable, turns on Secure cookies and HSTS when https, and requires AUTH_SECRET.'),
  AUTH_SECRET: z.string().min(32).optional()
    .describe('Signs access tokens, session cookies and the sign-in bridge (at least 32 characters). Required when APP_URL is not on loopback; otherwise a random secret generated once per install in AUTH_SECRET_FILE. Never a value from the source.'),
  NEXTAUTH_SECRET: z.string().min(16).optional()
    .describe("Accepted instead of AUTH_SECRET when that is unset (next-auth's own name)."),
  AUTH_SECRET_FILE: z.string().default(path.resolve(process.cwd(), '.data/auth-secret'))
    .describe('Where the per-install secret is kept when AUTH_SECRET is unset (loopback instances only).'),
  ADMIN_EMAIL: z.string().email().default('admin@radarfirme.ro')
    .describe('E-mail of the first admin, created once.'),
  ADMIN_PASSWORD: optionalSecret(8)
    .describe('Password of the first admin. Unset: the published default, accepted only on a loopback instance and changed at the first sign-in; required on a reachable instance. Setting it replaces a published password still in use at the next start.'),
  ADMIN_USERNAME: z.string().min(3).default('Administrator')
    .describe('User name of the first admin.'),
  DEMO_ACCOUNTS: z.enum(['0', '1', 'on', 'off', 'true', 'false', '']).optional().transform((v) => !['0', 'off', 'false'].includes(v ?? ''))
    .describe('Demo accounts on a new database: on (default) or 0/off/false (decision 031).'),
  DEMO_PASSWORD: optionalSecret(8)
    .describe('Password of the demo accounts. Unset: the published one, accepted only on a loopback instance; required on a reachable instance while demo accounts exist or will be created.'),
  HOST: z.string().min(1).default('127.0.0.1')
    .describe('Address the server listens on: loopback by default, so nothing is reachable from another machine until asked for (0.0.0.0, ::, or a LAN address, usually behind a reverse proxy that terminates TLS).'),
  SESSION_MAX_AGE_DAYS: z.coerce.number().min(1).max(3650).default(90)
    .describe("Absolute lifetime of a session from its sign-in, in days: no refresh extends it (the refresh token's own window stays 12 hours, or 30 days with Ține-mă minte)."),
  SMTP_URL: z.string().optional()
    .describe('SMTP server for all mail, e.g. smtp://user:pass@smtp.example.ro:587. Unset: every message goes to the local mailbox (MAILBOX_DIR) and nothing leaves the machine.'),
  MAIL_FROM: z.string().default('RadarFirme <no-reply@radarfirme.ro>')
    .describe("Sender of the product's mail."),
  OPERATOR_EMAIL: z.string().email().default('contact@radarfirme.ro')
    .describe('Receives the leave-a-message form.'),
  MAILBOX_DIR: z.string().default(path.resolve(process.cwd(), '.data/mailbox'))
    .describe('The local mailbox used without SMTP_URL (every message as .eml + .json).'),
  CRON_SECRET: z.string().optional()
    .describe('Bearer secret of the cron endpoints (/api/cron/send-mails, send-notifications, privacy-retention) and of POST /api/inbound/bounce; required in production.'),
  // ── cluster-ops (issue 32): operator's signals and the CDN (decisions 051, 052) ──
  METRICS_TOKEN: optionalSecret(16)
    .describe('Bearer token of /api/metrics for a scraper on another machine (at least 16 characters); without it only a caller on this machine may read it.'),
  PAGE_CDN_MAX_AGE: z.coerce.number().int().min(0).max(86_400).default(60)
    .describe('Seconds a CDN or the reverse proxy may serve an anonymous company or CAEN page without asking (s-maxage).'),
  PAGE_CDN_STALE_SECONDS: z.coerce.number().int().min(0).max(7 * 86_400).default(600)
    .describe('Seconds after that it may still serve it while it revalidates (stale-while-revalidate).'),
  TRACKING_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12)
    .describe('Months the per-recipient opens and clicks of campaigns are kept; npm run privacy:retention then keeps daily totals only (decision 060).'),
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180)
    .describe('Days a read notification is kept; the retention job then deletes it (decision 063).'),
  GOOGLE_CLIENT_ID: z.string().optional()
    .describe('Google sign-in, with GOOGLE_CLIENT_SECRET: the button appears when both are set.'),
  GOOGLE_CLIENT_SECRET: z.string().optional()
    .describe('Google sign-in, with GOOGLE_CLIENT_ID.'),
  FACEBOOK_CLIENT_ID: z.string().optional()
    .describe('Facebook sign-in, with FACEBOOK_CLIENT_SECRET: the button appears when both are set.'),
  FACEBOOK_CLIENT_SECRET: z.string().optional()
    .describe('Facebook sign-in, with FACEBOOK_CLIENT_ID.'),
  MICROSOFT_ENTRA_ID_CLIENT_ID: z.string().optional()
    .describe('Microsoft (Entra ID) sign-in, with the secret and the issuer: the button appears when all three are set.'),
  MICROSOFT_ENTRA_ID_CLIENT_SECRET: z.string().optional()
    .describe('Microsoft (Entra ID) sign-in, with the client id and the issuer.'),
  MICROSOFT_ENTRA_ID_ISSUER: z.string().url().optional()
    .describe('Microsoft (Entra ID) issuer, https://login.microsoftonline.com/<tenant-id>/v2.0.'),
  NEXTAUTH_URL: z.string().url().optional()
    .describe("next-auth's own base URL; derived from APP_URL + /api/nextauth when unset."),
  AUTH_RATE_LIMIT_IP_MAX: z.coerce.number().int().min(1).default(30)
    .describe('Sign-in attempts per client address and window (counted in PostgreSQL).'),
  AUTH_RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(5)
    .describe('Sign-in attempts per account (e-mail) and window.'),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900)
    .describe('The window of the sign-in limits, in seconds.'),
  REGISTER_RATE_LIMIT_IP_PER_HOUR: z.coerce.number().int().min(1).default(20)
    .describe('Registrations per client address and hour (an office behind one address may need more).'),
  FORGOT_PASSWORD_RATE_LIMIT_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(3)
    .describe('Password-reset mails per e-mail address and hour; beyond it the request is answered the same and dropped.'),
  FORGOT_PASSWORD_RATE_LIMIT_IP_PER_HOUR: z.coerce.number().int().min(1).default(20)
    .describe('Password-reset requests per client address and hour.'),
  RESET_PASSWORD_RATE_LIMIT_IP_PER_HOUR: z.coerce.number().int().min(1).default(20)
    .describe('Attempts to set a new password with a reset code, per client address and hour.'),
  RESET_PASSWORD_RATE_LIMIT_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(10)
    .describe('Attempts to set a new password with a reset code, per account (e-mail) and hour.'),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(0)
    .describe('argon2 hashes and verifications at once for the whole process; 0 = half the cores (at least 1), so pages and API answers keep a core (decision 035).'),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16)
    .describe('argon2 jobs that may wait; past it the request is answered 503 with Retry-After: 5.'),
  MAILBOX_PAGE: z.enum(['auto', 'on', 'off']).default('auto')
    .describe('/dev/mailbox: auto (on only for a caller on this machine, on a loopback instance without SMTP_URL) or off; nothing turns it on elsewhere.'),
  LOG_QUERIES: bool
    .describe('1 or true: log every SQL statement (development).'),

  // ── email campaigns (README "Trimiterea email-urilor") ──
  CAMPAIGN_SMTP_URL: z.string().optional()
    .describe('SMTP for campaigns (e.g. a bulk provider), pooled; SMTP_URL when unset.'),
  CAMPAIGN_FROM: z.string().optional()
    .describe("From of campaign messages (its domain is the Message-ID's); MAIL_FROM when unset."),
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(6000)
    .describe('Campaign messages the whole deployment delivers per minute at most, all senders together (a shared bucket in PostgreSQL, decision 052).'),
  MAIL_DOMAIN_RATES: z
    .string()
    .default('gmail=gmail.com,googlemail.com:1200; yahoo=yahoo.com,yahoo.ro,ymail.com:600; microsoft=outlook.com,hotmail.com,live.com,msn.com:600')
    .refine((v) => /^(\s*[a-z0-9-]{1,40}\s*=\s*[a-z0-9.,\s-]+:\s*[1-9]\d{0,6}\s*(;|$))*\s*$/i.test(v), {
      error: 'MAIL_DOMAIN_RATES: forma este nume=domeniu,domeniu:pe_minut; ...',
    })
    .describe('Per-provider rates within MAIL_RATE_PER_MINUTE (server/sending/rate.ts): name=domain,domain:per_minute; … (empty: only the global rate).'),
  MAIL_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5)
    .describe('Pooled SMTP connections each sender process keeps open.'),
  MAIL_DAILY_LIMIT_PER_USER: z.coerce.number().int().min(1).default(2000)
    .describe('Campaign messages (recipients) one user may queue in any 24 hours; a send that would exceed it is refused with the numbers.'),
  INVITE_DAILY_LIMIT_PER_USER: z.coerce.number().int().min(1).default(50)
    .describe('Group invitations one user may send in any 24 hours (decision 036).'),
  INVITE_DAILY_LIMIT_PER_RECIPIENT: z.coerce.number().int().min(1).default(3)
    .describe('Invitations one address may receive in any 24 hours, from all users together.'),
  EMAIL_VERIFICATION_VALID_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72)
    .describe('Hours a verification link of the e-mail address stays valid.'),
  EMAIL_VERIFICATION_RESEND_PER_HOUR: z.coerce.number().int().min(1).default(3)
    .describe('Retrimite (resend the verification mail) requests per signed-in user and hour.'),
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).default(120)
    .describe('Seconds a sender holds a claimed message before another sender may take it over.'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8)
    .describe('Delivery attempts of a message after temporary failures.'),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().int().min(0).default(30)
    .describe('Seconds of the first retry after a temporary SMTP failure (doubling each time, at most 1 h apart).'),
  MAIL_TRACKING: z.enum(['on', 'off']).default('on')
    .describe('Open pixel and tracked links: on, or off (no pixel, links left as written).'),
  MAIL_TRACKING_SECRET: z.string().min(16).optional()
    .describe('Signs the tracking and unsubscribe tokens; derived from AUTH_SECRET when unset.'),
  MAIL_MIN_OPEN_SECONDS: z.coerce.number().min(0).default(3)
    .describe('Opens sooner than this after delivery are machine traffic (scanners, prefetch).'),
  MAIL_MIN_CLICK_SECONDS: z.coerce.number().min(0).default(10)
    .describe('Clicks sooner than this after delivery are machine traffic.'),
  MAIL_CLICK_LINK_DAYS: z.coerce.number().int().min(1).max(3650).default(180)
    .describe('Days a tracked link of a campaign message redirects after the message was sent; then 404 (decision 086: no redirector from our domain forever).'),
  MAIL_DKIM_DOMAIN: z.string().optional()
    .describe('DKIM signing of campaign messages (over both unsubscribe headers) when the domain, selector and key are all set.'),
  MAIL_DKIM_SELECTOR: z.string().optional()
    .describe('DKIM selector (with MAIL_DKIM_DOMAIN and MAIL_DKIM_PRIVATE_KEY).'),
  MAIL_DKIM_PRIVATE_KEY: z.string().optional()
    .describe('DKIM private key, as PEM text or a file path.'),
  // ── campaigns: late bounces and complaints (issue 28, docs/decisions/058) ──
  CAMPAIGN_BOUNCE_ADDRESS: z.string().optional()
    .describe('Envelope sender of campaign messages, VERP-extended per message (bounces+<id>@…); bounces@<From domain> when unset; off keeps the From (decision 058).'),
  MAIL_SOFT_BOUNCE_LIMIT: z.coerce.number().int().min(1).max(100).default(3)
    .describe('Soft bounces (temporary failures reported after delivery) of one address before it is suppressed.'),
  POSTMARK_WEBHOOK_AUTH: z.string().min(8).optional()
    .describe('Postmark bounce/spam webhook: user:password of its basic auth; the webhook answers 404 when unset.'),
  SES_SNS_TOPIC_ARNS: z.string().optional()
    .describe('Amazon SES via SNS: the accepted topic ARN(s), comma-separated; the webhook answers 404 when unset.'),

  PORT: z.coerce.number().int().min(1).max(65535).default(3000)
    .describe('HTTP port of this instance (the page cache renders a missing page through it).'),
  NEXT_DIST_DIR: z.string().default('.next')
    .describe("Next's build folder (next.config.mjs reads the same variable); its BUILD_ID is part of every page ETag."),
  PAGE_CACHE_MAX_MB: z.coerce.number().min(0).default(128)
    .describe('Memory per instance for rendered company and CAEN pages, in MB of gzip (about 6,000 pages at 128); 0 turns the page cache off.'),
  PAGE_CACHE_POLL_MS: z.coerce.number().int().min(0).default(1000)
    .describe('How often an instance reads the page versions from PostgreSQL (the longest an edit waits to show); 0 reads them on every request.'),

  // ── security headers (docs/decisions/033-security-headers.md) ──
  CSP_ADD: z
    .string()
    .default('')
    .refine((v) => cspAdditionsError(v) === null, { error: (iss) => cspAdditionsError(String(iss.input)) ?? 'invalid' })
    .describe("Sources added to the pages' Content-Security-Policy, e.g. img-src https://cdn.example.ro; font-src https://cdn.example.ro. unsafe-inline or unsafe-eval for scripts is refused (decision 033)."),

  // ── prospecting (issue 27; docs/decisions/055-export-limits.md) ──
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(100_000)
    .describe('Rows one export file holds at most; a longer list is cut there and the file says so (decision 055).'),
  EXPORT_DAILY_ROWS_PER_USER: z.coerce.number().int().min(1).default(300_000)
    .describe('Rows one user may export in any 24 hours, all exports together.'),
  EXPORT_DAILY_FILES_PER_USER: z.coerce.number().int().min(1).default(50)
    .describe('Export files one user may download in any 24 hours.'),
  BULK_ADD_MAX: z.coerce.number().int().min(1).max(1_000_000).default(10_000)
    .describe("Companies Adaugă toate rezultatele în grup adds at most in one go (also the most a draft's segment contributes)."),
  CUI_LIST_MAX_LINES: z.coerce.number().int().min(1).max(1_000_000).default(10_000)
    .describe('Lines of a pasted or uploaded CUI list read at most.'),
  UPLOAD_PARSES_AT_ONCE: z.coerce.number().int().min(1).max(64).default(2)
    .describe('Uploaded files (CUI lists) read at once by one process; more wait (decision 087).'),
  UPLOAD_PARSES_WAITING: z.coerce.number().int().min(0).max(10_000).default(8)
    .describe('Uploads waiting for a reader beyond which one is refused with 429 (Romanian message, Retry-After).'),
  UPLOAD_PARSE_MAX_MS: z.coerce.number().int().min(100).max(60_000).default(1_500)
    .describe('Time one uploaded workbook may take to read before it is refused with 413.'),
  ANON_API_PER_MINUTE: z.coerce.number().int().min(0).default(120)
    .describe('Calls of the endpoints API keys meter (the /api/v1 surface) without a key or a session, per client address and process, per minute (0: no limit). A key raises it to its own quota (decision 067, 087).'),
  ANON_API_PER_DAY: z.coerce.number().int().min(0).default(2_000)
    .describe('The same per UTC day (0: no limit).'),

  // ── search engine (docs/decisions/026-search-engine.md) ──
  SEARCH_ENGINE: z.enum(['index', 'postgres', 'duckdb']).default(process.env.NODE_ENV === 'test' ? 'postgres' : 'index').transform((v) => (v === 'duckdb' ? 'index' : v))
    .describe("index: the advanced search, exact counts and filter counts from the in-process bitmap index built from PostgreSQL (decisions 074, 106; `duckdb`, the former name, means the same); postgres: PostgreSQL only (the same SQL as the engine uses for what its index cannot express), exact counts, no filter counts (decision 119). Jest defaults to postgres; the engine's tests switch it on themselves."),
  SEARCH_ENGINE_POLL_MS: z.coerce.number().int().min(0).default(1000)
    .describe('How often an idle instance reads the search change log (every search reads it first anyway).'),
  SEARCH_ENGINE_LOAD_SLOTS: z.coerce.number().int().min(0).max(64).default(1)
    .describe('Instances that may copy the company table at once to build their search index (advisory locks on the primary); 0 = no limit.'),
  FRONT_API_CONCURRENCY: z.coerce.number().int().min(0).max(10_000).default(24)
    .describe("Answers of the front's hot public endpoints (search, filter counts, type-ahead, company details) computed at once (server/http/front-routes.ts); the others wait in arrival order (decision 075). 0 = no limit."),
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(1000)
    .describe('Engine answers kept per normalised filter and data version (server/search/caches.ts, decisions 047, 122); 0 turns the cache off.'),
  SEARCH_ITEM_CACHE_ENTRIES: z.coerce.number().int().min(0).max(2_000_000).default(50_000)
    .describe("Companies of result pages kept by CUI under the engine's data version (server/search/caches.ts, decision 077); 0 turns it off."),
  SEARCH_INDEX_SIMD: z.enum(['0', '1']).default('1').transform((v) => v === '1')
    .describe('1: the search index ANDs its bitmaps with the WebAssembly SIMD kernel (decision 077); 0: the same steps in JavaScript, to measure the kernel (decision 123).'),

  // ── CRM sync (issue 50, docs/decisions/097) ──
  HUBSPOT_API_URL: z.string().url().default('https://api.hubapi.com')
    .describe("HubSpot's REST API base. Change it only to point at a stand-in (the tests' local HubSpot)."),
  PIPEDRIVE_API_URL: z.string().url().default('https://api.pipedrive.com')
    .describe("Pipedrive's REST API base (its /api/v1 paths). Change it only to point at a stand-in (the tests' local Pipedrive)."),
  // ── CRM OAuth, saved-search matches, webhook retention (issue 50, docs/decisions/109) ──
  HUBSPOT_CLIENT_ID: z.string().optional()
    .describe('HubSpot OAuth (public app): with HUBSPOT_CLIENT_SECRET, the CRM page offers "Conectare cu HubSpot" besides the private-app token. Redirect URL to register: APP_URL + /api/Crm/oauthCallback.'),
  HUBSPOT_CLIENT_SECRET: z.string().optional()
    .describe('HubSpot OAuth client secret (with HUBSPOT_CLIENT_ID).'),
  HUBSPOT_AUTHORIZE_URL: z.string().url().default('https://app.hubspot.com/oauth/authorize')
    .describe("HubSpot's OAuth authorisation page. Change it only to point at a stand-in."),
  PIPEDRIVE_CLIENT_ID: z.string().optional()
    .describe('Pipedrive OAuth (Marketplace app): with PIPEDRIVE_CLIENT_SECRET, the CRM page offers "Conectare cu Pipedrive". Redirect URL to register: APP_URL + /api/Crm/oauthCallback.'),
  PIPEDRIVE_CLIENT_SECRET: z.string().optional()
    .describe('Pipedrive OAuth client secret (with PIPEDRIVE_CLIENT_ID).'),
  PIPEDRIVE_OAUTH_URL: z.string().url().default('https://oauth.pipedrive.com')
    .describe("Pipedrive's OAuth server (its /oauth/authorize and /oauth/token). Change it only to point at a stand-in."),
  SAVED_SEARCH_CHECK_HOURS: z.coerce.number().int().min(1).max(168).default(6)
    .describe('Hours between two checks of a saved search for new matches (the saved_search.new_matches webhook event); only saved searches whose owner subscribed to the event are checked.'),
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30)
    .describe('Days a finished webhook delivery (delivered or failed) and its attempts are kept; the retention job then deletes them (they may hold campaign recipients\' addresses).'),

  // ── fiscal checks (issue 48, docs/decisions/098-fiscal-checks-anaf.md) ──
  ANAF_VAT_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional())
    .describe("ANAF's VAT-payer service (PlatitorTvaRest v9, free, no key; ANAF's terms: at most 100 CUIs a call and one call a second). Unset: the real address https://webservicesp.anaf.ro/api/PlatitorTvaRest/v9/tva on an instance reachable from other machines; the local stand-in (tests/stand-ins, started by npm start on ANAF_STAND_IN_PORT) on a loopback instance."),
  ANAF_STAND_IN_PORT: z.coerce.number().int().min(1).max(65535).default(3611)
    .describe('Port of the local ANAF stand-in that npm start runs on 127.0.0.1 for a loopback instance without ANAF_VAT_URL.'),
  ANAF_CALL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(1000)
    .describe("Least time between the answer of one call of ANAF's service and the next call, for the whole deployment (all instances share the turn in PostgreSQL). Never below 1000 against the real service."),
  ANAF_CUIS_PER_CALL: z.coerce.number().int().min(1).max(100).default(100)
    .describe('CUIs per call of the VAT-payer service (ANAF accepts at most 100).'),
  ANAF_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000)
    .describe('A call of the VAT-payer service that has not answered after this long is abandoned (ms).'),
  ANAF_RETRIES: z.coerce.number().int().min(0).max(10).default(3)
    .describe('Retries of a failed call (timeout, network error, 5xx, 429), with exponential backoff and jitter.'),
  ANAF_BREAKER_FAILURES: z.coerce.number().int().min(1).max(1000).default(5)
    .describe('Consecutive failed calls that open the circuit breaker: no call leaves until ANAF_BREAKER_COOLDOWN_MS has passed.'),
  ANAF_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000)
    .describe('How long an open circuit breaker refuses calls before one trial call (ms).'),
  COURTS_PORTAL_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional())
    .describe("The courts' portal query service (SOAP, operation CautareDosare2). Unset: http://portalquery.just.ro/query.asmx."),
  COURTS_CALL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(1000)
    .describe("Least time between two queries of the courts' portal by the whole deployment (shared in PostgreSQL like ANAF's rate)."),
  FISCAL_MAX_AGE_HOURS: z.coerce.number().min(0.01).max(24 * 365).default(24)
    .describe("A company page whose fiscal check is older than this asks for a new one in the background (the page shows the last check and never waits)."),
  FISCAL_CHECK_NOW_PER_HOUR: z.coerce.number().int().min(0).max(10_000).default(20)
    .describe('"Verifică acum" clicks per user per hour (0: no limit).'),
  COURTS_LOOKUP_NOW_PER_HOUR: z.coerce.number().int().min(0).max(10_000).default(10)
    .describe('"Caută dosare" lookups of court cases per user per hour (0: no limit); each is one query of the courts\' portal.'),

  // ── tests (issue 47, docs/decisions/089-a-clock-tests-can-move.md) ──
  TEST_CLOCK: bool
    .describe('1: the e2e server lets a test move the application clock (POST /api/cron/test-clock) instead of waiting for real time. Refused at start unless HOST and APP_URL are on loopback; never set it on a deployed instance.'),

  // ── API contract (docs/decisions/068) ──
  API_CHECK_ANSWERS: z
    .enum(['throw', 'log', 'off'])
    .default(process.env.NODE_ENV === 'test' ? 'throw' : process.env.NODE_ENV === 'production' ? 'off' : 'log')
    .describe("Each JSON answer checked against its contract's answer schema (decision 068): throw (a 500; the default under Jest), log (the default in development), off (the default in production)."),
});

export type Env = z.infer<typeof envSchema>;

function load(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Configurație invalidă: ${first.path.join('.')}: ${first.message}`);
  }
  // A clock that can be moved makes mail leave early and data expire late: only on a machine's own test server.
  if (parsed.data.TEST_CLOCK && !isLoopbackInstance(parsed.data.HOST, parsed.data.APP_URL)) {
    throw new Error('Configurație invalidă: TEST_CLOCK=1 este permis doar cu HOST și APP_URL pe loopback (serverul de teste e2e).');
  }
  return parsed.data;
}

/** HOST and APP_URL both on this machine only (the e2e server's set-up). */
function isLoopbackInstance(host: string, appUrl: string): boolean {
  try {
    return isLoopbackHost(host) && isLoopbackHost(new URL(appUrl).hostname);
  } catch {
    return false;
  }
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
