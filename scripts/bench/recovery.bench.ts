// `npm run bench -- recovery`: the restore drill of decision 102 on a cluster of its own (in
// /var/tmp/radarfirme-recovery-bench, never the shared benchmark databases): a company set loaded
// by the large-set generator (BENCH_RECOVERY_COMPANIES, default 200,000: the 1M benchmark set runs
// with wal_level=minimal and cannot be archived), then continuous WAL archiving, a base backup taken
// while a writer commits one row at a time, the primary SIGKILLed as if its disk were lost, and a
// restore of everything archived into a new data folder. Prints the backup's time and size, the
// restore time (RTO: unpack, WAL replay and promotion, readiness) and the recovery point (RPO: the
// last committed write against the newest one restored), with the machine's load. Never fails.
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

const ROOT = '/var/tmp/radarfirme-recovery-bench';
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

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
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  chmodSync(ROOT, 0o755);
  const dataDir = path.join(ROOT, 'pg');
  const backupDir = path.join(ROOT, 'backup');
  let primary: Awaited<ReturnType<typeof startPostgres>> | null = null;
  let restored: Awaited<ReturnType<typeof restoreToTime>> | null = null;
  try {
    console.log(`set: ${companies.toLocaleString('ro-RO')} companies × 6 years generated here (the 1M benchmark set has wal_level=minimal); load ${load()}`);
    initCluster(dataDir);
    const port = await freePort();
    const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
    // The load first, without archiving (gigabytes of WAL nobody restores), then a restart with it.
    primary = await startPostgres(dataDir, port, adminUrl, ['-c', 'shared_buffers=1GB', '-c', 'max_wal_size=4GB', '-c', 'fsync=off']);
    const url = await createDatabase(adminUrl);
    const t0 = Date.now();
    const { migrate } = await import('../db/migrate');
    await migrate(url);
    const { loadLargeDataset } = await import('../data/large');
    await loadLargeDataset(url, { companies, quiet: true });
    console.log(`loaded in ${s(Date.now() - t0)}`);
    await stopPostgres(primary.child);
    prepareBackupDir(backupDir);
    primary = await startPostgres(dataDir, port, url, ['-c', 'shared_buffers=1GB', '-c', 'max_wal_size=4GB', ...archiveFlags(backupDir)]);
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query(`CREATE TABLE drill_write (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT clock_timestamp())`);
    const [{ size }] = (await admin.query<{ size: string }>(`SELECT pg_database_size(current_database())::text AS size`)).rows;
    const source = await countRows(url);
    await admin.end();
    console.log(`database ${mb(Number(size))}; archive_timeout ${ARCHIVE_TIMEOUT_S} s`);

    const writer = startWriter(url);
    const b = await takeBaseBackup(url, backupDir);
    console.log(`base backup (while writing): ${s(b.ms)}, ${mb(b.bytes)} gzip (load ${load()})`);
    await new Promise((r) => setTimeout(r, writeSeconds * 1000));
    // The disaster: the primary's machine is gone; only the backup folder (another disk) is left.
    const lastCommitted = { id: writer.state.lastId, at: writer.state.lastAt };
    primary.child.kill('SIGKILL');
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
    if (existsSync(ROOT) && process.env.BENCH_RECOVERY_KEEP !== '1') rmSync(ROOT, { recursive: true, force: true });
  }
}
