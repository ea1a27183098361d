// The load generator of `npm run bench -- search-load`, run in its own process so that its work is
// not the server's event loop: `node scripts/bench/load-client.mjs <plan.json>`.
// Closed loop: `connections` clients, each sends its next request as soon as the previous answer
// is read, for `seconds`. Every request first picks its class by weight, then its address:
//   - `unique`: the class's next address in order (each sent once while the list lasts);
//   - with `repeatShare`, that share of the requests asks again an address of the class already
//     sent in this run (one of the last `repeatWindow`, default 500): a crawler or the landing
//     page's links asking the same searches.
// Prints one JSON line: per class the number of answers, p50 / p95 / p99 / max in ms, non-2xx and
// errors, the whole run's duration and the generator's own CPU milliseconds. Plain JavaScript: it runs with plain `node`.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const base = new URL(plan.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
const total = plan.classes.reduce((a, c) => a + c.weight, 0);
const state = plan.classes.map(() => ({ next: 0, ms: [], non2xx: 0, errors: 0, sent: [] }));

let seed = plan.seed >>> 0;
const random = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};

function nextRequest() {
  let r = random() * total;
  let i = 0;
  while (i < plan.classes.length - 1 && r >= plan.classes[i].weight) r -= plan.classes[i++].weight;
  const c = plan.classes[i];
  const s = state[i];
  if (s.sent.length && random() < (c.repeatShare ?? 0)) return [i, s.sent[Math.floor(random() * s.sent.length)]];
  const path = c.paths[s.next++ % c.paths.length];
  if (c.repeatShare) {
    s.sent.push(path);
    if (s.sent.length > (c.repeatWindow ?? 500)) s.sent.shift();
  }
  return [i, path];
}

function get(path) {
  return new Promise((resolve) => {
    const req = http.request({ host: base.hostname, port: base.port, path, agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

const end = Date.now() + plan.seconds * 1000;
const t0 = performance.now();
async function client() {
  while (Date.now() < end) {
    const [i, path] = nextRequest();
    const t = performance.now();
    const status = await get(path);
    const s = state[i];
    s.ms.push(performance.now() - t);
    if (status === 0) s.errors++;
    else if (status < 200 || status > 299) s.non2xx++;
  }
}
await Promise.all(Array.from({ length: plan.connections }, client));
const seconds = (performance.now() - t0) / 1000;
agent.destroy();

const at = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : null);
const cpu = process.cpuUsage();
const out = { seconds, cpuMs: (cpu.user + cpu.system) / 1000, classes: {} };
plan.classes.forEach((c, i) => {
  const s = state[i];
  const sorted = s.ms.sort((a, b) => a - b);
  out.classes[c.name] = { n: sorted.length, perSecond: sorted.length / seconds, p50: at(sorted, 0.5), p95: at(sorted, 0.95), p99: at(sorted, 0.99), max: at(sorted, 1), non2xx: s.non2xx, errors: s.errors };
});
console.log(JSON.stringify(out));
