// Faults of the database that leave the app running (issue 51, decision 110), on a real PostgreSQL:
//  - its disk full: the database lives in a tablespace on a small tmpfs (mounted here: the tests run
//    as root in CI), filled by a ballast file; the WAL stays on the big disk, as it would on its
//    own volume (a full WAL disk stops PostgreSQL itself: readiness then says database-unreachable);
//  - the WAL archive unreachable: its folder made unwritable, then writable again.
// Each gives one log line, the metric radarfirme_db_fault{fault} on /api/metrics and an entry in
// readiness' Faults, and ends by itself when the cause is removed, without a restart.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import { archiveFlags, createDatabase, initCluster, prepareBackupDir, startPostgres, stopPostgres } from '@/scripts/db/backup-core';
import { freePort } from '@/scripts/db/test-cluster';
import { checkReadiness, resetReadinessForTest } from '@/server/health/readiness';
import { closeDb, prisma, sql } from '@/server/kernel/db';
import { FAULT_PROBE_MS, isDiskFullError, resetFaultsForTest } from '@/server/kernel/db-faults';
import { env } from '@/server/kernel/env';
import { ensurePeerKey, PEER_HEADER } from '@/server/kernel/front-bridge.mjs';
import { call } from './support/auth';
import { markMigrationsApplied } from './support/primary-replica';
import { mountSmallDisk, type SmallDisk } from './support/small-disk';

jest.setTimeout(180_000);

const base = mkdtempSync('/var/tmp/radarfirme-db-faults-');
chmodSync(base, 0o755); // postgres (its own user when we are root) must traverse it
const disk = path.join(base, 'disk');
mkdirSync(disk);

// A 48 MB tmpfs for the database's files.
const smallDisk = mountSmallDisk(disk, 48);
const mountRefused = typeof smallDisk === 'string' ? smallDisk : null;
if (mountRefused) console.warn(`[db-faults] the disk-full test is SKIPPED: a small tmpfs cannot be mounted here (${mountRefused}); it needs root with CAP_SYS_ADMIN`);
const testDiskFull = mountRefused ? test.skip : test;

let server: Awaited<ReturnType<typeof startPostgres>> | null = null;
let url = '';
const backupDir = path.join(base, 'backup');
const saved = { url: env.DATABASE_URL, read: env.DATABASE_READ_URL, engine: env.SEARCH_ENGINE };
const errors = jest.spyOn(console, 'error');
const logs = jest.spyOn(console, 'log');

beforeAll(async () => {
  initCluster(path.join(base, 'pg'));
  prepareBackupDir(backupDir);
  const port = await freePort();
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
  server = await startPostgres(path.join(base, 'pg'), port, adminUrl, ['-c', 'fsync=off', ...archiveFlags(backupDir)]);
  const pgClient = new (await import('pg')).default.Client({ connectionString: adminUrl });
  await pgClient.connect();
  await pgClient.query(`CREATE TABLESPACE small_disk LOCATION '${disk}'`);
  await pgClient.end();
  url = await createDatabase(adminUrl, 'radarfirme_faults');
  const c = new (await import('pg')).default.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`ALTER DATABASE radarfirme_faults SET TABLESPACE small_disk`);
  await c.end();
  await markMigrationsApplied(url);
  await closeDb();
  Object.assign(env, { DATABASE_URL: url, DATABASE_READ_URL: undefined, SEARCH_ENGINE: 'postgres' });
  resetReadinessForTest();
  resetFaultsForTest();
  await sql(`CREATE TABLE fault_write (id bigserial PRIMARY KEY, body text NOT NULL)`);
});

afterAll(async () => {
  await closeDb();
  Object.assign(env, { DATABASE_URL: saved.url, DATABASE_READ_URL: saved.read, SEARCH_ENGINE: saved.engine });
  resetReadinessForTest();
  resetFaultsForTest();
  if (server) await stopPostgres(server.child);
  if (typeof smallDisk !== 'string') smallDisk.unmount();
  rmSync(base, { recursive: true, force: true });
  errors.mockRestore();
  logs.mockRestore();
});

