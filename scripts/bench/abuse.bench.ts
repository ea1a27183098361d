// `npm run bench -- abuse`: unauthenticated CPU exhaustion (issue 23). 40 concurrent clients send
// resetPassword and login requests with random inputs for 30 s while /api/health and a company
// page are measured; target p99 ≤ 100 ms for both on a 2-core machine. Two rounds:
//   1. the configuration as shipped: the per-address limits answer most of the flood with 429;
//   2. an attacker with many addresses (every per-address and per-account limit lifted, the front's
//      per-address bound too), so each login reaches argon2 and only the front's AUTH_INFLIGHT_MAX
//      and the argon2 queue (PASSWORD_HASH_CONCURRENCY/QUEUE) hold.
// The attackers run in a child process, so the probe's timings are not the attackers' event loop.
// Standalone: its own throwaway database (demo data) and the production build in NEXT_DIST_DIR
// (default .next; run `npx next build` first). Prints figures; never fails a build.
import { spawn } from 'node:child_process';
import { spawnServer } from '../server-runtime.mjs';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitForHttp } from './production-server';

export const standalone = true;

const ROOT = path.resolve(__dirname, '../..');
const DURATION_S = Number(process.env.ABUSE_SECONDS ?? 30);
const ATTACKERS = 40;

/** The attacker: autocannon in its own process, random e-mails, passwords and reset codes on every request. */
const ATTACK_SCRIPT = `
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
const [base, seconds, connections] = process.argv.slice(1);
const rnd = () => randomBytes(9).toString('base64url');
const json = { 'content-type': 'application/json' };
const run = (path, body) => new Promise((resolve) => autocannon({
  url: base, connections: Number(connections) / 2, duration: Number(seconds),
  requests: [{ method: 'POST', path, headers: json, setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }) }],
}).on('done', resolve));
const [reset, login] = await Promise.all([
  run('/api/Auth/resetPassword', () => { const p = 'Parola#' + rnd(); return { Email: rnd() + '@exemplu.ro', Password: p, ConfirmPassword: p, Code: randomBytes(32).toString('base64url') }; }),
  run('/api/Auth/login', () => ({ Email: rnd() + '@exemplu.ro', Password: 'Parola#' + rnd() })),
]);
const codes = (r) => Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
console.log(JSON.stringify({ reset: { total: r2(reset), codes: codes(reset) }, login: { total: r2(login), codes: codes(login) } }));
function r2(r) { return r.requests.total; }
`;

type Probe = { n: number; p50: number; p99: number; max: number; failures: number };

