// How a production server process (scripts/serve.mjs) is started: its V8 heap bounded and glibc's
// allocator told to give freed memory back (issue 46, decision 122). Without them an instance
// holding the 3.5M-company search index grew to 1.0–1.1 GB after the search load test: V8 let the
// old generation fill with garbage up to ~500 MB before collecting, and glibc kept the index build's
// freed arrays (its mmap threshold rises to 32 MB after the first large free). With them: 720–820 MB.
// Every launcher uses this (scripts/start.ts, scripts/e2e-server.ts, the benchmarks); the Dockerfile
// repeats the same values and a unit test compares them.
import { spawn } from 'node:child_process';
import path from 'node:path';

/** V8: the old generation bounded (the live heap under load is 130–170 MB), a larger young one (fewer promotions). */
export const SERVER_NODE_ARGS = ['--max-old-space-size=320', '--max-semi-space-size=32'];

export const SERVER_ENV = {
  // Two malloc arenas instead of eight per core: fewer half-empty heaps.
  MALLOC_ARENA_MAX: '2',
  // A fixed threshold: every block of 128 KB or more (the index's arrays, the COPY's columns) is its
  // own mapping, returned to the system when freed.
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
  // The search engine's queries each hold a libuv pool thread while they run (decision 062): a pool
  // larger than Node's 4 keeps gzip, file and crypto work from queueing behind them.
  UV_THREADPOOL_SIZE: '8',
};

/**
 * The node arguments and the environment of a server process started with `env`: the operator's
 * own values win (a variable already set, a flag already in NODE_OPTIONS).
 */
export function serverProcess(env) {
  const own = env.NODE_OPTIONS ?? '';
  return {
    args: SERVER_NODE_ARGS.filter((flag) => !own.includes(flag.split('=')[0])),
    env: { ...SERVER_ENV, ...env },
  };
}

/**
 * Starts scripts/serve.mjs (or `serve`) under `root` with its command-line `args` as a server
 * process; `nodeArgs` (a profiler, a benchmark's experiment) come after the runtime's flags and win.
 */
export function spawnServer(root, args, { env = process.env, nodeArgs = [], stdio = 'inherit', serve = 'scripts/serve.mjs' } = {}) {
  const run = serverProcess(env);
  return spawn(process.execPath, [...run.args, ...nodeArgs, path.join(root, serve), ...args], { cwd: root, env: run.env, stdio });
}
