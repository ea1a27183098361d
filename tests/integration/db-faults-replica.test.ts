// The network to the read replica cut (issue 51, decision 110), on a real primary and streaming
// replica with two TCP proxies the test controls: the app reaches the replica through one
// (DATABASE_READ_URL), the replica reaches the primary through the other (primary_conninfo).
//  - app → replica cut: public reads go to the primary (nothing fails), one log line, the metric
//    and readiness say replica-unreachable; mended, reads go back to the replica by themselves;
//  - replica → primary cut: the replica answers but falls behind: replica-not-streaming, and the
//    primary's own view (replicas_streaming) drops to 0; mended, the replica streams again.
import pg from 'pg';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import { checkReadiness, resetReadinessForTest } from '@/server/health/readiness';
import { closeDb, readSql } from '@/server/kernel/db';
import { FAULT_PROBE_MS, resetFaultsForTest } from '@/server/kernel/db-faults';
import { forgetReplicaProbeForTest, refreshDbFaults } from '@/server/kernel/durability';
import { env } from '@/server/kernel/env';
import { ensurePeerKey, PEER_HEADER } from '@/server/kernel/front-bridge.mjs';
import { call } from './support/auth';
import { startPrimaryAndReplica, type PrimaryAndReplica } from './support/primary-replica';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

jest.setTimeout(180_000);

let pair: PrimaryAndReplica | null = null;
let toReplica: TcpProxy;
let toPrimary: TcpProxy;
let primaryPort = 0;
let replicaPort = 0;
const saved = { url: env.DATABASE_URL, read: env.DATABASE_READ_URL, engine: env.SEARCH_ENGINE };
const errors = jest.spyOn(console, 'error');
const logs = jest.spyOn(console, 'log');

async function onReplica<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${replicaPort}/radarfirme` });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const receiverPort = () => onReplica(async (c) => (await c.query<{ port: number | null }>(`SELECT (SELECT sender_port FROM pg_stat_wal_receiver WHERE status = 'streaming') AS port`)).rows[0].port);

async function until(cond: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return cond();
}

beforeAll(async () => {
  pair = await startPrimaryAndReplica({ name: 'db-faults-replica', prepare: 'migrations-record' });
  ({ primaryPort, replicaPort } = pair);
  const url = pair.primaryUrl;
  toReplica = await startTcpProxy(replicaPort);
  toPrimary = await startTcpProxy(primaryPort);
  // The replica streams through the second proxy from now on (primary_conninfo is reloadable), and
  // retries a lost primary every second instead of five.
  await onReplica(async (r) => {
    const [{ conninfo }] = (await r.query<{ conninfo: string }>(`SELECT current_setting('primary_conninfo') AS conninfo`)).rows;
    await r.query(`ALTER SYSTEM SET primary_conninfo = '${conninfo.replace(/port=\d+/, `port=${toPrimary.port}`).replace(/'/g, "''")}'`);
    await r.query(`ALTER SYSTEM SET wal_retrieve_retry_interval = '1s'`);
    await r.query(`SELECT pg_reload_conf()`);
  });
  expect(await until(async () => (await receiverPort()) === toPrimary.port, 30_000)).toBe(true);
  await closeDb();
  Object.assign(env, { DATABASE_URL: url, DATABASE_READ_URL: toReplica.url('radarfirme'), SEARCH_ENGINE: 'postgres' });
  resetReadinessForTest();
  resetFaultsForTest();
});

afterAll(async () => {
  await closeDb();
  Object.assign(env, { DATABASE_URL: saved.url, DATABASE_READ_URL: saved.read, SEARCH_ENGINE: saved.engine });
  resetReadinessForTest();
  resetFaultsForTest();
  await toReplica?.close();
  await toPrimary?.close();
  await pair?.stop();
  errors.mockRestore();
  logs.mockRestore();
});

