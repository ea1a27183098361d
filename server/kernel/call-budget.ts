// One call rate of a remote service for the whole deployment (issue 48, decision 098), as the mail
// rate is one for every sender (server/sending/rate.ts, decision 052): each call reserves its moment
// in PostgreSQL (table remote_call_slot, one row per service) with one statement that moves the
// service's next free moment on by the interval. The row lock orders the callers and the database
// clock is the only clock, so any number of processes on any number of machines stay within the
// service's rate. A service that asks to be left alone (429 Retry-After, maintenance) pushes the
// same row forward, so every instance waits, not only the one that was told.
import 'server-only';
import { sql } from './db';

/**
 * Reserves the next call moment of `key` when it is at most `maxWaitMs` away; answers how long to
 * wait for it, or null (nothing reserved) with how long until it could be. $1 key, $2 interval in
 * seconds, $3 longest wait accepted in seconds.
 */
const RESERVE_SQL = `INSERT INTO remote_call_slot AS b (key, next_at) VALUES ($1, clock_timestamp() + make_interval(secs => $2))
  ON CONFLICT (key) DO UPDATE SET next_at = greatest(b.next_at, clock_timestamp()) + make_interval(secs => $2)
   WHERE b.next_at <= clock_timestamp() + make_interval(secs => $3)
  RETURNING greatest(0, extract(epoch FROM b.next_at - make_interval(secs => $2) - clock_timestamp()) * 1000)::float8 AS wait_ms`;

export type Reservation = { waitMs: number } | { retryInMs: number };

export async function reserveCallSlot(key: string, intervalMs: number, maxWaitMs: number): Promise<Reservation> {
  const [row] = await sql<{ wait_ms: number }>(RESERVE_SQL, [key, intervalMs / 1000, Math.max(0, maxWaitMs) / 1000]);
  if (row) return { waitMs: row.wait_ms };
  const [busy] = await sql<{ ms: number }>(
    `SELECT greatest(0, extract(epoch FROM next_at - clock_timestamp()) * 1000)::float8 AS ms FROM remote_call_slot WHERE key = $1`,
    [key],
  );
  return { retryInMs: busy?.ms ?? intervalMs };
}

/** The service asked for a pause (429 Retry-After, maintenance): no instance calls it before then. */
export async function pauseCalls(key: string, forMs: number): Promise<void> {
  await sql(
    `INSERT INTO remote_call_slot AS b (key, next_at) VALUES ($1, clock_timestamp() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET next_at = greatest(b.next_at, EXCLUDED.next_at)`,
    [key, Math.max(0, forMs) / 1000],
  );
}

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/**
 * Waits for this process's turn of the shared rate, at most `maxWaitMs` in all; false when no slot
 * came in time (the caller gives up and leaves the work for a later round).
 */
export async function waitForCallSlot(key: string, intervalMs: number, maxWaitMs: number): Promise<boolean> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left < 0) return false;
    const r = await reserveCallSlot(key, intervalMs, left);
    if ('waitMs' in r) {
      await sleep(r.waitMs);
      return true;
    }
    if (r.retryInMs > left) return false;
    await sleep(Math.min(r.retryInMs, left));
  }
}
