// Company and CAEN pages a CDN may keep (issue 32, decision 051): an anonymous answer is public
// for the shared cache (s-maxage, stale-while-revalidate) with the surrogate keys of its company
// or CAEN class; a signed-in request gets a private one; a current ETag answers 304 with the same
// caching, and without a Content-Security-Policy (the cache keeps the one stored with the page).
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { lookupCachedPage, pageEtag } from '@/server/page-cache/serve';
import { pageVersion, refreshVersions } from '@/server/page-cache/versions';
import { sharedCacheHeaders, surrogateKeys } from '@/server/page-cache/cdn';

/** The front's lookup (the one place that serves a cached page, decision 082) as a status and headers. */
async function cachedPageAnswer(req: Request, url: URL) {
  const raw = await lookupCachedPage(req.method, req.headers, url);
  return raw && { status: raw.status, headers: new Headers(raw.headers) };
}

let cui = 0;
beforeAll(async () => {
  env.PAGE_CACHE_POLL_MS = 0;
  [{ cui }] = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 1`);
});

const conditional = async (path: string, extra: Record<string, string> = {}) => {
  await refreshVersions();
  const url = new URL(`http://localhost:3000${path}`);
  const etag = pageEtag(path, pageVersion(path.startsWith('/company-details/') ? cui : null));
  return cachedPageAnswer(new Request(url, { headers: { 'if-none-match': etag, ...extra } }), url);
};

test('an anonymous revalidation: 304, public for a shared cache, the company surrogate key, no policy', async () => {
  const res = await conditional(`/company-details/${cui}/firma`);
  expect(res?.status).toBe(304);
  expect(res?.headers.get('cache-control')).toBe(`public, max-age=0, s-maxage=${env.PAGE_CDN_MAX_AGE}, stale-while-revalidate=${env.PAGE_CDN_STALE_SECONDS}`);
  expect(res?.headers.get('surrogate-key')).toBe(`company-${cui} pages`);
  expect(res?.headers.get('cache-tag')).toBe(`company-${cui},pages`);
  expect(res?.headers.get('etag')).toMatch(/^W\/"/);
  expect(res?.headers.get('content-security-policy')).toBeNull();
});

test('a signed-in request is answered private, without surrogate keys', async () => {
  const res = await conditional(`/company-details/${cui}/firma`, { cookie: 'theme=dark; rf_session=abc.def.ghi' });
  expect(res?.status).toBe(304);
  expect(res?.headers.get('cache-control')).toBe('private, no-cache');
  expect(res?.headers.get('surrogate-key')).toBeNull();
});

test('CAEN pages carry their class key; the settings set the lifetimes', async () => {
  const saved = { age: env.PAGE_CDN_MAX_AGE, stale: env.PAGE_CDN_STALE_SECONDS };
  env.PAGE_CDN_MAX_AGE = 300;
  env.PAGE_CDN_STALE_SECONDS = 0;
  try {
    const res = await conditional('/Coduri-caen/6201');
    expect(res?.status).toBe(304);
    expect(res?.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=0');
    expect(res?.headers.get('surrogate-key')).toBe('caen-6201 pages');
  } finally {
    env.PAGE_CDN_MAX_AGE = saved.age;
    env.PAGE_CDN_STALE_SECONDS = saved.stale;
  }
  expect(surrogateKeys('/Coduri-caen/62"01 x')).toEqual(['caen-6201x', 'pages']);
  expect(sharedCacheHeaders('/company-details/5/x', 'rf_session=')['cache-control']).toMatch(/^public/);
});
