// The fan-out after an import (docs/decisions/053, 063): every change fact of the run becomes a
// notification for each follower whose setting for that kind is not "off", in ONE set-based
// statement: the run's changes joined to their followers (direct follows ∪ follows through groups
// the follower may read, through the follow indexes), the union removing a company followed both
// ways. Rows are written in (user, change) order, so each user's rows of a run lie together in the
// table and its user-led indexes. The unique (change, user) pair makes a repeated fan-out of the
// same run idempotent. Run by the importer at the end of a run; it takes any client (the
// importer's own session, or the app's pool).
import 'server-only';
import { DEFAULT_CHANNEL } from '@/lib/watch/kinds';
import { directWatchersSql, groupWatchersSql } from './policy';

type Query = { query: (text: string, params?: unknown[]) => Promise<{ rows: Array<{ n: number }> }> };

// A user notified by e-mail gets their preference row (defaults) here, so that the mail step finds
// its due users from those rows and their watermark (server/watch/delivery.ts, decision 063).
export const FANOUT_SQL = `WITH ch AS MATERIALIZED (SELECT id, cui, kind FROM company_change WHERE run_id = $1),
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
