// Graceful shutdown of an instance (issue 51, decision 103): a release restarts the instances one
// after another, and no request may fail meanwhile. On SIGTERM the front first answers its
// readiness 503 `shutting-down` while it keeps serving everything (the balancer's health check has
// SHUTDOWN_GRACE_MS to take the instance out), then stops accepting connections, closes the idle
// keep-alive ones, answers the requests in flight with `Connection: close`, and ends when they are
// done (or after SHUTDOWN_DRAIN_MS, when what is left is cut). Plain JavaScript: the front runs
// with plain `node` (decision 082).

const READY_PATH = '/api/health/ready';

const SHUTTING_DOWN_BODY = JSON.stringify({ Status: 'not-ready', Reason: 'shutting-down' });

function parseMs(value, name, fallback) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} trebuie să fie un număr întreg de milisecunde (≥ 0), nu „${value}”`);
  return n;
}

/** SHUTDOWN_GRACE_MS (default 5000) and SHUTDOWN_DRAIN_MS (default 25000). */
export function readDrainSettings(envVars = process.env) {
  return {
    graceMs: parseMs(envVars.SHUTDOWN_GRACE_MS, 'SHUTDOWN_GRACE_MS', 5_000),
    drainMs: parseMs(envVars.SHUTDOWN_DRAIN_MS, 'SHUTDOWN_DRAIN_MS', 25_000),
  };
}

/**
 * The drain of one http.Server: `admit(req, res)` on every request (false: already answered, the
 * readiness while shutting down); `shutdown(server)` once, on SIGTERM.
 */
export function createDrain({ graceMs, drainMs } = readDrainSettings()) {
  let draining = false;
  let inflight = 0;
  let idleWaiters = [];
  const settle = () => {
    if (inflight > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };
  return {
    get draining() {
      return draining;
    },
    get inflight() {
      return inflight;
    },
    admit(req, res) {
      inflight++;
      let counted = true;
      const done = () => {
        if (!counted) return;
        counted = false;
        inflight--;
        settle();
      };
      // The front's own listeners (this, limits, the access log) come beside Next's ten on a streamed answer.
      res.setMaxListeners(res.getMaxListeners() + 3);
      res.once('finish', done);
      res.once('close', done);
      if (!draining) return true;
      // A kept-alive connection would bring the client's next request back here after the close.
      res.setHeader('Connection', 'close');
      const pathOnly = (req.url ?? '').split('?')[0];
      if (pathOnly === READY_PATH) {
        res.statusCode = 503;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(SHUTTING_DOWN_BODY);
        return false;
      }
      return true;
    },
    /**
     * Resolves once the server is closed and nothing is in flight; `log` gets one line per stage.
     * `opts.graceMs` 0: no balancer to tell (Ctrl+C on a developer's machine).
     */
    async shutdown(server, log = (m) => console.log(m), opts = {}) {
      if (draining) return;
      draining = true;
      const grace = opts.graceMs ?? graceMs;
      log(`[serve] oprire: pregătirea răspunde 503 (shutting-down), încă ${grace} ms de trafic`);
      if (grace > 0) await new Promise((r) => setTimeout(r, grace));
      const closed = new Promise((r) => server.close(() => r()));
      server.closeIdleConnections?.();
      const drained = new Promise((r) => {
        idleWaiters.push(r);
        settle();
      });
      let timer;
      const cut = new Promise((r) => (timer = setTimeout(() => r('cut'), drainMs)));
      const outcome = await Promise.race([drained.then(() => 'drained'), cut]);
      clearTimeout(timer);
      if (outcome === 'cut') {
        log(`[serve] oprire: ${inflight} cereri încă în lucru după ${drainMs} ms; se închid`);
        server.closeAllConnections?.();
      } else {
        // Kept-alive sockets that came idle after the last answer.
        server.closeIdleConnections?.();
      }
      await closed;
      log('[serve] oprire: nicio cerere în lucru, instanța se închide');
    },
  };
}
