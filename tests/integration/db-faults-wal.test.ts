// The database's WAL disk really full (issue 51, decision 118), on a real PostgreSQL whose pg_wal
// lives on a 64 MB tmpfs mounted here (initdb -X, as a volume of its own would be), filled by a
// ballast file. A write that needs a new WAL segment makes its backend PANIC; the crash recovery
// cannot start a segment either, and PostgreSQL shuts down. The app says so (log line, the gauge
// radarfirme_db_fault{fault="wal-disk-full"}, readiness not-ready with the fault listed); the
// supervisor of the embedded default (scripts/db/supervise.ts) keeps trying to start it; once the
// ballast is gone it starts, the app's pools reconnect and the fault clears, with no restart of the app.
import { mkdirSync, mkdtempSync, chmodSync, rmSync } from 'node:fs';
import path from 'node:path';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import { createDatabase, initCluster, startPostgres, stopPostgres } from '@/scripts/db/backup-core';
import { superviseServer, type Supervisor } from '@/scripts/db/supervise';
import { freePort } from '@/scripts/db/test-cluster';
import { checkReadiness, resetReadinessForTest } from '@/server/health/readiness';
import { closeDb, sql } from '@/server/kernel/db';
import { isDiskFullError, resetFaultsForTest } from '@/server/kernel/db-faults';
import { env } from '@/server/kernel/env';
import { ensurePeerKey, PEER_HEADER } from '@/server/kernel/front-bridge.mjs';
import { call } from './support/auth';
import { markMigrationsApplied } from './support/primary-replica';
import { mountSmallDisk, type SmallDisk } from './support/small-disk';

jest.setTimeout(120_000);

const RESTART_EVERY_MS = 1_000;

const base = mkdtempSync('/var/tmp/radarfirme-db-faults-wal-');
chmodSync(base, 0o755); // postgres (its own user when we are root) must traverse it
const walDisk = path.join(base, 'wal-disk');
mkdirSync(walDisk);
const smallDisk = mountSmallDisk(walDisk, 64);
const mountRefused = typeof smallDisk === 'string' ? smallDisk : null;
if (mountRefused) console.warn(`[db-faults-wal] the WAL-disk-full test is SKIPPED: a small tmpfs cannot be mounted here (${mountRefused}); it needs root with CAP_SYS_ADMIN`);
const testWalFull = mountRefused ? test.skip : test;

let supervisor: Supervisor | null = null;
const saved = { url: env.DATABASE_URL, read: env.DATABASE_READ_URL, engine: env.SEARCH_ENGINE };
const errors = jest.spyOn(console, 'error');
const logs = jest.spyOn(console, 'log');
const supervisorLog: string[] = [];

beforeAll(async () => {
  if (mountRefused) return;
  const dataDir = path.join(base, 'pg');
  initCluster(dataDir, { walDir: path.join(walDisk, 'pg_wal') });
  const port = await freePort();
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
  // Segments are not kept for reuse beyond the first: every new one needs new space on the disk.
  const flags = ['-c', 'fsync=off', '-c', 'min_wal_size=32MB', '-c', 'max_wal_size=32MB'];
  const first = await startPostgres(dataDir, port, adminUrl, flags);
  supervisor = superviseServer({
    first: first.child,
    start: async () => (await startPostgres(dataDir, port, adminUrl, flags, 20_000)).child,
    everyMs: RESTART_EVERY_MS,
    log: (line) => supervisorLog.push(line),
  });
  const url = await createDatabase(adminUrl);
  await markMigrationsApplied(url);
  await closeDb();
  Object.assign(env, { DATABASE_URL: url, DATABASE_READ_URL: undefined, SEARCH_ENGINE: 'postgres' });
  resetReadinessForTest();
  resetFaultsForTest();
  await sql(`CREATE TABLE wal_write (id bigserial PRIMARY KEY, body text NOT NULL)`);
});

