// `npm run bench -- recovery`: the restore drill of decision 102 (and 110). Two sources:
//  - by default a cluster of its own (in /var/tmp/radarfirme-recovery-bench, never the shared
//    benchmark databases): a company set loaded by the large-set generator
//    (BENCH_RECOVERY_COMPANIES, default 200,000);
//  - BENCH_RECOVERY_DIR=<data folder> (BENCH_RECOVERY_PORT, default 54341): an existing, loaded,
//    stopped cluster such as the 3.5M set in /var/tmp/radarfirme-bench-large/pg. Those run with
//    wal_level=minimal (ALTER SYSTEM), so the drill starts it with wal_level=replica and archiving on
//    the command line (which outranks ALTER SYSTEM), and afterwards restarts it once to drop its
//    drill table and leaves it stopped as it found it.
// Then continuous WAL archiving, a base backup taken while a writer commits one row at a time, the
// primary SIGKILLed with its backends as if its machine were lost, and a restore of everything
// archived into a new data folder. Prints the backup's time and size, the restore time (RTO:
// unpack, WAL replay and promotion, readiness) and the recovery point (RPO: the last committed
// write against the newest one restored), with the machine's load. Never fails. The backup and
// the restored folder (BENCH_RECOVERY_ROOT) are removed at the end unless BENCH_RECOVERY_KEEP=1.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  ARCHIVE_TIMEOUT_S,
  archiveFlags,
  archivedWalBytes,
  countRows,
  createDatabase,
  initCluster,
  prepareBackupDir,
  restoreToTime,
  startPostgres,
  stopPostgres,
  takeBaseBackup,
} from '../db/backup-core';
import { freePort } from '../db/test-cluster';

export const standalone = true;

