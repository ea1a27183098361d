// Calls of the metered endpoints (the /api/v1 surface, decision 067) made without a key and
// without a session: counted per client address (the front's, never a header the client writes;
// decision 034) per minute and per UTC day, in this process (docs/decisions/087). A key's own
// quota replaces these limits, and the site's server-rendered pages call server/ directly, so
// only the browser's own calls from client components count here.
//
// Why in memory rather than the shared `rate_limit` table: these endpoints are the hot public
// ones the front answers itself (decisions 074–078); a PostgreSQL upsert per anonymous call would
// cost more than the answer. Each instance counts on its own, so with N instances an address gets
// at most N times the numbers.
import 'server-only';
import { env } from '../kernel/env';
import { AppError } from '../kernel/errors';
import { LruCache } from '../kernel/lru';
import { clientAddress } from '../kernel/rate-limit';
import { formatNumber } from '@/lib/format';
import { utcDay } from './quota';

export const ANONYMOUS_TEXT = {
  perMinute: (n: number) =>
    `Ați depășit limita de ${formatNumber(n, 0)} de cereri pe minut pentru accesul la API fără cheie. Reîncercați peste un minut sau folosiți o cheie API.`,
  perDay: (n: number) =>
    `Ați depășit limita de ${formatNumber(n, 0)} de cereri pe zi pentru accesul la API fără cheie. Limita se resetează la miezul nopții (UTC); o cheie API are o limită mai mare.`,
} as const;

type Bucket = { minuteStart: number; minute: number; day: string; today: number };

/** Addresses remembered at most, each for a day since its last call; past it the least recently seen are forgotten. */
const buckets = new LruCache<Bucket>(100_000, 86_400_000);

/** Addresses that are not one client: no front (a bare `next start`) or a front that wrote none. */
const SHARED_BUCKETS = new Set(['no-front', 'unknown']);

/**
 * Counts one anonymous call from `address`; the 429 to answer when it is past a limit, else null.
 * A refused call is not counted, so a client that waits gets through again.
 */
export function takeAnonymousCall(address: string, now = new Date()): AppError | null {
  const perMinute = env.ANON_API_PER_MINUTE;
  const perDay = env.ANON_API_PER_DAY;
  if (perMinute <= 0 && perDay <= 0) return null;
  const t = now.getTime();
  const { day, secondsLeft } = utcDay(now);
  const b = buckets.get(address) ?? { minuteStart: t, minute: 0, day, today: 0 };
  buckets.set(address, b);
  if (t - b.minuteStart >= 60_000) {
    b.minuteStart = t;
    b.minute = 0;
  }
  if (b.day !== day) {
    b.day = day;
    b.today = 0;
  }
  if (perDay > 0 && b.today >= perDay) return refusal(ANONYMOUS_TEXT.perDay(perDay), perDay, secondsLeft);
  if (perMinute > 0 && b.minute >= perMinute) {
    return refusal(ANONYMOUS_TEXT.perMinute(perMinute), perMinute, Math.max(1, Math.ceil((b.minuteStart + 60_000 - t) / 1000)));
  }
  b.minute++;
  b.today++;
  return null;
}

function refusal(message: string, limit: number, retryAfter: number): AppError {
  return new AppError('RATE_LIMITED', message, undefined, {
    'retry-after': String(retryAfter),
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': '0',
    'ratelimit-reset': String(retryAfter),
  });
}

/**
 * The route wrapper's check for a call without a key or session of a metered endpoint. Calls
 * without a client address of their own (no front) are not limited: one shared bucket would let
 * one client lock everyone out, and production always runs behind the front.
 */
export function assertAnonymousAllowed(req: Request): void {
  const address = clientAddress(req);
  if (SHARED_BUCKETS.has(address)) return;
  const refused = takeAnonymousCall(address);
  if (refused) throw refused;
}

/** Tests: forget every count. */
export function resetAnonymousCounts(): void {
  buckets.clear();
}
