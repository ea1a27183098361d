// `npm run bench -- fiscal-bulk` (issue 48, decision 108): company pages/s while a 10,000-CUI bulk
// check runs against the ANAF stand-in, compared with the same load without a job (before, and
// after it finished). The goal: within 10 % of before. Brings its own PostgreSQL with
// FISCAL_BENCH_COMPANIES companies (default 20,000), the production build (NEXT_DIST_DIR, default
// .next) behind scripts/serve.mjs, the ANAF stand-in in this process (answering at once, so the
// job runs at the real rate: one call of 100 CUIs a second after each answer) and the fiscal worker
// (scripts/fiscal/refresh.ts --loop) as npm start runs it. The page load: 20 clients over 200
// random company pages, warm (page cache), as front.bench.ts; the job's checks draw the checked
// companies' pages again (their page version moves), which is the cost being measured. Prints the
// figures and the machine's load: on a shared machine they are loaded figures.
// Run: NEXT_DIST_DIR=.next npm run bench -- fiscal-bulk
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { waitForHttp } from './production-server';
import { slugify } from '../../lib/slug';
import { startAnafStandIn } from '../../tests/stand-ins/anaf-vat';
import { spawnServer } from '../server-runtime.mjs';

/** Brings its own database (run.ts then opens no shared one). */
export const standalone = true;

const ROOT = path.resolve(__dirname, '../..');
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');
const JOB_SIZE = 10_000;

type AcResult = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };

