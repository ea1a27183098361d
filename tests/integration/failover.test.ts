// Failover of the database under load (issue 51, decision 103): a primary with a synchronous
// streaming replica, the app's pool on both hosts (DATABASE_URL in libpq's multi-host form with
// target_session_attrs=read-write), writers committing through it; the primary is SIGKILLed with
// its backends (a lost machine), the replica promoted as `npm run db:promote` does, and the same
// pool, never restarted, carries on against the new primary. Every write the pool acknowledged is
// on the new primary; the failed ones are at most the statements in flight at the kill.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import client from 'prom-client';
import { createDatabase, initCluster, startPostgres, stopPostgres } from '@/scripts/db/backup-core';
import { promoteStandby, startReplica, type ReplicaHandle } from '@/scripts/db/replica';
import { freePort } from '@/scripts/db/test-cluster';
import { closeDb, sql } from '@/server/kernel/db';
import { metricsRegistry } from '@/server/kernel/counters';
import { env } from '@/server/kernel/env';

jest.setTimeout(120_000);

let base = '';
let primary: ChildProcess;
let replica: ReplicaHandle;
let primaryUrl = '';
let primaryPort = 0;
const saved = { url: env.DATABASE_URL, wait: env.DATABASE_FAILOVER_WAIT_MS };

/** SIGKILL of the postmaster and of every backend it started: nothing gets to flush or say goodbye. */
function killMachine(child: ChildProcess) {
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

const switches = async () => {
  const m = (await metricsRegistry().getSingleMetric('radarfirme_db_connect_total')?.get()) as client.MetricObjectWithValues<client.MetricValue<string>> | undefined;
  return (m?.values ?? []).filter((v) => v.labels.outcome === 'switched').reduce((s, v) => s + v.value, 0);
};

beforeAll(async () => {
  base = mkdtempSync('/var/tmp/radarfirme-recovery-failover-');
  chmodSync(base, 0o755); // postgres (its own user when we are root) must traverse it
  initCluster(path.join(base, 'primary'));
  primaryPort = await freePort();
  const adminUrl = `postgresql://postgres:postgres@127.0.0.1:${primaryPort}/postgres`;
  ({ child: primary } = await startPostgres(path.join(base, 'primary'), primaryPort, adminUrl, ['-c', 'fsync=off']));
  primaryUrl = await createDatabase(adminUrl);
  const c = new pg.Client({ connectionString: primaryUrl });
  await c.connect();
  await c.query(`CREATE TABLE failover_write (id bigserial PRIMARY KEY, writer int NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`);
  const replicaPort = await freePort();
  replica = await startReplica({ primaryUrl, dataDir: path.join(base, 'replica'), port: replicaPort, slot: `rf_failover_${replicaPort}` });
  // Synchronous: a commit returns once the replica has it, so a promotion loses no acknowledged write.
  await c.query(`ALTER SYSTEM SET synchronous_standby_names = '"rf_failover_${replicaPort}"'`);
  await c.query(`SELECT pg_reload_conf()`);
  await c.end();
});

afterAll(async () => {
  await closeDb();
  env.DATABASE_URL = saved.url;
  env.DATABASE_FAILOVER_WAIT_MS = saved.wait;
  if (primary) await stopPostgres(primary);
  await replica?.stop().catch(() => {});
  if (base) rmSync(base, { recursive: true, force: true });
});

test('a pool naming the standby first still writes to the primary', async () => {
  await closeDb();
  env.DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${new URL(replica.url).port},127.0.0.1:${primaryPort}/radarfirme?target_session_attrs=read-write`;
  const rows = await sql<{ r: boolean; port: number }>(`SELECT pg_is_in_recovery() AS r, current_setting('port')::int AS port`);
  expect(rows).toEqual([{ r: false, port: primaryPort }]);
  await closeDb();
});

test('primary killed under load: the replica is promoted, the same pool carries on, nothing acknowledged is lost', async () => {
  env.DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${primaryPort},127.0.0.1:${new URL(replica.url).port}/radarfirme?target_session_attrs=read-write`;
  env.DATABASE_FAILOVER_WAIT_MS = 30_000;
  const switchesBefore = await switches();
  const acknowledged: number[] = [];
  const failures: string[] = [];
  let stop = false;
  let promotedAt = 0;
  let afterPromotion = 0;
  const WRITERS = 4;
  // A hard end: a pool that never comes back must fail the test, not spin after it.
  const hardEnd = Date.now() + 90_000;
  const writers = Array.from({ length: WRITERS }, async (_, w) => {
    while (!stop && Date.now() < hardEnd) {
      try {
        const [{ id }] = await sql<{ id: number }>(`INSERT INTO failover_write (writer) VALUES ($1) RETURNING id`, [w]);
        acknowledged.push(id);
        if (promotedAt) afterPromotion++;
      } catch (e) {
        failures.push(e instanceof Error ? e.message : String(e));
        await new Promise((r) => setTimeout(r, 10));
      }
    }
  });
  const until = async (cond: () => boolean) => {
    while (!cond() && Date.now() < hardEnd) await new Promise((r) => setTimeout(r, 20));
  };
  let beforeKill = 0;
  let promoted: { timeline: number; ms: number };
  try {
    await until(() => acknowledged.length >= 200);
    beforeKill = acknowledged.length;
    killMachine(primary);
    // The operator's (or a watchdog's) reaction time: the writers' connections wait meanwhile.
    await new Promise((r) => setTimeout(r, 500));
    promoted = await promoteStandby(replica.url);
    promotedAt = Date.now();
    await until(() => afterPromotion >= 200);
  } finally {
    stop = true;
    await Promise.all(writers);
  }
  expect(promoted.timeline).toBe(2);

  const c = new pg.Client({ connectionString: replica.url });
  await c.connect();
  const onNewPrimary = new Set((await c.query<{ id: string }>('SELECT id::text FROM failover_write')).rows.map((r) => Number(r.id)));
  await c.end();
  const lost = acknowledged.filter((id) => !onNewPrimary.has(id));
  console.log(
    `[failover] acknowledged ${acknowledged.length} (${beforeKill} before the kill, ${afterPromotion} after the promotion), failed ${failures.length}, promotion ${promoted.ms} ms`,
  );
  expect(lost).toEqual([]);
  // Only the statements in flight at the kill may fail; new ones wait for the promoted primary.
  expect(failures.length).toBeLessThanOrEqual(WRITERS);
  expect(afterPromotion).toBeGreaterThanOrEqual(200);
  expect(await switches()).toBeGreaterThan(switchesBefore);
});
