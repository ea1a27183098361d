// Faults that lose data without stopping the app (issue 51, decisions 102 and 103): the WAL archive
// unreachable (a full or unmounted backup disk: the recovery point grows, pg_wal fills the
// database's disk) and the replica cut off (a failover would lose its lag). Read from PostgreSQL's
// own views at scrape time and by readiness; a change of state raises or clears the fault
// `archive-failing` (server/kernel/db-faults.ts: one log line, a counter). Readiness lists the
// faults but stays 200 for them (decision 110): every instance shares the one database, so a 503
// would take them all out of the balancer for a fault only the operator can mend.
import 'server-only';
import { hasReadReplica, getPool, getReadPool, sql } from './db';
import { clearFault, FAULT_PROBE_MS, hasFault, probeDiskSpace, probeReplica, raiseFault } from './db-faults';

export type Durability = {
  archiveEnabled: boolean;
  archivedCount: number;
  archiveFailedCount: number;
  /** True while the newest archive attempt failed (PostgreSQL retries it by itself). */
  archiveFailing: boolean;
  lastFailedWal: string | null;
  /** Seconds since the last segment reached the archive (null: none yet). */
  archiveLastSuccessAgeSeconds: number | null;
  /** Standbys streaming from this primary, and the largest replay lag among them (bytes). */
  replicasStreaming: number;
  replicaLagBytes: number;
};

type Query = <T extends Record<string, unknown>>(text: string) => Promise<T[]>;

export async function readDurability(query: Query): Promise<Durability> {
  const [a] = await query<{
    mode: string;
    archived: string;
    failed: string;
    failing: boolean;
    last_failed_wal: string | null;
    age: number | null;
  }>(
    `SELECT current_setting('archive_mode') AS mode, archived_count::text AS archived, failed_count::text AS failed,
            coalesce(last_failed_time > coalesce(last_archived_time, '-infinity'), false) AS failing, last_failed_wal,
            extract(epoch FROM now() - last_archived_time)::float8 AS age
       FROM pg_stat_archiver`,
  );
  const [r] = await query<{ n: number; lag: string | null }>(
    `SELECT count(*) FILTER (WHERE state = 'streaming')::int AS n,
            max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn))::text AS lag
       FROM pg_stat_replication`,
  ).catch(() => [{ n: 0, lag: null }]); // a standby (no pg_current_wal_lsn) has no replicas to report
  const d: Durability = {
    archiveEnabled: a.mode !== 'off',
    archivedCount: Number(a.archived),
    archiveFailedCount: Number(a.failed),
    archiveFailing: a.mode !== 'off' && a.failing,
    lastFailedWal: a.last_failed_wal,
    archiveLastSuccessAgeSeconds: a.age,
    replicasStreaming: r.n,
    replicaLagBytes: Math.max(0, Number(r.lag ?? 0)),
  };
  if (d.archiveFailing) raiseFault('archive-failing', `segmentul ${d.lastFailedWal}, ${d.archiveFailedCount} încercări eșuate`);
  else clearFault('archive-failing');
  return d;
}

let replicaProbedAt = 0;

let refreshing: Promise<Durability | null> | null = null;

/**
 * Reads every fault's state now (readiness, the metrics' scrape): the archive from the primary's
 * statistics, the replica by a probe through DATABASE_READ_URL (at most every FAULT_PROBE_MS), the
 * disk by a write probe once a disk-full error was seen. Null when the primary does not answer
 * (readiness says so on its own). One refresh at a time: the metrics' gauges collect concurrently
 * and share it.
 */
export function refreshDbFaults(): Promise<Durability | null> {
  refreshing ??= refreshNow().finally(() => (refreshing = null));
  return refreshing;
}

async function refreshNow(): Promise<Durability | null> {
  const d = await readDurability(<T extends Record<string, unknown>>(text: string) => sql<T>(text)).catch(() => null);
  // A full pg_wal stopped the server (decision 118); answering again, it has logged its recovery's
  // checkpoint, so the WAL has room again.
  if (d) clearFault('wal-disk-full');
  if (hasReadReplica() && Date.now() - replicaProbedAt >= FAULT_PROBE_MS) {
    replicaProbedAt = Date.now();
    await probeReplica(getReadPool());
  }
  if (hasFault('disk-full')) await probeDiskSpace(getPool()).catch(() => {});
  return d;
}

/** Tests: probe the replica at the next refresh. */
export function forgetReplicaProbeForTest(): void {
  replicaProbedAt = 0;
}
