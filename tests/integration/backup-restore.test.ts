// Continuous archiving and point-in-time recovery of an embedded cluster (issue 51, decision 102):
// a base backup taken while rows are written, then a restore into a NEW data folder up to a moment
// between two writes keeps exactly the rows committed before it; a restore to the end of the
// archive keeps them all; the retention drops the oldest backup and the WAL only it needed, and
// the newest backup still restores.
import { type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  archiveFlags,
  createDatabase,
  initCluster,
  listBaseBackups,
  prepareBackupDir,
  pruneBackups,
  restoreToTime,
  startPostgres,
  stopPostgres,
  takeBaseBackup,
} from '@/scripts/db/backup-core';
import { freePort } from '@/scripts/db/test-cluster';
import { readDurability } from '@/server/kernel/durability';

jest.setTimeout(120_000);

let base = '';
let backupDir = '';
let server: ChildProcess;
let url = '';
let client: pg.Client;

/** Forces the current WAL segment out and waits until the archiver has it (the RPO window closed by hand). */
async function flushArchive() {
  const [{ file }] = (await client.query<{ file: string }>(`SELECT pg_walfile_name(pg_switch_wal()) AS file`)).rows;
  for (let i = 0; i < 300; i++) {
    const [{ last }] = (await client.query<{ last: string | null }>(`SELECT last_archived_wal AS last FROM pg_stat_archiver`)).rows;
    if (last && last >= file) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`segment ${file} not archived within 30 s`);
}

const insertBatch = (label: string, n: number) =>
  client.query(`INSERT INTO note (label) SELECT $1 FROM generate_series(1, $2)`, [label, n]);

