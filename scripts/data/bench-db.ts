// The benchmark database for `npm run bench`: the embedded cluster in /var/tmp/radarfirme-bench/pg
// on port 54340 (fsync off, 4 GB shared buffers, data kept between runs), loaded with 1,000,000
// companies × 6 years by scripts/data/large.ts the first time (about 2 minutes), reused after.
// A cluster already running on that port (another bench run, `npm run data:large` in another
// terminal) is reused as it is and left running.
import pg from 'pg';
import { migrate } from '../db/migrate';
import { BENCH_DB, loadLargeDataset, startBenchCluster } from './large';

export type BenchDb = { url: string; stop: () => Promise<void> };

const BENCH_URL = `postgresql://postgres:postgres@127.0.0.1:${BENCH_DB.port}/radarfirme`;

async function tryConnect(url: string): Promise<pg.Client | null> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await c.connect();
    return c;
  } catch {
    await c.end().catch(() => {});
    return null;
  }
}

/** True when the set is missing or a load was interrupted (its saved definitions still exist). */
async function needsLoad(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query(
      `SELECT to_regclass('_rf_bulk_load_ddl') IS NOT NULL AS interrupted,
              NOT EXISTS (SELECT 1 FROM company) AS empty`,
    );
    return rows[0].interrupted || rows[0].empty;
  } finally {
    await c.end();
  }
}

export async function openBenchDb(opts: { companies?: number; years?: number; quiet?: boolean } = {}): Promise<BenchDb> {
  const running = await tryConnect(BENCH_URL);
  let url = BENCH_URL;
  let stop: () => Promise<void> = async () => {};
  if (running) {
    await running.end();
    await migrate(url);
  } else {
    const db = await startBenchCluster();
    url = db.url;
    stop = db.stop;
  }
  try {
    if (await needsLoad(url)) {
      if (!opts.quiet) console.log(`[bench] se încarcă setul de benchmark în ${BENCH_DB.dataDir} (o singură dată)…`);
      await loadLargeDataset(url, { companies: opts.companies ?? 1_000_000, years: opts.years ?? 6, quiet: opts.quiet });
    }
  } catch (e) {
    await stop().catch(() => {});
    throw e;
  }
  return { url, stop };
}
