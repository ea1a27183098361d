// Several app instances and senders on one database (issue 32, operator side; decisions 051, 052).
// Starts its own PostgreSQL, CLUSTER_INSTANCES app instances (scripts/serve.mjs, the production
// build in NEXT_DIST_DIR, default .next) and 2 senders (`npm run mail:send -- --loop`), and prints:
// - rate limits shared across instances (failed sign-ins of one account spread over the instances);
// - CLUSTER_MESSAGES campaign messages (default 10,000) sent at the configured global rate
//   (CLUSTER_MAIL_RATE a minute, both senders together) while one sender is SIGKILLed: lost,
//   doubled (and how many were accepted but uncommitted at the kill: the only ones that may be),
//   the rate achieved, the most in any second;
// - the anonymous company page's CDN headers from every instance, and /api/metrics;
// - memory (RSS) per instance, and the machine's load average.
// Run: npm run bench -- cluster   (or: npx tsx --conditions=react-server scripts/bench/cluster.bench.ts)
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitForHttp } from './production-server';
import { countByStatus, maxInWindow, queueCampaign, senderSettings, sleep, startSender, startSink, waitForEmptyQueue } from './mail-support';
import { spawnServer } from '../server-runtime.mjs';

const ROOT = path.resolve(__dirname, '../..');
const INSTANCES = Number(process.env.CLUSTER_INSTANCES ?? 3);
const MESSAGES = Number(process.env.CLUSTER_MESSAGES ?? 10_000);
const MAIL_RATE = Number(process.env.CLUSTER_MAIL_RATE ?? 12_000);

/** Brings its own database (run.ts then opens no shared one). */
export const standalone = true;

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/**
 * The replica (issue 32, data side): cluster-search provides scripts/db/replica.ts (startReplica).
 * LEAD: when it is merged, start it here and pass its URL as DATABASE_READ_URL to the instances.
 */
async function maybeReplica(primaryUrl: string): Promise<{ url: string; stop: () => Promise<void> } | null> {
  if (process.env.BENCH_NO_REPLICA === '1') return null;
  const { startReplica } = await import('../db/replica');
  const dataDir = path.join(os.tmpdir(), `radarfirme-cluster-replica-${process.pid}`);
  const replica = await startReplica({ primaryUrl, dataDir, port: await freePort() });
  return { url: replica.url, stop: replica.stop };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};

/**
 * An edit committed on the primary (an UPDATE of the company row, as an import or an admin edit
 * does) until the search of the LAST instance finds it and every instance's page shows it: the
 * search copy's sync lag and the page cache's refresh, across instances.
 */
async function editLag(url: string, bases: string[], rounds: number): Promise<string[]> {
  const db = new (await import('pg')).default.Client({ connectionString: url });
  await db.connect();
  const lags: number[] = [];
  const pageLags: number[] = [];
  let stalePages = 0;
  try {
    const { rows } = await db.query<{ cui: number }>('SELECT cui FROM company ORDER BY cui LIMIT 1');
    const cui = rows[0].cui;
    // Warm every instance's page cache first, so "refreshed" means a cached page was replaced.
    for (const b of bases) await fetch(`${b}/company-details/${cui}/firma`).then((r) => r.text());
    const last = bases[bases.length - 1];
    for (let k = 0; k < rounds; k++) {
      const token = `RFBENCH${process.pid}X${k}`;
      const t0 = Date.now();
      await db.query('UPDATE company SET name = $1 WHERE cui = $2', [`${token} SRL`, cui]);
      for (;;) {
        const r = await fetch(`${last}/api/Company/getCompanies?SearchText=${token}&PageNumber=1`);
        const body = (await r.json()) as { Count?: number };
        if (body.Count === 1) break;
        if (Date.now() - t0 > 30_000) throw new Error(`instance ${last} never found ${token}`);
        await new Promise((res) => setTimeout(res, 20));
      }
      lags.push(Date.now() - t0);
      // Every instance's page for the company: the new name, at once or after the cache's check.
      for (const b of bases) {
        const p0 = Date.now();
        for (;;) {
          const html = await fetch(`${b}/company-details/${cui}/firma`).then((r) => r.text());
          if (html.includes(token)) break;
          if (Date.now() - t0 > 30_000) {
            stalePages++;
            break;
          }
          await new Promise((res) => setTimeout(res, 50));
        }
        pageLags.push(Date.now() - p0);
      }
    }
  } finally {
    await db.end();
  }
  return [
    `editare pe primar → găsită de căutarea instanței ${bases.length} (${rounds} editări): p50 ${pct(lags, 50)} ms, p99 ${pct(lags, 99)} ms, max ${Math.max(...lags)} ms`,
    `pagina companiei pe fiecare instanță după aceea: p50 ${pct(pageLags, 50)} ms, p99 ${pct(pageLags, 99)} ms; pagini rămase vechi după 30 s: ${stalePages}`,
  ];
}

