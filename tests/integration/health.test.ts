// Liveness and readiness (issue 32, cluster-search): live needs only the process; ready needs the
// database, every migration of this build, and the search copy loaded and synced; while the copy
// loads the answer is 503 with the reason, so a load balancer keeps traffic away.
import pg from 'pg';
import { GET as health } from '@/app/api/health/route';
import { GET as live } from '@/app/api/health/live/route';
import { GET as ready } from '@/app/api/health/ready/route';
import { env } from '@/server/kernel/env';
import { resetReadinessForTest } from '@/server/health/readiness';
import { sql } from '@/server/kernel/db';
import { reloadEngine, setSearchEngineEnabled, stopSearchEngine, waitForEngine } from '@/server/search/engine';

const call = async (handler: (req: Request) => Promise<Response>, path: string) => {
  const res = await handler(new Request(`http://localhost${path}`));
  return { status: res.status, body: await res.json() };
};

afterAll(async () => {
  await stopSearchEngine();
  setSearchEngineEnabled(null);
});

test('/api/health and /api/health/live answer 200', async () => {
  expect(await call(health, '/api/health')).toEqual({ status: 200, body: { Status: 'ok' } });
  expect(await call(live, '/api/health/live')).toEqual({ status: 200, body: { Status: 'ok' } });
});

test('ready with the search engine off: database reachable and migrations applied', async () => {
  const r = await call(ready, '/api/health/ready');
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ Status: 'ready', Database: true, PendingMigrations: 0, SearchEngine: 'off' });
});

test('a migration of this build not applied (or failed) makes the instance not ready', async () => {
  resetReadinessForTest();
  await sql(`INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count)
             VALUES ('00000000-0000-0000-0000-00000000c5c5', 'x', '29991231000000_test_failed', now(), 0)`);
  try {
    const r = await call(ready, '/api/health/ready');
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ Status: 'not-ready', Reason: 'migrations-pending', PendingMigrations: 1 });
  } finally {
    await sql(`DELETE FROM _prisma_migrations WHERE id = '00000000-0000-0000-0000-00000000c5c5'`);
    resetReadinessForTest();
  }
  expect((await call(ready, '/api/health/ready')).status).toBe(200);
});

test('not ready while the search copy loads (503, search-loading), ready once loaded and synced, stale when the sync stops', async () => {
  await stopSearchEngine();
  setSearchEngineEnabled(true);
  // Another instance holds the only load slot (SEARCH_ENGINE_LOAD_SLOTS=1): this one waits to load.
  const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await other.connect();
  try {
    await other.query('SELECT pg_advisory_lock(7262200)');
    const loading = await call(ready, '/api/health/ready');
    expect(loading.status).toBe(503);
    expect(loading.body).toMatchObject({ Status: 'not-ready', Reason: 'search-loading', Database: true, SearchEngine: 'loading' });
    await other.query('SELECT pg_advisory_unlock(7262200)');
  } finally {
    await other.end();
  }
  expect(await waitForEngine()).toBe(true);
  const r = await call(ready, '/api/health/ready');
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ Status: 'ready', SearchEngine: 'ready' });
  expect(r.body.SearchSyncAgeMs).toBeLessThan(env.READY_MAX_SYNC_AGE_MS);

  const saved = env.READY_MAX_SYNC_AGE_MS;
  // A reload after an import waits for its turn (the slot held by another instance): the previous
  // copy answers meanwhile, so the instance stays ready however long the wait.
  const slotHolder = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await slotHolder.connect();
  try {
    await slotHolder.query('SELECT pg_advisory_lock(7262200)');
    await sql('INSERT INTO search_change (cui) VALUES (NULL)');
    env.READY_MAX_SYNC_AGE_MS = 100;
    await new Promise((res) => setTimeout(res, 300));
    const reloading = await call(ready, '/api/health/ready');
    expect(reloading.status).toBe(200);
    expect(reloading.body).toMatchObject({ Status: 'ready', SearchEngine: 'ready', SearchReloading: true });
  } finally {
    env.READY_MAX_SYNC_AGE_MS = saved;
    await slotHolder.query('SELECT pg_advisory_unlock(7262200)');
    await slotHolder.end();
  }
  await reloadEngine();

  // A sync that cannot finish (the change log locked) leaves the copy's last sync behind the bound.
  const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await locker.connect();
  try {
    env.READY_MAX_SYNC_AGE_MS = 100;
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE search_change IN ACCESS EXCLUSIVE MODE');
    await new Promise((res) => setTimeout(res, 300));
    const stale = await call(ready, '/api/health/ready');
    expect(stale.status).toBe(503);
    expect(stale.body).toMatchObject({ Reason: 'search-stale', SearchEngine: 'stale' });
  } finally {
    await locker.query('ROLLBACK');
    await locker.end();
    env.READY_MAX_SYNC_AGE_MS = saved;
  }
  await stopSearchEngine(); // before the shared setup closes the pools its poll uses
});
