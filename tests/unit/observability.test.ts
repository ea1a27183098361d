// The front's request id, access log and route labels (server/http/front/observability.mjs, decision 052).
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLogger, createRequestObserver, jsonLogsWanted, requestIdOf, routeConsoleToLogger, routeLabel, sharedRegistry } from '../../server/http/front/observability.mjs';

function fakeExchange(url: string, headers: Record<string, string> = {}) {
  const req = { method: 'GET', url, headers: { ...headers } } as unknown as IncomingMessage;
  const out: Record<string, string> = {};
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    writableFinished: false,
    setHeader: (k: string, v: string) => (out[k.toLowerCase()] = v),
    getHeader: (k: string) => out[k.toLowerCase()],
  }) as unknown as ServerResponse & EventEmitter;
  const finish = (status: number) => {
    (res as { statusCode: number }).statusCode = status;
    (res as unknown as { writableFinished: boolean }).writableFinished = true;
    res.emit('finish');
  };
  return { req, res, out, finish };
}

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger('test', { write: (l: string) => void lines.push(JSON.parse(l)) }) };
}

test('route labels name the route, never the company or an id', () => {
  const paths = ['/company-details/123456/firma-srl', '/Coduri-caen/6201?page=2', '/api/Company/getDetails/9876543', '/api/Group/getGroupsForCompany', '/_next/static/chunks/abc.js', '/Grupuri/12/membri'];
  expect(paths.map(routeLabel)).toEqual(['/company-details/:cui/:slug', '/Coduri-caen/:code', '/api/Company/getDetails/:p', '/api/Group/getGroupsForCompany', '/_next/*', '/Grupuri/*']);
});

test('a scanner of random paths cannot make unbounded labels', () => {
  const labels = new Set(Array.from({ length: 1000 }, (_, i) => routeLabel(`/scan-${i}`)));
  expect(labels.size).toBeLessThanOrEqual(301);
  expect(labels.has('other')).toBe(true);
});

test("a client's plain request id is kept; anything else is replaced by a new one", () => {
  expect(requestIdOf('abc-123.DEF:9')).toBe('abc-123.DEF:9');
  const fresh = requestIdOf('bad id\r\nx-injected: 1');
  expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
  expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  expect(requestIdOf('x'.repeat(129))).toMatch(/^[0-9a-f-]{36}$/);
});

test('every request gets an id, echoed in the answer; every line logged while serving it carries it, and one access line ends it', () => {
  const { lines, logger } = capture();
  const observe = createRequestObserver(logger);
  const a = fakeExchange('/company-details/1/x?q=1');
  observe(a.req, a.res, '203.0.113.7', () => logger.warn('inside the request'));
  a.finish(200);
  const id = a.out['x-request-id'];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(a.req.headers['x-request-id']).toBe(id);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatchObject({ msg: 'inside the request', requestId: id, service: 'test' });
  expect(lines[1]).toMatchObject({ type: 'access', requestId: id, method: 'GET', path: '/company-details/1/x', status: 200, client: '203.0.113.7' });
  // A line outside any request has no id.
  logger.info('between requests');
  expect(lines[2].requestId).toBeUndefined();

  const b = fakeExchange('/api/health', { 'x-request-id': 'lb-42' });
  observe(b.req, b.res, '127.0.0.1', () => undefined);
  b.res.emit('close');
  expect(b.out['x-request-id']).toBe('lb-42');
  // Closed before the answer was written: 499, once.
  expect(lines.filter((l) => l.type === 'access' && l.requestId === 'lb-42')).toEqual([expect.objectContaining({ status: 499 })]);
});

test('the latency histogram counts answers by route and status class', async () => {
  const { logger } = capture();
  const observe = createRequestObserver(logger, { accessLog: false });
  const x = fakeExchange('/api/Company/getDetails/77');
  observe(x.req, x.res, null, () => undefined);
  x.finish(404);
  const text = await sharedRegistry().metrics();
  expect(text).toMatch(/radarfirme_http_request_duration_seconds_count\{route="\/api\/Company\/getDetails\/:p",method="GET",status="4xx"\} 1/);
});

test('LOG_FORMAT: json or text; unset is json except on a terminal', () => {
  expect(jsonLogsWanted('json', true)).toBe(true);
  expect(jsonLogsWanted('text', false)).toBe(false);
  expect(jsonLogsWanted(undefined, false)).toBe(true);
  expect(jsonLogsWanted('', true)).toBe(false);
  expect(() => jsonLogsWanted('yaml', false)).toThrow(/LOG_FORMAT/);
});

test('console lines go through the logger as JSON, without terminal colour codes, with the error attached', () => {
  const { lines, logger } = capture();
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error, debug: console.debug };
  try {
    routeConsoleToLogger(logger);
    console.error('\u001b[2m[db] pool error\u001b[22m', new Error('boom'));
    console.log('[mail] trimise %d', 3);
  } finally {
    Object.assign(console, saved);
  }
  expect(lines[0]).toMatchObject({ level: 50, err: expect.objectContaining({ message: 'boom' }) });
  expect(String(lines[0].msg)).toMatch(/^\[db\] pool error Error: boom/);
  expect(lines[1]).toMatchObject({ level: 30, msg: '[mail] trimise 3' });
});