export default async function run(): Promise<void> {
  const distDir = process.env.NEXT_DIST_DIR ?? '.next';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) {
    console.log(`fiscal-bulk: no production build in ${distDir}; skipped`);
    return;
  }
  const companies = Math.max(JOB_SIZE, Number(process.env.FISCAL_BENCH_COMPANIES ?? 20_000));
  const seconds = Number(process.env.FISCAL_BENCH_SECONDS ?? 20);
  const { startBenchCluster, loadLargeDataset } = await import('../data/large');
  const dataDir = process.env.FISCAL_BENCH_DATA ?? path.join(os.tmpdir(), 'radarfirme-fiscal-bench', 'pg');
  const db = await startBenchCluster(dataDir, Number(process.env.FISCAL_BENCH_DB_PORT ?? 54393));
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows: [{ n }] } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM company');
  if (n < companies) await loadLargeDataset(db.url, { companies, years: 6, quiet: true });
  // A clean slate: no check stored, no request queued, no job, the slot free.
  await client.query(`TRUNCATE fiscal_check, fiscal_refresh_request, fiscal_bulk_job, remote_call_slot`);
  const { rows: sample } = await client.query<{ cui: number; name: string }>('SELECT cui, name FROM company ORDER BY random() LIMIT 200');
  const anaf = await startAnafStandIn();
  const port = Number(process.env.BENCH_PORT ?? 3193);
  const base = `http://127.0.0.1:${port}`;
  const appEnv = { ...process.env, ANON_API_PER_MINUTE: '0', ANON_API_PER_DAY: '0', DATABASE_URL: db.url, NEXT_DIST_DIR: distDir, APP_URL: base, DATABASE_POOL_SIZE: '20', LOG_FORMAT: 'json', PORT: String(port), ANAF_VAT_URL: anaf.url, HOST: '127.0.0.1' };
  const server = spawnServer(ROOT, ['-p', String(port)], { env: { ...appEnv, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'] });
  let worker: ReturnType<typeof spawn> | null = null;
  try {
    await waitForHttp(`${base}/api/health`, 60_000);
    const readyBy = Date.now() + 600_000;
    while (Date.now() < readyBy && (await fetch(`${base}/api/health/ready`).then((r) => r.status, () => 0)) !== 200) await new Promise((r) => setTimeout(r, 1_000));
    const pages = sample.map((c) => `/company-details/${c.cui}/${slugify(c.name) || 'firma'}`);
    const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AcResult>;
    const warm = async () => {
      for (const p of pages) {
        const r = await fetch(base + p, { headers: { 'accept-encoding': 'gzip' } });
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`${p} → ${r.status}`);
      }
    };
    const hammer = async (label: string) => {
      const before = load();
      const r = await autocannon({
        url: base,
        connections: 20,
        duration: seconds,
        headers: { 'accept-encoding': 'gzip' },
        requests: [{ method: 'GET', setupRequest: (req: Record<string, unknown>) => ({ ...req, path: pages[Math.floor(Math.random() * pages.length)] }) }],
      });
      console.log(`${label}: ${r.requests.average.toFixed(0)} pages/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}; load ${before} → ${load()}`);
      return r.requests.average;
    };
    console.log(`fiscal-bulk bench: ${Math.max(n, companies).toLocaleString('en')} companies, build ${distDir}, ${os.cpus().length} cores, ${seconds} s per measure, 20 clients over ${pages.length} company pages`);

    // The worker runs throughout, as npm start runs it: without a job it only serves the pages' requests.
    worker = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'scripts/fiscal/refresh.ts', '--loop', '--interval', '1000'], { cwd: ROOT, env: { ...appEnv, NODE_ENV: 'development' }, stdio: ['ignore', 'ignore', 'inherit'] });
    await warm();
    // The first views asked for the sample's checks: let the worker answer them, then warm again.
    const settleBy = Date.now() + 60_000;
    while (Date.now() < settleBy && (await client.query(`SELECT count(*)::int AS n FROM fiscal_refresh_request`)).rows[0].n > 0) await new Promise((r) => setTimeout(r, 1_000));
    await warm();
    const before = await hammer('no job');

    const { rows: [user] } = await client.query<{ id: number }>(
      `INSERT INTO app_user (user_name, user_name_norm, email, role_id) VALUES ('Bench', 'bench', 'bench-fiscal@exemplu.ro', (SELECT id FROM role ORDER BY id LIMIT 1))
       ON CONFLICT (email) DO UPDATE SET user_name = EXCLUDED.user_name RETURNING id`,
    );
    // The first 10,000 CUIs: about half of all companies, so half the sampled pages are among the checked.
    const { rows: [job] } = await client.query<{ id: number }>(
      `INSERT INTO fiscal_bulk_job (user_id, source, label, cuis, total)
       SELECT $1, 'list', 'Bench 10.000', array_agg(cui ORDER BY cui), count(*) FROM (SELECT cui FROM company ORDER BY cui LIMIT $2) s RETURNING id`,
      [user.id, JOB_SIZE],
    );
    const started = Date.now();
    const callsBefore = anaf.calls.length;
    const progress = async () => (await client.query<{ done: number; failed: number; status: string }>(`SELECT done, failed, status FROM fiscal_bulk_job WHERE id = $1`, [job.id])).rows[0];
    while ((await progress()).done === 0 && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 250));
    const atStart = await progress();
    const during = await hammer('a 10,000-CUI bulk job running');
    const atEnd = await progress();
    console.log(`  the job during that measure: ${atStart.done} → ${atEnd.done} of ${JOB_SIZE} checked (${((atEnd.done - atStart.done) / seconds).toFixed(0)} CUIs/s), status ${atEnd.status}`);

    const doneBy = Date.now() + 600_000;
    let last = await progress();
    while (last.status !== 'done' && Date.now() < doneBy) {
      await new Promise((r) => setTimeout(r, 1_000));
      last = await progress();
    }
    const jobSeconds = (Date.now() - started) / 1000;
    const calls = anaf.calls.slice(callsBefore);
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i].at);
    console.log(
      `  the job: ${last.status}, ${last.done} checked and ${last.failed} failed in ${jobSeconds.toFixed(0)} s; ${calls.length} ANAF calls, at most ${Math.max(0, ...calls.map((c) => c.cuis.length))} CUIs a call, ` +
        `least gap between two arrivals ${gaps.length ? Math.min(...gaps) : 0} ms`,
    );
    await warm();
    const after = await hammer('no job (after it finished)');
    const change = ((during - before) / before) * 100;
    console.log(`company pages/s with the job: ${change >= 0 ? '+' : ''}${change.toFixed(1)} % against before (${before.toFixed(0)} → ${during.toFixed(0)}; after: ${after.toFixed(0)}); goal: within 10 %`);
  } finally {
    worker?.kill('SIGTERM');
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await anaf.close();
    await client.end();
    await db.stop();
  }
}

if (require.main === module) run().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
