// Hostile requests against the built server: the addresses that used to answer 500, then a
// property-based fuzz over the whole route table (pages and API, read from app/ so a new route is
// covered by itself). No answer may be a 5xx or show a stack trace; a page that cannot be read is
// the Romanian 404 page, an API call a JSON error.
import { expectNoAxeViolations } from './support/a11y';
import { expect, test, type APIRequestContext } from '@playwright/test';
import fc from 'fast-check';
import argon2 from 'argon2';
import pg from 'pg';
import { edgeBody, edgeQuery, edgeSegment, fillPath, hostileBody, hostileQuery, hostileSegment, isServerFailure, readRouteTable, STACK_TRACE } from '../support/route-table';
import { tokensOf } from './support/accounts';
import { readE2eState } from './support/e2e-state';

const PAGES = [
  '/company-details/%ED%A0%80/abc',
  '/company-details/%/x',
  '/company-details/123/%',
  '/Cautare-avansata/%',
  '/Cautare-avansata/a%00b',
  '/Coduri-caen/%',
  '/Coduri-caen/%C3%28',
  '/Gaseste-clienti?q=a%00b',
];

const API = [
  '/api/Company/getDetails/%',
  '/api/Company/getDetailsForGraphs/%ED%A0%80',
  '/api/Company/getCompanyByCaen/4711/%',
  '/api/Company/getCompanies?SearchText=nul%00byte',
  '/api/Company/getTop5Companies?searchText=nul%00byte',
];

test('the addresses that answered 500 now answer the Romanian 404 page or a JSON 400', async ({ request }) => {
  for (const url of PAGES) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(404);
    const html = await res.text();
    expect(html, url).toContain('Pagina nu a fost găsită');
    expect(html, url).toContain('lang="ro"');
    expect(html, url).not.toMatch(STACK_TRACE);
  }
  for (const url of API) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(400);
    expect(res.headers()['content-type'], url).toContain('application/json');
    expect(await res.json(), url).toMatchObject({ Code: expect.any(String), Message: 'Cererea conține caractere care nu pot fi citite.' });
  }
  const facebook = await request.post('/api/api/Auth/login-facebook/x/%ED%A0%80');
  expect(facebook.status()).toBe(400);
  // Typing "sc" in the suggestion box: an answer, not broken SQL.
  for (const text of ['sc', 'SC', 's.c.', 'sc sc']) {
    const res = await request.get(`/api/Company/getTop5Companies?searchText=${encodeURIComponent(text)}`);
    expect(res.status(), text).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  }
});

test('a hostile page address shows the Romanian 404 page in the browser, accessible', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const res = await page.goto('/company-details/%ED%A0%80/abc');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina nu a fost găsită' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Acasă' }).last()).toBeVisible();
  await expectNoAxeViolations(page);
  expect(errors).toEqual([]);
});

async function send(request: APIRequestContext, method: string, url: string, body?: unknown, token?: string) {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await request.fetch(url, {
    method,
    maxRedirects: 0,
    failOnStatusCode: false,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  return { status: res.status(), text: await res.text() };
}

test('fuzz: no route answers 5xx or a stack trace to hostile paths, queries and bodies', async ({ request }) => {
  test.setTimeout(90_000);
  const routes = readRouteTable();
  expect(routes.filter((r) => r.type === 'page').length).toBeGreaterThan(10);
  expect(routes.filter((r) => r.type === 'api').length).toBeGreaterThan(30);
  const failures: string[] = [];
  // Every route at least once, then random ones; a fixed seed so a failure can be replayed.
  const routeIndex = fc.oneof(fc.constantFrom(...routes.keys()), fc.nat({ max: routes.length - 1 }));
  await fc.assert(
    fc.asyncProperty(routeIndex, fc.array(hostileSegment(), { minLength: 1, maxLength: 3 }), hostileQuery(), hostileBody(), fc.nat(), async (i, segs, query, body, m) => {
      const route = routes[i];
      const method = route.methods[m % route.methods.length];
      const url = fillPath(route, segs) + query;
      const res = await send(request, method, url, method === 'GET' ? undefined : body);
      if (isServerFailure(res.status, res.text)) failures.push(`${method} ${url} → ${res.status} ${res.text.slice(0, 200)}`);
      return true;
    }),
    { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: Number(process.env.FUZZ_SEED ?? 17), endOnFailure: true },
  );
  expect(failures).toEqual([]);
});

// Issue 23: ids beyond 32 bits, inherited object keys and 10 KB queries on every API route and
// method, signed in as a User and as an Admin (accounts of this test's own; the values name no
// real row, so an Admin's write changes nothing; logout would end the session the run uses).
test('fuzz, edge values: no API route answers 5xx as a User or an Admin', async ({ request }) => {
  test.setTimeout(180_000);
  const db = new pg.Client({ connectionString: readE2eState().databaseUrl });
  await db.connect();
  const password = 'Parola#Sigura2026';
  const hash = await argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const stamp = Date.now().toString(36);
  const figures: string[] = [];
  try {
    const routes = readRouteTable().filter((r) => r.type === 'api' && r.file !== 'api/Auth/logout/route.ts');
    for (const role of ['User', 'Admin']) {
      const email = `edge-${role.toLowerCase()}-${stamp}@exemplu.ro`;
      await db.query(
        `INSERT INTO app_user (user_name, user_name_norm, email, password_hash, role_id, email_verified)
         VALUES ($1::text, lower($1::text), $2, $3, (SELECT id FROM role WHERE name = $4), now())`,
        [`Edge ${role} ${stamp}`, email, hash, role],
      );
      const { AccessToken: token } = await tokensOf(request, email, password);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const routeIndex = fc.oneof(fc.constantFrom(...routes.keys()), fc.nat({ max: routes.length - 1 }));
      await fc.assert(
        fc.asyncProperty(routeIndex, fc.array(edgeSegment(), { minLength: 1, maxLength: 3 }), edgeQuery(), edgeBody(), fc.nat(), async (i, segs, query, body, m) => {
          const route = routes[i];
          const method = route.methods[m % route.methods.length];
          const url = fillPath(route, segs.map(encodeURIComponent)) + query;
          const res = await send(request, method, url, method === 'GET' ? undefined : body, token);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (isServerFailure(res.status, res.text)) failures.push(`${method} ${url.slice(0, 200)} → ${res.status} ${res.text.slice(0, 200)}`);
          return true;
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 400), seed: Number(process.env.FUZZ_SEED ?? 17) },
      );
      expect(failures).toEqual([]);
      const total = [...statuses.values()].reduce((n, c) => n + c, 0);
      figures.push(`${role}: ${total} requests (${[...statuses.entries()].sort(([a], [b]) => a - b).map(([st, n]) => `${st}: ${n}`).join(', ')}), 5xx: 0`);
    }
    console.log(`[fuzz e2e] edge values: ${figures.join('; ')}`);
  } finally {
    await db.query(`DELETE FROM app_user WHERE email LIKE $1`, [`edge-%-${stamp}@exemplu.ro`]);
    await db.end();
  }
});
