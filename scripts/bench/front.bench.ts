// The front's two hot paths measured from outside, quickly, on a small set of its own (issue 44,
// decision 082): a warm company page (the page cache's HIT, gzip) and the hot public API (a
// company's details answered at the front), each with 20 concurrent clients. Brings its own
// PostgreSQL in /tmp with FRONT_BENCH_COMPANIES companies (default 20,000): both paths answer from
// memory once warm, so the set's size barely matters, and a run takes about a minute. The access
// log and the security headers are on, as in production (LOG_FORMAT=json).
// Run: NEXT_DIST_DIR=.next npx tsx --conditions=react-server scripts/bench/front.bench.ts
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { waitForHttp } from './production-server';
import { slugify } from '../../lib/slug';
import { spawnServer } from '../server-runtime.mjs';

/** Brings its own database (run.ts then opens no shared one). */
export const standalone = true;

const ROOT = path.resolve(__dirname, '../..');
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

type AcResult = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };

export default async function run(): Promise<void> {
  const distDir = process.env.NEXT_DIST_DIR ?? '.next';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) {
    console.log(`front: no production build in ${distDir}; skipped`);
    return;
  }
  const companies = Number(process.env.FRONT_BENCH_COMPANIES ?? 20_000);
  const seconds = Number(process.env.FRONT_BENCH_SECONDS ?? 10);
  const { startBenchCluster, loadLargeDataset } = await import('../data/large');
  const dataDir = process.env.FRONT_BENCH_DATA ?? path.join(os.tmpdir(), 'radarfirme-front-bench', 'pg');
  const db = await startBenchCluster(dataDir, Number(process.env.FRONT_BENCH_DB_PORT ?? 54391));
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows: [{ n }] } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM company');
  if (n < companies) await loadLargeDataset(db.url, { companies, years: 6, quiet: true });
  const { rows: sample } = await client.query<{ cui: number; name: string }>('SELECT cui, name FROM company ORDER BY random() LIMIT 200');
  await client.end();
  const port = Number(process.env.BENCH_PORT ?? 3191);
  const base = `http://127.0.0.1:${port}`;
  // FRONT_BENCH_NODE_ARGS: node flags for the server only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env.FRONT_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawnServer(ROOT, ['-p', String(port)], {
    nodeArgs,
    serve: process.env.FRONT_BENCH_SERVE,
    env: { ...process.env, ANON_API_PER_MINUTE: '0', ANON_API_PER_DAY: '0', DATABASE_URL: db.url, NEXT_DIST_DIR: distDir, NODE_ENV: 'production', APP_URL: base, DATABASE_POOL_SIZE: '20', LOG_FORMAT: process.env.FRONT_BENCH_LOG_FORMAT ?? 'json', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHttp(`${base}/api/health`, 60_000);
    // At 3.5M the instance builds its search copy and index after it answers: measure after that
    // work (readiness 200), not beside it.
    const readyBy = Date.now() + 600_000;
    while (Date.now() < readyBy && (await fetch(`${base}/api/health/ready`).then((r) => r.status, () => 0)) !== 200) await new Promise((r) => setTimeout(r, 1_000));
    const pages = sample.map((c) => `/company-details/${c.cui}/${slugify(c.name) || 'firma'}`);
    const apis = sample.map((c) => `/api/Company/getDetails/${c.cui}`);
    // Every page and answer once (the page cache keeps the render, the details route registers at the front).
    for (const p of [...pages, ...apis]) {
      const r = await fetch(base + p, { headers: { 'accept-encoding': 'gzip' } });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${p} → ${r.status}`);
    }
    const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AcResult>;
    const only = process.env.FRONT_BENCH_ONLY ?? '';
  const hammer = async (label: string, paths: string[]) => {
    if (only && !label.startsWith(only)) return;
      const before = load();
      const result = await autocannon({
        url: base,
        connections: 20,
        duration: seconds,
        headers: { 'accept-encoding': 'gzip' },
        requests: [{ method: 'GET', setupRequest: (r: Record<string, unknown>) => ({ ...r, path: paths[Math.floor(Math.random() * paths.length)] }) }],
      });
      console.log(
        `${label}, 20 clients for ${seconds} s over ${paths.length} companies: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}; load ${before} → ${load()}`,
      );
    };
    console.log(`front bench: ${Math.max(n, companies).toLocaleString('en')} companies, build ${distDir}, ${os.cpus().length} cores`);
    await hammer('company page, warm (page cache HIT, gzip)', pages);
    await hammer('hot API getDetails/{cui} (at the front, gzip)', apis);
  } finally {
    // The server first (its pool would log every connection the database's stop cuts).
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    await db.stop();
  }
}

if (require.main === module) run().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
