// `npm run bench -- import`: the official-data importers on files generated in the exact official
// formats (scripts/import/generate.ts), in a throwaway PostgreSQL of their own (an empty register,
// as on the first real load). Prints rows/s, time, the importer's peak memory and the search p95
// while an import runs. Sizes: IMPORT_BENCH_ROWS (ONRC rows, default 4,100,000) and
// IMPORT_BENCH_MF_ROWS (default 1,000,000); IMPORT_BENCH_DIR: the throwaway database's folder;
// RF_IMPORT_PROFILE=1 prints each import's time per statement. Benchmarks print figures; they never fail.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { resolveDataDir, startEmbedded } from '../db/embedded';
import { migrate } from '../db/migrate';
import { freePort } from '../db/test-cluster';
import type { RunResult } from '../import/engine';
import { generateMf, generateOnrc } from '../import/generate';

/** Runs without the shared 1M-company benchmark database. */
export const standalone = true;

const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 4_100_000);
const MF_ROWS = Number(process.env.IMPORT_BENCH_MF_ROWS ?? 1_000_000);
const FILES = process.env.IMPORT_BENCH_FILES ?? '/var/tmp/radarfirme-import-bench-files';

const ROOT = path.resolve(__dirname, '../..');

/**
 * `npm run import` as its own process (the same node flags as package.json), its peak resident
 * memory read from /proc (VmHWM) while it runs, its result from the JSON line it prints.
 */
export function importProcess(url: string, args: string[]): Promise<RunResult & { peak: number; pgCpu: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--max-old-space-size=256', '--import', 'tsx', 'scripts/import/index.ts', ...args, '--json'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let peak = 0;
    const pgBefore = pgCpuSeconds();
    const timer = setInterval(() => {
      try {
        const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
        peak = Math.max(peak, kb * 1024);
      } catch {
        /* the process has ended */
      }
    }, 100);
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      clearInterval(timer);
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`import ${args.join(' ')}: exit ${code}\n${out.slice(-2000)}`));
      resolve({ ...(JSON.parse(last) as RunResult), peak, pgCpu: pgCpuSeconds() - pgBefore });
    });
  });
}

const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;

/**
 * CPU seconds used so far by the benchmark's PostgreSQL: the postmaster with its ended children
 * (cutime, cstime) and its live backends. With the importer's own CPU this gives the work an
 * import costs, which the shared machine's load does not inflate the way it inflates wall time.
 */
let pgDataDir = '';
function pgCpuSeconds(): number {
  try {
    const pid = Number(readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const ticks = (p: number, withChildren: boolean) => {
      const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      // fields after the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14)
      return Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);
    };
    let total = ticks(pid, true);
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        if (Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === pid) total += ticks(Number(d), false);
      } catch {
        /* ended meanwhile */
      }
    }
    return total / 100;
  } catch {
    return NaN;
  }
}
const fmt = (n: number) => Math.round(n).toLocaleString('ro-RO');

async function timed(label: string, fn: () => Promise<RunResult & { peak: number; pgCpu: number }>): Promise<RunResult> {
  const r = await fn();
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `${label.padEnd(34)} ${r.seconds.toFixed(1).padStart(7)} s  ${fmt(r.read / r.seconds).padStart(9)} rânduri/s  vârf memorie ${mb(r.peak)}` +
      `  CPU import ${(r.cpuSeconds ?? NaN).toFixed(0)} s + PostgreSQL ${r.pgCpu.toFixed(0)} s, load ${load}` +
      `  [citire ${r.phases.stage.toFixed(0)} s, scriere ${r.phases.merge.toFixed(0)} s, indecși ${r.phases.indexes.toFixed(0)} s, derivate ${r.phases.refresh.toFixed(0)} s]` +
      `  (citite ${fmt(r.read)}, inserate ${fmt(r.inserted)}, actualizate ${fmt(r.updated)}, neschimbate ${fmt(r.unchanged)}, respinse ${fmt(r.rejected)})`,
  );
  return r;
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

