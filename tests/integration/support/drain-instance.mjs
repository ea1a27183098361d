// One app instance for the rolling-restart test (tests/integration/rolling-restart.test.ts): an
// http server behind the front's drain (server/http/front/drain.mjs) whose requests take some
// milliseconds, ready a moment after it listens, as the app is once its search copy is loaded.
//   node drain-instance.mjs <port> [--no-drain]   (--no-drain: SIGTERM ends it at once, the old way)
import http from 'node:http';
import { createDrain } from '../../../server/http/front/drain.mjs';

const port = Number(process.argv[2]);
const noDrain = process.argv.includes('--no-drain');
const drain = createDrain({ graceMs: 400, drainMs: 5_000 });
let ready = false;

const server = http.createServer((req, res) => {
  if (!drain.admit(req, res)) return;
  if (req.url === '/api/health/ready') {
    res.statusCode = ready ? 200 : 503;
    res.end(ready ? '{"Status":"ready"}' : '{"Status":"not-ready","Reason":"search-loading"}');
    return;
  }
  // Work that takes a while: a request in flight when SIGTERM arrives must still be answered.
  setTimeout(() => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ pid: process.pid }));
  }, 20 + Math.floor(Math.random() * 60));
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => {
  setTimeout(() => (ready = true), 200);
  process.send?.('listening');
});
process.on('SIGTERM', () => {
  if (noDrain) process.exit(0);
  drain.shutdown(server, () => {}).then(() => process.exit(0));
});