async function countByLabel(restoredUrl: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: restoredUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ label: string; n: number }>(`SELECT label, count(*)::int AS n FROM note GROUP BY label ORDER BY label`);
    return Object.fromEntries(rows.map((r) => [r.label, r.n]));
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  base = mkdtempSync('/var/tmp/radarfirme-recovery-test-');
  chmodSync(base, 0o755); // postgres (its own user when we are root) must traverse it
  backupDir = path.join(base, 'backup');
  initCluster(path.join(base, 'pg'));
  prepareBackupDir(backupDir);
  const port = await freePort();
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
  ({ child: server } = await startPostgres(path.join(base, 'pg'), port, adminUrl, ['-c', 'fsync=off', ...archiveFlags(backupDir)]));
  url = await createDatabase(adminUrl);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLE note (id bigserial PRIMARY KEY, label text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`);
});

afterAll(async () => {
  await client?.end().catch(() => {});
  if (server) await stopPostgres(server);
  if (base) rmSync(base, { recursive: true, force: true });
});

test('a restore to a moment keeps exactly what was committed before it; to the end, everything', async () => {
  await insertBatch('a-before-backup', 100);
  const backup = await takeBaseBackup(url, backupDir);
  expect(backup.bytes).toBeGreaterThan(0);
  expect(existsSync(path.join(backup.dir, 'backup_label'))).toBe(true);

  await insertBatch('b-after-backup', 50);
  const [{ t: target }] = (await client.query<{ t: Date }>(`SELECT clock_timestamp() AS t`)).rows;
  await insertBatch('c-after-target', 25);
  await flushArchive();

  const atTarget = await restoreToTime({ backupDir, dataDir: path.join(base, 'restored-at'), port: await freePort(), targetTime: target });
  try {
    expect(await countByLabel(atTarget.url)).toEqual({ 'a-before-backup': 100, 'b-after-backup': 50 });
    // Promoted: the restored cluster takes writes.
    const c = new pg.Client({ connectionString: atTarget.url });
    await c.connect();
    await c.query(`INSERT INTO note (label) VALUES ('after-restore')`);
    await c.end();
  } finally {
    await atTarget.stop();
  }

  const latest = await restoreToTime({ backupDir, dataDir: path.join(base, 'restored-latest'), port: await freePort(), targetTime: null });
  try {
    expect(await countByLabel(latest.url)).toEqual({ 'a-before-backup': 100, 'b-after-backup': 50, 'c-after-target': 25 });
  } finally {
    await latest.stop();
  }
});

test('a restore never writes into a folder that holds something', async () => {
  const taken = path.join(base, 'taken');
  mkdirSync(taken);
  writeFileSync(path.join(taken, 'PG_VERSION'), '18');
  await expect(restoreToTime({ backupDir, dataDir: taken, port: await freePort(), targetTime: null })).rejects.toThrow(
    /nu este gol/,
  );
});

test('retention keeps the newest backups and the WAL they need; the kept one restores', async () => {
  const before = listBaseBackups(backupDir).length;
  await insertBatch('d-before-second', 10);
  await flushArchive();
  const second = await takeBaseBackup(url, backupDir);
  await insertBatch('e-after-second', 5);
  await flushArchive();
  const walBefore = readdirSync(path.join(backupDir, 'wal')).length;

  const pruned = pruneBackups(backupDir, 1);
  expect(pruned.removedBackups).toHaveLength(before);
  expect(pruned.removedWalFiles).toBeGreaterThan(0);
  expect(readdirSync(path.join(backupDir, 'wal')).length).toBe(walBefore - pruned.removedWalFiles);
  expect(listBaseBackups(backupDir).map((b) => b.name)).toEqual([second.name]);
  // Nothing the kept backup needs is gone.
  expect(readdirSync(path.join(backupDir, 'wal')).some((f) => f.startsWith(second.startWalFile))).toBe(true);

  const restored = await restoreToTime({ backupDir, dataDir: path.join(base, 'restored-after-prune'), port: await freePort(), targetTime: null });
  try {
    const counts = await countByLabel(restored.url);
    expect(counts['d-before-second']).toBe(10);
    expect(counts['e-after-second']).toBe(5);
  } finally {
    await restored.stop();
  }
});

test('a target before the oldest kept backup is refused with the reason', async () => {
  await expect(
    restoreToTime({ backupDir, dataDir: path.join(base, 'restored-too-early'), port: await freePort(), targetTime: new Date(Date.now() - 86_400_000) }),
  ).rejects.toThrow(/nicio copie de bază terminată înainte de/);
});

test('an unreachable archive shows in the durability reading and a log line, and mends by itself', async () => {
  const query = async <T extends Record<string, unknown>>(text: string) => (await client.query<T>(text)).rows;
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  const logs = jest.spyOn(console, 'log').mockImplementation(() => {});
  const wal = path.join(backupDir, 'wal');
  try {
    expect((await readDurability(query)).archiveFailing).toBe(false);
    // The backup disk gone: nothing can be written into the archive folder.
    chmodSync(wal, 0o000);
    await insertBatch('f-archive-down', 3);
    await client.query('SELECT pg_switch_wal()');
    let broken = await readDurability(query);
    for (let i = 0; i < 100 && !broken.archiveFailing; i++) {
      await new Promise((r) => setTimeout(r, 100));
      broken = await readDurability(query);
    }
    expect(broken.archiveFailing).toBe(true);
    expect(broken.archiveFailedCount).toBeGreaterThan(0);
    expect(errors.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/arhivarea WAL eșuează/);

    // The disk back: PostgreSQL's archiver retries the same segment and catches up without help.
    chmodSync(wal, 0o700);
    // The archiver retries at its next wake-up: at most 60 s, or the next finished segment (any write).
    await insertBatch('g-archive-back', 3);
    await client.query('SELECT pg_switch_wal()');
    let mended = await readDurability(query);
    for (let i = 0; i < 200 && mended.archiveFailing; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mended = await readDurability(query);
    }
    expect(mended.archiveFailing).toBe(false);
    expect(logs.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/arhivarea WAL merge din nou/);
  } finally {
    chmodSync(wal, 0o700);
    errors.mockRestore();
    logs.mockRestore();
  }
});
