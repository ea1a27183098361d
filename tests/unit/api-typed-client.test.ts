/** @jest-environment jsdom */
// The typed client (lib/api/client.ts, lib/api/endpoint.ts): a call names its contract key, the
// address and method come from it, and it goes through apiRequest (token, refresh, errors). And
// the browser clients hold no hand-written '/api/…' address: a new one fails this test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { apiCall, ApiError, setTokens } from '@/lib/api/client';
import { endpoint, methodOf } from '@/lib/api/endpoint';

const ROOT = path.resolve(__dirname, '../..');

test('endpoint() fills and encodes the dynamic segments of a key', () => {
  expect(endpoint('GET /api/Group/getGroups')).toBe('/api/Group/getGroups');
  expect(endpoint('GET /api/Company/getDetails/[cui]', { cui: 14399840 })).toBe('/api/Company/getDetails/14399840');
  expect(endpoint('GET /api/Company/getCompanyByCaen/[caenCode]/[pageSize]', { caenCode: '47/11', pageSize: 10 })).toBe('/api/Company/getCompanyByCaen/47%2F11/10');
  expect(endpoint('POST /api/nextauth/[...nextauth]', { nextauth: ['signin', 'google'] })).toBe('/api/nextauth/signin/google');
  expect(methodOf('DELETE /api/Group/[id]')).toBe('DELETE');
  // A missing value is a programming error, never a request to ".../undefined".
  expect(() => (endpoint as (k: string, p?: object) => string)('GET /api/Company/getDetails/[cui]', {})).toThrow(/cui/);
});

test('apiCall() sends the key’s method, path, query and body with the token, and returns the answer', async () => {
  const seen: Array<{ url: string; method?: string; auth?: string; body?: string }> = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    seen.push({ url, method: init.method, auth: (init.headers as Record<string, string>).authorization, body: init.body as string | undefined });
    const status = url.includes('getDetails') ? 404 : 200;
    const text = status === 404 ? JSON.stringify({ Message: 'Firma nu a fost găsită.', Code: 'NOT_FOUND' }) : JSON.stringify({ Items: [], Count: 0, NumberOfPages: 0 });
    return { ok: status === 200, status, text: async () => text } as Response;
  }) as unknown as typeof fetch;
  setTokens({ AccessToken: 'A2', RefreshToken: 'R1' });
  const groups = await apiCall('GET /api/Group/getGroups', { query: { PageNumber: 2, SearchText: 'ș' } });
  expect(groups.Count).toBe(0);
  await apiCall('POST /api/Company/getAcqusitions', { body: { companyCui: 1, pageNumber: 1, pageSize: 10, searchText: '' } });
  await expect(apiCall('GET /api/Company/getDetails/[cui]', { params: { cui: 5 } })).rejects.toBeInstanceOf(ApiError);
  expect(seen.map((s) => [s.method, s.url])).toEqual([
    ['GET', '/api/Group/getGroups?PageNumber=2&SearchText=%C8%99'],
    ['POST', '/api/Company/getAcqusitions'],
    ['GET', '/api/Company/getDetails/5'],
  ]);
  expect(seen[0].auth).toBe('Bearer A2');
  expect(JSON.parse(seen[1].body!)).toMatchObject({ companyCui: 1 });
});

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files(full, out);
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

test('browser clients hold no hand-written /api/ address (they name a contract key)', () => {
  const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');
  const candidates = [
    ...files(path.join(ROOT, 'components')),
    ...files(path.join(ROOT, 'lib')).filter((f) => !/^lib\/api\//.test(rel(f))),
    ...files(path.join(ROOT, 'app')).filter((f) => !rel(f).startsWith('app/api/') && /^\s*['"]use client['"]/m.test(readFileSync(f, 'utf8'))),
  ];
  expect(candidates.length).toBeGreaterThan(100);
  const literal = /['"`]\/api\//;
  const offenders = candidates.filter((f) => literal.test(readFileSync(f, 'utf8'))).map(rel);
  expect(offenders).toEqual([]);
  // The check itself sees such a literal.
  expect(literal.test("api.get('/api/Group/getGroups')")).toBe(true);
});
