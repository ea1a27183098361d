// The front server's load shedding (server/http/front/limits.mjs): at most N sign-in / register /
// reset requests inside Next at once; past it a 503 in Romanian, answered by the front.
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BUSY_BODY, createShedder, parseInflightMax } from '../../server/http/front/limits.mjs';

function fakeResponse() {
  const res = Object.assign(new EventEmitter(), { statusCode: 200, headers: {} as Record<string, string>, body: '' }) as EventEmitter & {
    statusCode: number;
    headers: Record<string, string>;
    body: string;
    setHeader: (k: string, v: string) => void;
    end: (b?: string) => void;
  };
  res.setHeader = (k, v) => (res.headers[k] = v);
  res.end = (b) => (res.body = b ?? '');
  return res;
}
const req = (method: string, url: string) => ({ method, url }) as IncomingMessage;

test('AUTH_INFLIGHT_MAX: unset is 8, 0 is off, anything else refuses to start', () => {
  expect(parseInflightMax(undefined)).toBe(8);
  expect(parseInflightMax('0')).toBe(0);
  expect(parseInflightMax('32')).toBe(32);
  expect(() => parseInflightMax('many')).toThrow(/AUTH_INFLIGHT_MAX/);
  expect(parseInflightMax(undefined, 'AUTH_INFLIGHT_PER_ADDRESS', 2)).toBe(2);
  expect(() => parseInflightMax('-1', 'AUTH_INFLIGHT_PER_ADDRESS', 2)).toThrow(/AUTH_INFLIGHT_PER_ADDRESS/);
});

test('past the limit a sign-in is answered 503 by the front; a finished answer frees its place', () => {
  const shed = createShedder(2, 5);
  const a = fakeResponse();
  const b = fakeResponse();
  expect(shed.admit(req('POST', '/api/Auth/login'), a as unknown as ServerResponse)).toBe(true);
  expect(shed.admit(req('POST', '/api/Auth/resetPassword?x=1'), b as unknown as ServerResponse)).toBe(true);
  const c = fakeResponse();
  expect(shed.admit(req('POST', '/api/Account/register'), c as unknown as ServerResponse)).toBe(false);
  expect(c.statusCode).toBe(503);
  expect(c.headers['retry-after']).toBe('5');
  expect(JSON.parse(c.body)).toEqual(JSON.parse(BUSY_BODY));
  // Other requests are never shed.
  expect(shed.admit(req('GET', '/api/health'), fakeResponse() as unknown as ServerResponse)).toBe(true);
  expect(shed.admit(req('POST', '/api/Group/add'), fakeResponse() as unknown as ServerResponse)).toBe(true);
  a.emit('finish');
  a.emit('close');
  expect(shed.inflight).toBe(1);
  expect(shed.admit(req('POST', '/api/Auth/login'), fakeResponse() as unknown as ServerResponse)).toBe(true);
});

test('one address may have 2 in flight: a flooding address is shed, another still gets in', () => {
  const shed = createShedder(8);
  expect(shed.admit(req('POST', '/api/Auth/login'), fakeResponse() as unknown as ServerResponse, '198.51.100.1')).toBe(true);
  const second = fakeResponse();
  expect(shed.admit(req('POST', '/api/Auth/login'), second as unknown as ServerResponse, '198.51.100.1')).toBe(true);
  const third = fakeResponse();
  expect(shed.admit(req('POST', '/api/Auth/login'), third as unknown as ServerResponse, '198.51.100.1')).toBe(false);
  expect(third.statusCode).toBe(503);
  expect(shed.admit(req('POST', '/api/Auth/login'), fakeResponse() as unknown as ServerResponse, '203.0.113.5')).toBe(true);
  second.emit('close');
  expect(shed.admit(req('POST', '/api/Auth/login'), fakeResponse() as unknown as ServerResponse, '198.51.100.1')).toBe(true);
});
