// The HTML cache of company and CAEN pages (docs/decisions/023): ETag and Last-Modified, 304 for a
// current tag, never HTML for a client navigation, and a contact edit that shows at once.
import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * The first HIT of `path` within a few requests. Specs in the other worker write contacts and
 * register data, which move page versions: a kept page may be a MISS again once, by design.
 */
async function untilHit(request: APIRequestContext, path: string, headers?: Record<string, string>) {
  for (let i = 0; ; i++) {
    const res = await request.get(path, headers ? { headers } : undefined);
    if (res.headers()['x-page-cache'] === 'HIT' || i === 4) return res;
  }
}

test('company and CAEN pages: cached HTML, ETag, 304, RSC requests untouched', async ({ request }) => {
  const [top] = await (await request.get('/api/Company/getTop5Companies?searchText=b')).json();
  const first = await request.get(`/company-details/${top.Cui}`);
  expect(first.status()).toBe(200);
  const path = new URL(first.url()).pathname;
  const again = await untilHit(request, path);
  expect(again.headers()['x-page-cache']).toBe('HIT');
  const etag = again.headers()['etag'];
  expect(etag).toMatch(/^W\/".+"$/);
  expect(again.headers()['last-modified']).toMatch(/GMT$/);
  // A CDN may keep it (decision 051): public for shared caches, revalidated by browsers, purgeable by company.
  const shared = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
  expect(again.headers()['cache-control']).toBe(shared);
  expect(first.headers()['cache-control']).toBe(shared);
  expect(first.headers()['etag']).toMatch(/^W\/".+"$/);
  expect(again.headers()['surrogate-key']).toBe(`company-${top.Cui} pages`);
  expect(again.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  // Signed in (the page cookie): the same HTML, never stored by a shared cache.
  const signedIn = await request.get(path, { headers: { cookie: 'rf_session=x.y.z' } });
  expect(signedIn.headers()['cache-control']).toBe('private, no-cache');
  expect(signedIn.headers()['surrogate-key']).toBeUndefined();
  expect(await again.text()).toContain(top.Name.slice(0, 10));
  // The front server (scripts/serve.mjs) sends the kept gzip as it is: a fixed length, no second
  // compression; a client that takes no gzip gets the plain HTML; HEAD gets the headers only.
  expect(again.headers()['content-encoding']).toBe('gzip');
  expect(Number(again.headers()['content-length'])).toBeGreaterThan(1000);
  const plain = await untilHit(request, path, { 'accept-encoding': 'identity' });
  expect(plain.headers()['x-page-cache']).toBe('HIT');
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toBe(await again.text());
  const head = await request.head(path);
  expect(head.status()).toBe(200);
  expect(head.headers()['etag']).toBe(etag);

  const conditional = await request.get(path, { headers: { 'if-none-match': etag } });
  expect(conditional.status()).toBe(304);
  expect(conditional.headers()['etag']).toBe(etag);
  const since = await request.get(path, { headers: { 'if-modified-since': again.headers()['last-modified'] } });
  expect(since.status()).toBe(304);
  // A tag of another address is not this page.
  const caen = await request.get('/Coduri-caen/4711');
  expect(caen.status()).toBe(200);
  expect((await request.get(path, { headers: { 'if-none-match': caen.headers()['etag'] } })).status()).toBe(200);

  await test.step('A client navigation asks for the RSC payload at the same address', async () => {
    const rsc = await request.get(`${path}?_rsc=e2e`, { headers: { rsc: '1' } });
    expect(rsc.status()).toBe(200);
    expect(rsc.headers()['content-type']).toContain('text/x-component');
    expect(rsc.headers()['x-page-cache']).toBeUndefined();
  });

  await test.step('Unknown companies and old slugs are not cached answers', async () => {
    expect((await request.get('/company-details/1/x', { maxRedirects: 0 })).status()).toBe(404);
    expect((await request.get(`/company-details/${top.Cui}/old-slug`, { maxRedirects: 0 })).status()).toBe(301);
  });
});

test('a cached page carries no nonce: its MISS and HIT share one hash policy; a per-request page gets a fresh nonce (issue 45)', async ({ request }) => {
  // An address of its own (the query is part of the cache key), so that the first request is the MISS.
  const [top] = await (await request.get('/api/Company/getTop5Companies?searchText=b')).json();
  const canonical = new URL((await request.get(`/company-details/${top.Cui}`)).url()).pathname;
  const path = `${canonical}?e2e=${Date.now().toString(36)}`;
  const first = await request.get(path);
  expect(first.status()).toBe(200);
  const again = await untilHit(request, path);
  expect([first.headers()['x-page-cache'], again.headers()['x-page-cache']]).toEqual(['MISS', 'HIT']);
  const policies = [first.headers()['content-security-policy'], again.headers()['content-security-policy']];
  expect(policies[0]).toBe(policies[1]);
  expect(policies[0]).not.toContain("'nonce-");
  expect(policies[0]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+ 'strict-dynamic';/);
  expect(policies[0]).not.toContain("'unsafe-inline' 'strict-dynamic'");
  expect(await first.text()).toBe(await again.text());
  expect(await again.text()).not.toMatch(/\snonce=/);
  // The landing page is rendered per request: a new nonce each time.
  const nonces = [];
  for (let i = 0; i < 2; i++) nonces.push(/'nonce-([^']+)'/.exec((await request.get('/')).headers()['content-security-policy'] ?? '')?.[1]);
  expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(nonces[1]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(nonces[0]).not.toBe(nonces[1]);
});

test('a company address written otherwise is one 301 to the canonical address (issue 44)', async ({ request }) => {
  const [top] = await (await request.get('/api/Company/getTop5Companies?searchText=b')).json();
  const canonical = new URL((await request.get(`/company-details/${top.Cui}`)).url()).pathname;
  for (const path of [`/company-details/${top.Cui}/nume-gresit/`, `${canonical}/`, `/company-details/00${top.Cui}/x`, `/company-details/${top.Cui}/`]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect([path, res.status(), new URL(res.headers().location ?? '', 'http://x').pathname]).toEqual([path, 301, canonical]);
  }
  expect((await request.get(canonical, { maxRedirects: 0 })).status()).toBe(200);
});

test('a client navigation to a cached company page renders it without a full reload', async ({ page }) => {
  const [a, b] = await (await page.request.get('/api/Company/getTop5Companies?searchText=b')).json();
  // Both pages are in the cache first, so a wrong answer to the RSC request would show.
  const target = new URL((await page.request.get(`/company-details/${b.Cui}`)).url()).pathname;
  expect((await untilHit(page.request, target)).headers()['x-page-cache']).toBe('HIT');
  await page.goto(`/company-details/${a.Cui}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Company links open new tabs; the app router's own push is a client navigation. A marker on
  // window survives it and would disappear on a full load.
  await page.evaluate((href) => {
    const w = window as unknown as { __kept: boolean; next: { router: { push: (h: string) => void } } };
    w.__kept = true;
    w.next.router.push(href);
  }, target);
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(b.Name.slice(0, 8));
  expect(await page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept)).toBe(true);
});

test('a repeated search is sent from its kept gzip, the same JSON as a plain answer (decision 076)', async ({ request }) => {
  const path = '/api/Company/getCompanies?SearchText=constr&PageSize=20';
  // The first request of a route loads it (through Next); from then on the front answers it.
  expect((await request.get(path)).status()).toBe(200);
  const first = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
  const again = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
  const plain = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
  for (const r of [first, again, plain]) expect(r.status()).toBe(200);
  const body = await first.json();
  expect(body.Count).toBeGreaterThan(0);
  expect(Object.keys(body).sort()).toEqual(['Count', 'Items', 'NumberOfPages']);
  // The front (scripts/serve.mjs) gzips a cached answer once: the same bytes, the same length.
  expect(first.headers()['content-encoding']).toBe('gzip');
  expect(again.headers()['content-encoding']).toBe('gzip');
  expect(again.headers()['content-length']).toBe(first.headers()['content-length']);
  expect(again.headers()['vary']).toContain('Accept-Encoding');
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await again.text()).toBe(await first.text());
  expect(await plain.text()).toBe(await first.text());
  expect(again.headers()['x-content-type-options']).toBe('nosniff');
});

test('the front writes JSON answers from their text: gzipped with their length (above 32 KB off the event loop), plain byte for byte, errors too (issue 25)', async ({ request }) => {
  const [top] = await (await request.get('/api/Company/getTop5Companies?searchText=b')).json();
  const path = `/api/Company/getDetails/${top.Cui}`;
  // The first request of a route loads it (through Next); from then on the front answers it.
  const viaNext = await request.get(path);
  expect(viaNext.status()).toBe(200);
  const zipped = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
  const plain = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
  const text = await plain.text();
  // The front's gzip carries a length (Next's compression streams it without one).
  expect(zipped.headers()['content-encoding']).toBe('gzip');
  expect(Number(zipped.headers()['content-length'])).toBeGreaterThan(100);
  expect(Number(zipped.headers()['content-length'])).toBeLessThan(Buffer.byteLength(text));
  expect(zipped.headers()['vary']).toContain('Accept-Encoding');
  // The length is in bytes, not characters: the answer has diacritics (its CAEN text, its address).
  expect(/[ăâîșțĂÂÎȘȚ]/.test(text)).toBe(true);
  expect(plain.headers()['content-length']).toBe(String(Buffer.byteLength(text)));
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await zipped.text()).toBe(text);
  expect(JSON.parse(text)).toEqual(await viaNext.json());
  expect(zipped.headers()['content-type']).toBe('application/json; charset=utf-8');

  await test.step("An answer above 32 KB is gzipped on libuv's threads (scripts/serve.mjs GZIP_SYNC_MAX_BYTES)", async () => {
    const bigPath = '/api/Company/getCompanies?SearchText=a&PageSize=100';
    expect((await request.get(bigPath)).status()).toBe(200);
    const bigZipped = await request.get(bigPath, { headers: { 'accept-encoding': 'gzip' } });
    const bigPlain = await request.get(bigPath, { headers: { 'accept-encoding': 'identity' } });
    const bigText = await bigPlain.text();
    expect(Buffer.byteLength(bigText)).toBeGreaterThan(32 * 1024);
    expect(bigZipped.headers()['content-encoding']).toBe('gzip');
    expect(Number(bigZipped.headers()['content-length'])).toBeLessThan(Buffer.byteLength(bigText));
    expect(bigPlain.headers()['content-length']).toBe(String(Buffer.byteLength(bigText)));
    expect(await bigZipped.text()).toBe(bigText);
    expect(JSON.parse(bigText).Items).toHaveLength(100);

    const missing = await request.get('/api/Company/getDetails/1', { headers: { 'accept-encoding': 'gzip' } });
    expect(missing.status()).toBe(404);
    const error = await missing.text();
    expect(missing.headers()['content-length']).toBe(String(Buffer.byteLength(error)));
    expect(JSON.parse(error)).toMatchObject({ Code: 'NOT_FOUND' });
    expect(JSON.parse(error).Message).toMatch(/ă|ș|ț|î/);
    });
  });