const ROOT = process.env.BENCH_RECOVERY_ROOT ?? '/var/tmp/radarfirme-recovery-bench';
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** SIGKILL of the postmaster and of every backend it started: a lost machine flushes nothing. */
function killMachine(child: ChildProcess) {
  let kids: number[] = [];
  try {
    kids = execFileSync('ps', ['-o', 'pid=', '--ppid', String(child.pid)]).toString().trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* no children listed */
  }
  child.kill('SIGKILL');
  for (const pid of kids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

/** One row per transaction, each committed (synchronous_commit on) before the next: the writes a user would lose. */
function startWriter(url: string) {
  const state = { lastId: 0, lastAt: 0, commits: 0, errors: 0, stopped: false };
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  const done = (async () => {
    await c.connect();
    await c.query(`SET synchronous_commit = on`);
    while (!state.stopped) {
      try {
        const { rows } = await c.query<{ id: string }>(`INSERT INTO drill_write DEFAULT VALUES RETURNING id`);
        state.lastId = Number(rows[0].id);
        state.lastAt = Date.now();
        state.commits++;
        // About 200 commits a second: a steady trickle of user writes, far below a segment a minute.
        await new Promise((r) => setTimeout(r, 5));
      } catch {
        state.errors++;
        break; // the primary is gone
      }
    }
    await c.end().catch(() => {});
  })();
  return { state, stop: async () => ((state.stopped = true), await done) };
}

export async function run(): Promise<void> {
  const companies = Number(process.env.BENCH_RECOVERY_COMPANIES ?? 200_000);
  const writeSeconds = Number(process.env.BENCH_RECOVERY_WRITE_S ?? 90);
  const sourceDir = process.env.BENCH_RECOVERY_DIR ? path.resolve(process.env.BENCH_RECOVERY_DIR) : null;
  if (sourceDir && !existsSync(path.join(sourceDir, 'PG_VERSION'))) {
    console.log(`recovery bench: ${sourceDir} is not a PostgreSQL data folder`);
    return;
  }
  if (sourceDir && existsSync(path.join(sourceDir, 'postmaster.pid'))) {
    // Someone runs it (or it crashed): the drill SIGKILLs its primary, so it only takes a stopped one.
    console.log(`recovery bench: ${sourceDir} holds a postmaster.pid (running or not cleanly stopped); stop it first`);
    return;
  }
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  chmodSync(ROOT, 0o755);
  const dataDir = sourceDir ?? path.join(ROOT, 'pg');
  const backupDir = path.join(ROOT, 'backup');
  const sourcePort = Number(process.env.BENCH_RECOVERY_PORT ?? 54341);
  let primary: Awaited<ReturnType<typeof startPostgres>> | null = null;
  let restored: Awaited<ReturnType<typeof restoreToTime>> | null = null;
  let sourceTouched = false;
  try {
    let url: string;
    let port: number;
    const serverFlags = ['-c', 'shared_buffers=1GB', '-c', 'max_wal_size=4GB'];
    if (sourceDir) {
      port = sourcePort;
      url = `postgresql://postgres:postgres@127.0.0.1:${port}/radarfirme`;
      console.log(`set: the existing cluster ${sourceDir} (port ${port}); load ${load()}`);
      prepareBackupDir(backupDir);
      if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', backupDir]);
      sourceTouched = true;
      // max_wal_senders=0 as the set's ALTER SYSTEM has it: wal_level=replica needs no sender to archive.
      primary = await startPostgres(dataDir, port, url, [...serverFlags, '-c', 'max_wal_senders=0', ...archiveFlags(backupDir)]);
      // Someone else's set may carry migrations of another branch: a refusal is reported, not fatal
      // (readiness of the restored copy then says migrations-pending, which the output shows).
      const { migrate } = await import('../db/migrate');
      await migrate(url).catch((e) => console.log(`migrations not applied to the set: ${e instanceof Error ? e.message.slice(0, 300) : String(e)}`));
    } else {
      console.log(`set: ${companies.toLocaleString('ro-RO')} companies × 6 years generated here (the 1M benchmark set has wal_level=minimal); load ${load()}`);
      initCluster(dataDir);
      port = await freePort();
      const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
      // The load first, without archiving (gigabytes of WAL nobody restores), then a restart with it.
      primary = await startPostgres(dataDir, port, adminUrl, [...serverFlags, '-c', 'fsync=off']);
      url = await createDatabase(adminUrl);
      const t0 = Date.now();
      const { migrate } = await import('../db/migrate');
      await migrate(url);
      const { loadLargeDataset } = await import('../data/large');
      await loadLargeDataset(url, { companies, quiet: true });
      console.log(`loaded in ${s(Date.now() - t0)}`);
      await stopPostgres(primary.child);
      prepareBackupDir(backupDir);
      primary = await startPostgres(dataDir, port, url, [...serverFlags, ...archiveFlags(backupDir)]);
    }
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query(`DROP TABLE IF EXISTS drill_write; CREATE TABLE drill_write (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT clock_timestamp())`);
    const [{ size }] = (await admin.query<{ size: string }>(`SELECT pg_database_size(current_database())::text AS size`)).rows;
    const source = await countRows(url);
    await admin.end();
    console.log(`database ${mb(Number(size))}; archive_timeout ${ARCHIVE_TIMEOUT_S} s`);

    const writer = startWriter(url);
    const b = await takeBaseBackup(url, backupDir);
    console.log(`base backup (while writing): ${s(b.ms)}, ${mb(b.bytes)} ${b.file} (load ${load()})`);
    await new Promise((r) => setTimeout(r, writeSeconds * 1000));
    // The disaster: the primary's machine is gone; only the backup folder (another disk) is left.
    const lastCommitted = { id: writer.state.lastId, at: writer.state.lastAt };
    killMachine(primary.child);
    await writer.stop();
    console.log(`writer: ${writer.state.commits} commits over ${writeSeconds} s after the backup, last id ${lastCommitted.id}; primary SIGKILLed; WAL archived ${mb(archivedWalBytes(backupDir))}`);

    const tRestore = Date.now();
    restored = await restoreToTime({ backupDir, dataDir: path.join(ROOT, 'restored'), port: await freePort(), targetTime: null });
    const { env } = await import('../../server/kernel/env');
    Object.assign(env, { DATABASE_URL: restored.url, SEARCH_ENGINE: 'postgres', DATABASE_READ_URL: undefined });
    const { checkReadiness } = await import('../../server/health/readiness');
    const { closeDb } = await import('../../server/kernel/db');
    const ready = await checkReadiness();
    await closeDb();
    const rto = Date.now() - tRestore;
    const c = new pg.Client({ connectionString: restored.url });
    await c.connect();
    const [{ id, at }] = (await c.query<{ id: string | null; at: Date | null }>(`SELECT max(id)::text AS id, max(at) AS at FROM drill_write`)).rows;
    await c.end();
    const after = await countRows(restored.url);
    const same = Object.keys(source).every((t) => source[t] === after[t]);
    const lostRows = lastCommitted.id - Number(id ?? 0);
    const gapMs = at ? lastCommitted.at - at.getTime() : NaN;
    console.log(
      `restore (RTO): ${s(rto)} = unpack ${s(restored.unpackMs)} + replay and promotion ${s(restored.replayMs)} + readiness; readiness ${ready.Status}${ready.Reason ? ` (${ready.Reason})` : ''}`,
    );
    console.log(`recovery point (RPO): ${lostRows} committed rows not restored, the newest restored ${s(Math.max(0, gapMs))} before the last commit (bound ${ARCHIVE_TIMEOUT_S} s)`);
    console.log(`counts of the user tables equal to the source's: ${same ? 'yes' : `no ${JSON.stringify({ source, after })}`}; load ${load()}`);
  } catch (e) {
    console.log(`recovery bench stopped: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await restored?.stop().catch(() => {});
    if (primary) await stopPostgres(primary.child).catch(() => {});
    if (sourceDir && sourceTouched) await tidySource(sourceDir, sourcePort).catch((e) => console.log(`the source cluster was not tidied: ${String(e)}`));
    if (existsSync(ROOT) && process.env.BENCH_RECOVERY_KEEP !== '1') rmSync(ROOT, { recursive: true, force: true });
  }
}

/**
 * Puts a shared source cluster back as the drill found it: one start (crash recovery of the kill,
 * wal_level=replica as its WAL was written), the drill table dropped, a checkpoint, a clean stop.
 * Its next start with its own settings (wal_level=minimal) then begins from a clean shutdown.
 */
async function tidySource(dataDir: string, port: number): Promise<void> {
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/radarfirme`;
  const server = await startPostgres(dataDir, port, url, ['-c', 'wal_level=replica', '-c', 'max_wal_senders=0', '-c', 'archive_mode=off']);
  try {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('DROP TABLE IF EXISTS drill_write');
    await c.query('CHECKPOINT');
    await c.end();
  } finally {
    await stopPostgres(server.child, 300_000);
  }
  console.log(`source cluster ${dataDir}: drill table dropped, stopped cleanly`);
}
