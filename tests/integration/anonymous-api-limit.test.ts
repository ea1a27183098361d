// Per-address limits of anonymous calls to the endpoints API keys meter (issue 45, item 6;
// docs/decisions/087): counted by the address the front computed, per minute and per UTC day; a
// session or a key is not counted against them; endpoints outside the metered surface are free.
import { GET as getCounties } from '@/app/api/Location/getCounties/route';
import { GET as getTop5 } from '@/app/api/Company/getTop5Companies/route';
import { env } from '@/server/kernel/env';
import { ANONYMOUS_TEXT, resetAnonymousCounts, takeAnonymousCall } from '@/server/api-keys/anonymous-limit';
import { apiKeyHeaders, authHeaders } from '../support/api-auth';
import { call, createUser, deleteUsers, type TestUser } from './support/auth';

const saved = { minute: env.ANON_API_PER_MINUTE, day: env.ANON_API_PER_DAY };
let user: TestUser;

beforeAll(async () => {
  user = await createUser();
});
afterAll(async () => {
  env.ANON_API_PER_MINUTE = saved.minute;
  env.ANON_API_PER_DAY = saved.day;
  await deleteUsers(user);
});
beforeEach(() => {
  env.ANON_API_PER_MINUTE = 5;
  env.ANON_API_PER_DAY = 8;
  resetAnonymousCounts();
});

test('the defaults are set and generous for a browser', () => {
  expect(saved.minute).toBeGreaterThanOrEqual(60);
  expect(saved.day).toBeGreaterThanOrEqual(1_000);
});

test('anonymous past the minute: 429 with a Romanian message and Retry-After; per address', async () => {
  const counties = (ip: string, headers: Record<string, string> = {}) => call(getCounties, '/api/Location/getCounties', { ip, headers });
  const first = [];
  for (let i = 0; i < 5; i++) first.push((await counties('203.0.113.7')).status);
  expect(first).toEqual([200, 200, 200, 200, 200]);
  const refused = await counties('203.0.113.7');
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ Message: ANONYMOUS_TEXT.perMinute(5), Code: 'RATE_LIMITED' });
  const retry = Number(refused.headers.get('retry-after'));
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(60);
  // Another address has its own count.
  expect((await counties('203.0.113.8')).status).toBe(200);
  // A signed-in user or a key from the same address is not limited by the anonymous count.
  expect((await counties('203.0.113.7', await authHeaders(user))).status).toBe(200);
  const keyed = await counties('203.0.113.7', await apiKeyHeaders(user));
  expect(keyed.status).toBe(200);
  expect(keyed.headers.get('ratelimit-policy')).not.toBeNull();
  // An endpoint keys do not meter is not counted.
  expect((await call(getTop5, '/api/Company/getTop5Companies?searchText=abc', { ip: '203.0.113.7' })).status).toBe(200);
});

test('the minute window resets, the day does not until midnight UTC', () => {
  const t0 = new Date('2026-11-29T10:00:00Z');
  const at = (s: number) => new Date(t0.getTime() + s * 1000);
  const results: Array<number | null> = [];
  for (let i = 0; i < 5; i++) results.push(takeAnonymousCall('198.51.100.1', at(i))?.status ?? null);
  results.push(takeAnonymousCall('198.51.100.1', at(10))?.status ?? null);
  expect(results).toEqual([null, null, null, null, null, 429]);
  for (let i = 0; i < 3; i++) expect(takeAnonymousCall('198.51.100.1', at(61 + i))).toBeNull();
  const day = takeAnonymousCall('198.51.100.1', at(130));
  expect(day?.status).toBe(429);
  expect(day?.message).toBe(ANONYMOUS_TEXT.perDay(8));
  expect(Number(day?.headers?.['retry-after'])).toBe(14 * 3600 - 130);
  expect(takeAnonymousCall('198.51.100.1', new Date('2026-11-30T00:00:01Z'))).toBeNull();
});

test('0 turns a limit off', () => {
  env.ANON_API_PER_MINUTE = 0;
  env.ANON_API_PER_DAY = 0;
  for (let i = 0; i < 50; i++) expect(takeAnonymousCall('198.51.100.2')).toBeNull();
});
