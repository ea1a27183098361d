// Per-key quotas (docs/decisions/067), shared by every instance because they live in PostgreSQL:
// requests per minute on the shared fixed-window counter (server/kernel/rate-limit.ts), requests
// per UTC day on the same counter under a key that names the day (so it resets at midnight UTC),
// and the day's usage row the owner sees. Three atomic statements, no read-then-write race.
import 'server-only';
import { sql } from '../kernel/db';
import { AppError } from '../kernel/errors';
import { hitRateLimit, type SqlRunner } from '../kernel/rate-limit';

export type KeyLimits = { id: number; perMinute: number; perDay: number };
export type QuotaOutcome = { allowed: boolean; refusedBy: 'minute' | 'day' | null; headers: Record<string, string>; retryAfterSeconds: number };

const QUOTA_TEXT = {
  perMinute: (n: number) => `Ați depășit limita cheii API de ${n} cereri pe minut. Reîncercați peste un minut.`,
  perDay: (n: number) => `Ați depășit limita cheii API de ${n} cereri pe zi. Limita se resetează la miezul nopții (UTC).`,
} as const;

/** The UTC day (YYYY-MM-DD) and the seconds until it ends. */
export function utcDay(now = new Date()): { day: string; secondsLeft: number } {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return { day: now.toISOString().slice(0, 10), secondsLeft: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
}

export const minuteCounterKey = (id: number) => `apikey:m:${id}`;
const dayCounterKey = (id: number, day: string) => `apikey:d:${id}:${day}`;

/**
 * The IETF draft's headers (draft-ietf-httpapi-ratelimit-headers): the policy nearest to refusing
 * (fewest requests left) is the one reported in RateLimit-Limit / -Remaining / -Reset; both are
 * named in RateLimit-Policy.
 */
function rateHeaders(k: KeyLimits, minute: { count: number; reset: number }, day: { count: number; reset: number }): Record<string, string> {
  const minuteLeft = Math.max(0, k.perMinute - minute.count);
  const dayLeft = Math.max(0, k.perDay - day.count);
  const [limit, left, reset] = dayLeft < minuteLeft ? [k.perDay, dayLeft, day.reset] : [k.perMinute, minuteLeft, minute.reset];
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(left),
    'ratelimit-reset': String(reset),
    'ratelimit-policy': `${k.perMinute};w=60, ${k.perDay};w=86400`,
  };
}

/**
 * Counts one request of the key and says whether it may run. `run` is the instance's pool (tests
 * pass a second pool to play a second instance).
 */
export async function takeKeyQuota(k: KeyLimits, run: SqlRunner = sql, now = new Date()): Promise<QuotaOutcome> {
  const { day, secondsLeft } = utcDay(now);
  const minute = await hitRateLimit(minuteCounterKey(k.id), k.perMinute, 60, run);
  // A request refused per minute does not spend the day's quota.
  const daily = minute.allowed ? await hitRateLimit(dayCounterKey(k.id, day), k.perDay, 2 * 86_400, run) : { count: 0, allowed: true, retryAfterSeconds: secondsLeft };
  const allowed = minute.allowed && daily.allowed;
  await run(
    `WITH usage AS (
       INSERT INTO api_key_usage (api_key_id, day, requests, rejected) VALUES ($1, $2::date, $3, 1 - $3)
       ON CONFLICT (api_key_id, day) DO UPDATE SET requests = api_key_usage.requests + EXCLUDED.requests, rejected = api_key_usage.rejected + EXCLUDED.rejected
     )
     UPDATE api_key SET last_used_at = now()
      WHERE id = $1 AND $3 = 1 AND (last_used_at IS NULL OR last_used_at < now() - interval '10 seconds')`,
    [k.id, day, allowed ? 1 : 0],
  );
  const minuteState = { count: minute.count, reset: minute.retryAfterSeconds };
  const dayState = { count: minute.allowed ? daily.count : 0, reset: secondsLeft };
  const headers = rateHeaders(k, minuteState, dayState);
  const refused = (refusedBy: 'minute' | 'day', limit: number, reset: number): QuotaOutcome => ({
    allowed: false,
    refusedBy,
    headers: { ...headers, 'ratelimit-limit': String(limit), 'ratelimit-remaining': '0', 'ratelimit-reset': String(reset) },
    retryAfterSeconds: reset,
  });
  if (!minute.allowed) return refused('minute', k.perMinute, minute.retryAfterSeconds);
  if (!daily.allowed) return refused('day', k.perDay, secondsLeft);
  return { allowed: true, refusedBy: null, headers, retryAfterSeconds: 0 };
}

/** The 429 of a refused request, with Retry-After and the RateLimit headers. */
export function quotaRefusal(k: KeyLimits, outcome: QuotaOutcome, extraHeaders: Record<string, string> = {}): AppError {
  const message = outcome.refusedBy === 'minute' ? QUOTA_TEXT.perMinute(k.perMinute) : QUOTA_TEXT.perDay(k.perDay);
  return new AppError('RATE_LIMITED', message, undefined, { ...outcome.headers, ...extraHeaders, 'retry-after': String(outcome.retryAfterSeconds) });
}
