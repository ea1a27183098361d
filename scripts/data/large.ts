// `npm run data:large -- --companies 1000000 [--years 6] [--url postgresql://…]`
//
// Fills a large deterministic data set for benchmarks. Without --url it runs on the benchmark
// cluster (embedded PostgreSQL in /var/tmp/radarfirme-bench/pg, port 54340, started and stopped
// here, data kept), never on the development database by accident.
//
// How it stays fast (docs/decisions/004-derived-data.md): key, index and foreign-key definitions
// are saved, then dropped; every table is truncated and filled by its own COPY … FREEZE stream,
// fed in CUI order by two generator worker threads; then a job graph on two connections computes
// the latest-year facts (one UPDATE before the company indexes exist), trends, ranks,
// collaborations and statistics between the index builds, and the foreign keys come back last.
// Options: --years N, --seed N, --workers N (generator threads), --connections N,
// --embedded DIR --port P (another benchmark cluster), --url URL (any database, migrated here).
// It REPLACES all company data of the target database, including what references companies
// (companies in groups, claims).
import { SingleBar, Presets } from 'cli-progress';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { CopyWriter, LOADED_TABLES, TABLES } from './copy';
import { CUI_SLOT_COUNT, DEFAULT_SEED, generateCompanies } from './generator';
import type { BlockResult, WorkerInput } from './large-worker';
import { dropDefinitions, readDefinitions, refreshOtherMaterializedViews, type Ddl } from './ddl';
import { loadReferenceData } from './reference';
import { startEmbedded, type EmbeddedHandle } from '../db/embedded';
import { migrate } from '../db/migrate';

type LargeLoadOptions = {
  companies: number;
  /** Financial years per company (every company gets exactly this many), default 6. */
  years?: number;
  seed?: number;
  /** Connections for the index and derived-data phase (default 2 = the cores of the machine). */
  connections?: number;
  /** Worker threads generating the data (default 2, 0 = generate on the main thread). */
  workers?: number;
  quiet?: boolean;
};

type LargeLoadResult = {
  /** Wall-clock seconds per phase, and the CPU seconds this loader and its PostgreSQL used. */
  timings: { phase: string; seconds: number; cpuSeconds: number | null }[];
  rows: Record<string, number>;
  totalSeconds: number;
};

/** Tables whose rows the derived-data functions rebuild (their keys are rebuilt after them too). */
const DERIVED_TABLES = ['company_trend', 'company_rank', 'collaboration'];
/** Tables that reference companies and lose their rows with them. */
const REFERENCING_TABLES = ['company_in_group', 'claim_request'];
const DDL_TABLE = '_rf_bulk_load_ddl';

/**
 * CPU seconds used so far by this process and by the PostgreSQL server of the connection (the
 * postmaster, its live children, and the children it has reaped), read from /proc. Lets a run on
 * a busy machine tell its own cost apart from the neighbours' load. null where /proc is missing.
 */
function cpuMeter(postmasterPid: number | null): () => number | null {
  const ticks = 100; // USER_HZ on Linux
  const stat = (pid: number) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parts = f.slice(f.lastIndexOf(')') + 2).split(' ');
      return { ppid: Number(parts[1]), own: Number(parts[11]) + Number(parts[12]), reaped: Number(parts[13]) + Number(parts[14]) };
    } catch {
      return null;
    }
  };
  return () => {
    if (postmasterPid === null) return null;
    const pm = stat(postmasterPid);
    if (!pm) return null;
    let total = pm.own + pm.reaped;
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      const st = stat(Number(d));
      if (st && st.ppid === postmasterPid) total += st.own;
    }
    const node = process.cpuUsage();
    return total / ticks + (node.user + node.system) / 1e6;
  };
}

async function postmasterPid(client: pg.Client): Promise<number | null> {
  try {
    const { rows } = await client.query('SELECT pg_backend_pid() AS pid');
    const status = readFileSync(`/proc/${rows[0].pid}/status`, 'utf8');
    return Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? NaN) || null;
  } catch {
    return null; // the server runs elsewhere
  }
}

async function connect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

/**
 * Definitions of every key and index of the loaded and derived tables and of the foreign keys
 * pointing at them, saved in a table first: if the run dies between drop and rebuild, the next run
 * still knows what to recreate.
 */