/** A fresh instance: what /api/health/ready answers from its first answer until it is ready. */
async function readinessWhileLoading(url: string, readUrl: string | null, distDir: string): Promise<string> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawnServer(ROOT, ['-p', String(port)], {
    env: { ...process.env, ANON_API_PER_MINUTE: '0', ANON_API_PER_DAY: '0', DATABASE_URL: url, ...(readUrl ? { DATABASE_READ_URL: readUrl } : {}), NEXT_DIST_DIR: distDir, NODE_ENV: 'production', APP_URL: 'http://localhost:3000', LOG_FORMAT: 'json', DATABASE_POOL_SIZE: '5' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const t0 = Date.now();
  const seen = new Map<string, number>();
  let readyAt = NaN;
  try {
    while (Date.now() - t0 < 120_000) {
      const answer = await fetch(`${base}/api/health/ready`)
        .then(async (r) => `${r.status}${r.status === 200 ? '' : ` ${((await r.json()) as { Reason?: string }).Reason ?? ''}`}`)
        .catch(() => 'no-answer');
      seen.set(answer, (seen.get(answer) ?? 0) + 1);
      if (answer === '200') {
        readyAt = Date.now() - t0;
        break;
      }
      await new Promise((res) => setTimeout(res, 25));
    }
  } finally {
    child.kill('SIGTERM');
  }
  return `instanță nouă: ${[...seen].map(([a, n]) => `${a} ×${n}`).join(', ')}; gata după ${Number.isFinite(readyAt) ? `${(readyAt / 1000).toFixed(1)} s` : 'niciodată (120 s)'}`;
}

async function startInstances(url: string, readUrl: string | null, distDir: string): Promise<{ base: string; child: ChildProcess }[]> {
  const out: { base: string; child: ChildProcess }[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawnServer(ROOT, ['-p', String(port)], {
      env: {
        ...process.env,
        // Load from one address: the anonymous API limits (decision 087) would answer it with 429.
        ANON_API_PER_MINUTE: '0',
        ANON_API_PER_DAY: '0',
        DATABASE_URL: url,
        ...(readUrl ? { DATABASE_READ_URL: readUrl } : {}),
        NEXT_DIST_DIR: distDir,
        NODE_ENV: 'production',
        APP_URL: 'http://localhost:3000',
        LOG_FORMAT: 'json',
        DATABASE_POOL_SIZE: '5',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    out.push({ base, child });
  }
  await Promise.all(out.map((i) => waitForHttp(`${i.base}/api/health`, 120_000)));
  return out;
}

/** Failed sign-ins of one account, round-robin over the instances: the limit counts them all. */
async function sharedSignInLimit(bases: string[]): Promise<string> {
  const { createUser } = await import('../../tests/factories/users');
  const { env } = await import('../../server/kernel/env');
  const user = await createUser();
  const statuses: number[] = [];
  for (let i = 0; i < env.AUTH_RATE_LIMIT_ACCOUNT_MAX + 2 * bases.length; i++) {
    const res = await fetch(`${bases[i % bases.length]}/api/Auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: user.email, Password: 'parola-gresita-X1!' }),
    });
    statuses.push(res.status);
  }
  const firstRefusal = statuses.indexOf(429);
  const after = statuses.slice(firstRefusal);
  const everyInstance = new Set(after.map((_, k) => (firstRefusal + k) % bases.length)).size === bases.length;
  return `conectări greșite ale unui cont, pe rând la ${bases.length} instanțe: ${statuses.join(' ')}; prima refuzată (429) a ${firstRefusal + 1}-a (limita ${env.AUTH_RATE_LIMIT_ACCOUNT_MAX} pe cont), refuzate apoi pe ${everyInstance && after.every((s) => s === 429) ? 'toate instanțele' : 'NU toate instanțele'}`;
}

async function cdnHeaders(bases: string[]): Promise<string[]> {
  const { sql } = await import('../../server/kernel/db');
  const [c] = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 1`);
  const lines: string[] = [];
  for (const base of bases) {
    const first = await fetch(`${base}/company-details/${c.cui}`, { redirect: 'follow' });
    const again = await fetch(first.url);
    const etag = again.headers.get('etag') ?? '';
    const revalidated = await fetch(first.url, { headers: { 'if-none-match': etag } });
    lines.push(
      `${base}: ${again.status} ${again.headers.get('x-page-cache')} cache-control „${again.headers.get('cache-control')}”, surrogate-key „${again.headers.get('surrogate-key')}”, If-None-Match → ${revalidated.status}, x-request-id ${again.headers.get('x-request-id') ? 'da' : 'NU'}`,
    );
  }
  return lines;
}

async function mailUnderKill(url: string): Promise<void> {
  const sink = await startSink();
  const { sql } = await import('../../server/kernel/db');
  const campaign = await queueCampaign(MESSAGES, `cluster${Date.now().toString(36)}`);
  const senderEnv = senderSettings(url, sink.port, { MAIL_RATE_PER_MINUTE: String(MAIL_RATE), MAIL_LEASE_SECONDS: '10', MAIL_SMTP_CONNECTIONS: '5', LOG_FORMAT: 'json' });
  const began = Date.now();
  const senders = [startSender(senderEnv), startSender(senderEnv)];
  const inFlight = new Set<string>();
  let killedAt = 0;
  try {
    // Kill one sender (SIGKILL) once a third of the messages are out; the other goes on.
    while (sink.total() < MESSAGES / 3 && Date.now() - began < 600_000) await sleep(50);
    senders[0].kill('SIGKILL');
    killedAt = sink.total();
    await new Promise((r) => senders[0].once('exit', r));
    await sleep(300);
    const sending = await sql<{ message_id: string }>(`SELECT message_id FROM mail_send WHERE grouped_mail_id = $1 AND status = 'Sending'`, [campaign.draftId]);
    for (const r of sending) if (sink.accepted.has(r.message_id)) inFlight.add(r.message_id);
    await waitForEmptyQueue(campaign.draftId, 900_000);
    await sleep(500);
    const seconds = ((sink.lastAt ?? Date.now()) - (sink.firstAt ?? began)) / 1000;
    const rows = await sql<{ message_id: string }>(`SELECT message_id FROM mail_send WHERE grouped_mail_id = $1`, [campaign.draftId]);
    const lost = rows.filter((r) => !sink.accepted.has(r.message_id)).length;
    const doubled = sink.total() - sink.accepted.size;
    const strays = [...sink.accepted].filter(([id, n]) => n > 1 && !inFlight.has(id)).length;
    const times = sink.arrivals.map((a) => a.at);
    const perSecond = MAIL_RATE / 60;
    console.log(`Mail: ${MESSAGES} mesaje, 2 expeditori, rata globală ${MAIL_RATE}/min (${perSecond.toFixed(0)}/s); expeditorul 1 omorât (SIGKILL) după ${killedAt} primite`);
    console.log(`  primite distinct ${sink.accepted.size}, pierdute ${lost}, dublate ${doubled} (acceptate și necomise la omorâre: ${inFlight.size}; dublate în afara lor: ${strays}); stări ${JSON.stringify(await countByStatus(campaign.draftId))}`);
    console.log(
      `  durată ${seconds.toFixed(1)} s → ${(sink.accepted.size / seconds).toFixed(1)}/s în medie (limita ${perSecond.toFixed(0)}/s); cel mult ${maxInWindow(times, 1000)} într-o secundă, ${maxInWindow(times, 10_000)} în 10 s (limita ${Math.round(perSecond * 10)})`,
    );
  } finally {
    for (const s of senders) if (s.exitCode === null && s.signalCode === null) s.kill('SIGTERM');
    await sink.close();
    await campaign.cleanup();
  }
}

export default async function run(): Promise<void> {
  const distDir = process.env.NEXT_DIST_DIR ?? '.next';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) {
    console.log(`cluster: no production build in ${distDir} (run NODE_ENV=production npx next build); skipped`);
    return;
  }
  console.log(`Încărcarea mașinii la start (1/5/15 min): ${load()}; ${os.cpus().length} nuclee`);
  const { startTestCluster } = await import('../db/test-cluster');
  const cluster = await startTestCluster({ companies: Number(process.env.BENCH_COMPANIES ?? Math.max(4000, Math.ceil(MESSAGES / 5) + 500)) });
  process.env.DATABASE_URL = cluster.url;
  (await import('../../server/kernel/env')).env.DATABASE_URL = cluster.url;
  const replica = await maybeReplica(cluster.url);
  console.log(replica ? `Replica în flux (streaming) pornită: ${replica.url.replace(/:[^:@/]*@/, ':***@')}` : 'Replica: BENCH_NO_REPLICA=1; instanțele citesc din primar.');
  let instances: { base: string; child: ChildProcess }[] = [];
  try {
    const t = Date.now();
    instances = await startInstances(cluster.url, replica?.url ?? null, distDir);
    console.log(`${INSTANCES} instanțe pornite în ${((Date.now() - t) / 1000).toFixed(1)} s: ${instances.map((i) => i.base).join(', ')}`);
    const bases = instances.map((i) => i.base);
    console.log(`Limite comune: ${await sharedSignInLimit(bases)}`);
    for (const line of await cdnHeaders(bases)) console.log(`CDN: ${line}`);
    const metrics = await (await fetch(`${bases[0]}/api/metrics`)).text();
    const shown = metrics
      .split('\n')
      .filter((l) => /^radarfirme_(page_cache_requests_total|db_pool\{|db_pool_wait_seconds_(count|sum)|search_engine\{measure="ready"|search_engine_lag_seconds|search_engine_loads_total|mail_queue_depth)/.test(l));
    console.log(`/api/metrics (instanța 1, loopback): ${metrics.split('\n').filter((l) => l && !l.startsWith('#')).length} serii; de exemplu:\n  ${shown.slice(0, 14).join('\n  ')}`);
    for (const line of await editLag(cluster.url, bases, Number(process.env.BENCH_EDITS ?? 30))) console.log(`Sincronizare: ${line}`);
    console.log(`Disponibilitate (readiness): ${await readinessWhileLoading(cluster.url, replica?.url ?? null, distDir)}`);
    await mailUnderKill(cluster.url);
    console.log(`Memorie (RSS) pe instanță: ${instances.map((i) => `${rssMb(i.child.pid)} MB`).join(', ')} (${process.env.BENCH_COMPANIES ?? 'implicit'} companii, motorul de căutare ${process.env.SEARCH_ENGINE ?? 'duckdb'})`);
    console.log(`Încărcarea mașinii la final (1/5/15 min): ${load()}`);
  } finally {
    for (const i of instances) i.child.kill('SIGTERM');
    await Promise.all(instances.map((i) => new Promise((r) => (i.child.exitCode !== null ? r(null) : i.child.once('exit', r)))));
    const { closeDb } = await import('../../server/kernel/db');
    await closeDb();
    await replica?.stop().catch(() => {});
    await cluster.cleanup();
  }
}

if (require.main === module) {
  run().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
