// Fixed-window counters in PostgreSQL (table rate_limit), so every app instance shares them. One
// atomic upsert per hit: no read-then-write race between instances.
import 'server-only';
import { sql } from '../db';
import { AppError } from '../http/errors';

export type RateLimitHit = { count: number; allowed: boolean; retryAfterSeconds: number };

export async function hitRateLimit(key: string, max: number, windowSeconds: number): Promise<RateLimitHit> {
  const rows = await sql<{ count: number; retry_after: number }>(
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

/**
 * The client address. Behind one reverse proxy that appends to X-Forwarded-For, the right-most
 * entry is the address that proxy saw (entries to its left are whatever the client sent); Next
 * itself fills the header with the socket address when no proxy set it. X-Real-IP is the
 * fallback. Spoofing the header only defeats the per-address counter, never the per-account one.
 */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).pop();
  const real = req.headers.get('x-real-ip')?.trim();
  return (last || real || 'unknown').slice(0, 64);
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
