// The production server the page benchmarks measure: scripts/serve.mjs (Next behind the page
// cache's front) from the build in NEXT_DIST_DIR (default .next-company) on the benchmark database.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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
  fn: (base: string) => Promise<void>,
): Promise<boolean> {
  const distDir = process.env.NEXT_DIST_DIR ?? '.next-company';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) {
    console.log(`${opts.name}: no production build in ${distDir} (run NEXT_DIST_DIR=${distDir} npx next build); skipped`);
    return false;
  }
  const base = `http://${opts.host ?? 'localhost'}:${opts.port}`;
  const server = spawn(process.execPath, [path.join(ROOT, 'scripts/serve.mjs'), '-p', String(opts.port)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: opts.databaseUrl, NEXT_DIST_DIR: distDir, NODE_ENV: 'production', APP_URL: base, ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHttp(`${base}/api/health`, 60_000);
    await fn(base);
    return true;
  } finally {
    server.kill('SIGTERM');
  }
}