async function saveDefinitions(client: pg.Client): Promise<Ddl[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS ${DDL_TABLE} (ord int, kind text, tbl text, name text, ddl text)`);
  const saved = await client.query<Ddl>(`SELECT * FROM ${DDL_TABLE} ORDER BY ord`);
  if (saved.rowCount) return saved.rows; // an interrupted run: its definitions are the real ones
  const defs = await readDefinitions(client, [...LOADED_TABLES, ...DERIVED_TABLES]);
  await client.query(
    `INSERT INTO ${DDL_TABLE} (ord, kind, tbl, name, ddl) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [defs.map((d) => d.ord), defs.map((d) => d.kind), defs.map((d) => d.tbl), defs.map((d) => d.name), defs.map((d) => d.ddl)],
  );
  return defs;
}

type Job = { id: string; sql: string; after?: string[]; weight?: number };

/**
 * Runs a job graph on n connections: each free connection takes the first job (in list order)
 * whose prerequisites are done, so the two cores stay busy (e.g. trends run while the company
 * facts are computed). Returns the seconds each job took.
 */
async function runJobGraph(clients: pg.Client[], jobs: Job[], log: (m: string) => void): Promise<Map<string, number>> {
  const done = new Set<string>();
  const started = new Set<string>();
  const seconds = new Map<string, number>();
  const known = new Set(jobs.map((j) => j.id));
  let wake: () => void = () => {};
  let changed = new Promise<void>((r) => (wake = r));
  const signal = () => {
    const w = wake;
    changed = new Promise<void>((r) => (wake = r));
    w();
  };
  const ready = (j: Job) => !started.has(j.id) && (j.after ?? []).every((a) => done.has(a) || !known.has(a));
  let failure: unknown = null;
  await Promise.all(
    clients.map(async (c) => {
      while (started.size < jobs.length && failure === null) {
        const job = jobs.find(ready);
        if (!job) {
          await changed;
          continue;
        }
        started.add(job.id);
        const t = Date.now();
        try {
          await c.query(job.sql);
        } catch (e) {
          failure = new Error(`${job.id}: ${e instanceof Error ? e.message : String(e)}`);
          signal();
          return;
        }
        const s = (Date.now() - t) / 1000;
        seconds.set(job.id, s);
        log(`    ${job.id} ${s.toFixed(1)} s`);
        done.add(job.id);
        signal();
      }
    }),
  );
  if (failure) throw failure;
  return seconds;
}

/** Rough cost of building a definition, to start the long ones first. */
function ddlWeight(d: Ddl, rows: Record<string, number>): number {
  const base = rows[d.tbl] ?? 1_000_000;
  return /\busing gin\b/i.test(d.ddl) ? base * 20 : base; // trigram GIN builds take far longer
}

/**
 * Generates the set on worker threads, block by block of the CUI space (about 4,000 companies a
 * block), and writes the blocks to the COPY streams in CUI order. Each worker keeps at most two
 * blocks waiting, so memory stays at a few tens of MB.
 */
