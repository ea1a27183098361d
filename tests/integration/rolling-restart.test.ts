// A release restarts 3 instances one after another under load with 0 failed requests (issue 51,
// decision 103). Each instance is a process behind the front's drain (server/http/front/drain.mjs):
// on SIGTERM its readiness answers 503 while it still serves, then it stops accepting and finishes
// what is in flight. A small balancer here sends traffic only to instances whose readiness is 200
// (checked every 100 ms, as a load balancer's health check does) and never retries: any refused or
// cut request counts as failed. The same restart with instances that exit at once on SIGTERM (the
// old behaviour) fails requests, which shows the count can see a failure.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '@/scripts/db/test-cluster';

jest.setTimeout(120_000);

const INSTANCE = path.join(__dirname, 'support/drain-instance.mjs');

type Backend = { port: number; child: ChildProcess; healthy: boolean };

function startInstance(port: number, noDrain: boolean): Promise<ChildProcess> {
  const child = fork(INSTANCE, [String(port), ...(noDrain ? ['--no-drain'] : [])], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`instance on ${port} exited with ${code}`)));
  });
}

/** Round-robin over the instances whose readiness answered 200 last; no retry of a failed request. */
function startBalancer(backends: Backend[]) {
  let next = 0;
  const probe = setInterval(() => {
    for (const b of backends) {
      const req = http.get({ host: '127.0.0.1', port: b.port, path: '/api/health/ready', agent: false, timeout: 500 }, (res) => {
        b.healthy = res.statusCode === 200;
        res.resume();
      });
      req.on('error', () => (b.healthy = false));
      req.on('timeout', () => req.destroy());
    }
  }, 100);
  const server = http.createServer((req, res) => {
    const healthy = backends.filter((b) => b.healthy);
    if (healthy.length === 0) {
      res.statusCode = 503;
      res.end();
      return;
    }
    const b = healthy[next++ % healthy.length];
    const up = http.request({ host: '127.0.0.1', port: b.port, path: req.url, method: req.method, headers: req.headers, agent: false }, (ur) => {
      res.writeHead(ur.statusCode ?? 502, ur.headers);
      ur.pipe(res);
    });
    up.on('error', () => {
      if (!res.headersSent) res.statusCode = 502;
      res.end();
    });
    req.pipe(up);
  });
  return {
    server,
    listen: (port: number) => new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r())),
    close: () => {
      clearInterval(probe);
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Clients sending requests back to back through the balancer (keep-alive), counting answers by outcome. */
function startLoad(port: number, clients: number) {
  const counts = { ok: 0, failed: 0, pids: new Set<number>() };
  let stop = false;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/companies?q=x', agent }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          if (res.statusCode === 200) {
            counts.ok++;
            counts.pids.add(JSON.parse(body).pid);
          } else counts.failed++;
          resolve();
        });
        res.on('error', () => (counts.failed++, resolve()));
      });
      req.on('error', () => (counts.failed++, resolve()));
    });
  const loops = Array.from({ length: clients }, async () => {
    while (!stop) await one();
  });
  return {
    counts,
    stop: async () => {
      stop = true;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

async function until(cond: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts 3 instances and the balancer, puts load on it, restarts each instance in turn, stops the load. */
async function rollingRestart(noDrain: boolean) {
  const backends: Backend[] = [];
  for (let i = 0; i < 3; i++) {
    const port = await freePort();
    backends.push({ port, child: await startInstance(port, noDrain), healthy: false });
  }
  const balancer = startBalancer(backends);
  const lbPort = await freePort();
  await balancer.listen(lbPort);
  await until(() => backends.every((b) => b.healthy));
  const load = startLoad(lbPort, 8);
  const firstPids = backends.map((b) => b.child.pid);
  try {
    await until(() => load.counts.ok >= 100);
    for (const b of backends) {
      const exited = new Promise((r) => b.child.once('exit', r));
      b.child.kill('SIGTERM');
      await exited;
      b.healthy = false;
      b.child = await startInstance(b.port, noDrain);
      await until(() => b.healthy);
      const okBefore = load.counts.ok;
      await until(() => load.counts.ok >= okBefore + 50);
    }
  } finally {
    await load.stop();
    await balancer.close();
    for (const b of backends) b.child.kill('SIGKILL');
  }
  return { counts: load.counts, restarted: backends.every((b, i) => b.child.pid !== firstPids[i]) };
}

test('3 instances restarted one after another under load: 0 failed requests', async () => {
  const { counts, restarted } = await rollingRestart(false);
  console.log(`[rolling-restart] drained: ${counts.ok} answered, ${counts.failed} failed, ${counts.pids.size} instance processes served`);
  expect(restarted).toBe(true);
  expect(counts.failed).toBe(0);
  expect(counts.ok).toBeGreaterThan(250);
  expect(counts.pids.size).toBe(6); // the 3 first instances and the 3 that replaced them all served
});

test('the same restart without the drain fails requests (the count sees failures)', async () => {
  const { counts } = await rollingRestart(true);
  console.log(`[rolling-restart] without drain: ${counts.ok} answered, ${counts.failed} failed`);
  expect(counts.failed).toBeGreaterThan(0);
});
