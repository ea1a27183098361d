// A real streaming replica of the test cluster on loopback (scripts/db/replica.ts; issue 32,
// decision 050): with DATABASE_READ_URL set, anonymous company pages read the replica and a
// signed-in viewer the primary (their own writes show at once); the search copy loads from the
// replica and its cursor (the standby's snapshot) still lets the sync apply exactly what the
// replica had not replayed. The replica's replay is paused to make its delay visible. The app
// reaches the replica through a TCP proxy the test can cut (decision 110): the search copy's load
// then reads the primary, whether the replica is gone before the load or in the middle of its COPY.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '@/scripts/db/test-cluster';
import { startReplica, type ReplicaHandle } from '@/scripts/db/replica';
import { closeDb, sql } from '@/server/kernel/db';
import { currentFaults, resetFaultsForTest } from '@/server/kernel/db-faults';
import { forgetReplicaProbeForTest, refreshDbFaults } from '@/server/kernel/durability';
import { metricsRegistry } from '@/server/kernel/counters';
import { env } from '@/server/kernel/env';
import { getCompanyDetails } from '@/server/company/queries';
import { engineStatus, reloadEngine, setSearchEngineEnabled, stopSearchEngine, waitForEngine } from '@/server/search/engine';
import { engineSees } from './support/search-engine';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { createCompany } from '../factories/companies';
import { createUser } from '../factories/users';

jest.setTimeout(180_000);

let replica: ReplicaHandle;
let base = '';
let standby: pg.Client;
let toReplica: TcpProxy;
const savedReadUrl = env.DATABASE_READ_URL;

beforeAll(async () => {
  base = mkdtempSync('/var/tmp/rf-replica-test-');
  chmodSync(base, 0o755); // postgres (its own user when we are root) must traverse it
  const t = Date.now();
  replica = await startReplica({ primaryUrl: process.env.DATABASE_URL!, dataDir: path.join(base, 'pg'), port: await freePort() });
  console.log(`[replica] started and caught up in ${Date.now() - t} ms`);
  standby = new pg.Client({ connectionString: replica.url });
  standby.on('error', () => {});
  await standby.connect();
  toReplica = await startTcpProxy(Number(new URL(replica.url).port));
  await closeDb();
  env.DATABASE_READ_URL = toReplica.url(new URL(replica.url).pathname.slice(1));
  resetFaultsForTest();
});

afterAll(async () => {
  await stopSearchEngine();
  setSearchEngineEnabled(null);
  await standby?.query('SELECT pg_wal_replay_resume()').catch(() => {});
  await standby?.end();
  await closeDb();
  env.DATABASE_READ_URL = savedReadUrl;
  resetFaultsForTest();
  await toReplica?.close();
  await replica?.stop();
  if (base) rmSync(base, { recursive: true, force: true });
});

test('the replica is a hot standby that replays the primary', async () => {
  expect((await standby.query('SELECT pg_is_in_recovery() AS r')).rows[0].r).toBe(true);
  const company = await createCompany({ name: 'REPLICA VEDE SRL' });
  await replica.waitForCatchUp();
  expect((await standby.query('SELECT name FROM company WHERE cui = $1', [company.cui])).rows).toEqual([{ name: 'REPLICA VEDE SRL' }]);
  await expect(standby.query(`UPDATE company SET employees = 1 WHERE cui = $1`, [company.cui])).rejects.toThrow(/read-only/);
});

test('anonymous company pages read the replica; a signed-in viewer reads the primary (own writes)', async () => {
  const company = await createCompany({ name: 'REPLICA INTARZIATA SRL', employees: 3 });
  const viewer = await createUser({});
  await replica.waitForCatchUp();
  await standby.query('SELECT pg_wal_replay_pause()');
  try {
    await sql('UPDATE company SET employees = 44 WHERE cui = $1', [company.cui]);
    expect((await getCompanyDetails(company.cui, null)).AverageNumberOfEmployees).toBe(3); // the replica, behind
    expect((await getCompanyDetails(company.cui, viewer.id)).AverageNumberOfEmployees).toBe(44); // the primary
  } finally {
    await standby.query('SELECT pg_wal_replay_resume()');
  }
  await replica.waitForCatchUp();
  expect((await getCompanyDetails(company.cui, null)).AverageNumberOfEmployees).toBe(44);
});

