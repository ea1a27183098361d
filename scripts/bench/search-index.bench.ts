// `npm run bench -- search-index`: the search index alone (issue 46), in process, without HTTP nor
// PostgreSQL reads of the page: the index is built from the database (SEARCH_LOAD_DATA=large: the
// 3.5M set; SEARCH_LOAD_URL: any migrated database; default a throwaway demo cluster), then
// SEARCH_INDEX_FILTERS (20,000) fresh random filters of the search-load benchmark (same seed, same
// mix) are answered by indexPage() one after the other, twice (the first pass warms V8). Prints the
// CPU per search and the p50 / p95 / max, per kind of filter. SEARCH_INDEX_SIMD=0 measures the
// JavaScript AND instead of the SIMD kernel (issue 46: the kernel stays only if it earns its keep).
import pg from 'pg';
import { filterSource, fmt, load, openLargeDatabase, percentile, type Query } from './search-support';

export const standalone = true;

async function openData(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.SEARCH_LOAD_URL) return { url: process.env.SEARCH_LOAD_URL, stop: async () => {} };
  if (process.env.SEARCH_LOAD_DATA === 'large') return openLargeDatabase();
  const { startTestCluster } = await import('../db/test-cluster');
  const cluster = await startTestCluster({ companies: Number(process.env.SEARCH_LOAD_COMPANIES ?? 20_000) });
  return { url: cluster.url, stop: cluster.cleanup };
}

export default async function run() {
  const data = await openData();
  process.env.DATABASE_URL = data.url;
  const { env } = await import('../../server/kernel/env');
  Object.assign(env, { DATABASE_URL: data.url });
  try {
    const client = new pg.Client({ connectionString: data.url });
    await client.connect();
    const q = async <T extends pg.QueryResultRow>(text: string) => (await client.query<T>(text)).rows;
    // The seed of search-load.bench.ts: the same filters, in the same order.
    const source = await filterSource(q, Number(process.env.BENCH_SEED ?? 20261125));
    await client.end();
    const { companiesQuerySchema } = await import('../../lib/search/schemas');
    const n = Number(process.env.SEARCH_INDEX_FILTERS ?? 20_000);
    const queries: Query[] = Array.from({ length: n }, () => source.next());
    const filters = queries.map((f) => companiesQuerySchema.parse(Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)]))));

    const engine = await import('../../server/search/engine');
    const { indexPage } = await import('../../server/search/search-index');
    const { closeDb } = await import('../../server/kernel/db');
    engine.setSearchEngineEnabled(true);
    const t0 = performance.now();
    engine.startSearchEngine();
    const ix = await engine.waitForSearchIndex();
    if (!ix) throw new Error('no search index');
    const mem = process.memoryUsage();
    console.log(
      `data: ${ix.n.toLocaleString('en')} companies; index ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; RSS ${(mem.rss / 1e6).toFixed(0)} MB, heap ${(mem.heapUsed / 1e6).toFixed(0)} MB, external ${(mem.external / 1e6).toFixed(0)} MB, array buffers ${(mem.arrayBuffers / 1e6).toFixed(0)} MB; SIMD ${ix.arena.simd ? 'on' : 'off (the same steps in JavaScript)'}; load average ${load()}`,
    );
    // Where the index's bytes are (MB), by part.
    {
      const mb = (b: number) => (b / 1e6).toFixed(1);
      const sum = (xs: Iterable<ArrayBufferView>) => [...xs].reduce((a, x) => a + x.byteLength, 0);
      const parts: Array<[string, number]> = [
        ['cui, turnover, profit order and rank, CUI order', sum([ix.cui, ix.turnover, ix.profitOrder, ix.profitRank, ix.cuiSortedPos])],
        ['name heads', sum([ix.headSorted, ix.headSortedPos])],
        ['word positions', sum([ix.tokenStart, ix.tokenPos])],
        ['dictionary', sum([ix.dictionary.starts, ix.dictionary.startsNoDots]) + ix.dictionary.text.length + ix.dictionary.textNoDots.length],
        ...[...ix.sets].map(([k, m]) => [`${k}: ${m.size} values, ${[...m.values()].filter((x) => x.bits).length} as bitmaps`, sum([...m.values()].map((x) => x.bits ?? x.list))] as [string, number]),
        ...[...ix.ranges].map(([k, r]) => [`range ${k}: values + order, ${r.ge.length} bitmaps`, r.values.byteLength + (r.order === ix.profitOrder ? 0 : r.order.byteLength) + sum(r.ge)] as [string, number]),
        ['count columns', sum(Object.values(ix.columns).filter((c): c is Uint8Array => ArrayBuffer.isView(c)))],
        ['arena (reserved)', ix.arena.bytes()],
      ];
      console.log(parts.map(([k, b]) => `  ${k}: ${mb(b)} MB`).join('\n'));
    }
    const kind = (f: Query) =>
      [f.SearchText !== undefined ? 'text' : '', f.OrderBy === 'Profit_desc' ? 'profit' : 'turnover', f.MinTurnover !== undefined ? 'turnover range' : ''].filter(Boolean).join(', ');
    for (let pass = 1; pass <= 2; pass++) {
      const times: number[] = [];
      const byKind = new Map<string, number[]>();
      const cpu0 = process.cpuUsage();
      const w0 = performance.now();
      for (let i = 0; i < filters.length; i++) {
        const t = performance.now();
        indexPage(ix, filters[i]);
        const ms = performance.now() - t;
        times.push(ms);
        const k = kind(queries[i]);
        let list = byKind.get(k);
        if (!list) byKind.set(k, (list = []));
        list.push(ms);
      }
      const wall = performance.now() - w0;
      const cpu = process.cpuUsage(cpu0);
      console.log(
        `\npass ${pass}: ${n} filters in ${(wall / 1000).toFixed(2)} s; CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms per search; p50 ${fmt(percentile(times, 50))} p95 ${fmt(percentile(times, 95))} p99 ${fmt(percentile(times, 99))} max ${fmt(Math.max(...times))} ms (load average ${load()})`,
      );
      if (pass === 2 && process.env.SEARCH_INDEX_FIELDS === '1') {
        // Mean time of the filters with each field against those without (where the time goes).
        const fields = new Set(queries.flatMap((q) => Object.keys(q)));
        for (const f of [...fields].sort()) {
          const withIt = times.filter((_, i) => queries[i][f] !== undefined);
          const without = times.filter((_, i) => queries[i][f] === undefined);
          const mean = (t: number[]) => t.reduce((x, y) => x + y, 0) / Math.max(1, t.length);
          console.log(`  with ${f.padEnd(20)} n=${String(withIt.length).padStart(5)} mean ${fmt(mean(withIt))} ms, total ${(withIt.reduce((x, y) => x + y, 0) / 1000).toFixed(2)} s; without: mean ${fmt(mean(without))} ms`);
        }
      }
      if (pass === 2)
        for (const [k, t] of [...byKind].sort((a, b) => b[1].reduce((x, y) => x + y, 0) - a[1].reduce((x, y) => x + y, 0)))
          console.log(`  ${k.padEnd(34)} n=${String(t.length).padStart(5)}  total ${(t.reduce((x, y) => x + y, 0) / 1000).toFixed(2)} s  mean ${fmt(t.reduce((x, y) => x + y, 0) / t.length)}  p95 ${fmt(percentile(t, 95))} ms`);
    }
    await engine.stopSearchEngine();
    await closeDb();
  } finally {
    await data.stop();
  }
}
