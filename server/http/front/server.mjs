// The front server (decision 082): Next.js behind a thin front that answers cached company and CAEN
// pages and the hot public API before Next's request pipeline runs (docs/decisions/023-page-cache.md,
// 074). A crawler's conditional request gets its 304, and a warm page its stored gzip as it is,
// without routing, the proxy or a second compression; everything else, and every miss, goes to Next
// unchanged (a cacheable miss is rendered in place, sealed with a hash policy and kept here).
// scripts/serve.mjs starts it (`npm start`, the e2e server, the benchmarks).
// It is the one place that knows the socket's peer address: it hands it to the app in a header only
// this process can vouch for (bridge.mjs, server/kernel/peer.ts), so no client-sent header can pass
// for a local caller. Every request also gets its client address from the socket and TRUST_PROXY
// (client-address.mjs, docs/decisions/034-client-address-from-the-front.md).
// What it needs from the app (the page cache, the hot routes) it asks bridge.mjs for per request:
// the app's modules register there as Next loads them. Plain JavaScript on purpose: it runs with
// plain `node`, without the react-server condition, so Next loads React exactly as `next start` does.
import http from 'node:http';
import { promisify } from 'node:util';
import { gunzipSync, gzip, gzipSync } from 'node:zlib';
import next from 'next';
import { STATIC_SECURITY_HEADERS } from '../../../next.config.mjs';
import { ensurePeerKey, frontRouteHandlers, markFront, pageCacheHandlers } from '../../kernel/front-bridge.mjs';
import { parseTrustProxy, stampClientAddress, stampPeerAddress } from './client-address.mjs';
import { acceptsGzip, holdWhatNextWrites } from './hold-render.mjs';
import { createDrain, readDrainSettings } from './drain.mjs';
import { createShedder, parseInflightMax } from './limits.mjs';
import { collectProcessMetrics, createLogger, createRequestObserver, jsonLogsWanted, routeConsoleToLogger } from './observability.mjs';

const CACHED_PREFIXES = ['/company-details/', '/Coduri-caen/'];

function headerBag(req) {
  return {
    get: (name) => {
      const v = req.headers[name];
      return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
    },
    has: (name) => req.headers[name] !== undefined,
  };
}

/** Names given to writeHead itself (an object or a flat [name, value, ...] list). */
const NO_NAMES = new Set();
function namesIn(headers) {
  if (!headers || typeof headers !== 'object') return NO_NAMES;
  if (Array.isArray(headers)) return new Set(headers.filter((_, i) => i % 2 === 0).map((n) => String(n).toLowerCase()));
  return new Set(Object.keys(headers).map((n) => n.toLowerCase()));
}

const STATIC_ENTRIES = STATIC_SECURITY_HEADERS.map((h) => [h.key.toLowerCase(), h.value]);
/** The app hands out one frozen set per kind of answer: its entries are listed once. */
const entryLists = new WeakMap();
function entriesOf(set) {
  let list = entryLists.get(set);
  if (!list) entryLists.set(set, (list = Object.entries(set)));
  return list;
}

/**
 * The security headers of every answer (docs/decisions/033-security-headers.md): the proxy sets
 * them on what it sees, next.config.mjs on Next's static files; what neither sees (an error
 * before the proxy, what the front answers itself) gets the set of an answer that is not a
 * page here, as it is written. A header already set is left alone (a page's policy, a route's own
 * Referrer-Policy). A 304 gets no policy: the browser keeps the one stored with the page.
 */
function fillSecurityHeaders(req, res) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    const api = pageCacheHandlers();
    const pathname = (req.url ?? '/').split('?')[0];
    const wanted = api ? entriesOf(api.securityHeaders(pathname)) : STATIC_ENTRIES;
    const given = namesIn(typeof rest[0] === 'string' ? rest[1] : rest[0]);
    for (const [name, value] of wanted) {
      if (name === 'content-security-policy' && status === 304) continue;
      if (!given.has(name) && !this.hasHeader(name)) this.setHeader(name, value);
    }
    return writeHead.call(this, status, ...rest);
  };
}

