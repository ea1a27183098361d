// The production server the page benchmarks measure: scripts/serve.mjs (Next behind the page
// cache's front) from the build in NEXT_DIST_DIR (default .next-company) on the benchmark database.
import { spawnServer } from '../server-runtime.mjs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export async function waitForHttp(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer in ${ms} ms`);
}

/**
 * Runs `fn` against a production server on `port` and stops the server afterwards. Without a
 * production build it prints how to make one, prefixed by `name`, and returns false.
 */
export async function withProductionServer(
  opts: { name: string; databaseUrl: string; port: number; host?: string; env?: NodeJS.ProcessEnv },
  fn: (base: string, pid: number) => Promise<void>,
): Promise<boolean> {
  const distDir = process.env.NEXT_DIST_DIR ?? '.next-company';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) {
    console.log(`${opts.name}: no production build in ${distDir} (run NEXT_DIST_DIR=${distDir} npx next build); skipped`);
    return false;
  }
  const base = `http://${opts.host ?? 'localhost'}:${opts.port}`;
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`:
  // the profile is written when the server exits after the run).
  // The process as `npm start` runs it (scripts/server-runtime.mjs); the extra flags come after, so they win.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // Load from one address: the anonymous API limits (decision 087) would answer it with 429.
  const server = spawnServer(ROOT, ['-p', String(opts.port)], {
    env: { ...process.env, ANON_API_PER_MINUTE: '0', ANON_API_PER_DAY: '0', DATABASE_URL: opts.databaseUrl, NEXT_DIST_DIR: distDir, NODE_ENV: 'production', APP_URL: base, SHUTDOWN_GRACE_MS: '0', ...opts.env },
    nodeArgs,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHttp(`${base}/api/health`, 60_000);
    await fn(base, server.pid ?? 0);
    return true;
  } finally {
    server.kill('SIGTERM');
  }
}

/** The process's resident memory now and its peak so far (VmRSS, VmHWM), in MB; 0 where unreadable. */
export function processMemoryMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** CPU milliseconds (user + system, all threads) a process has used so far, from /proc; 0 where unreadable. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks (100/s).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const ticks = (stat: string, from: number, count: number) => {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let sum = 0;
  for (let i = from; i < from + count; i++) sum += Number(fields[i]);
  return sum * 10;
};

/**
 * A process's CPU milliseconds so far by thread name (/proc/<pid>/task/<tid>/comm): the main
 * thread is the process's own name, then e.g. `libuv-worker` (zlib, fs), `V8 DefaultWorke` (GC,
 * compiler), DuckDB's workers. Empty where unreadable.
 */
export function threadCpuMs(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        out.set(name, (out.get(name) ?? 0) + ticks(stat, 11, 2));
      } catch {
        // the thread ended
      }
    }
  } catch {
    // the process ended
  }
  return out;
}

/**
 * CPU milliseconds of every PostgreSQL process on the machine so far (backends and their postmaster,
 * with the ended children the postmaster waited for): the benchmark's cluster is the only one running.
 */
export function postgresCpuMs(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      sum += ticks(stat, 11, 4);
    } catch {
      // the process ended
    }
  }
  return sum;
}
