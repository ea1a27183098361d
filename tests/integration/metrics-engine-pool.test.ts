// The operator's signals that were still missing from /api/metrics (issue 32, decision 061): the
// search copy's lag behind the database and its full loads, and the time callers wait for a
// database connection. Each series appears and moves with what it measures.
import pg from 'pg';
import { GET } from '@/app/api/metrics/route';
import { getPool, prisma, sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { reloadEngine, syncEngine } from '@/server/search/engine';
import { createCompany } from '../factories/companies';
import { call } from './support/auth';
import { withSearchEngine } from './support/search-engine';
import { ensurePeerKey, PEER_HEADER } from '@/server/kernel/front-bridge.mjs';



// No poll: the test decides when the copy syncs.
env.SEARCH_ENGINE_POLL_MS = 0;
withSearchEngine();

async function scrape(): Promise<string> {
  const res = await call(GET, '/api/metrics', { ip: '127.0.0.1', headers: { [PEER_HEADER]: `${ensurePeerKey()} 127.0.0.1` } });
  expect(res.status).toBe(200);
  return String(res.body);
}

/** The value of one series (name with its labels, as written), or NaN when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : Number.NaN;
}

test('search engine lag: 0 when the copy has every change, the age of the oldest change it lacks, 0 again after a sync', async () => {
  const company = await createCompany({ name: 'METRICI DECALAJ SRL', employees: 1 });
  await syncEngine();
  expect(value(await scrape(), 'radarfirme_search_engine_lag_seconds')).toBe(0);

  // A committed change the copy has not applied, written 40 s ago (no poll: it stays unapplied).
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await c.query('BEGIN');
    await c.query('UPDATE company SET employees = 2 WHERE cui = $1', [company.cui]);
    await c.query(`UPDATE search_change SET changed_at = changed_at - interval '40 seconds' WHERE txid = pg_current_xact_id()`);
    await c.query('COMMIT');
  } finally {
    await c.end();
  }
  const behind = value(await scrape(), 'radarfirme_search_engine_lag_seconds');
  expect(behind).toBeGreaterThanOrEqual(40);
  expect(behind).toBeLessThan(120);

  await syncEngine();
  expect(value(await scrape(), 'radarfirme_search_engine_lag_seconds')).toBe(0);
});

test('full loads are counted by reason; the reloads gauge counts those after the first', async () => {
  const before = await scrape();
  const requested = value(before, 'radarfirme_search_engine_loads_total{reason="requested",result="ok"}');
  expect(value(before, 'radarfirme_search_engine_loads_total{reason="initial",result="ok"}')).toBe(1);
  await reloadEngine();
  const after = await scrape();
  expect(value(after, 'radarfirme_search_engine_loads_total{reason="requested",result="ok"}')).toBe((Number.isNaN(requested) ? 0 : requested) + 1);
  expect(value(after, 'radarfirme_search_engine{measure="reloads"}')).toBe(value(before, 'radarfirme_search_engine{measure="reloads"}') + 1);

  // An import's change row (cui NULL) makes the next sync reload: reason change-log.
  await sql('INSERT INTO search_change (cui) VALUES (NULL)');
  await syncEngine();
  await reloadEngine(); // waits for the reload the sync started, then loads once more
  expect(value(await scrape(), 'radarfirme_search_engine_loads_total{reason="change-log",result="ok"}')).toBeGreaterThanOrEqual(1);
});

test('database pool waits: every connection taken is timed; a full pool makes the queued callers wait', async () => {
  const count = (text: string) => value(text, 'radarfirme_db_pool_wait_seconds_count{pool="primary"}');
  const slow = (text: string) => count(text) - value(text, 'radarfirme_db_pool_wait_seconds_bucket{le="0.1",pool="primary"}');
  const before = await scrape();
  expect(count(before)).toBeGreaterThan(0);

  // Hold every connection of the pool for 300 ms, and queue as many queries behind them.
  const size = env.DATABASE_POOL_SIZE;
  const held = await Promise.all(Array.from({ length: size }, () => getPool().connect()));
  const queued = Promise.all(Array.from({ length: size }, () => sql('SELECT 1')));
  await new Promise((r) => setTimeout(r, 300));
  for (const client of held) client.release();
  await queued;

  const after = await scrape();
  expect(count(after)).toBeGreaterThanOrEqual(count(before) + 2 * size);
  // The queued ones waited about 300 ms each: past the 0.1 s bucket.
  expect(slow(after) - slow(before)).toBeGreaterThanOrEqual(size);
  // Prisma's pool is timed too.
  await prisma.$queryRaw`SELECT 1`;
  expect(value(await scrape(), 'radarfirme_db_pool_wait_seconds_count{pool="prisma"}')).toBeGreaterThan(0);
});