const peer = { [PEER_HEADER]: `${ensurePeerKey()} 127.0.0.1` };
async function faultMetric(fault: string): Promise<number> {
  const res = await call(metricsRoute, '/api/metrics', { ip: '127.0.0.1', headers: peer });
  expect(res.status).toBe(200);
  const m = new RegExp(`^radarfirme_db_fault\\{fault="${fault}"\\} (\\d+)$`, 'm').exec(String(res.body));
  expect(m).not.toBeNull();
  return Number(m![1]);
}
const faultsInReadiness = async () => (await checkReadiness()).Faults.map((f) => f.Fault);
const logged = (spy: jest.SpyInstance, re: RegExp) => spy.mock.calls.some((c) => re.test(String(c[0])));

/** 1,000 rows of 1,000 characters (uncompressed, ~1 MB): needs new pages, so new space on the disk. */
const writeAMegabyte = () => sql(`INSERT INTO fault_write (body) SELECT repeat(md5(g::text), 31) FROM generate_series(1, 1000) g`);

async function until(cond: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return cond();
}

testDiskFull('the disk full: writes refused with 53100, log line, metric, readiness; space back, it mends by itself', async () => {
  await writeAMegabyte();
  expect(await faultsInReadiness()).toEqual([]);
  const full = smallDisk as SmallDisk;
  full.fill();

  const refused = await writeAMegabyte().then(() => null, (e: unknown) => e);
  expect((refused as { code?: string })?.code).toBe('53100');
  expect(logged(errors, /discul bazei de date este plin/)).toBe(true);
  // The same fault through Prisma (the route wrapper maps it to 503 with isDiskFullError).
  const viaPrisma = await prisma.$executeRawUnsafe(`INSERT INTO fault_write (body) SELECT repeat(md5(g::text), 31) FROM generate_series(1, 1000) g`).then(() => null, (e: unknown) => e);
  expect(viaPrisma).not.toBeNull();
  expect(isDiskFullError(viaPrisma)).toBe(true);
  // Reads go on, and the instance stays ready: the fault is listed, not a reason to leave the balancer.
  expect((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM fault_write`))[0].n).toBe(1000);
  const during = await checkReadiness();
  expect(during.Status).toBe('ready');
  expect(during.Faults.map((f) => f.Fault)).toContain('disk-full');
  expect(await faultMetric('disk-full')).toBe(1);

  // Still full after a probe period: the probe's own write is refused, the fault holds.
  await new Promise((r) => setTimeout(r, FAULT_PROBE_MS + 100));
  expect(await faultsInReadiness()).toContain('disk-full');

  full.free();
  expect(await until(async () => !(await faultsInReadiness()).includes('disk-full'), FAULT_PROBE_MS * 3)).toBe(true);
  expect(logged(logs, /discul bazei de date are din nou loc/)).toBe(true);
  expect(await faultMetric('disk-full')).toBe(0);
  await writeAMegabyte();
});

test('the archive unreachable: log line, metric, readiness; reachable again, it mends by itself', async () => {
  const wal = path.join(backupDir, 'wal');
  const oneSegment = async () => {
    await sql(`INSERT INTO fault_write (body) VALUES ('x')`);
    await sql(`SELECT pg_switch_wal()`);
  };
  try {
    expect(await faultsInReadiness()).not.toContain('archive-failing');
    chmodSync(wal, 0o000); // the backup disk gone: nothing can be written into the archive folder
    await oneSegment();
    expect(await until(async () => (await faultsInReadiness()).includes('archive-failing'), 20_000)).toBe(true);
    expect(logged(errors, /arhivarea WAL eșuează/)).toBe(true);
    expect(await faultMetric('archive-failing')).toBe(1);
    expect((await checkReadiness()).Status).toBe('ready');

    chmodSync(wal, 0o700);
    // PostgreSQL's archiver retries at its next wake-up (a finished segment wakes it at once).
    await oneSegment();
    expect(await until(async () => !(await faultsInReadiness()).includes('archive-failing'), 60_000)).toBe(true);
    expect(logged(logs, /arhivarea WAL merge din nou/)).toBe(true);
    expect(await faultMetric('archive-failing')).toBe(0);
  } finally {
    chmodSync(wal, 0o700);
  }
});
