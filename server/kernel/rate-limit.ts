// Fixed-window counters in PostgreSQL (table rate_limit), so every app instance shares them. One
// atomic upsert per hit: no read-then-write race between instances.
import 'server-only';
import { sql } from './db';
import { AppError } from './errors';
import { frontClientAddressHeader } from './front-bridge.mjs';

type RateLimitHit = { count: number; allowed: boolean; retryAfterSeconds: number };
/** Runs one statement: the app's pool, or (in tests) another instance's. */
export type SqlRunner = <T extends Record<string, unknown>>(text: string, params: unknown[]) => Promise<T[]>;

export async function hitRateLimit(key: string, max: number, windowSeconds: number, run: SqlRunner = sql): Promise<RateLimitHit> {
  const rows = await run<{ count: number; retry_after: number }>(
    `INSERT INTO rate_limit (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limit.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limit.count + 1 END,
       window_start = CASE WHEN rate_limit.window_start <= now() - make_interval(secs => $2) THEN now() ELSE rate_limit.window_start END
     RETURNING count,
       GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => $2) - now()))))::int AS retry_after`,
    [key, windowSeconds],
  );
  const { count, retry_after } = rows[0];
  return { count, allowed: count <= max, retryAfterSeconds: retry_after };
}

export async function clearRateLimit(key: string): Promise<void> {
  await sql(`DELETE FROM rate_limit WHERE key = $1`, [key]);
}

/** Throws 429 with the Romanian message and a Retry-After header. */
export function rateLimited(retryAfterSeconds: number, message: (minutes: number) => string): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError('RATE_LIMITED', message(minutes), undefined, { 'retry-after': String(retryAfterSeconds) });
}

/** Where no front runs (a bare `next start`): one shared bucket, never one the client names. */
const NO_FRONT_ADDRESS = 'no-front';

/**
 * The client address every per-address limit counts by. The front server (server/http/front/)
 * computes it from the socket and TRUST_PROXY and writes it into its own header, replacing any
 * copy the client sent (docs/decisions/034-client-address-from-the-front.md); X-Forwarded-For is
 * never read here, so a client cannot choose a new bucket per request.
 */
export function clientAddress(req: Request): string {
  const header = frontClientAddressHeader();
  if (typeof header !== 'string') return NO_FRONT_ADDRESS;
  return (req.headers.get(header)?.trim() || 'unknown').slice(0, 64);
}

/** Used nonces (one-time exchanges) share the table: the key is taken once, never again. */
export async function claimNonce(key: string): Promise<boolean> {
  const rows = await sql(`INSERT INTO rate_limit (key, window_start, count) VALUES ($1, now(), 1) ON CONFLICT (key) DO NOTHING RETURNING key`, [
    `nonce:${key}`.slice(0, 300),
  ]);
  return rows.length === 1;
}

/** Housekeeping: counters whose window ended long ago. */
export async function purgeRateLimits(olderThanSeconds = 24 * 3600): Promise<number> {
  const rows = await sql(`DELETE FROM rate_limit WHERE window_start < now() - make_interval(secs => $1) RETURNING key`, [olderThanSeconds]);
  return rows.length;
}
