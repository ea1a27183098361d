// One call rate of a remote service for the whole deployment (issue 48, decision 098), kept in
// PostgreSQL as the mail rate is (decision 052), but as a *turn*: one row per service (table
// remote_call_slot). A caller takes the turn when the row's next_at has passed, holding it under a
// lease (next_at = now + lease) while its call is under way; when the answer is in, it gives the
// turn back with next_at = now + the interval (or the service's Retry-After). So a call leaves only
// an interval after the previous call's *answer*: the service, which counts arrivals, sees them at
// least an interval apart whatever each call's way there took (a reservation of departure moments
// let a cold first call arrive 130 ms late, and the next one 871 ms after it). The database clock
// is the only clock; any number of processes on any number of machines share the one row. A caller
// that dies holding the turn loses it when its lease ends.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from './db';

const TAKE_SQL = `INSERT INTO remote_call_slot AS b (key, next_at, holder) VALUES ($1, clock_timestamp() + make_interval(secs => $2), $3)
  ON CONFLICT (key) DO UPDATE SET next_at = EXCLUDED.next_at, holder = EXCLUDED.holder WHERE b.next_at <= clock_timestamp()
  RETURNING holder`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Takes the service's turn, waiting at most `maxWaitMs`; answers the turn's token, or null when
 * it did not come in time. `leaseMs`: the longest the call may hold it (its timeout and a margin).
 */
export async function acquireCallTurn(key: string, leaseMs: number, maxWaitMs: number): Promise<string | null> {
  const token = randomUUID();
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const [row] = await sql<{ holder: string }>(TAKE_SQL, [key, leaseMs / 1000, token]);
    if (row?.holder === token) return token;
    const [busy] = await sql<{ ms: number }>(`SELECT greatest(0, extract(epoch FROM next_at - clock_timestamp()) * 1000)::float8 AS ms FROM remote_call_slot WHERE key = $1`, [key]);
    const left = deadline - Date.now();
    if (left <= 0) return null;
    // Polled, not queued: a short nap (with jitter, so waiting instances do not ask together) until
    // the turn's end, or at most 250 ms, since a call under way may give it back early.
    await sleep(Math.min(left, Math.max(5, Math.min(busy?.ms ?? 50, 250)) + Math.random() * 20));
  }
}

/** Gives the turn back: the next call may leave `holdMs` from now (the interval, or the service's Retry-After). */
export async function releaseCallTurn(key: string, token: string, holdMs: number): Promise<void> {
  await sql(`UPDATE remote_call_slot SET next_at = clock_timestamp() + make_interval(secs => $3), holder = NULL WHERE key = $1 AND holder = $2`, [
    key,
    token,
    Math.max(0, holdMs) / 1000,
  ]);
}
