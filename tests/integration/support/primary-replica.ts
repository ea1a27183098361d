// A throwaway primary and streaming replica of their own (issue 51: failover, the faults of the
// database), for the tests that kill, cut or fill them and so cannot use the suite's shared cluster.
// One setup for failover.test.ts, failover-queues.test.ts and db-faults-replica.test.ts, which each
// wrote it out before; the tests of the faults also use markMigrationsApplied.
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, initCluster, startPostgres, stopPostgres } from '@/scripts/db/backup-core';
import { startReplica, type ReplicaHandle } from '@/scripts/db/replica';
import { freePort } from '@/scripts/db/test-cluster';

export type PrimaryAndReplica = {
  base: string;
  primary: Awaited<ReturnType<typeof startPostgres>>;
  primaryPort: number;
  /** The `radarfirme` database on the primary. */
  primaryUrl: string;
  replica: ReplicaHandle;
  replicaPort: number;
  /** Stops both (whatever is left of them) and removes their folders. */
  stop: () => Promise<void>;
};

export type PrimaryAndReplicaOptions = {
  /** The folder's name under /var/tmp (a random suffix is added). */
  name: string;
  /**
   * What the database holds before the replica copies it: 'app' the app's schema and a demo set
   * (`demoCompanies`), 'migrations-record' only the migrations' record (readiness asks for it), or
   * a function given the primary's URL.
   */
  prepare?: 'app' | 'migrations-record' | ((url: string) => Promise<void>);
  demoCompanies?: number;
  /** A commit returns once the replica has it, so a promotion loses no acknowledged write. */
  synchronous?: boolean;
};

/**
 * Readiness asks that every migration of this build be applied; the schema engine cannot run in
 * Jest, and tests of the faults need no app table: the migrations' record alone, marked applied.
 */
export async function markMigrationsApplied(url: string): Promise<void> {
  const names = readdirSync(path.resolve('prisma/migrations'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`CREATE TABLE _prisma_migrations (migration_name text PRIMARY KEY, finished_at timestamptz, rolled_back_at timestamptz)`);
    await c.query(`INSERT INTO _prisma_migrations SELECT unnest($1::text[]), now(), NULL`, [names]);
  } finally {
    await c.end();
  }
}

/** The app's schema and a small demo set, by a child process: the schema engine cannot run in Jest. */
function migrateWithDemo(url: string, demoCompanies: number): void {
  const script = `const { migrate } = require('./scripts/db/migrate'); const { prepareDatabase } = require('./scripts/data/prepare');
    migrate(process.argv[1]).then(() => prepareDatabase(process.argv[1], { demoCompanies: Number(process.argv[2]), quiet: true })).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });`;
  const made = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', '-e', script, url, String(demoCompanies)], { cwd: process.cwd(), encoding: 'utf8', timeout: 180_000 });
  if (made.status !== 0) throw new Error(`schema: ${made.stderr}`);
}

export async function startPrimaryAndReplica(opts: PrimaryAndReplicaOptions): Promise<PrimaryAndReplica> {
  const base = mkdtempSync(`/var/tmp/radarfirme-${opts.name}-`);
  chmodSync(base, 0o755); // postgres (its own user when we are root) must traverse it
  let primary: Awaited<ReturnType<typeof startPostgres>> | null = null;
  let replica: ReplicaHandle | null = null;
  const stop = async () => {
    await replica?.stop().catch(() => {});
    if (primary) await stopPostgres(primary.child);
    rmSync(base, { recursive: true, force: true });
  };
  try {
    initCluster(path.join(base, 'primary'));
    const primaryPort = await freePort();
    const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${primaryPort}/postgres`;
    primary = await startPostgres(path.join(base, 'primary'), primaryPort, adminUrl, ['-c', 'fsync=off']);
    const primaryUrl = await createDatabase(adminUrl);
    if (opts.prepare === 'app') migrateWithDemo(primaryUrl, opts.demoCompanies ?? 300);
    else if (opts.prepare === 'migrations-record') await markMigrationsApplied(primaryUrl);
    else if (opts.prepare) await opts.prepare(primaryUrl);
    const replicaPort = await freePort();
    const slot = `rf_${opts.name.replace(/\W/g, '_')}_${replicaPort}`;
    replica = await startReplica({ primaryUrl, dataDir: path.join(base, 'replica'), port: replicaPort, slot });
    if (opts.synchronous) {
      const c = new pg.Client({ connectionString: primaryUrl });
      await c.connect();
      await c.query(`ALTER SYSTEM SET synchronous_standby_names = '"${slot}"'`);
      await c.query(`SELECT pg_reload_conf()`);
      await c.end();
    }
    return { base, primary, primaryPort, primaryUrl, replica, replicaPort, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** SIGKILL of the postmaster and of every backend it started: nothing gets to flush or say goodbye. */
export function killMachine(child: ChildProcess): void {
  const kids = execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)]).toString().trim().split(/\s+/).filter(Boolean).map(Number);
  child.kill('SIGKILL');
  for (const pid of kids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}