/** Advanced searches through the route handler, one after the other, until stopped. */
function searchLoad(handler: (r: Request) => Promise<Response>) {
  const samples: number[] = [];
  let failed = 0;
  let stop = false;
  const queries = ['OrderBy=Turnover_desc', 'CountyId=40&OrderBy=Profit_desc', 'SearchText=trans&OrderBy=Turnover_desc', 'HasBids=true&OrderBy=Profit_desc', 'StatusCode=1048&OrderBy=Turnover_desc&PageNumber=20'];
  const loop = (async () => {
    for (let i = 0; !stop; i++) {
      const t = performance.now();
      const res = await handler(new Request(`http://bench.local/api/Company/getCompanies?${queries[i % queries.length]}`));
      await res.text();
      if (res.status !== 200) failed++;
      samples.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    stop: async () => {
      stop = true;
      await loop;
      return { n: samples.length, failed, p50: percentile(samples, 50), p95: percentile(samples, 95) };
    },
  };
}

export default async function run() {
  const onrcDir = path.join(FILES, `onrc-${ROWS}`);
  const mfDir = path.join(FILES, `mf-${MF_ROWS}`);
  if (!existsSync(path.join(onrcDir, 'OD_FIRME.CSV'))) {
    const t = Date.now();
    await generateOnrc(onrcDir, ROWS);
    console.log(`fișiere ONRC generate (${fmt(ROWS)} firme) în ${((Date.now() - t) / 1000).toFixed(0)} s: ${onrcDir}`);
  }
  if (!existsSync(path.join(mfDir, 'WEB_UU_AN2024.txt'))) await generateMf(mfDir, MF_ROWS, 2024);

  const base = process.env.IMPORT_BENCH_DIR ?? '/var/tmp/radarfirme-import-bench';
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  pgDataDir = resolveDataDir(path.join(base, 'pg'));
  const db = await startEmbedded({ dataDir: path.join(base, 'pg'), port: await freePort(), durable: false, sharedBuffers: '1GB' });
  process.env.DATABASE_URL = db.url;
  // loaded after DATABASE_URL is set: server/kernel/env reads it once, at load
  const { prepareDatabase } = await import('../data/prepare');
  try {
    await migrate(db.url);
    await prepareDatabase(db.url, { demoCompanies: 0, quiet: true });
    const rejects = (n: string) => path.join(base, `${n}-respinse.csv`);
    const onrc = await timed(`ONRC ${fmt(ROWS)} firme (prima dată)`, () => importProcess(db.url, ['onrc', onrcDir, '--respinse', rejects('onrc')]));
    const same = await timed('ONRC aceleași fișiere (hash)', () => importProcess(db.url, ['onrc', onrcDir]));
    const forced = await timed('ONRC aceleași fișiere (--fortat)', () => importProcess(db.url, ['onrc', onrcDir, '--fortat', '--respinse', rejects('onrc2')]));
    console.log(`a doua rulare: ${((100 * same.seconds) / onrc.seconds).toFixed(1)} % din prima (hash), ${((100 * forced.seconds) / onrc.seconds).toFixed(0)} % cu --fortat`);

    // server/kernel/env may have been parsed before DATABASE_URL was set (run.ts loads every bench module
    // first): point the app's pool at this database
    const { env } = await import('../../server/kernel/env');
    (env as { DATABASE_URL: string }).DATABASE_URL = db.url;
    const { closeDb } = await import('../../server/kernel/db');
    await closeDb();
    const { GET: companies } = await import('../../app/api/Company/getCompanies/route');
    const idle = searchLoad(companies);
    await new Promise((r) => setTimeout(r, 5000));
    const before = await idle.stop();
    const busy = searchLoad(companies);
    await timed(`MF ${fmt(MF_ROWS)} firme × 1 an`, () => importProcess(db.url, ['mf', mfDir, '--respinse', rejects('mf')]));
    const during = await busy.stop();
    console.log(`căutare avansată fără import: p50 ${before.p50.toFixed(1)} ms, p95 ${before.p95.toFixed(1)} ms (${before.n} cereri, ${before.failed} eșuate)`);
    console.log(`căutare avansată în timpul importului MF: p50 ${during.p50.toFixed(1)} ms, p95 ${during.p95.toFixed(1)} ms (${during.n} cereri, ${during.failed} eșuate)`);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const { rows } = await c.query('SELECT count(*)::int AS companies, count(*) FILTER (WHERE last_year IS NOT NULL)::int AS with_years FROM company');
    await c.end();
    console.log(`în bază: ${fmt(rows[0].companies)} firme, ${fmt(rows[0].with_years)} cu situații financiare`);
    await closeDb();
  } finally {
    await db.stop();
    rmSync(base, { recursive: true, force: true });
  }
}
