// The fan-out after an import (docs/decisions/053): every change fact of the run becomes a
// notification for each follower whose setting for that kind is not "off", in two set-based
// statements (direct follows, follows through groups) that start from the run's changes and reach
// the followers through the follow indexes. The unique (user, change) pair makes it idempotent
// and removes the overlap of a company followed both ways. Run by the importer at the end of a
// run; it takes any client (the importer's own session, or the app's pool).
import 'server-only';
import { DEFAULT_CHANNEL } from '@/lib/watch/kinds';
import { directWatchersSql, groupWatchersSql } from './policy';

type Query = { query: (text: string, params?: unknown[]) => Promise<{ rows: Array<{ n: number }> }> };

const CHANGES_OF_RUN = '(SELECT id, cui, kind FROM company_change WHERE run_id = $1)';

// A user notified by e-mail gets their preference row (defaults) here, so that the mail step finds
// its due users from those rows and their watermark (server/watch/delivery.ts, decision 063).
const insertFrom = (watchers: string) => `WITH ins AS (
  INSERT INTO notification (user_id, change_id, kind, channel)
  SELECT w.user_id, w.change_id, w.kind, coalesce(s.channel, '${DEFAULT_CHANNEL}')
  FROM (${watchers}) w
  LEFT JOIN notification_setting s ON s.user_id = w.user_id AND s.kind = w.kind
  WHERE coalesce(s.channel, '${DEFAULT_CHANNEL}') <> 'off'
  ON CONFLICT (user_id, change_id) DO NOTHING
  RETURNING user_id, channel
), pref AS (
  INSERT INTO notification_preference (user_id) SELECT DISTINCT user_id FROM ins WHERE channel = 'email'
  ON CONFLICT (user_id) DO NOTHING
)
SELECT count(*)::int AS n FROM ins`;

export const FANOUT_DIRECT_SQL = insertFrom(directWatchersSql(CHANGES_OF_RUN));
export const FANOUT_GROUPS_SQL = insertFrom(groupWatchersSql(CHANGES_OF_RUN));

/** The notifications of one import run's changes; returns how many were created. */
export async function fanOutRun(client: Query, runId: number): Promise<number> {
  const direct = await client.query(FANOUT_DIRECT_SQL, [runId]);
  const groups = await client.query(FANOUT_GROUPS_SQL, [runId]);
  return Number(direct.rows[0].n) + Number(groups.rows[0].n);
}