/** Sequential GETs of `url` until `until`: the latency a visitor sees while the flood runs. */
async function probe(url: string, until: number): Promise<Probe> {
  const ms: number[] = [];
  let failures = 0;
  while (Date.now() < until) {
    const t = performance.now();
    const res = await fetch(url).catch(() => null);
    if (res) await res.arrayBuffer();
    ms.push(performance.now() - t);
    if (!res || res.status !== 200) failures++;
    await new Promise((r) => setTimeout(r, 20));
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? NaN;
  return { n: ms.length, p50: at(0.5), p99: at(0.99), max: ms[ms.length - 1] ?? NaN, failures };
}

const fmt = (p: Probe) => `p50 ${p.p50.toFixed(1)} ms  p99 ${p.p99.toFixed(1)} ms  max ${p.max.toFixed(1)} ms  (n=${p.n}, non-200: ${p.failures})`;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

async function round(name: string, databaseUrl: string, port: number, page: string, env: Record<string, string>) {
  const base = `http://127.0.0.1:${port}`;
  const distDir = process.env.NEXT_DIST_DIR ?? '.next';
  const server = spawnServer(ROOT, ['-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, ANON_API_PER_MINUTE: '0', ANON_API_PER_DAY: '0', DATABASE_URL: databaseUrl, NEXT_DIST_DIR: distDir, APP_URL: `http://localhost:${port}`, AUTH_SECRET: 'b'.repeat(48), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHttp(`${base}/api/health`, 90_000);
    // Warm both probes (the company page enters the page cache).
    for (let i = 0; i < 5; i++) {
      await (await fetch(base + page)).arrayBuffer();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
    }
    const idle = await Promise.all([probe(`${base}/api/health`, Date.now() + 3000), probe(base + page, Date.now() + 3000)]);
    const before = load();
    const attacker = spawn(process.execPath, ['--input-type=module', '-e', ATTACK_SCRIPT, base, String(DURATION_S), String(ATTACKERS)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    attacker.stdout.on('data', (c) => (out += c));
    const attacked = new Promise<void>((resolve) => attacker.on('exit', () => resolve()));
    await new Promise((r) => setTimeout(r, 1000));
    const until = Date.now() + (DURATION_S - 2) * 1000;
    const [health, company] = await Promise.all([probe(`${base}/api/health`, until), probe(base + page, until)]);
    const during = load();
    await attacked;
    const flood = JSON.parse(out.trim().split('\n').pop() || '{}');
    console.log(`\n${name}`);
    console.log(`  attackers: ${ATTACKERS} connections for ${DURATION_S} s; resetPassword ${flood.reset?.total} requests ${JSON.stringify(flood.reset?.codes)}, login ${flood.login?.total} requests ${JSON.stringify(flood.login?.codes)}`);
    console.log(`  idle      /api/health ${fmt(idle[0])}`);
    console.log(`  idle      company page ${fmt(idle[1])}`);
    console.log(`  flood     /api/health ${fmt(health)}  ${health.p99 <= 100 ? 'OK' : 'OVER'} (target p99 ≤ 100 ms)`);
    console.log(`  flood     company page ${fmt(company)}  ${company.p99 <= 100 ? 'OK' : 'OVER'} (target p99 ≤ 100 ms)`);
    console.log(`  load average (1/5/15 min): before ${before}, at the end of the flood ${during}; ${os.availableParallelism()} cores`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
  }
}

export default async function run() {
  const distDir = process.env.NEXT_DIST_DIR ?? '.next';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) {
    console.log(`abuse: no production build in ${distDir} (run npx next build); skipped`);
    return;
  }
  const { startTestCluster } = await import('../db/test-cluster');
  const cluster = await startTestCluster({ companies: Number(process.env.ABUSE_COMPANIES ?? 2000) });
  try {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { companyPath } = await import('../../lib/slug');
    const { rows } = await client.query<{ cui: number; name: string }>(`SELECT cui, name FROM company WHERE caen_code IS NOT NULL ORDER BY importance DESC NULLS LAST LIMIT 1`);
    await client.end();
    const c = rows[0];
    const page = companyPath(c.cui, c.name);
    const port = Number(process.env.ABUSE_PORT ?? 3163);
    console.log(`company page: ${page}; argon2 queue: PASSWORD_HASH_CONCURRENCY=${process.env.PASSWORD_HASH_CONCURRENCY ?? '0 (half the cores)'}, PASSWORD_HASH_QUEUE=${process.env.PASSWORD_HASH_QUEUE ?? 16}`);
    await round('1. limits as shipped (one attacking address)', cluster.url, port, page, {});
    const lifted = '1000000';
    await round('2. many addresses (every per-address and per-account limit lifted): the front\'s 8 in flight and the argon2 queue hold', cluster.url, port, page, {
      AUTH_INFLIGHT_PER_ADDRESS: '0',
      AUTH_RATE_LIMIT_IP_MAX: lifted,
      AUTH_RATE_LIMIT_ACCOUNT_MAX: lifted,
      RESET_PASSWORD_RATE_LIMIT_IP_PER_HOUR: lifted,
      RESET_PASSWORD_RATE_LIMIT_ACCOUNT_PER_HOUR: lifted,
    });
  } finally {
    await cluster.cleanup();
  }
}
