// Exact sync of the search engine (why it is exact: docs/decisions/049-exact-search-sync.md). The
// change log `search_change` carries the writing transaction's id; an instance keeps a horizon (the
// xmin of its last read's snapshot: every transaction below it has ended) and the rows it applied at
// or above it, and reads every row at or above the horizon it has not applied, whenever it commits.
import 'server-only';
import type pg from 'pg';
import { env } from '../kernel/env';
import { getChangeLogPool, getPool, getReadPool, hasReadReplica } from '../kernel/db';
import { countReplicaFallback, hasFault, isUnreachableError, probeReplica, raiseFault } from '../kernel/db-faults';

/** Where the instance stands in the change log. */
export type SyncCursor = {
  /** xmin of the snapshot of the last read: every transaction below it is in the index or its changed set (or aborted). */
  horizon: bigint;
  /** Change rows at or above the horizon already applied (id → txid). */
  applied: Map<string, bigint>;
};

/** More unapplied change rows than this in one read: the caller builds the index again instead. */
export const MAX_INCREMENTAL = 20_000;

/** The change rows at or above the horizon ($1) not applied yet ($2), by the txid index, in order. */
const UNAPPLIED = `FROM search_change c WHERE c.txid >= $1::text::xid8 AND c.id <> ALL ($2::bigint[]) ORDER BY c.id LIMIT ${MAX_INCREMENTAL + 1}`;
const unappliedParams = (cursor: SyncCursor) => [cursor.horizon.toString(), Array.from(cursor.applied.keys())];

/**
 * The rows to apply and the xmin of the same statement's snapshot (pg_current_snapshot() is the
 * statement's own snapshot in READ COMMITTED: a row invisible to this read has a txid at or above
 * that xmin and is read again next time).
 */
export const SYNC_CHANGES_SQL = `SELECT x.xmin::text AS xmin, s.id::text AS id, s.cui, s.txid::text AS txid
  FROM (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin) x
  LEFT JOIN LATERAL (SELECT c.id, c.cui, c.txid ${UNAPPLIED}) s ON true`;

export type ChangeRow = { id: string; cui: number | null; txid: string };

/** The change rows this instance has not applied, and the new horizon once they are. */
export async function readChanges(cursor: SyncCursor): Promise<{ xmin: bigint; rows: ChangeRow[] }> {
  // A named statement (decision 062): every search runs this read first; its planning (≈ 1 ms
  // under load) cost more than its execution. On its own connection (db.ts getChangeLogPool): in
  // the shared pool it waited behind the other requests' statements.
  const result = await getChangeLogPool().query<{ xmin: string; id: string | null; cui: number | null; txid: string | null }>({
    name: 'rf_search_sync_changes',
    text: SYNC_CHANGES_SQL,
    values: unappliedParams(cursor),
  });
  const xmin = BigInt(result.rows[0].xmin);
  const rows = result.rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, cui: r.cui, txid: r.txid! }));
  return { xmin, rows };
}

/** The age in seconds of the oldest change row an engine at `cursor` has not applied, by write time (0: none): its lag in /api/metrics. */
export async function pendingChangeAgeSeconds(cursor: SyncCursor): Promise<number> {
  const { rows } = await getPool().query<{ lag: number }>(
    `SELECT coalesce(extract(epoch FROM clock_timestamp() - min(p.changed_at)), 0)::float8 AS lag FROM (SELECT c.changed_at ${UNAPPLIED}) p`,
    unappliedParams(cursor),
  );
  return Math.max(0, rows[0].lag);
}

/** After the rows are read: remember them, move the horizon up, forget what fell below it. */
export function advanceCursor(cursor: SyncCursor, xmin: bigint, rows: readonly ChangeRow[]): void {
  for (const r of rows) cursor.applied.set(r.id, BigInt(r.txid));
  if (xmin > cursor.horizon) cursor.horizon = xmin;
  for (const [id, txid] of cursor.applied) if (txid < cursor.horizon) cursor.applied.delete(id);
}

/**
 * Opens the REPEATABLE READ session a full load reads from, and the cursor of its snapshot: its xmin
 * and the change rows at or above it that it already sees (without them a reload row would reload
 * again). The read replica serves it only when it is a streaming standby (its snapshots use the
 * primary's transaction ids; a logical subscriber has its own). A replica that does not answer
 * (decision 110): the primary serves, the fault is raised, and its probe brings loads back.
 */
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
    const [{ xmin, seen }] = (
      await c.query<{ xmin: string; seen: string[] }>(
        `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
                ARRAY(SELECT id::text || ':' || txid::text FROM search_change WHERE txid >= pg_snapshot_xmin(pg_current_snapshot())) AS seen`,
      )
    ).rows;
    const cursor: SyncCursor = { horizon: BigInt(xmin), applied: new Map(seen.map((s) => s.split(':')).map(([id, tx]) => [id, BigInt(tx)])) };
    const done = async (ok: boolean) => {
      // A load that failed on the replica: is the replica still there? (raises replica-unreachable
      // when not, so that isReplicaLost sends the load to the primary)
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

/** A load's error that the replica's loss explains (decision 110): the load can be read again at once from the primary. */
export const isReplicaLost = (e: unknown) => hasReadReplica() && hasFault('replica-unreachable') && isUnreachableError(e);

/** Advisory locks of the load slots (one per load that may copy the table at once). */
export const LOAD_LOCK_BASE = 7262200;

/**
 * Holds one of SEARCH_ENGINE_LOAD_SLOTS load slots (advisory locks on the primary, shared by every
 * instance) while `copy` reads the table: after an import the instances take turns copying it.
 */
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
