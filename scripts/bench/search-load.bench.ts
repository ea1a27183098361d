// `npm run bench -- search-load`: the advanced search under concurrent load (issue 25, decision 047),
// measured from outside: the production build served as `npm start` serves it (scripts/serve.mjs,
// Next behind the page cache's front, the search engine loaded in the app), and a load generator
// in its own process (scripts/bench/load-client.mjs, closed loop over keep-alive connections).
// Round 0: one client in order: 400 random filters, their filter counts, 400 type-ahead prefixes, and
// the company page's details endpoints against their SQL floor. Rounds 1–4 (SEARCH_LOAD_SECONDS each, default 20):
//   1. 1 client, search only, random filters, none repeated (the single-client reference);
//   2. 20 clients, search only, random filters, none repeated;
//   3. 20 clients, search only, 30 % of the requests repeat an address sent earlier in the round;
//   4. 200 connections, mixed: 40 % suggestions (type-ahead), 25 % search (random, none repeated),
//      15 % company pages, 20 % details endpoints of the company page.
// Prints per round searches/s and p50 / p95 / p99 / max per request class, non-2xx and errors, and
// the load average before and after (the machine is shared: compare rows at a similar load).
//
// Data: SEARCH_LOAD_DATA=demo (default: a throwaway cluster with SEARCH_LOAD_COMPANIES demo
// companies, 20,000) or large (the 3.5M-company database of search-large: BENCH_LARGE_URL or the
// embedded cluster BENCH_LARGE_DIR / BENCH_LARGE_PORT); SEARCH_LOAD_URL: any migrated database. Build: NEXT_DIST_DIR (default .next; run
// `NODE_ENV=production npx next build` first). Port: SEARCH_LOAD_PORT (3171). Prints figures; never
// fails a build.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { companyPath } from '../../lib/slug';
import { postgresCpuMs, processCpuMs, processMemoryMb, threadCpuMs, withProductionServer } from './production-server';
import { filterSource, load, openLargeDatabase, percentile, queryString } from './search-support';

export const standalone = true;

const ROOT = path.resolve(__dirname, '../..');
const SECONDS = Number(process.env.SEARCH_LOAD_SECONDS ?? 20);

type ClassPlan = { name: string; weight: number; paths: string[]; repeatShare?: number };
type ClassResult = { n: number; perSecond: number; p50: number; p95: number; p99: number; max: number; non2xx: number; errors: number };
type RunResult = { seconds: number; cpuMs: number; classes: Record<string, ClassResult> };

async function openData(): Promise<{ url: string; label: string; stop: () => Promise<void> }> {
  if (process.env.SEARCH_LOAD_URL) return { url: process.env.SEARCH_LOAD_URL, label: 'SEARCH_LOAD_URL', stop: async () => {} };
  if ((process.env.SEARCH_LOAD_DATA ?? 'demo') === 'large') {
    const db = await openLargeDatabase();
    return { ...db, label: 'large' };
  }
  const { startTestCluster } = await import('../db/test-cluster');
  const cluster = await startTestCluster({ companies: Number(process.env.SEARCH_LOAD_COMPANIES ?? 20_000) });
  return { url: cluster.url, label: 'demo', stop: cluster.cleanup };
}

