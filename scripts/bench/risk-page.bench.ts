// `npm run bench -- risk-page`: the default score at scale (issue 49, decision 111), on the
// 3.5M-company database of search-large (BENCH_LARGE_URL, or the embedded cluster BENCH_LARGE_DIR
// on BENCH_LARGE_PORT, loaded the first time):
//   1. rf_refresh_risk() with its steps' times (RISK_PAGE_REFRESH=0 skips it when company_risk is
//      already filled), the process's CPU time is not the server's: the load average is printed;
//   2. the company page's data (getCompanyPageData) with and without the risk read, interleaved
//      on RISK_PAGE_SAMPLES (400) active companies after one warm-up pass: p50, mean, p95 and the
//      difference, then the risk read alone and its EXPLAIN ANALYZE on one company.
// Not part of `bench -- risk` (the backtest): it needs the large database, so it runs only when
// named. Benchmarks print figures; they never fail.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openLargeDatabase } from './search-support';

/** Brings its own database (the large one), not the shared 1M-company one. */
export const standalone = true;

type Stats = { p50: number; mean: number; p95: number; n: number };

function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { p50: at(0.5), mean: s.reduce((a, b) => a + b, 0) / s.length, p95: at(0.95), n: s.length };
}

const fmt = (s: Stats) => `p50 ${s.p50.toFixed(2)} ms · medie ${s.mean.toFixed(2)} ms · p95 ${s.p95.toFixed(2)} ms (n=${s.n})`;
/** utime + stime of a local process in seconds (null where /proc is not readable). */
function processCpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');

export default async function run() {
  const asked = process.argv.some((a) => a.startsWith('risk-page')) || !!process.env.BENCH_LARGE_URL || !!process.env.BENCH_LARGE_DIR;
  if (!asked) {
    console.log('sărit: rulați `npm run bench -- risk-page` (baza de 3,5 milioane de firme)');
    return;
  }
  const db = await openLargeDatabase();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const [{ n }] = (await client.query<{ n: string }>('SELECT count(*) AS n FROM company_risk')).rows;
    if (process.env.RISK_PAGE_REFRESH !== '0' || Number(n) === 0) {
      // The refresh reports each step (RAISE DEBUG1): the breakdown beside the total.
      const steps: string[] = [];
      client.on('notice', (m) => steps.push(m.message ?? ''));
      await client.query(`SET client_min_messages = debug1`);
      console.log(`rf_refresh_risk(): încărcarea mașinii la început ${load()}`);
      // The server process's own CPU time (utime + stime, Linux): on a loaded machine the wall time
      // says more about the neighbours than about the query. Parallel workers are not counted.
      const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      const cpuBefore = processCpuSeconds(pid);
      const t = performance.now();
      const [{ w }] = (await client.query<{ w: string }>('SELECT rf_refresh_risk() AS w')).rows;
      const s = (performance.now() - t) / 1000;
      await client.query(`RESET client_min_messages`);
      for (const m of steps.filter((x) => x.startsWith('rf_refresh_risk'))) console.log(`  ${m}`);
      const cpuAfter = processCpuSeconds(pid);
      const cpu = cpuBefore !== null && cpuAfter !== null ? `, CPU-ul procesului serverului ${(cpuAfter - cpuBefore).toFixed(1)} s` : '';
      console.log(`rf_refresh_risk(): ${s.toFixed(1)} s${cpu}, ${Number(w).toLocaleString('ro-RO')} rânduri scrise, încărcarea la sfârșit ${load()}`);
      await client.query('VACUUM (ANALYZE) company_risk');
      await client.query('VACUUM (ANALYZE) sector_benchmark');
    }

    process.env.DATABASE_URL = db.url;
    const { getCompanyPageData, getCompanySources, toStatementFigures } = await import('../../server/company/page');
    const { getAllYearDetails, loadCompanyDetails } = await import('../../server/company/queries');
    const { getSimilarCompanies, SIMILAR_PAGE_SIZE } = await import('../../server/company/rankings');
    const { getCompanyRisk } = await import('../../server/risk/queries');
    const { closeDb } = await import('../../server/kernel/db');
    // The page before the risk blocks: the same parallel reads without getCompanyRisk.
    const withoutRisk = (cui: number) =>
      Promise.all([loadCompanyDetails(cui), getAllYearDetails(cui), getSimilarCompanies(cui, 'County', 1, SIMILAR_PAGE_SIZE), getCompanySources(cui)]);
    const samples = Number(process.env.RISK_PAGE_SAMPLES ?? 400);
    const cuis = (
      await client.query<{ cui: number }>(
        `SELECT r.cui FROM company_risk r TABLESAMPLE SYSTEM (0.1) REPEATABLE (49) JOIN company c USING (cui) WHERE c.is_active LIMIT $1`,
        [samples],
      )
    ).rows.map((r) => r.cui);
    try {
      for (const cui of cuis) {
        await getCompanyPageData(cui);
        await withoutRisk(cui);
      }
      const a: number[] = [];
      const b: number[] = [];
      const r: number[] = [];
      console.log(`\npagina firmei, ${cuis.length} firme active, alternat (încărcarea ${load()})`);
      for (const [i, cui] of cuis.entries()) {
        const order = i % 2 === 0 ? [true, false] : [false, true];
        for (const withRisk of order) {
          const t = performance.now();
          if (withRisk) {
            const page = await getCompanyPageData(cui);
            if (!page?.risk) throw new Error(`firma ${cui} fără risc`);
          } else await withoutRisk(cui);
          (withRisk ? a : b).push(performance.now() - t);
        }
        // The risk statement alone: the years it combines with are read before the clock starts.
        const figures = toStatementFigures(await getAllYearDetails(cui));
        const t = performance.now();
        await getCompanyRisk(cui, figures);
        r.push(performance.now() - t);
      }
      const sa = stats(a);
      const sb = stats(b);
      console.log(`  cu riscul:    ${fmt(sa)}`);
      console.log(`  fără riscul:  ${fmt(sb)}`);
      console.log(`  diferența:    p50 ${(sa.p50 - sb.p50).toFixed(2)} ms · medie ${(sa.mean - sb.mean).toFixed(2)} ms · p95 ${(sa.p95 - sb.p95).toFixed(2)} ms`);
      console.log(`  citirea riscului singură: ${fmt(stats(r))}`);
      console.log(`  încărcarea la sfârșit ${load()}`);
    } finally {
      await closeDb();
    }
  } finally {
    await client.end();
    await db.stop();
  }
}
