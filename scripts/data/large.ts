// `npm run data:large -- --companies 1000000 [--years 6] [--url postgresql://…]`
//
// Fills a large deterministic data set for benchmarks. Without --url it runs on the benchmark
// cluster (embedded PostgreSQL in /var/tmp/radarfirme-bench/pg, port 54340, started and stopped
// here, data kept), never on the development database by accident.
//
// How it stays fast (docs/decisions/004-derived-data.md): index and constraint definitions are
// saved, then dropped; every table is truncated and filled by its own COPY … FREEZE stream (one
// connection per table, fed by one generator pass with backpressure); primary keys come back
// first, the latest-year facts are computed with one UPDATE before the company indexes exist,
// then the remaining indexes, derived data and constraints are built on two connections.
// It REPLACES all company data of the target database, including what references companies
// (companies in groups, claims).
import { SingleBar, Presets } from 'cli-progress';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CopyWriter, LOADED_TABLES, TABLES } from './copy';
import { DEFAULT_SEED, generateCompanies } from './generator';
import { loadReferenceData } from './reference';
import { startEmbedded, type EmbeddedHandle } from '../db/embedded';
import { migrate } from '../db/migrate';

export type LargeLoadOptions = {
  companies: number;
  /** Financial years per company (every company gets exactly this many), default 6. */
  years?: number;
  seed?: number;
  /** Connections for the index and derived-data phase (default 2 = the cores of the machine). */
  connections?: number;
  quiet?: boolean;
};

export type LargeLoadResult = {
  /** Wall-clock seconds per phase, and the CPU seconds this loader and its PostgreSQL used. */
  timings: { phase: string; seconds: number; cpuSeconds: number | null }[];
  rows: Record<string, number>;
  totalSeconds: number;
};

/** Tables whose rows the derived-data functions rebuild (kept indexed: ON CONFLICT needs their keys). */
const DERIVED_TABLES = ['company_trend', 'company_rank', 'collaboration'];
/** Tables that reference companies and lose their rows with them. */
const REFERENCING_TABLES = ['company_in_group', 'claim_request'];
const DDL_TABLE = '_rf_bulk_load_ddl';

type Ddl = { ord: number; kind: 'pk' | 'unique' | 'index' | 'fk'; tbl: string; name: string; ddl: string };

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
 * Definitions of every index and key of the loaded tables and of the foreign keys pointing at
 * them, saved in a table first: if the run dies between drop and rebuild, the next run still
 * knows what to recreate.
 */
