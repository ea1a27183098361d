// The operator's signals of one process (issue 32, docs/decisions/052-shared-mail-rate-metrics-logs.md):
// JSON log lines (pino) that carry the request id, one access-log line per request, and the
// Prometheus registry that /api/metrics reads (prom-client). The front server (server.mjs) and
// the sender (scripts/mail/send.ts) use it; the app's code reaches the same registry and the same
// request context through the process slot (server/kernel/process-slot.mjs, decision 082), because
// Next loads its own copy of the server modules.
// Plain JavaScript, like serve.mjs: it runs under plain `node`.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { format } from 'node:util';
import pino from 'pino';
import client from 'prom-client';
import { processSlot } from '../../kernel/process-slot.mjs';

/**
 * LOG_FORMAT: json (every line JSON, an access-log line per request) or text (the app's own lines
 * as they are, no access log). Unset: json, except on a terminal (a newcomer's `npm start`).
 */
export function jsonLogsWanted(value = process.env.LOG_FORMAT, isTty = Boolean(process.stdout.isTTY)) {
  if (value === 'json' || value === 'text') return value === 'json';
  if (value) throw new Error(`LOG_FORMAT trebuie să fie json sau text, nu „${value}”.`);
  return !isTty;
}

/** The process's registry: one for the front and every copy of the app's modules. */
export function sharedRegistry() {
  return processSlot('metrics.registry', () => new client.Registry());
}

/** The request context (its id) of the code running now, shared with the app's modules. */
function requestContext() {
  return processSlot('requestContext', () => new AsyncLocalStorage());
}

/** A client's own id is kept when it is a plain token; anything else gets a new one. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(header) {
  const given = Array.isArray(header) ? header[0] : header;
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

const MAX_ROUTES = 300;
const seenRoutes = new Set();

/**
 * The route label of a path: the page or API route, not the address (a label per company would be
 * millions of series). Ids become placeholders; past MAX_ROUTES distinct labels (garbage paths of a
 * scanner), "other".
 */
export function routeLabel(pathname) {
  const path = String(pathname || '/').split('?')[0];
  let label;
  if (path.startsWith('/company-details/')) label = '/company-details/:cui/:slug';
  else if (path.startsWith('/Coduri-caen/')) label = '/Coduri-caen/:code';
  else if (path.startsWith('/_next/')) label = '/_next/*';
  else if (path.startsWith('/api/')) {
    const parts = path.split('/').slice(1, 5).map((p) => (/^\d+$|^[0-9a-f-]{16,}$|^.{41,}$/i.test(p) || p.includes('@') ? ':p' : p));
    label = '/' + parts.join('/');
  } else {
    const first = path.split('/')[1] ?? '';
    label = '/' + first + (path.split('/').length > 2 ? '/*' : '');
  }
  if (seenRoutes.has(label)) return label;
  if (seenRoutes.size >= MAX_ROUTES) return 'other';
  seenRoutes.add(label);
  return label;
}

function metric(kind, config) {
  const registry = sharedRegistry();
  return registry.getSingleMetric(config.name) ?? new kind({ ...config, registers: [registry] });
}

/**
 * The logger of this process: JSON lines on stdout, each with the request id of the request being
 * served (none outside a request), and `service` naming the process (app, sender).
 * Lines are written in batches of 4 KB or at least every second, and at exit: one write per
 * access-log line was a system call and a thread-pool round trip per request (issue 25).
 */
export function createLogger(service, destination = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 })) {
  return pino(
    {
    base: { service, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const id = requestContext().getStore()?.requestId;
      return id ? { requestId: id } : {};
    },
    },
    destination,
  );
}

/**
 * console.* goes through the logger: every line the app writes (its own `console.error('[api] …')`
 * included) becomes a JSON line with the request id.
 */
export function routeConsoleToLogger(logger) {
  const line = (level) => (...args) => {
    const err = args.find((a) => a instanceof Error);
    // Next dims the lines it replays from a render with ANSI codes: plain text in a JSON field.
    const msg = format(...args).replace(/\u001b\[[0-9;]*m/g, '');
    if (err) logger[level]({ err }, msg);
    else logger[level](msg);
  };
  console.log = line('info');
  console.info = line('info');
  console.warn = line('warn');
  console.error = line('error');
  console.debug = line('debug');
}

/**
 * The front's part of each request: its id (kept or drawn, echoed in the answer, passed to the app
 * in x-request-id), the latency histogram by route, and one access-log line when the answer ends.
 * `run` is called inside the request's context, so every line logged while serving it carries the id.
 */
export function createRequestObserver(logger, { accessLog = true } = {}) {
  const duration = metric(client.Histogram, {
    name: 'radarfirme_http_request_duration_seconds',
    help: 'Latency of HTTP answers by route, method and status class',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  return function observe(req, res, address, run) {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req.headers['x-request-id']);
    req.headers['x-request-id'] = requestId;
    res.setHeader('x-request-id', requestId);
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = (req.url ?? '/').split('?')[0];
      const status = res.writableFinished ? res.statusCode : 499;
      duration.observe({ route: routeLabel(path), method: req.method ?? 'GET', status: `${Math.floor(status / 100)}xx` }, seconds);
      if (!accessLog) return;
      logger.info(
        {
          requestId,
          type: 'access',
          method: req.method,
          path: path.slice(0, 512),
          status,
          ms: Math.round(seconds * 10_000) / 10,
          bytes: Number(res.getHeader('content-length')) || undefined,
          client: address,
          cache: res.getHeader('x-page-cache') || undefined,
          ua: String(req.headers['user-agent'] ?? '').slice(0, 200) || undefined,
        },
        'request',
      );
    };
    res.once('finish', done);
    res.once('close', done);
    return requestContext().run({ requestId }, run);
  };
}

/** The default process metrics (memory, CPU, event-loop lag), once per process. */
export function collectProcessMetrics() {
  const registry = sharedRegistry();
  if (!registry.getSingleMetric('process_resident_memory_bytes')) client.collectDefaultMetrics({ register: registry });
}
