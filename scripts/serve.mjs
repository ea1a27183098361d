// The production server (`npm start`, the e2e server, the benchmarks): Next.js behind the front of
// server/http/front/server.mjs (decision 082). This file only reads the command line.
//   node scripts/serve.mjs [-p PORT] [-H HOST] [--dev]   (after `next build`, unless --dev)
// It listens on loopback unless HOST (or -H) says otherwise; --dev runs Next's development server
// behind the same front (without the page cache).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFront } from '../server/http/front/server.mjs';

const arg = (flag) => {
  const i = process.argv.indexOf(flag);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const server = await startFront({
  dir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
  port: Number(arg('-p') ?? process.env.PORT ?? 3000),
  // Not HOSTNAME: shells and containers set it to the machine's name.
  hostname: arg('-H') ?? process.env.HOST ?? '127.0.0.1',
  dev: process.argv.includes('--dev'),
});

// A release's SIGTERM: the readiness answers 503 first, the requests in flight finish, then the
// process ends (server/http/front/drain.mjs, decision 103). Ctrl+C (SIGINT) skips the wait for a
// balancer; a second signal ends the process at once.
let stopping = false;
const stop = (signal) => {
  if (stopping) process.exit(0);
  stopping = true;
  server.drainAndClose(undefined, signal === 'SIGINT' ? { graceMs: 0 } : undefined).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
