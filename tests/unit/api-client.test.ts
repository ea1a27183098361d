/** @jest-environment jsdom */
// The browser API layer: bearer token, ONE refresh on a 401 with concurrent requests queued
// behind it, and on a failed refresh: tokens cleared, session ended, operation cancelled.
import { ApiCancelledError, ApiError, apiRequest, getTokens, onSessionEnded, setTokens } from '@/lib/api/client';
import { authApi } from '@/lib/api/auth';

type Call = { url: string; auth: string | null; body: unknown };
let calls: Call[];

function respond(status: number, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return Promise.resolve({ ok: status >= 200 && status < 300, status, text: () => Promise.resolve(text), json: () => Promise.resolve(body) });
}

/** A fake server: valid access token "A2" after refresh; "A1" is expired. */
function server(opts: { refreshStatus?: number } = {}) {
  let refreshes = 0;
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, auth: headers.authorization ?? null, body });
    if (url === '/api/Auth/refresh-token') {
      refreshes++;
      await new Promise((r) => setTimeout(r, 20));
      if (opts.refreshStatus) return respond(opts.refreshStatus, { Message: 'nu' });
      return respond(200, { AccessToken: 'A2', RefreshToken: `R${refreshes + 1}` });
    }
    if (url.startsWith('/api/Auth/login')) return respond(401, { Message: 'E-mailul sau parola sunt incorecte.' });
    return headers.authorization === 'Bearer A2' ? respond(200, { ok: url }) : respond(401, { Message: 'Trebuie să fiți autentificat.' });
  }) as unknown as typeof fetch;
  return { refreshes: () => refreshes };
}

beforeEach(() => {
  calls = [];
  localStorage.clear();
});

test('sends the bearer token from localStorage and JSON', async () => {
  server();
  setTokens({ AccessToken: 'A2', RefreshToken: 'R1' });
  await expect(apiRequest('/api/Group/getGroups', { query: { PageNumber: 1, SearchText: '' } })).resolves.toEqual({ ok: '/api/Group/getGroups?PageNumber=1&SearchText=' });
  expect(calls[0].auth).toBe('Bearer A2');
});

test('a 401 triggers one refresh, the new tokens are stored and the request is retried', async () => {
  const s = server();
  setTokens({ AccessToken: 'A1', RefreshToken: 'R1' });
  await expect(apiRequest('/api/Group/getGroups')).resolves.toEqual({ ok: '/api/Group/getGroups' });
  expect(s.refreshes()).toBe(1);
  expect(calls.find((c) => c.url === '/api/Auth/refresh-token')!.body).toEqual({ AccessToken: 'A1', RefreshToken: 'R1' });
  expect(getTokens()).toEqual({ AccessToken: 'A2', RefreshToken: 'R2' });
});

test('concurrent requests wait for the single refresh and are all retried with the new token', async () => {
  const s = server();
  setTokens({ AccessToken: 'A1', RefreshToken: 'R1' });
  const results = await Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c', { method: 'POST', body: { x: 1 } }), apiRequest('/api/d')]);
  expect(results.map((r) => (r as { ok: string }).ok)).toEqual(['/api/a', '/api/b', '/api/c', '/api/d']);
  expect(s.refreshes()).toBe(1);
  const retried = calls.filter((c) => c.url !== '/api/Auth/refresh-token' && c.auth === 'Bearer A2').map((c) => c.url).sort();
  expect(retried).toEqual(['/api/a', '/api/b', '/api/c', '/api/d']);
});

test.each([401, 500])('a refresh answered %i clears the tokens, ends the session and cancels the operation', async (status) => {
  server({ refreshStatus: status });
  setTokens({ AccessToken: 'A1', RefreshToken: 'R1' });
  const ended = jest.fn();
  const off = onSessionEnded(ended);
  const all = Promise.allSettled([apiRequest('/api/a'), apiRequest('/api/b')]);
  const [a, b] = await all;
  off();
  expect(a).toMatchObject({ status: 'rejected', reason: expect.any(ApiCancelledError) });
  expect(b).toMatchObject({ status: 'rejected', reason: expect.any(ApiCancelledError) });
  expect(getTokens()).toBeNull();
  expect(ended).toHaveBeenCalledTimes(1);
  expect(calls.filter((c) => c.url === '/api/Auth/refresh-token')).toHaveLength(1);
});

test('sign-in and register are outside the refresh logic: their 401 is the answer', async () => {
  const s = server();
  setTokens({ AccessToken: 'A1', RefreshToken: 'R1' });
  const err = await authApi.login({ Email: 'a@b.ro', Password: 'x' }).catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect(err.status).toBe(401);
  expect(err.message).toBe('E-mailul sau parola sunt incorecte.');
  expect(s.refreshes()).toBe(0);
});

test('no second refresh when the retried request is refused again; no refresh without tokens', async () => {
  let refreshes = 0;
  global.fetch = jest.fn(async (url: string) => {
    if (url === '/api/Auth/refresh-token') {
      refreshes++;
      return respond(200, { AccessToken: 'A9', RefreshToken: 'R9' });
    }
    return respond(401, { Message: 'Trebuie să fiți autentificat.' });
  }) as unknown as typeof fetch;
  setTokens({ AccessToken: 'A1', RefreshToken: 'R1' });
  await expect(apiRequest('/api/a')).rejects.toMatchObject({ status: 401 });
  expect(refreshes).toBe(1);
  localStorage.clear();
  await expect(apiRequest('/api/a')).rejects.toMatchObject({ status: 401 });
  expect(refreshes).toBe(1);
});