/** true when the answer was written here; otherwise a miss may be marked to be kept as Next renders it. */
async function answerFromCache(req, res) {
  // Only this process sets the render markers.
  const api = pageCacheHandlers();
  if (api) delete req.headers[api.header];
  if (!api || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const target = req.url ?? '/';
  if (!CACHED_PREFIXES.some((p) => target.startsWith(p))) return false;
  let url;
  try {
    url = new URL(target, 'http://front.local');
  } catch {
    return false;
  }
  const headers = headerBag(req);
  const found = await api.lookup(req.method, headers, url);
  if (!found) {
    const plan = await api.begin(req.method, headers, url);
    if (plan) {
      req.headers[api.header] = plan.marker;
      holdWhatNextWrites(req, res, api, plan);
    }
    return false;
  }
  // A HIT's headers are one frozen set per entry (server/page-cache/serve.ts): listed once.
  for (const [k, v] of Object.isFrozen(found.headers) ? entriesOf(found.headers) : Object.entries(found.headers)) res.setHeader(k, v);
  res.statusCode = found.status;
  if (found.status !== 200 || !found.gzipped) {
    res.end();
    return true;
  }
  const body = acceptsGzip(req.headers['accept-encoding']) ? found.gzipped : gunzipSync(found.gzipped);
  if (body === found.gzipped) res.setHeader('content-encoding', 'gzip');
  res.setHeader('content-length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/** The Response property holding the handler's JSON text (server/http/route.ts ANSWER_TEXT). */
const ANSWER_TEXT = Symbol.for('radarfirme.api.answerText');
const gzipAsync = promisify(gzip);
/** Answers at least this long are gzipped (the threshold of Next's own compression). */
const GZIP_MIN_BYTES = 1024;
/**
 * Answers up to this long are gzipped on this thread. zlib's asynchronous gzip sets up a stream
 * and hands the work to libuv's threads: for a 3 KB answer that cost 200 µs of CPU one at a time
 * and about 1.1 ms each with 20 at once (2 cores), against 45 µs for gzipSync; at 32 KB the
 * event loop's own share of the two was about equal (340 against 280 µs).
 */
const GZIP_SYNC_MAX_BYTES = 32 * 1024;
/**
 * Level 3: the event loop's gzip was 5 % of the front's CPU in the search round of the load bench
 * (issue 25); level 3 took half the time of the default 6 (a 16 KB page of search results: 35
 * against 72 µs) for 6 % more bytes (1,702 against 1,597).
 * zlib's defaults also size every gzip for the largest input: a 32 KB window, a 128 KB hash table
 * and 16 KB output chunks, about 280 KB of fresh memory per call. In a busy process that memory
 * often comes back as new pages to fault in: a 3.9 KB answer (a company's details) took p50 23 µs
 * but p95 520 µs (10 page faults a call). Sized to the answer (a window at least as long as it, so
 * no match is lost; a smaller hash table and output chunk) its p95 was 190–215 µs (6 faults).
 * Above 8 KB (a search page) the two measured alike: zlib's sizes are kept there.
 */
function gzipOptionsFor(length) {
  const windowBits = Math.max(10, Math.ceil(Math.log2(length + 262)));
  return windowBits <= 13 ? { level: 3, windowBits, memLevel: 7, chunkSize: 2048 } : { level: 3 };
}
const gzipBody = (buf) => (buf.length <= GZIP_SYNC_MAX_BYTES ? gzipSync(buf, gzipOptionsFor(buf.length)) : gzipAsync(buf));

/**
 * The hot public GET endpoints (the search, its filter counts, the type-ahead, the company page's
 * details: docs/decisions/074-hot-public-api-at-the-front.md) answered by their own route handler,
 * called here without Next's routing, proxy and response plumbing. true when the answer is written
 * here; false leaves the request to Next (another path, or a route not loaded yet).
 */
function answerAtFront(req, res) {
  const api = frontRouteHandlers();
  if (!api || !req.url?.startsWith('/api/')) return false;
  let pending;
  try {
    pending = api.answer(req.method ?? 'GET', req.url, req.headers);
  } catch (e) {
    console.error('[serve] front route lookup failed, passing to Next:', e instanceof Error ? e.message : e);
    return false;
  }
  if (!pending) return false;
  pending
    .then(async (answer) => {
      res.statusCode = answer.status;
      for (const [name, value] of answer.headers) if (name !== 'set-cookie') res.setHeader(name, value);
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) res.setHeader('set-cookie', cookies);
      const wantsGzip = !answer.headers.has('content-encoding') && acceptsGzip(req.headers['accept-encoding']);
      // The handler's JSON text, when it left it on the Response (json() and sharedJson() in
      // server/http/route.ts): written as it is, without reading the Response's body stream. The
      // gzip of an answer shared by many requests (a cached search) is made once and kept beside it.
      const text = answer[ANSWER_TEXT];
      let body;
      if (text) {
        if (wantsGzip && text.text.length >= GZIP_MIN_BYTES) {
          text.gzip ??= await gzipBody(Buffer.from(text.text));
          body = text.gzip;
          res.setHeader('content-encoding', 'gzip');
        } else body = Buffer.from(text.text);
      } else {
        body = Buffer.from(await answer.arrayBuffer());
        if (body.length >= GZIP_MIN_BYTES && wantsGzip) {
          body = await gzipBody(body);
          res.setHeader('content-encoding', 'gzip');
        }
      }
      if (body.length >= GZIP_MIN_BYTES || res.hasHeader('content-encoding')) {
        const vary = answer.headers.get('vary');
        res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
      res.setHeader('content-length', String(body.length));
      res.end(req.method === 'HEAD' ? undefined : body);
    })
    .catch((e) => {
      console.error('[serve] front route failed:', e instanceof Error ? e.message : e);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ Message: 'A apărut o eroare neașteptată. Încercați din nou.', Code: 'INTERNAL' }));
      } else res.end();
    });
  return true;
}

