// Exact sync of the search engine from the change log `search_change`, by transaction id, and the
// full load's snapshot and slots (docs/search.md; decision 049).
import 'server-only';
import type pg from 'pg';
import { env } from '../kernel/env';
import { getChangeLogPool, getPool, getReadPool, hasReadReplica } from '../kernel/db';
import { countReplicaFallback, hasFault, isUnreachableError, probeReplica, raiseFault } from '../kernel/db-faults';

/** `horizon`: the xmin of the last read's snapshot; `applied`: rows at or above it already applied (id → txid). */
export type SyncCursor = { horizon: bigint; applied: Map<string, bigint> };

/** Beyond this many rows in one read the index is built again. */
export const MAX_INCREMENTAL = 20_000;

/** At or above the horizon ($1), not applied ($2). */
const UNAPPLIED = `FROM search_change c WHERE c.txid >= $1::text::xid8 AND c.id <> ALL ($2::bigint[]) ORDER BY c.id LIMIT ${MAX_INCREMENTAL + 1}`;
const unappliedParams = (cursor: SyncCursor) => [cursor.horizon.toString(), Array.from(cursor.applied.keys())];

/** With the xmin of the statement's own snapshot (READ COMMITTED): a row it cannot see is read next time. */
export const SYNC_CHANGES_SQL = `SELECT x.xmin::text AS xmin, s.id::text AS id, s.cui, s.txid::text AS txid
  FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin) x
  LEFT JOIN LATERAL (SELECT c.id, c.cui, c.txid ${UNAPPLIED}) s ON true`;

export type ChangeRow = { id: string; cui: number | null; txid: string };

export async function readChanges(cursor: SyncCursor): Promise<{ xmin: bigint; rows: ChangeRow[] }> {
  // Named (decision 062): planning (≈ 1 ms loaded) cost more than running; its own pool: no wait behind requests.
  const result = await getChangeLogPool().query<{ xmin: string; id: string | null; cui: number | null; txid: string | null }>({
    name: 'rf_search_sync_changes',
    text: SYNC_CHANGES_SQL,
    values: unappliedParams(cursor),
  });
  return { xmin: BigInt(result.rows[0].xmin), rows: result.rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, cui: r.cui, txid: r.txid! })) };
}

/** The engine's lag in /api/metrics, in seconds (0: none). */
export async function pendingChangeAgeSeconds(cursor: SyncCursor): Promise<number> {
  const { rows } = await getPool().query<{ lag: number }>(
    `SELECT coalesce(extract(epoch FROM clock_timestamp() - min(p.changed_at)), 0)::float8 AS lag FROM (SELECT c.changed_at ${UNAPPLIED}) p`,
    unappliedParams(cursor),
  );
  return Math.max(0, rows[0].lag);
}

export function advanceCursor(cursor: SyncCursor, xmin: bigint, rows: readonly ChangeRow[]): void {
  for (const r of rows) cursor.applied.set(r.id, BigInt(r.txid));
  if (xmin > cursor.horizon) cursor.horizon = xmin;
  for (const [id, txid] of cursor.applied) if (txid < cursor.horizon) cursor.applied.delete(id);
}

/** A full load's REPEATABLE READ session and cursor; on the replica only if a streaming standby (same txids), else the primary (decision 110). */
export async function openLoadSnapshot(): Promise<{ client: pg.PoolClient; cursor: SyncCursor; source: 'primary' | 'replica'; done: (ok: boolean) => Promise<void> }> {
  let client: pg.PoolClient | null = null;
  let source: 'primary' | 'replica' = 'primary';
  if (hasReadReplica() && hasFault('replica-unreachable')) countReplicaFallback();
  else if (hasReadReplica()) {
    try {
      client = await getReadPool().connect();
      const [{ standby }] = (await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby')).rows;
      if (standby) source = 'replica';
      else {
        console.warn('[search] DATABASE_READ_URL nu este o replică în flux (streaming): copia se încarcă de pe baza principală');
        client.release();
        client = null;
      }
    } catch (e) {
      console.warn('[search] replica de citire nu răspunde, copia se încarcă de pe baza principală:', e instanceof Error ? e.message : e);
      client?.release(true); // a broken connection is not given back to the pool
      client = null;
      if (isUnreachableError(e)) {
        raiseFault('replica-unreachable', (e as Error).message);
        countReplicaFallback();
      }
    }
  }
  client ??= await getPool().connect();
  const c = client;
  try {
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // With the rows the snapshot already sees: without them a reload's rows would reload again.
    const [{ xmin, seen }] = (
      await c.query<{ xmin: string; seen: string[] }>(
        `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
                ARRAY(SELECT id::text || ':' || txid::text FROM search_change WHERE txid >= pg_snapshot_xmin(pg_current_snapshot())) AS seen`,
      )
    ).rows;
    const cursor: SyncCursor = { horizon: BigInt(xmin), applied: new Map(seen.map((s) => s.split(':')).map(([id, tx]) => [id, BigInt(tx)])) };
    const done = async (ok: boolean) => {
      // Raises replica-unreachable if the replica is gone, so that isReplicaLost retries on the primary.
      if (!ok && source === 'replica') await probeReplica(getReadPool());
      try {
        await c.query(ok ? 'COMMIT' : 'ROLLBACK');
      } catch (e) {
        if (ok) throw e;
      } finally {
        c.release(!ok);
      }
    };
    return { client: c, cursor, source, done };
  } catch (e) {
    c.release(true);
    throw e;
  }
}

/** The replica's loss explains the error: read again from the primary (decision 110). */
export const isReplicaLost = (e: unknown) => hasReadReplica() && hasFault('replica-unreachable') && isUnreachableError(e);

export const LOAD_LOCK_BASE = 7262200;

/** One of SEARCH_ENGINE_LOAD_SLOTS advisory locks shared by the instances: after an import they take turns copying. */
export async function withLoadSlot<T>(copy: () => Promise<T>): Promise<T> {
  const slots = env.SEARCH_ENGINE_LOAD_SLOTS;
  if (slots <= 0) return copy();
  const client = await getPool().connect();
  let held: number | null = null;
  try {
    while (held === null) {
      for (let k = 0; k < slots && held === null; k++) {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LOAD_LOCK_BASE + k]);
        if (rows[0].ok) held = k;
      }
      if (held === null) await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
    return await copy();
  } finally {
    if (held !== null) await client.query('SELECT pg_advisory_unlock($1)', [LOAD_LOCK_BASE + held]).catch(() => {});
    client.release();
  }
}
