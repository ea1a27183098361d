// Queuing webhook events (issue 50, docs/decisions/096): one delivery row per active endpoint that
// subscribed to the event's type, written in the caller's transaction when it passes one (the
// event and the change that caused it commit together). A dedupe key per (endpoint, event) makes
// a repeated call a no-op, so a retried import or a second tracking pixel never sends twice.
import 'server-only';
import type { WebhookEventType } from '@/lib/webhooks/events';
import { activeUserSql } from '../auth/policy';
import { getPool } from '../kernel/db';
import { env } from '../kernel/env';
import { clockNow, nowSql } from '../kernel/clock';

type Query = { query: (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> };

const MSG_ID_SQL = `'msg_' || replace(gen_random_uuid()::text, '-', '')`;
/** The endpoints of `userCol` subscribed to the type `$typeParam`, not disabled, of an active account (a blocked or deleted one gets nothing). */
const subscribedSql = (alias: string, userCol: string, typeParam: string) =>
  `JOIN webhook_endpoint ${alias} ON ${alias}.user_id = ${userCol} AND ${alias}.disabled_at IS NULL AND ${typeParam} = ANY(${alias}.events)
   JOIN app_user ${alias}_u ON ${alias}_u.id = ${alias}.user_id AND ${activeUserSql(`${alias}_u`)}`;

/**
 * SQL boolean: `userCol` has an endpoint subscribed to `typeSql` that is not disabled: such a user
 * gets the event, and the saved-search job gives the others a notice instead (decision 117).
 */
export const subscribedEndpointExistsSql = (userCol: string, typeSql: string) =>
  `EXISTS (SELECT 1 FROM webhook_endpoint se WHERE se.user_id = ${userCol} AND se.disabled_at IS NULL AND ${typeSql} = ANY(se.events))`;

/** The body every event has: { type, timestamp, data }. */
export function eventBody(type: string, data: Record<string, unknown>, at: Date = clockNow()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * Queues `type` with `data` for the endpoints of `userIds`; returns how many deliveries were
 * created. `dedupeKey` names the event (the same key for the same fact).
 */
export async function queueWebhookEvent(
  p: { userIds: number[]; type: WebhookEventType; data: Record<string, unknown>; dedupeKey: string },
  db: Query = getPool(),
): Promise<number> {
  if (!p.userIds.length) return 0;
  const now = nowSql();
  const { rows } = await db.query(
    `WITH ins AS (
       INSERT INTO webhook_delivery (endpoint_id, msg_id, event_type, dedupe_key, payload, next_attempt, created_at)
       SELECT e.id, ${MSG_ID_SQL}, $2, $3, $4, ${now}, ${now}
         FROM unnest($1::int[]) AS u(user_id)
         ${subscribedSql('e', 'u.user_id', '$2')}
       ON CONFLICT (endpoint_id, dedupe_key) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [[...new Set(p.userIds)], p.type, `${p.type}:${p.dedupeKey}`.slice(0, 200), eventBody(p.type, p.data)],
  );
  return Number(rows[0].n);
}

/**
 * company.changed for one import run, set-based: `watchersSql` is the follow rule's relation of
 * (user_id, change_id) over the CTE `ch` (server/watch/policy.ts passes it in, as its fan-out
 * does), so a webhook reaches exactly the users a notification would.
 */
export async function queueCompanyChangeEvents(db: Query, runId: number, watchersSql: (changes: string) => string): Promise<number> {
  const now = nowSql();
  const { rows } = await db.query(
    `WITH ch AS MATERIALIZED (SELECT id, cui, kind, old_value, new_value, data_date FROM company_change WHERE run_id = $1),
     w AS (${watchersSql('ch')}),
     ins AS (
       INSERT INTO webhook_delivery (endpoint_id, msg_id, event_type, dedupe_key, payload, next_attempt, created_at)
       SELECT e.id, ${MSG_ID_SQL}, 'company.changed', 'company.changed:' || c.id,
              json_build_object('type', 'company.changed', 'timestamp', to_char(${now} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                'data', json_build_object('ChangeId', c.id, 'Cui', c.cui, 'Kind', c.kind, 'OldValue', c.old_value, 'NewValue', c.new_value,
                  'DataDate', to_char(c.data_date, 'YYYY-MM-DD'), 'Url', $2 || c.cui))::text,
              ${now}, ${now}
         FROM (SELECT DISTINCT user_id, change_id FROM w) w
         JOIN ch c ON c.id = w.change_id
         ${subscribedSql('e', 'w.user_id', `'company.changed'`)}
       ON CONFLICT (endpoint_id, dedupe_key) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [runId, `${env.APP_URL.replace(/\/$/, '')}/company-details/`],
  );
  return Number(rows[0].n);
}

/** Whether any active endpoint wants `type`: a bulk path (10,000 bounce reports) skips its per-item look-ups when none does. */
export async function hasWebhookSubscribers(type: WebhookEventType): Promise<boolean> {
  const { rows } = await getPool().query(`SELECT EXISTS (SELECT 1 FROM webhook_endpoint WHERE disabled_at IS NULL AND $1 = ANY(events)) AS yes`, [type]);
  return rows[0].yes === true;
}