async function generateWithWorkers(
  o: { seed: number; count: number; years: number; workers: number },
  writers: CopyWriter[],
  progress: (companies: number) => void,
): Promise<void> {
  const nBlocks = Math.max(o.workers * 4, Math.ceil(o.count / 4_000));
  const blockSlots = Math.ceil(CUI_SLOT_COUNT / nBlocks);
  const ready = new Map<number, BlockResult & { worker: Worker }>();
  let wake: (() => void) | null = null;
  let failure: unknown = null;
  const workers = Array.from({ length: o.workers }, (_, w) => {
    const blocks: number[] = [];
    for (let b = w; b < nBlocks; b += o.workers) blocks.push(b);
    const input: WorkerInput = { seed: o.seed, count: o.count, years: o.years, blockSlots, blocks, window: 2 };
    // The worker is TypeScript: register tsx's CommonJS hooks in the thread, then load it.
    const file = path.join(__dirname, 'large-worker.ts');
    const worker = new Worker(`require('tsx/cjs')\nrequire(${JSON.stringify(file)})`, { eval: true, workerData: input });
    worker.on('message', (m: BlockResult | { done: true }) => {
      if ('block' in m) ready.set(m.block, { ...m, worker });
      wake?.();
    });
    worker.on('error', (e) => {
      failure = e;
      wake?.();
    });
    return worker;
  });
  try {
    let companies = 0;
    for (let next = 0; next < nBlocks; next++) {
      while (!ready.has(next)) {
        if (failure) throw failure;
        await new Promise<void>((r) => (wake = r));
      }
      const r = ready.get(next)!;
      ready.delete(next);
      r.worker.postMessage({ ack: next });
      for (let k = 0; k < writers.length; k++) {
        const wait = writers[k].writeChunk(r.chunks[k], r.rows[k]);
        if (wait) await wait;
      }
      companies += r.companies;
      progress(companies);
    }
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

export async function loadLargeDataset(url: string, opts: LargeLoadOptions): Promise<LargeLoadResult> {
  const log = opts.quiet ? () => {} : (m: string) => console.log(m);
  const years = opts.years ?? 6;
  const seed = opts.seed ?? DEFAULT_SEED;
  const nConn = Math.max(1, opts.connections ?? 2);
  const timings: LargeLoadResult['timings'] = [];
  const tAll = Date.now();
  const main = await connect(url);
  const cpu = cpuMeter(await postmasterPid(main));
  let tPhase = Date.now();
  let cPhase = cpu();
  const cpuStart = cPhase;
  const phase = (name: string) => {
    const s = (Date.now() - tPhase) / 1000;
    const c = cpu();
    const cs = c !== null && cPhase !== null ? c - cPhase : null;
    timings.push({ phase: name, seconds: Math.round(s * 10) / 10, cpuSeconds: cs === null ? null : Math.round(cs * 10) / 10 });
    log(`[large] ${name}: ${s.toFixed(1)} s${cs === null ? '' : ` (CPU ${cs.toFixed(1)} s)`}`);
    tPhase = Date.now();
    cPhase = c;
  };

  const workers: pg.Client[] = [main];
  for (let i = 1; i < nConn; i++) workers.push(await connect(url));
  const session = async (c: pg.Client) => {
    await c.query(`SET maintenance_work_mem = '1GB'`);
    await c.query(`SET work_mem = '1GB'`);
    await c.query('SET synchronous_commit = off');
    // Every company row changes: the search engines reload at their next start or poll (one
    // cui-NULL row written at the end), not row by row (decision 026).
    await c.query(`SET rf.search_log = 'off'`);
  };
  await Promise.all(workers.map(session));

  try {
    // 1. reference data, saved definitions, empty tables without indexes
    await loadReferenceData(main);
    const defs = await saveDefinitions(main);
    await main.query(`TRUNCATE ${[...LOADED_TABLES, ...DERIVED_TABLES, ...REFERENCING_TABLES].join(', ')} CASCADE`);
    await dropDefinitions(main, defs);
    phase('pregătire (definiții salvate, tabele golite, indexuri eliminate)');

    // 2. one generator pass, one COPY … FREEZE per table
    const copyClients = await Promise.all(TABLES.map(() => connect(url)));
    // a failed run ends with these connections cut: report the first error, not theirs
    for (const c of copyClients) c.on('error', () => {});
    await Promise.all(
      copyClients.map(async (c, i) => {
        await c.query('SET synchronous_commit = off');
        await c.query(`SET rf.search_log = 'off'`);
        await c.query('BEGIN');
        // FREEZE needs the truncation in the same transaction: rows are written frozen and
        // all-visible, so no VACUUM pass is needed before index-only scans work.
        await c.query(`TRUNCATE ${TABLES[i].table}`);
      }),
    );
    const writers = TABLES.map((spec, i) => new CopyWriter(copyClients[i], spec, { freeze: true }));
    const bar = !opts.quiet && process.stdout.isTTY
      ? new SingleBar({ format: '[large] {bar} {percentage}% | {value}/{total} firme | {duration_formatted} (rămas ~{eta_formatted})', hideCursor: true }, Presets.shades_classic)
      : null;
    bar?.start(opts.companies, 0);
    const nWorkers = opts.workers ?? 2;
    if (nWorkers > 0) {
      await generateWithWorkers({ seed, count: opts.companies, years, workers: nWorkers }, writers, (n) => bar?.update(n));
    } else {
      let n = 0;
      for (const b of generateCompanies({ seed, count: opts.companies, yearsPerCompany: years, fullYears: true })) {
        for (const w of writers) {
          w.write(b);
          const wait = w.flushIfFull();
          if (wait) await wait;
        }
        if (++n % 8192 === 0) bar?.update(n);
      }
    }
    await Promise.all(writers.map((w) => w.end()));
    await Promise.all(copyClients.map((c) => c.query('COMMIT')));
    await Promise.all(copyClients.map((c) => c.end()));
    bar?.update(opts.companies);
    bar?.stop();
    const rows = Object.fromEntries(writers.map((w) => [w.spec.table, w.rows]));
    phase(`generare + COPY (${Object.entries(rows).map(([t, r]) => `${t} ${r.toLocaleString('ro-RO')}`).join(', ')})`);

    // 3. keys, indexes and derived data as one job graph on n connections:
    //    - planner statistics first (a plan made for empty tables would be very slow);
    //    - financial_year's key, which the latest-year lookup walks in CUI order;
    //    - the latest-year facts and the trends (one walk over the years): one UPDATE while company
    //      has no index to maintain, then VACUUM FULL to drop the old row versions (a compact heap,
    //      as after a real import);
    //    - company's indexes and ranks after that; collaborations and the other tables' indexes
    //      meanwhile; foreign keys last (they lock both tables, index builds would wait).
    const fyKey = defs.find((d) => d.kind === 'pk' && d.tbl === 'financial_year');
    const derivedOf: Record<string, string> = { company_trend: 'facts', company_rank: 'ranks', collaboration: 'collaborations' };
    const analyze = LOADED_TABLES.map((t) => `analyze:${t}`);
    // Adding a key is an ALTER TABLE (an exclusive lock): a job that reads the table waits for
    // its keys instead of blocking them for its whole run.
    const keysOf = (...tables: string[]) =>
      defs.filter((d) => (d.kind === 'pk' || d.kind === 'unique') && tables.includes(d.tbl) && d !== fyKey).map((d) => d.name);
    const readByFacts = ['contact', 'tender', 'eu_project'];
    const indexDefs = defs.filter((d) => d.kind !== 'fk' && d !== fyKey).sort((a, b) => ddlWeight(b, rows) - ddlWeight(a, rows));
    const jobs: Job[] = [
      ...(fyKey ? [{ id: fyKey.name, sql: fyKey.ddl }] : []),
      ...LOADED_TABLES.map((t) => ({ id: `analyze:${t}`, sql: `ANALYZE ${t}` })),
      ...indexDefs.filter((d) => keysOf(...readByFacts).includes(d.name)).map((d) => ({ id: d.name, sql: d.ddl })),
      { id: 'facts', sql: 'SELECT rf_refresh_company_facts()', after: [fyKey?.name ?? '', ...analyze, ...keysOf(...readByFacts)] },
      { id: 'vacuum-full:company', sql: 'VACUUM FULL company', after: ['facts'] },
      ...indexDefs.filter((d) => keysOf('company').includes(d.name)).map((d) => ({ id: d.name, sql: d.ddl, after: ['vacuum-full:company'] })),
      ...indexDefs.filter((d) => d.tbl === 'company').slice(0, 1).map((d) => ({ id: d.name, sql: d.ddl, after: ['vacuum-full:company'] })),
      { id: 'ranks', sql: 'SELECT rf_refresh_ranks()', after: ['vacuum-full:company', ...keysOf('company')] },
      { id: 'collaborations', sql: 'SELECT rf_refresh_collaborations()', after: ['analyze:tender', ...keysOf('tender')] },
      // The default scores and sector quartiles read the latest-year facts and walk the years by key.
      { id: 'risk', sql: 'SELECT rf_refresh_risk()', after: ['vacuum-full:company', ...keysOf('company'), fyKey?.name ?? ''] },
      ...indexDefs.map((d) => ({
        id: d.name,
        sql: d.ddl,
        after: d.tbl === 'company' ? ['vacuum-full:company'] : derivedOf[d.tbl] ? [derivedOf[d.tbl]] : [],
      })),
      {
        id: 'stats',
        sql: 'SELECT rf_refresh_stats()',
        after: ['vacuum-full:company', ...keysOf('company', 'representative', 'contact', 'tender', 'eu_project')],
      },
    ].filter((j, k, all) => all.findIndex((x) => x.id === j.id) === k);
    const before = jobs.map((j) => j.id);
    for (const d of defs.filter((x) => x.kind === 'fk')) jobs.push({ id: d.name, sql: d.ddl, after: before });
    await runJobGraph(workers, jobs, log);
    await main.query(`DROP TABLE ${DDL_TABLE}`);
    await main.query(`INSERT INTO search_change (cui) VALUES (NULL)`);
    await refreshOtherMaterializedViews(main);
    phase(`fapte și tendințe, clasamente, risc și repere sectoriale, colaborări, statistici, ${defs.length} chei și indexuri, vederi materializate`);

    // 4. visibility map (index-only scans) and planner statistics
    await runJobGraph(
      workers,
      [...LOADED_TABLES, ...DERIVED_TABLES, 'company_risk', 'sector_benchmark'].map((t) => ({ id: `VACUUM ANALYZE ${t}`, sql: `VACUUM (ANALYZE) ${t}` })),
      log,
    );
    phase('VACUUM ANALYZE');

    const totalSeconds = Math.round((Date.now() - tAll) / 100) / 10;
    const cpuEnd = cpu();
    const cpuTotal = cpuEnd !== null && cpuStart !== null ? ` (CPU ${(cpuEnd - cpuStart).toFixed(1)} s)` : '';
    log(`[large] total: ${totalSeconds.toFixed(1)} s${cpuTotal} pentru ${opts.companies.toLocaleString('ro-RO')} de firme × ${years} ani`);
    return { timings, rows, totalSeconds };
  } finally {
    await Promise.all(workers.map((c) => c.end().catch(() => {})));
  }
}

// ───────────────────────────── the benchmark cluster ─────────────────────────────

export const BENCH_DB = {
  dataDir: '/var/tmp/radarfirme-bench/pg',
  port: 54340,
  sharedBuffers: '4GB',
};

/**
 * Starts the embedded benchmark cluster (fsync off, 4 GB shared buffers, data kept between runs)
 * and applies the migrations. wal_level=minimal (set once with ALTER SYSTEM, then a restart) lets
 * TRUNCATE + COPY and index builds skip the WAL: this cluster holds nothing worth replicating.
 */
export async function startBenchCluster(dataDir = BENCH_DB.dataDir, port = BENCH_DB.port): Promise<EmbeddedHandle> {
  const start = () => startEmbedded({ dataDir, port, durable: false, sharedBuffers: BENCH_DB.sharedBuffers, quiet: true });
  let db = await start();
  const c = await connect(db.url);
  const { rows } = await c.query(`SELECT current_setting('wal_level') AS wal`);
  if (rows[0].wal !== 'minimal') {
    await c.query(`ALTER SYSTEM SET wal_level = 'minimal'`);
    await c.query(`ALTER SYSTEM SET max_wal_senders = 0`);
    await c.end();
    await db.stop();
    db = await start();
  } else {
    await c.end();
  }
  await migrate(db.url);
  return db;
}

// ───────────────────────────── command line ─────────────────────────────

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}

async function cli() {
  const args = process.argv.slice(2);
  const companies = Number((argValue(args, 'companies') ?? '1000000').replace(/[_.,]/g, ''));
  const years = Number(argValue(args, 'years') ?? 6);
  const seed = Number(argValue(args, 'seed') ?? DEFAULT_SEED);
  const connections = Number(argValue(args, 'connections') ?? 2);
  const workers = Number(argValue(args, 'workers') ?? 2);
  const url = argValue(args, 'url');
  if (!Number.isInteger(companies) || companies < 1) throw new Error('--companies trebuie să fie un număr întreg pozitiv');
  let db: EmbeddedHandle | null = null;
  let target = url;
  if (!target) {
    const dataDir = path.resolve(argValue(args, 'embedded') ?? BENCH_DB.dataDir);
    const port = Number(argValue(args, 'port') ?? BENCH_DB.port);
    db = await startBenchCluster(dataDir, port);
    target = db.url;
    console.log(`[large] cluster de benchmark: ${db.dataDir} (${target})`);
  } else {
    await migrate(target);
  }
  const stop = async () => {
    await db?.stop().catch(() => {});
  };
  process.on('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    await loadLargeDataset(target, { companies, years, seed, connections, workers });
  } finally {
    await stop();
  }
}

if (require.main === module) {
  cli().then(
    () => process.exit(0),
    (e) => {
      console.error(`[large] ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