/**
 * Starts Next behind the front on `port`; resolves once it listens. `dir`: the project (the build in
 * NEXT_DIST_DIR). The settings read here (TRUST_PROXY, AUTH_INFLIGHT_*, LOG_FORMAT) are the
 * front's own; the app reads its own through server/kernel/env.ts.
 */
export async function startFront({ dir, port, hostname, dev }) {
  const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
  // Sign-in, registration and reset requests inside Next at once (limits.mjs).
  const shedder = createShedder(
    parseInflightMax(process.env.AUTH_INFLIGHT_MAX),
    parseInflightMax(process.env.AUTH_INFLIGHT_PER_ADDRESS, 'AUTH_INFLIGHT_PER_ADDRESS', 2),
  );
  // Graceful shutdown (drain.mjs, decision 103): read first, so a bad value stops the start.
  const drain = createDrain(readDrainSettings());
  process.env.PORT = String(port);
  // The app's settings (server/kernel/env.ts) see the address actually listened on.
  process.env.HOST = hostname;
  process.env.NODE_ENV = dev ? 'development' : 'production';
  markFront();
  // JSON log lines with the request id, an access-log line per request, the metrics registry
  // (observability.mjs, decision 052); LOG_FORMAT=text (the default on a terminal) keeps the app's
  // own lines as they are, without the access log.
  const logger = createLogger('app');
  const jsonLogs = jsonLogsWanted();
  if (jsonLogs) routeConsoleToLogger(logger);
  collectProcessMetrics();
  const observe = createRequestObserver(logger, { accessLog: jsonLogs });

  ensurePeerKey();
  const app = next({ dev, turbopack: dev, dir, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const serve = (req, res, address) => {
    fillSecurityHeaders(req, res);
    if (!shedder.admit(req, res, address)) return;
    if (!dev && answerAtFront(req, res)) return;
    (dev ? Promise.resolve(false) : answerFromCache(req, res))
      .catch((e) => {
        console.error('[serve] page cache lookup failed, passing to Next:', e instanceof Error ? e.message : e);
        return false;
      })
      .then((done) => {
        if (!done) return handle(req, res);
      })
      .catch((e) => {
        console.error('[serve]', e);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
  };
  const server = http.createServer((req, res) => {
    if (!drain.admit(req, res)) return;
    stampPeerAddress(req);
    const address = stampClientAddress(req, trustProxy);
    observe(req, res, address, () => serve(req, res, address));
  });
  // Next's dev server reloads the browser over a WebSocket.
  if (dev) server.on('upgrade', app.getUpgradeHandler());
  // Longer than a load balancer's idle timeout, as `next start` does.
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(port, hostname, resolve));
  console.log(`[serve] RadarFirme pe http://localhost:${port} (ascultă pe ${hostname})`);
  // SIGTERM in scripts/serve.mjs: readiness 503 first, then no new connections, then the in-flight drained.
  server.drainAndClose = (log, opts) => drain.shutdown(server, log, opts);
  return server;
}