const peer = { [PEER_HEADER]: `${ensurePeerKey()} 127.0.0.1` };
async function metricsText(): Promise<string> {
  forgetReplicaProbeForTest();
  const res = await call(metricsRoute, '/api/metrics', { ip: '127.0.0.1', headers: peer });
  expect(res.status).toBe(200);
  return String(res.body);
}
const gauge = (text: string, fault: string) => Number(new RegExp(`^radarfirme_db_fault\\{fault="${fault}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
const fallbacks = (text: string) => Number(/^radarfirme_db_fault_total\{fault="replica-unreachable",event="fallback"\} (\d+)$/m.exec(text)?.[1] ?? 0);
const faultsInReadiness = async () => {
  forgetReplicaProbeForTest();
  return (await checkReadiness()).Faults.map((f) => f.Fault);
};
const logged = (spy: jest.SpyInstance, re: RegExp) => spy.mock.calls.some((c) => re.test(String(c[0])));
const servedBy = async () => (await readSql<{ port: number }>(`SELECT current_setting('port')::int AS port`))[0].port;

test('the app cut off from the replica: reads go to the primary, log line, metric, readiness; reconnected, back to the replica', async () => {
  expect(await servedBy()).toBe(replicaPort);
  expect(await faultsInReadiness()).toEqual([]);

  await toReplica.cut();
  // Not one read fails: the first finds the replica gone and is answered by the primary.
  const during: number[] = [];
  for (let i = 0; i < 20; i++) during.push(await servedBy());
  expect(during.every((p) => p === primaryPort)).toBe(true);
  expect(logged(errors, /replica de citire nu răspunde/)).toBe(true);
  const ready = await checkReadiness();
  expect(ready.Status).toBe('ready');
  expect(ready.Faults.map((f) => f.Fault)).toContain('replica-unreachable');
  const text = await metricsText();
  expect(gauge(text, 'replica-unreachable')).toBe(1);
  expect(fallbacks(text)).toBeGreaterThanOrEqual(20);

  await toReplica.mend();
  // No restart: the next probe (at most FAULT_PROBE_MS after the last) finds it and reads return to it.
  expect(await until(async () => (await servedBy()) === replicaPort, FAULT_PROBE_MS * 3)).toBe(true);
  expect(logged(logs, /replica de citire răspunde din nou/)).toBe(true);
  expect(await faultsInReadiness()).not.toContain('replica-unreachable');
  expect(gauge(await metricsText(), 'replica-unreachable')).toBe(0);
});

test('the replica cut off from the primary: replica-not-streaming and no replica streaming; reconnected, it streams again', async () => {
  expect((await refreshDbFaults())?.replicasStreaming).toBe(1);
  await toPrimary.cut();
  expect(await until(async () => (await faultsInReadiness()).includes('replica-not-streaming'), 20_000)).toBe(true);
  expect(logged(errors, /nu mai primește WAL de la primar/)).toBe(true);
  // The primary's own view follows when its WAL sender notices the cut (a moment after the replica).
  const streaming = async (n: number) => (await refreshDbFaults())?.replicasStreaming === n;
  expect(await until(() => streaming(0), 20_000)).toBe(true);
  const text = await metricsText();
  expect(gauge(text, 'replica-not-streaming')).toBe(1);
  expect(gauge(text, 'replica-unreachable')).toBe(0);
  // Reads still go to the replica: it answers, only late (the lag gauge tells by how much).
  expect(await servedBy()).toBe(replicaPort);

  await toPrimary.mend();
  expect(await until(async () => !(await faultsInReadiness()).includes('replica-not-streaming'), 30_000)).toBe(true);
  expect(logged(logs, /primește din nou WAL de la primar/)).toBe(true);
  // The WAL sender reports 'streaming' once the replica has caught up (it may say 'catchup' first).
  expect(await until(() => streaming(1), 20_000)).toBe(true);
  expect(gauge(await metricsText(), 'replica-not-streaming')).toBe(0);
});