afterAll(async () => {
  await closeDb();
  Object.assign(env, { DATABASE_URL: saved.url, DATABASE_READ_URL: saved.read, SEARCH_ENGINE: saved.engine });
  resetReadinessForTest();
  resetFaultsForTest();
  if (typeof smallDisk !== 'string') smallDisk.free();
  await supervisor?.stop();
  if (supervisor) await stopPostgres(supervisor.current());
  if (typeof smallDisk !== 'string') smallDisk.unmount();
  rmSync(base, { recursive: true, force: true });
  errors.mockRestore();
  logs.mockRestore();
});

const peer = { [PEER_HEADER]: `${ensurePeerKey()} 127.0.0.1` };
async function faultGauge(fault: string): Promise<number> {
  const res = await call(metricsRoute, '/api/metrics', { ip: '127.0.0.1', headers: peer });
  expect(res.status).toBe(200);
  const m = new RegExp(`^radarfirme_db_fault\\{fault="${fault}"\\} (\\d+)$`, 'm').exec(String(res.body));
  expect(m).not.toBeNull();
  return Number(m![1]);
}
const logged = (spy: jest.SpyInstance, re: RegExp) => spy.mock.calls.some((c) => re.test(String(c[0])));

async function until(cond: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return cond();
}

/** About 20 MB of WAL (20,000 rows of 1,000 characters): more than the segment in use can hold. */
const writeTwentyMegabytes = () => sql(`INSERT INTO wal_write (body) SELECT repeat(md5(g::text), 31) FROM generate_series(1, 20000) g`);

testWalFull('the WAL disk full: PostgreSQL stops, log line, metric, readiness; space back, it is started again and the app carries on by itself', async () => {
  await sql(`INSERT INTO wal_write (body) VALUES ('before')`);
  expect((await checkReadiness()).Status).toBe('ready');
  const full = smallDisk as SmallDisk;
  full.fill();

  const refused = await writeTwentyMegabytes().then(() => null, (e: unknown) => e);
  expect(isDiskFullError(refused)).toBe(true);
  expect(String((refused as Error).message)).toMatch(/pg_wal|log file/);
  expect(logged(errors, /discul WAL al bazei de date \(pg_wal\) este plin/)).toBe(true);

  // PostgreSQL itself is down, and stays down while the disk is full: every restart is refused.
  expect(await until(async () => (await checkReadiness()).Reason === 'database-unreachable', 10_000)).toBe(true);
  await new Promise((r) => setTimeout(r, RESTART_EVERY_MS * 3));
  const during = await checkReadiness();
  expect(during).toMatchObject({ Status: 'not-ready', Reason: 'database-unreachable', Database: false });
  expect(during.Faults.map((f) => f.Fault)).toContain('wal-disk-full');
  expect(await faultGauge('wal-disk-full')).toBe(1);
  expect(supervisor!.restarts()).toBe(0);
  expect(supervisorLog.some((l) => /PostgreSQL s-a oprit singur/.test(l))).toBe(true);

  full.free();
  // The supervisor's next try starts it; the pools connect again on their own.
  expect(await until(async () => (await checkReadiness()).Status === 'ready', 30_000)).toBe(true);
  // The app may reach the server a moment before the supervisor's own start check returns.
  expect(await until(async () => supervisor!.restarts() === 1, 10_000)).toBe(true);
  expect(supervisorLog.some((l) => /PostgreSQL pornit din nou/.test(l))).toBe(true);
  expect((await checkReadiness()).Faults.map((f) => f.Fault)).not.toContain('wal-disk-full');
  expect(logged(logs, /baza de date răspunde din nou după discul WAL plin/)).toBe(true);
  expect(await faultGauge('wal-disk-full')).toBe(0);
  // Nothing committed before is lost, and writes that need new segments pass again.
  expect((await sql<{ body: string }>(`SELECT body FROM wal_write WHERE body = 'before'`)).length).toBe(1);
  await writeTwentyMegabytes();
});
