// The fan-out after an import (docs/decisions/053, 063): every change fact of the run becomes a
// notification for each follower whose setting for that kind is not "off", in ONE set-based
// statement: the run's changes joined to their followers (direct follows ∪ follows through groups
// the follower may read, through the follow indexes), the union removing a company followed both
// ways. Rows are written in (user, change) order, so each user's rows of a run lie together in the
// table and its user-led indexes. The unique (change, user) pair makes a repeated fan-out of the
// same run idempotent. Run after the import by the fan-out worker below (decision 073), never inside
// the import: the sender's loop and the cron endpoint call fanOutPendingRuns().
import 'server-only';
import { DEFAULT_CHANNEL } from '@/lib/watch/kinds';
import { getPool } from '../kernel/db';
import { queueCompanyChangeEvents } from '../webhooks/events';
import { directWatchersSql, groupWatchersSql } from './policy';

type Query = { query: (text: string, params?: unknown[]) => Promise<{ rows: Array<{ n: number }> }> };

// A user notified by e-mail gets their preference row (defaults) here, so that the mail step finds
// its due users from those rows and their watermark (server/watch/delivery.ts, decision 063).
const FANOUT_SQL = `WITH ch AS MATERIALIZED (SELECT id, cui, kind FROM company_change WHERE run_id = $1),
w AS (${directWatchersSql('ch')}
  UNION
  ${groupWatchersSql('ch')}),
ins AS (
  INSERT INTO notification (user_id, change_id, kind, channel)
  SELECT w.user_id, w.change_id, w.kind, coalesce(s.channel, '${DEFAULT_CHANNEL}')
  FROM w
  LEFT JOIN notification_setting s ON s.user_id = w.user_id AND s.kind = w.kind
  WHERE coalesce(s.channel, '${DEFAULT_CHANNEL}') <> 'off'
  ORDER BY w.user_id, w.change_id
  ON CONFLICT (change_id, user_id) DO NOTHING
  RETURNING user_id, channel
), pref AS (
  INSERT INTO notification_preference (user_id) SELECT DISTINCT user_id FROM ins WHERE channel = 'email'
  ON CONFLICT (user_id) DO NOTHING
)
SELECT count(*)::int AS n FROM ins`;

/** The notifications of one import run's changes; returns how many were created. */
export async function fanOutRun(client: Query, runId: number): Promise<number> {
  const { rows } = await client.query(FANOUT_SQL, [runId]);
  return Number(rows[0].n);
}

/** A done run whose fan-out has not run, locked for this worker (another worker skips it). */
const CLAIM_SQL = `SELECT id FROM import_run WHERE status = 'done' AND notified_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`;

export type FanOutReport = { runs: Array<{ runId: number; created: number; ms: number }> };

/**
 * The fan-out worker (decision 073): the importer ends without writing notifications; the mail
 * sender's loop and the cron endpoint call this. Each done run is claimed, fanned out and marked
 * in ONE transaction: two workers never take the same run, a worker killed half-way leaves the run
 * for the next (nothing written), and a run is fanned out once. Oldest runs first.
 */
export async function fanOutPendingRuns(maxRuns = 20): Promise<FanOutReport> {
  const pool = getPool();
  const report: FanOutReport = { runs: [] };
  while (report.runs.length < maxRuns) {
    const client = await pool.connect();
    try {
      const t = performance.now();
      await client.query('BEGIN');
      const claimed = await client.query<{ id: number }>(CLAIM_SQL);
      if (claimed.rows.length === 0) {
        await client.query('COMMIT');
        break;
      }
      const runId = claimed.rows[0].id;
      const created = await fanOutRun(client, runId);
      // company.changed webhooks of the same followers, in the same transaction: the run is marked
      // only with its events queued, so a crash leaves both to the next worker (issue 50).
      await queueCompanyChangeEvents(client as Parameters<typeof queueCompanyChangeEvents>[0], runId, (ch) => `${directWatchersSql(ch)} UNION ${groupWatchersSql(ch)}`);
      await client.query('UPDATE import_run SET notified_at = now() WHERE id = $1', [runId]);
      await client.query('COMMIT');
      report.runs.push({ runId, created, ms: performance.now() - t });
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }
  return report;
}

/**
 * Whether a done run waits for its fan-out that no other sender is fanning out (a cheap check for
 * the sender's idle loop). A run held by another sender's claim (FOR UPDATE) is skipped: without
 * that, every other sender saw it as pending and went through a full round every poll until that
 * fan-out ended. FOR KEY SHARE takes only the lightest lock, for the instant of this statement.
 */
export async function fanOutPending(): Promise<boolean> {
  const { rows } = await getPool().query(`SELECT 1 FROM import_run WHERE status = 'done' AND notified_at IS NULL LIMIT 1 FOR KEY SHARE SKIP LOCKED`);
  return rows.length > 0;
}
