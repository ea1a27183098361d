// Liveness and readiness of an app instance for a load balancer (issue 32, cluster-search;
// docs/decisions/050-replica-readiness-imports.md). Live: the process answers. Ready: the database
// answers, every migration of this build is applied, and the search copy (when on) is loaded and
// synced recently; while the copy loads an instance would answer searches from PostgreSQL with
// capped counts, so it is not ready and the balancer sends the traffic elsewhere.
import 'server-only';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { env } from '../kernel/env';
import { sql } from '../kernel/db';
import { currentFaults, type DbFault } from '../kernel/db-faults';
import { refreshDbFaults } from '../kernel/durability';
import { engineStatus, isEngineEnabled, startSearchEngine, syncEngine } from '../search/engine';

type ReadinessReason = 'database-unreachable' | 'migrations-pending' | 'search-loading' | 'search-failed' | 'search-stale';

export type Readiness = {
  Status: 'ready' | 'not-ready';
  /** Why not ready (the first failing check). */
  Reason?: ReadinessReason;
  Database: boolean;
  PendingMigrations: number;
  /** off (SEARCH_ENGINE=postgres), loading, ready, stale or failed. */
  SearchEngine: 'off' | 'loading' | 'ready' | 'stale' | 'failed';
  /** Milliseconds since the copy's last successful sync (null: never synced or off). */
  SearchSyncAgeMs: number | null;
  /** A reload (after an import) is running: the previous copy answers, exactly, meanwhile. */
  SearchReloading: boolean;
  /**
   * Faults of the database holding now (decisions 110, 118): disk-full, wal-disk-full, archive-failing,
   * replica-unreachable, replica-not-streaming, with seconds since each began. They do not make the
   * instance not-ready: every instance shares the database, and a 503 from all of them would empty
   * the balancer for a fault no instance can mend (reads go on; a write refused answers 503 itself).
   */
  Faults: Array<{ Fault: DbFault; Seconds: number }>;
};

const DB_TIMEOUT_MS = 2000;

/** The migrations of this build, once all found applied (they never un-apply). */
let migrationsConfirmed = false;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

function migrationsOfThisBuild(): string[] | null {
  try {
    return readdirSync(path.resolve(process.cwd(), 'prisma/migrations'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return null; // a build shipped without its migrations folder: only failed ones count
  }
}

/** Migrations of this build not applied (or failed) on the database. */
async function pendingMigrations(): Promise<number> {
  if (migrationsConfirmed) {
    // The database must still answer: without this read, an instance whose PostgreSQL stopped
    // after the first check (a full pg_wal, decision 118) went on answering ready.
    await sql('SELECT 1');
    return 0;
  }
  const rows = await sql<{ name: string; ok: boolean }>(
    `SELECT migration_name AS name, finished_at IS NOT NULL AND rolled_back_at IS NULL AS ok FROM _prisma_migrations`,
  );
  const applied = new Set(rows.filter((r) => r.ok).map((r) => r.name));
  const failed = rows.filter((r) => !r.ok && !applied.has(r.name)).length;
  const wanted = migrationsOfThisBuild() ?? [];
  const pending = wanted.filter((m) => !applied.has(m)).length + failed;
  if (pending === 0) migrationsConfirmed = true;
  return pending;
}

export async function checkReadiness(): Promise<Readiness> {
  const answer: Readiness = { Status: 'ready', Database: false, PendingMigrations: 0, SearchEngine: 'off', SearchSyncAgeMs: null, SearchReloading: false, Faults: [] };
  const fail = (reason: ReadinessReason) => {
    if (answer.Status === 'ready') {
      answer.Status = 'not-ready';
      answer.Reason = reason;
    }
  };
  try {
    answer.PendingMigrations = await withTimeout(pendingMigrations(), DB_TIMEOUT_MS);
    answer.Database = true;
    if (answer.PendingMigrations > 0) fail('migrations-pending');
  } catch {
    fail('database-unreachable');
  }
  if (answer.Database) await withTimeout(refreshDbFaults(), DB_TIMEOUT_MS).catch(() => {});
  answer.Faults = currentFaults().map((f) => ({ Fault: f.fault, Seconds: Math.round(f.seconds) }));
  if (isEngineEnabled()) {
    startSearchEngine();
    // The poll keeps an idle copy synced; one more sync here (bounded) covers SEARCH_ENGINE_POLL_MS=0.
    if (answer.Database) await withTimeout(syncEngine(), DB_TIMEOUT_MS).catch(() => {});
    const s = await engineStatus();
    answer.SearchSyncAgeMs = s.syncedAt ? Date.now() - s.syncedAt : null;
    if (!s.ready) {
      answer.SearchEngine = s.error && !s.loading ? 'failed' : 'loading';
      fail(answer.SearchEngine === 'failed' ? 'search-failed' : 'search-loading');
    } else if (s.loading) {
      // After an import every instance reloads in turn (load slots) and syncs nothing meanwhile:
      // counted as stale, all of them would leave the balancer at once.
      answer.SearchEngine = 'ready';
      answer.SearchReloading = true;
    } else if (answer.SearchSyncAgeMs === null || answer.SearchSyncAgeMs > env.READY_MAX_SYNC_AGE_MS) {
      answer.SearchEngine = 'stale';
      fail('search-stale');
    } else answer.SearchEngine = 'ready';
  }
  return answer;
}

/** Tests: forget that the migrations were found applied. */
export function resetReadinessForTest(): void {
  migrationsConfirmed = false;
}