test('the search index is built from the replica and the sync reads what the replica had not replayed', async () => {
  setSearchEngineEnabled(true);
  expect(await waitForEngine()).toBe(true);
  const company = await createCompany({ name: 'REPLICA MOTOR SRL', employees: 5 });
  await replica.waitForCatchUp();
  await standby.query('SELECT pg_wal_replay_pause()');
  try {
    await sql('UPDATE company SET employees = 55 WHERE cui = $1', [company.cui]); // logged, not replayed
    await reloadEngine();
    const status = await engineStatus();
    expect(status.loads.at(-1)?.source).toBe('replica');
    // The build read the primary's change log from the standby snapshot's horizon before answering:
    // the company is among the changed ones, matched on the primary.
    expect(await engineSees(company.cui, 55)).toBe(true);
    expect(await engineSees(company.cui, 5)).toBe(false);
  } finally {
    await standby.query('SELECT pg_wal_replay_resume()');
  }
});

const replicaFallbacks = async () => {
  const m = await metricsRegistry().getSingleMetric('radarfirme_db_fault_total')?.get();
  return (m?.values ?? []).filter((v) => v.labels.fault === 'replica-unreachable' && v.labels.event === 'fallback').reduce((n, v) => n + v.value, 0);
};
const faultNames = () => currentFaults().map((f) => f.fault);

test('the replica unreachable before a load: the index loads from the primary, the fault is raised; reachable again, loads return to it', async () => {
  setSearchEngineEnabled(true);
  expect(await waitForEngine()).toBe(true);
  expect(faultNames()).toEqual([]);
  const before = await replicaFallbacks();
  await toReplica.cut();
  try {
    await reloadEngine();
    let status = await engineStatus();
    expect(status.loads.at(-1)?.source).toBe('primary');
    expect(status.error).toBeNull();
    expect(faultNames()).toContain('replica-unreachable');
    expect(await replicaFallbacks()).toBe(before + 1);
    // While the fault holds the replica is not tried again: no 3 s connect timeout per load.
    const t0 = Date.now();
    await reloadEngine();
    status = await engineStatus();
    expect(status.loads.at(-1)?.source).toBe('primary');
    expect(await replicaFallbacks()).toBe(before + 2);
    console.log(`[replica] load from the primary while the replica is known unreachable: ${Date.now() - t0} ms`);
  } finally {
    await toReplica.mend();
  }
  // No restart: the probe (readiness, metrics) finds the replica again and the next load reads it.
  forgetReplicaProbeForTest();
  await refreshDbFaults();
  expect(faultNames()).not.toContain('replica-unreachable');
  await reloadEngine();
  expect((await engineStatus()).loads.at(-1)?.source).toBe('replica');
});

test('the replica lost in the middle of the COPY: the same load is read again from the primary at once', async () => {
  setSearchEngineEnabled(true);
  expect(await waitForEngine()).toBe(true);
  const company = await createCompany({ name: 'REPLICA TAIATA SRL', employees: 7 });
  await replica.waitForCatchUp();
  const loadsBefore = (await engineStatus()).loadsCompleted;
  // The snapshot's first statements are a few hundred bytes; the COPY of the demo set is far more.
  const cut = toReplica.cutAfterBytes(16_384);
  try {
    await reloadEngine();
    await cut;
    const status = await engineStatus();
    expect(status.error).toBeNull();
    expect(status.loadsCompleted).toBe(loadsBefore + 1);
    expect(status.loads.at(-1)?.source).toBe('primary');
    expect(faultNames()).toContain('replica-unreachable');
    expect(await engineSees(company.cui, 7)).toBe(true);
  } finally {
    await toReplica.mend();
    forgetReplicaProbeForTest();
    await refreshDbFaults();
  }
});