/** Runs the load generator in its own process and returns its figures. */
function generate(base: string, connections: number, classes: ClassPlan[], seed: number): Promise<RunResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rf-search-load-'));
  const file = path.join(dir, 'plan.json');
  writeFileSync(file, JSON.stringify({ base, connections, seconds: SECONDS, seed, classes }));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'load-client.mjs'), file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0) reject(new Error(`load-client exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as RunResult);
    });
  });
}

const ms = (n: number | null) => (n === null ? '-' : n < 10 ? n.toFixed(1) : n.toFixed(0));

/** The server's reads of the search change log so far (/api/metrics; 0 when unreadable). */
/** The server's counters a round reports: change-log reads, and the pages of results asked and read from PostgreSQL. */
async function counters(base: string): Promise<{ syncs: number; pages: number; pageReads: number; indexAnswered: number; indexDeclined: number }> {
  const text = await fetch(`${base}/api/metrics`).then((x) => x.text(), () => '');
  const get = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
  return {
    syncs: get(/radarfirme_search_engine\{measure="change_log_reads"\} (\d+)/),
    pages: get(/radarfirme_search_cache\{measure="item_pages"\} (\d+)/),
    pageReads: get(/radarfirme_search_cache\{measure="item_page_reads"\} (\d+)/),
    indexAnswered: get(/radarfirme_search_engine\{measure="index_answered"\} (\d+)/),
    indexDeclined: get(/radarfirme_search_engine\{measure="index_declined"\} (\d+)/),
  };
}

/** CPU ms per thread name between two readings of threadCpuMs(). */
function threadDelta(a: Map<string, number>, b: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, ms] of b) out.set(name, ms - (a.get(name) ?? 0));
  return out;
}

type Budget = { threads: Map<string, number>; postgres: number };

/**
 * Where the machine's CPU went during a round, in ms per answer: the server's main thread, its
 * other threads by name, PostgreSQL and the load generator, and the share of all cores they used.
 */
function budgetLine(b: Budget, r: RunResult, answers: number): string {
  const per = (ms: number) => (ms / Math.max(1, answers)).toFixed(2);
  const others = [...b.threads].filter(([name]) => name !== 'main').sort((x, y) => y[1] - x[1]);
  const shown = others.slice(0, 4).filter(([, ms]) => ms > 0).map(([name, ms]) => `${name.trim()} ${per(ms)}`);
  const rest = others.slice(4).reduce((a, [, ms]) => a + ms, 0);
  const total = [...b.threads.values()].reduce((a, ms) => a + ms, 0) + b.postgres + r.cpuMs;
  const share = (100 * total) / (r.seconds * 1000 * os.availableParallelism());
  return `      CPU ms per answer: server main ${per(b.threads.get('main') ?? 0)}${shown.length ? `, ${shown.join(', ')}` : ''}${rest ? `, other threads ${per(rest)}` : ''}; PostgreSQL ${per(b.postgres)}; load generator ${per(r.cpuMs)}; ${share.toFixed(0)} % of the ${os.availableParallelism()} cores`;
}

function report(title: string, r: RunResult, before: string, cpuMs: number, c0: Awaited<ReturnType<typeof counters>>, c1: typeof c0, budget: Budget) {
  const answers = Object.values(r.classes).reduce((a, c) => a + c.n, 0);
  const pages = c1.pages - c0.pages;
  // The server's own CPU per answer (all its threads, DuckDB's included; not PostgreSQL's): unlike
  // the wall times it hardly depends on the neighbours' load.
  console.log(
    `\n${title}  (load average before ${before}, after ${load()}; ${os.availableParallelism()} cores, shared; server CPU ${(cpuMs / Math.max(1, answers)).toFixed(2)} ms per answer; ${((c1.syncs - c0.syncs) / Math.max(1, answers)).toFixed(2)} change-log reads per answer; ${pages} result pages built, ${pages ? Math.round((100 * (c1.pageReads - c0.pageReads)) / pages) : 0} % of them read from PostgreSQL; the index answered ${c1.indexAnswered - c0.indexAnswered} searches and left ${c1.indexDeclined - c0.indexDeclined} to the engine's SQL)`,
  );
  console.log(budgetLine(budget, r, answers));
  for (const [name, c] of Object.entries(r.classes)) {
    console.log(
      `  ${name.padEnd(12)} ${String(c.n).padStart(6)} answers  ${c.perSecond.toFixed(0).padStart(5)}/s  p50 ${ms(c.p50).padStart(5)}  p95 ${ms(c.p95).padStart(5)}  p99 ${ms(c.p99).padStart(5)}  max ${ms(c.max).padStart(6)} ms  non-2xx ${c.non2xx}  errors ${c.errors}`,
    );
  }
}

export default async function run() {
  const data = await openData();
  try {
    const client = new pg.Client({ connectionString: data.url });
    await client.connect();
    const q = async <T extends pg.QueryResultRow>(text: string) => (await client.query<T>(text)).rows;
    const [{ n: companies }] = await q<{ n: string }>('SELECT count(*) AS n FROM company');
    const source = await filterSource(q, Number(process.env.BENCH_SEED ?? 20261125));
    // Addresses of the search, each one different (the generator sends each once while they last).
    const seen = new Set<string>();
    const searches: string[] = [];
    for (let i = 0; searches.length < 60_000 && i < 400_000; i++) {
      const s = queryString(source.next());
      if (!seen.has(s)) {
        seen.add(s);
        searches.push(`/api/Company/getCompanies?${s}`);
      }
    }
    const sample = await q<{ cui: number; name: string; year: number | null }>(
      `SELECT cui, name, last_year AS year FROM company WHERE caen_code IS NOT NULL ORDER BY md5(cui::text) LIMIT 2000`,
    );
    const prefixes = Array.from(new Set([...source.words, ...sample.map((s) => s.name.toLowerCase().slice(0, 3 + (s.cui % 6)))]));
    const suggestions = prefixes.map((p) => `/api/Company/getTop5Companies?searchText=${encodeURIComponent(p)}`);
    const pages = sample.slice(0, 300).map((c) => companyPath(c.cui, c.name));
    const METRICS = ['NetTurnover', 'NetProfit', 'Employees', 'Debts'];
    const details = sample.flatMap((c, i) => [
      `/api/Company/getDetails/${c.cui}`,
      `/api/Company/getDetailsByYear/${c.cui}${c.year ? `?year=${c.year}` : ''}`,
      `/api/Company/getDetailsForGraphs/${c.cui}`,
      `/api/Company/getCompanyRanking?cui=${c.cui}&orderBy=${METRICS[i % 4]}&location=All`,
      `/api/Contact/getContactsByCompany?cui=${c.cui}`,
    ]);
    await client.end();
    const port = Number(process.env.SEARCH_LOAD_PORT ?? 3171);
    process.env.NEXT_DIST_DIR ??= '.next';
    console.log(`data: ${Number(companies).toLocaleString('en')} companies (${data.label}); ${searches.length} distinct searches; load average ${load()}`);

    await withProductionServer(
      { name: 'search-load', databaseUrl: data.url, port, host: '127.0.0.1', env: { AUTH_SECRET: 'b'.repeat(48) } as NodeJS.ProcessEnv },
      async (base, pid) => {
        // The engine loads in the background after the start: wait until the filter counts answer.
        const t0 = Date.now();
        for (;;) {
          const r = await fetch(`${base}/api/Company/getCompanyFacets`).then((x) => x.json() as Promise<{ Available?: boolean }>, () => ({}) as { Available?: boolean });
          if (r.Available) break;
          if (Date.now() - t0 > 15 * 60_000) throw new Error('the search engine did not load in 15 minutes');
          await new Promise((res) => setTimeout(res, 500));
        }
        const memory = () => {
          const m = processMemoryMb(pid);
          return `server RSS ${m.rss} MB, peak ${m.peak} MB`;
        };
        console.log(`search engine ready ${((Date.now() - t0) / 1000).toFixed(1)} s after the server answered (${memory()})`);
        // Then its search index current (decision 106: the first build is what makes the engine ready).
        {
          for (;;) {
            const text = await fetch(`${base}/api/metrics`).then((x) => x.text(), () => '');
            const built = /radarfirme_search_engine\{measure="index_build_seconds"\} ([\d.]+)/.exec(text)?.[1];
            if (/radarfirme_search_engine\{measure="index_current"\} 1/.test(text)) {
              const bytes = Number(/radarfirme_search_engine\{measure="index_bytes"\} (\d+)/.exec(text)?.[1] ?? 0);
              console.log(`search index built in ${built} s (${(bytes / 1e6).toFixed(0)} MB), ${((Date.now() - t0) / 1000).toFixed(1)} s after the server answered (${memory()})`);
              break;
            }
            if (Date.now() - t0 > 20 * 60_000) throw new Error('the search index was not built in 20 minutes');
            await new Promise((res) => setTimeout(res, 500));
          }
        }
        // Warm-up: every class once or more (compiles routes, fills the page cache of the sampled pages).
        const warm = [...searches.slice(-100), ...suggestions.slice(0, 50), ...pages, ...details.slice(0, 200)];
        for (let i = 0; i < warm.length; i += 8) await Promise.all(warm.slice(i, i + 8).map((p) => fetch(base + p).then((r) => r.arrayBuffer(), () => null)));

        const only = process.env.SEARCH_LOAD_ROUNDS?.split(',').map(Number);
        // 0. One client, in order: 400 random filters (none repeated, result cache cold for them), their
        //    filter counts, and the details endpoints against the SQL they run (the floor, measured
        //    on its own connection as prepared statements).
        if (!only || only.includes(0)) {
          const before = load();
          const timed = async (paths: string[]) => {
            const times: number[] = [];
            for (const p of paths) {
              const t = performance.now();
              const r = await fetch(base + p);
              await r.arrayBuffer();
              times.push(performance.now() - t);
            }
            return times;
          };
          const line = (name: string, t: number[]) =>
            console.log(`  ${name.padEnd(34)} n=${t.length}  p50 ${ms(percentile(t, 50)).padStart(5)}  p95 ${ms(percentile(t, 95)).padStart(5)}  max ${ms(Math.max(...t)).padStart(6)} ms`);
          const single = searches.slice(-1_000, -600);
          let cpu0 = processCpuMs(pid);
          const searchTimes = await timed(single);
          const searchCpu = (processCpuMs(pid) - cpu0) / single.length;
          cpu0 = processCpuMs(pid);
          const facetTimes = await timed(single.map((p) => p.replace('/getCompanies?', '/getCompanyFacets?')));
          const facetCpu = (processCpuMs(pid) - cpu0) / single.length;
          console.log(`\n0. 1 client, in order (load average before ${before}, after ${load()})`);
          line('search, 400 random filters', searchTimes);
          // The slowest, to see what a max is made of (a filter the index leaves to PostgreSQL, a cold page, a collection).
          for (const i of searchTimes.map((_, i) => i).sort((a, b) => searchTimes[b] - searchTimes[a]).slice(0, 3)) console.log(`      ${ms(searchTimes[i]).padStart(6)} ms  ${single[i]}`);
          console.log(`      server CPU ${searchCpu.toFixed(2)} ms per search`);
          line('facets, the same 400 filters', facetTimes);
          console.log(`      server CPU ${facetCpu.toFixed(2)} ms per facets answer`);
          // The type-ahead alone (issue 46: p95 ≤ 15 ms): 400 prefixes of round 4's after 400 others
          // (each text is cached for five minutes: the measured ones are all new to the server).
          const cold = await timed(suggestions.slice(0, 400));
          line('type-ahead, 400 prefixes (first)', cold);
          line('type-ahead, 400 other prefixes', await timed(suggestions.slice(400, 800)));
          await detailsAgainstFloor(base, data.url, sample.slice(300, 300 + Number(process.env.SEARCH_LOAD_DETAILS ?? 200)));
        }

        let cursor = 0;
        /** The next `n` unique searches (never reused across rounds). */
        const fresh = (n: number) => {
          const out = searches.slice(cursor, cursor + n);
          cursor += n;
          return out;
        };
        const rounds: Array<[string, number, ClassPlan[]]> = [
          ['1. 1 client, search only, random filters (none repeated)', 1, [{ name: 'search', weight: 1, paths: fresh(5_000) }]],
          ['2. 20 clients, search only, random filters (none repeated)', 20, [{ name: 'search', weight: 1, paths: fresh(20_000) }]],
          ['3. 20 clients, search only, 30 % of the requests repeat an address sent before', 20, [{ name: 'search', weight: 1, paths: fresh(15_000), repeatShare: 0.3 }]],
          ['4. 200 connections, mixed (40 % suggestions, 25 % search, 15 % company pages, 20 % details)', 200, [
            { name: 'suggestions', weight: 40, paths: suggestions },
            { name: 'search', weight: 25, paths: fresh(15_000) },
            { name: 'pages', weight: 15, paths: pages },
            { name: 'details', weight: 20, paths: details },
          ]],
        ];
        for (const [i, [title, connections, classes]] of rounds.entries()) {
          if (only && !only.includes(i + 1)) continue;
          const before = load();
          const cpu0 = processCpuMs(pid);
          const c0 = await counters(base);
          const threads0 = threadCpuMs(pid);
          const pg0 = postgresCpuMs();
          const r = await generate(base, connections, classes, 1000 + i);
          const cpu = processCpuMs(pid) - cpu0;
          const budget = { threads: threadDelta(threads0, threadCpuMs(pid)), postgres: postgresCpuMs() - pg0 };
          report(title, r, before, cpu, c0, await counters(base), budget);
          console.log(`  ${memory()}`);
          await new Promise((res) => setTimeout(res, 3000));
        }
      },
    );
  } finally {
    await data.stop();
  }
}


/** One GET over node:http with a keep-alive connection (the load generator's client), in ms. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
function timedGet(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    http
      .get(url, { agent: keepAlive, headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(performance.now() - t));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** HTTP passes over the sample before the measured one (SEARCH_LOAD_DETAIL_PASSES; the first is printed). */
const DETAIL_PASSES = Number(process.env.SEARCH_LOAD_DETAIL_PASSES ?? 3);

/**
 * The details endpoints of the company page from outside (HTTP, one client) against their SQL
 * floor: the statements each request runs, recorded in this process by calling the same route
 * handler, then replayed alone as prepared statements on one connection (sum per request).
 * HTTP is timed with node:http on a keep-alive connection, as the load generator sends (gzip
 * asked, the body read, not inflated); fetch() (undici, which also inflates) is printed beside it:
 * at 3.5M it added 0.6–1.2 ms at p50 and about 2 ms at p95 of its own.
 */
async function detailsAgainstFloor(base: string, url: string, sample: Array<{ cui: number; year: number | null }>) {
  const { env } = await import('../../server/kernel/env');
  Object.assign(env, { DATABASE_URL: url, DATABASE_READ_URL: undefined });
  const routes = {
    getDetails: { mod: await import('../../app/api/Company/getDetails/[cui]/route'), path: (c: number) => `/api/Company/getDetails/${c}`, params: true },
    getDetailsByYear: { mod: await import('../../app/api/Company/getDetailsByYear/[cui]/route'), path: (c: number) => `/api/Company/getDetailsByYear/${c}`, params: true },
    getDetailsForGraphs: { mod: await import('../../app/api/Company/getDetailsForGraphs/[cui]/route'), path: (c: number) => `/api/Company/getDetailsForGraphs/${c}`, params: true },
    getCompanyRanking: { mod: await import('../../app/api/Company/getCompanyRanking/route'), path: (c: number) => `/api/Company/getCompanyRanking?cui=${c}&orderBy=NetTurnover&location=All`, params: false },
    getContactsByCompany: { mod: await import('../../app/api/Contact/getContactsByCompany/route'), path: (c: number) => `/api/Contact/getContactsByCompany?cui=${c}`, params: false },
  };
  // Record what pg runs (the app's pools and Prisma's adapter all end in Client.query).
  let recording: Array<{ text: string; values: unknown[] }> | null = null;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, cb?: unknown) {
    if (recording && config && (typeof config === 'string' || typeof (config as { text?: unknown }).text === 'string')) {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      const vals = (typeof config === 'string' ? values : (config as { values?: unknown[] }).values ?? values) as unknown[] | undefined;
      if (!/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(text.trim())) recording.push({ text, values: Array.isArray(vals) ? vals : [] });
    }
    return (original as (...a: unknown[]) => unknown).call(this, config, values, cb);
  } as typeof original;
  const floorClient = new pg.Client({ connectionString: url });
  await floorClient.connect();
  const names = new Map<string, string>();
  type Measures = { inProcess: number[]; firstPass: number[]; viaHttp: number[]; viaFetch: number[]; floor: number[]; statementsOf: Map<number, Array<{ text: string; values: unknown[] }>> };
  const entries = Object.entries(routes);
  const m = new Map<string, Measures>(entries.map(([name]) => [name, { inProcess: [], firstPass: [], viaHttp: [], viaFetch: [], floor: [], statementsOf: new Map() }]));
  const twice = [...sample, ...sample].map(({ cui }, i) => ({ cui, warm: i < sample.length })); // the first pass warms
  try {
    // Each measure in its own loop, so one client's requests follow each other as a browser's
    // would: interleaving the measures per company (as before) timed this process's own work (its
    // garbage collection after the in-process handler, the server's caches gone cold meanwhile)
    // as the server's.
    // 1. The handler in this process, recording the statements it runs.
    for (const [name, r] of entries) {
      const { inProcess, statementsOf } = m.get(name)!;
      for (const { cui, warm } of twice) {
        recording = [];
        const req = new Request(`http://bench.local${r.path(cui)}`);
        const t = performance.now();
        const handler = r.mod.GET as (req: Request, ctx?: unknown) => Promise<Response>;
        await (await handler(req, r.params ? { params: Promise.resolve({ cui: String(cui) }) } : undefined)).text();
        if (!warm) inProcess.push(performance.now() - t);
        statementsOf.set(cui, recording);
        recording = null;
      }
    }
    // 2. HTTP on one keep-alive connection (node:http), company after company, its five requests
    //    in turn as its page sends them. One endpoint after another instead (as before), the first
    //    one measured paid for what the server still had to digest of the previous round (the
    //    single-client facets): at 3.5M getDetails had p95 3.8 ms measured first and 1.6 ms
    //    measured last, and getDetailsByYear, then first, went from 1.8 to 3.0.
    //    The server has also just started: its first pass runs code V8 has not optimised yet (at
    //    3.5M, an answer without the database had p95 2.9 ms in the first pass, 1.0 in the third).
    //    The first pass is printed beside the measured one, which follows DETAIL_PASSES passes.
    for (let pass = 0; pass <= DETAIL_PASSES; pass++) {
      for (const { cui } of sample) {
        for (const [name, r] of entries) {
          const t = await timedGet(base + r.path(cui));
          if (pass === 0) m.get(name)!.firstPass.push(t);
          if (pass === DETAIL_PASSES) m.get(name)!.viaHttp.push(t);
        }
      }
    }
    // 3. fetch() (undici), the same way: one warming pass, one measured.
    for (const { cui, warm } of twice) {
      for (const [name, r] of entries) {
        const t = performance.now();
        await fetch(base + r.path(cui)).then((x) => x.arrayBuffer());
        if (!warm) m.get(name)!.viaFetch.push(performance.now() - t);
      }
    }
    // 4. The floor: the recorded statements alone, prepared, on one connection (sum per request).
    for (const [name] of entries) {
      const { floor, statementsOf } = m.get(name)!;
      for (const { cui, warm } of twice) {
        const t = performance.now();
        for (const st of statementsOf.get(cui) ?? []) {
          let n = names.get(st.text);
          if (!n) names.set(st.text, (n = `floor${names.size}`));
          await floorClient.query({ name: n, text: st.text, values: st.values });
        }
        if (!warm) floor.push(performance.now() - t);
      }
    }
    const p95 = (a: number[]) => percentile(a, 95);
    for (const [name] of entries) {
      const { inProcess, firstPass, viaHttp, viaFetch, floor } = m.get(name)!;
      console.log(
        `  ${name.padEnd(22)} HTTP p50 ${ms(percentile(viaHttp, 50)).padStart(5)} p95 ${ms(p95(viaHttp)).padStart(5)} (first pass ${ms(percentile(firstPass, 50))} / ${ms(p95(firstPass))})  (fetch p50 ${ms(percentile(viaFetch, 50)).padStart(5)} p95 ${ms(p95(viaFetch)).padStart(5)})  | handler in process p95 ${ms(p95(inProcess)).padStart(5)}  | SQL floor p50 ${ms(percentile(floor, 50)).padStart(5)} p95 ${ms(p95(floor)).padStart(5)} ms  → HTTP p95 − floor p95 = ${ms(p95(viaHttp) - p95(floor))} ms`,
      );
    }
  } finally {
    pg.Client.prototype.query = original;
    keepAlive.destroy();
    await floorClient.end();
  }
  console.log(`  (load average ${load()})`);
}