async function saveDefinitions(client: pg.Client): Promise<Ddl[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS ${DDL_TABLE} (ord int, kind text, tbl text, name text, ddl text)`);
  const saved = await client.query<Ddl>(`SELECT * FROM ${DDL_TABLE} ORDER BY ord`);
  if (saved.rowCount) return saved.rows; // an interrupted run: its definitions are the real ones
  const loaded = LOADED_TABLES;
  const { rows } = await client.query<Omit<Ddl, 'ord'>>(
    `SELECT CASE c.contype WHEN 'p' THEN 'pk' WHEN 'u' THEN 'unique' ELSE 'fk' END AS kind,
            c.conrelid::regclass::text AS tbl, c.conname AS name,
            format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) AS ddl
     FROM pg_constraint c
     WHERE (c.conrelid::regclass::text = ANY($1) AND c.contype IN ('p', 'u', 'f'))
        OR (c.confrelid::regclass::text = ANY($1) AND c.contype = 'f')
     UNION ALL
     SELECT 'index', i.indrelid::regclass::text, i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
     FROM pg_index i
     WHERE i.indrelid::regclass::text = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)`,
    [loaded],
  );
  const order = { pk: 0, unique: 1, index: 2, fk: 3 } as const;
  const defs = rows
    .sort((a, b) => order[a.kind] - order[b.kind] || a.tbl.localeCompare(b.tbl) || a.name.localeCompare(b.name))
    .map((d, ord) => ({ ...d, ord }));
  await client.query(
    `INSERT INTO ${DDL_TABLE} (ord, kind, tbl, name, ddl) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])`,
    [defs.map((d) => d.ord), defs.map((d) => d.kind), defs.map((d) => d.tbl), defs.map((d) => d.name), defs.map((d) => d.ddl)],
  );
  return defs;
}

async function dropDefinitions(client: pg.Client, defs: Ddl[]) {
  // foreign keys first (they depend on the keys), then keys, then plain indexes
  for (const d of [...defs].reverse()) {
    if (d.kind === 'index') await client.query(`DROP INDEX IF EXISTS ${d.name}`);
    else await client.query(`ALTER TABLE ${d.tbl} DROP CONSTRAINT IF EXISTS "${d.name}"`);
  }
}

/** Runs jobs on n connections, each job on whichever connection is free first. */
async function runJobs(clients: pg.Client[], jobs: { label: string; sql: string }[], log: (m: string) => void) {
  let next = 0;
  await Promise.all(
    clients.map(async (c) => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const t = Date.now();
        await c.query(job.sql);
        log(`    ${job.label} ${((Date.now() - t) / 1000).toFixed(1)} s`);
      }
    }),
  );
}

/** Index jobs, the biggest first so that the two connections finish together. */
function indexJobs(defs: Ddl[], kinds: Ddl['kind'][], rows: Record<string, number>): { label: string; sql: string }[] {
  const weight = (d: Ddl) => {
    const base = rows[d.tbl] ?? 1;
    if (/\busing gin\b/i.test(d.ddl)) return base * 20; // trigram GIN builds take far longer
    return base;
  };
  return defs
    .filter((d) => kinds.includes(d.kind))
    .sort((a, b) => weight(b) - weight(a))
    .map((d) => ({ label: d.name, sql: d.ddl }));
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
    await c.query(`SET work_mem = '256MB'`);
    await c.query('SET synchronous_commit = off');
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
    await Promise.all(
      copyClients.map(async (c, i) => {
        await c.query('SET synchronous_commit = off');
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
    let n = 0;
    for (const b of generateCompanies({ seed, count: opts.companies, yearsPerCompany: years, fullYears: true })) {
      for (const w of writers) {
        w.write(b);
        const wait = w.flushIfFull();
        if (wait) await wait;
      }
      if (++n % 8192 === 0) bar?.update(n);
    }
    await Promise.all(writers.map((w) => w.end()));
    await Promise.all(copyClients.map((c) => c.query('COMMIT')));
    await Promise.all(copyClients.map((c) => c.end()));
    bar?.update(n);
    bar?.stop();
    const rows = Object.fromEntries(writers.map((w) => [w.spec.table, w.rows]));
    phase(`generare + COPY (${Object.entries(rows).map(([t, r]) => `${t} ${r.toLocaleString('ro-RO')}`).join(', ')})`);

    // 3. the latest-year facts: financial_year's key first (the latest-year lookup walks it in
    //    CUI order), then one UPDATE while company has no index to maintain, then VACUUM FULL to
    //    drop the old row versions (a compact heap, as after a real import)
    const isFyKey = (d: Ddl) => d.kind === 'pk' && d.tbl === 'financial_year';
    await runJobs(workers, indexJobs(defs.filter(isFyKey), ['pk'], rows), log);
    const facts = await main.query('SELECT rf_refresh_company_facts() AS n');
    await main.query('VACUUM FULL company');
    phase(`cheie financial_year + fapte ultimul an pe company (${Number(facts.rows[0].n).toLocaleString('ro-RO')} firme) + VACUUM FULL`);

    // 4. every other key and index, and the derived tables, on n connections
    const remaining = indexJobs(defs.filter((d) => !isFyKey(d)), ['pk', 'unique', 'index'], rows);
    await runJobs(workers, [
      ...remaining.slice(0, 1),
      { label: 'rf_refresh_trends()', sql: 'SELECT rf_refresh_trends()' },
      ...remaining.slice(1),
      { label: 'rf_refresh_ranks()', sql: 'SELECT rf_refresh_ranks()' },
      { label: 'rf_refresh_collaborations()', sql: 'SELECT rf_refresh_collaborations()' },
    ], log);
    phase(`indexuri (${remaining.length}) + tendințe, clasamente, colaborări`);

    // 5. foreign keys (validated: one anti-join each), statistics, visibility map and planner stats
    await runJobs(workers, indexJobs(defs, ['fk'], rows), log);
    await main.query(`DROP TABLE ${DDL_TABLE}`);
    await main.query('SELECT rf_refresh_stats()');
    phase('chei străine + statistici landing');
    await runJobs(
      workers,
      [...LOADED_TABLES, ...DERIVED_TABLES].map((t) => ({ label: `VACUUM ANALYZE ${t}`, sql: `VACUUM (ANALYZE) ${t}` })),
      () => {},
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
    await loadLargeDataset(target, { companies, years, seed, connections });
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
