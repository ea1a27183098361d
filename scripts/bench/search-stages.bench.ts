// `npm run bench -- search-stages`: where a search's fixed cost goes (issue 25, decision 062), in
// process, without HTTP: for 400 random filters (result cache off) the time of each stage alone —
// the engine's sync check, the engine's count + page, the page's rows from PostgreSQL, the whole
// findCompanies, the route handler (zod, JSON) — then the facets, then N concurrent callers of the
// route handler (searches/s: the engine's connections and threads without the HTTP server).
// Data: SEARCH_LOAD_URL (any migrated database) or a throwaway cluster with SEARCH_LOAD_COMPANIES
// demo companies (20,000). Prints figures; never fails.
import pg from 'pg';
import { filterSource, fmt, load, percentile, queryString, type Query } from './search-support';

export const standalone = true;

export default async function run() {
  let stop = async () => {};
  let url = process.env.SEARCH_LOAD_URL;
  if (!url) {
    const { startTestCluster } = await import('../db/test-cluster');
    const cluster = await startTestCluster({ companies: Number(process.env.SEARCH_LOAD_COMPANIES ?? 20_000) });
    url = cluster.url;
    stop = cluster.cleanup;
  }
  process.env.DATABASE_URL = url;
  process.env.SEARCH_CACHE_ENTRIES = '0';
  // The env may already be read (the demo data's loader reads it): point it here.
  const { env } = await import('../../server/kernel/env');
  Object.assign(env, { DATABASE_URL: url, SEARCH_CACHE_ENTRIES: 0 });
  try {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const q = async <T extends pg.QueryResultRow>(text: string) => (await client.query<T>(text)).rows;
    const source = await filterSource(q, Number(process.env.BENCH_SEED ?? 20261127));
    await client.end();
    const filters: Query[] = Array.from({ length: 400 }, () => source.next());

    const engine = await import('../../server/search/engine');
    const { searchOnEngine } = await import('../../server/search/engine-search');
    const { findCompanies } = await import('../../server/search/engine-search');
    const { preparedSql } = await import('../../server/kernel/prepared-sql');
    const { GET: companies } = await import('../../app/api/Company/getCompanies/route');
    const { GET: facets } = await import('../../app/api/Company/getCompanyFacets/route');
    const { companiesQuerySchema } = await import('../../lib/search/schemas');
    const { closeDb } = await import('../../server/kernel/db');
    engine.setSearchEngineEnabled(true);
    await engine.waitForEngine();
    const status = await engine.engineStatus();
    console.log(`data: ${status.rows.toLocaleString('en')} companies in the engine; load average ${load()}`);

    const parsed = filters.map((f) => companiesQuerySchema.parse(Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)]))));
    const stage = async (name: string, f: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < 40; i++) await f(i); // warm-up
      const ms: number[] = [];
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < parsed.length; i++) {
        const t = performance.now();
        await f(i);
        ms.push(performance.now() - t);
      }
      // CPU of this process per call (DuckDB's threads included, PostgreSQL's not): unlike the wall
      // time it hardly depends on the neighbours' load.
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = (cpu.user + cpu.system) / 1000 / parsed.length;
      console.log(`  ${name.padEnd(44)} p50 ${fmt(percentile(ms, 50)).padStart(6)}  p95 ${fmt(percentile(ms, 95)).padStart(6)}  max ${fmt(Math.max(...ms)).padStart(7)} ms  CPU ${fmt(cpuMs).padStart(5)} ms/call  (load ${load()})`);
    };
    const call = (handler: (r: Request) => Promise<Response>, path: string, i: number) =>
      handler(new Request(`http://bench.local${path}?${queryString(filters[i])}`)).then((r) => r.text());

    for (const label of ['engine']) {
      console.log(`\n${label}: one caller, 400 random filters, result cache off`);
      await stage('readyEngine() (sync check, 1 PG read)', () => engine.readyEngine());
      await stage('engine count + page (the index)', async (i) => searchOnEngine((await engine.engineView())!, parsed[i], {}, { offset: 0, limit: 20 }));
      await stage('PostgreSQL page rows (20 CUIs, prepared)', (i) =>
        preparedSql(`SELECT c.cui, c.name FROM company c WHERE c.cui = ANY($1::int[])`, [source.sample.slice(i % 300, (i % 300) + 20).map((s) => s.cui)]),
      );
      await stage('findCompanies (all of the above)', (i) => findCompanies(null, parsed[i]));
      await stage('GET getCompanies handler (zod, JSON)', (i) => call(companies, '/api/Company/getCompanies', i));
      await stage('GET getCompanyFacets handler', (i) => call(facets, '/api/Company/getCompanyFacets', i));

      for (const clients of [1, 4, 20]) {
        let next = 0;
        const ms: number[] = [];
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const end = t0 + Number(process.env.SEARCH_STAGES_SECONDS ?? 8) * 1000;
        await Promise.all(
          Array.from({ length: clients }, async () => {
            while (performance.now() < end) {
              const i = next++ % filters.length;
              const t = performance.now();
              await call(companies, '/api/Company/getCompanies', i);
              ms.push(performance.now() - t);
            }
          }),
        );
        const s = (performance.now() - t0) / 1000;
        const cpu = process.cpuUsage(cpu0);
        console.log(`  ${String(clients).padStart(2)} concurrent handler callers: ${(ms.length / s).toFixed(0).padStart(5)} searches/s  p50 ${fmt(percentile(ms, 50))}  p95 ${fmt(percentile(ms, 95))} ms  CPU ${fmt((cpu.user + cpu.system) / 1000 / ms.length)} ms/search  (load ${load()})`);
      }
    }
    await engine.stopSearchEngine();
    await closeDb();
  } finally {
    await stop();
  }
}
