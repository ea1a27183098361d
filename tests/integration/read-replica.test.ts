// A real streaming replica of the test cluster on loopback (scripts/db/replica.ts; issue 32,
// decision 050): with DATABASE_READ_URL set, anonymous company pages read the replica and a
// signed-in viewer the primary (their own writes show at once); the search copy loads from the
// replica and its cursor (the standby's snapshot) still lets the sync apply exactly what the
// replica had not replayed. The replica's replay is paused to make its delay visible.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '@/scripts/db/test-cluster';
import { startReplica, type ReplicaHandle } from '@/scripts/db/replica';
import { closeDb, sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { getCompanyDetails } from '@/server/company/queries';
import { engineStatus, reloadEngine, setSearchEngineEnabled, stopSearchEngine, waitForEngine } from '@/server/search/engine';
import { engineSees } from './support/search-engine';
import { createCompany } from '../factories/companies';
import { createUser } from '../factories/users';

jest.setTimeout(180_000);

let replica: ReplicaHandle;
let base = '';
let standby: pg.Client;
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
  await closeDb();
  env.DATABASE_READ_URL = replica.url;
});

afterAll(async () => {
  await stopSearchEngine();
  setSearchEngineEnabled(null);
  await standby?.query('SELECT pg_wal_replay_resume()').catch(() => {});
  await standby?.end();
  await closeDb();
  env.DATABASE_READ_URL = savedReadUrl;
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
