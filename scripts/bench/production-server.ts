// The production server the page benchmarks measure: scripts/serve.mjs (Next behind the page
// cache's front) from the build in NEXT_DIST_DIR (default .next-company) on the benchmark database.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'scripts/serve.mjs'), '-p', String(opts.port)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: opts.databaseUrl, NEXT_DIST_DIR: distDir, NODE_ENV: 'production', APP_URL: base, ...opts.env },
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
