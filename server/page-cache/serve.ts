// Company pages and CAEN class pages served from a cache of their rendered HTML, for crawlers that
// fetch millions of them again and again (docs/decisions/023-page-cache.md). The proxy asks here
// first: a conditional request whose ETag is current answers 304, a cached page answers from
// memory; neither touches the database (the versions are polled, versions.ts). A miss renders the
// page through this same server (a request that the proxy lets through) and keeps the HTML under
// the version read BEFORE rendering, so a page is never tagged newer than its data.
// The HTML is the anonymous render: everything that depends on the viewer (session, group button,
// contacts) is drawn in the browser, so one HTML fits every visitor.
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzip as gzipCb, gunzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { selfAddress } from '../kernel/exposure';
import { env } from '../kernel/env';
import { pageVersion, refreshVersions, type PageVersion } from './versions';
import { answerSecurityHeaders } from '../security/headers';
import { isSameSecret } from '../security/secrets';
import { nonceOfCsp } from '@/lib/security/headers';
import { countPageCache } from '../kernel/counters';
import { sharedCacheHeaders } from './cdn';
import { CUI_DIGITS_SOURCE } from '@/lib/cui';

const gzip = promisify(gzipCb);

/** The inner render request carries this header with the process's token: the proxy lets it through. */
const RENDER_HEADER = 'x-rf-page-render';
const RENDER_TOKEN = randomBytes(16).toString('hex');

// Next answers the same URL with an RSC payload for client navigations: those never touch the cache.
const RSC_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch'];
const VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';

const COMPANY_PAGE = new RegExp(String.raw`^/company-details/(${CUI_DIGITS_SOURCE})/[^/]+$`);
const CAEN_PAGE = /^\/Coduri-caen\/[^/]+$/;

/**
 * csp: the Content-Security-Policy the page was rendered with. Its nonce is in the kept HTML, so
 * every answer of this entry carries this policy (docs/decisions/033-security-headers.md).
 */
type Entry = { tag: string; lastModified: Date; etag: string; gzipped: Buffer; csp: string };

/** A least-recently-used map bounded by the bytes it holds. */
class ByteLru {
  private readonly map = new Map<string, Entry>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string): Entry | undefined {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }
  set(key: string, entry: Entry) {
    this.delete(key);
    if (entry.gzipped.length > this.maxBytes) return;
    this.map.set(key, entry);
    this.bytes += entry.gzipped.length;
    for (const [k, v] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= v.gzipped.length;
    }
  }
  delete(key: string) {
    const old = this.map.get(key);
    if (old) {
      this.map.delete(key);
      this.bytes -= old.gzipped.length;
    }
  }
  clear() {
    this.map.clear();
    this.bytes = 0;
  }
}

const cache = new ByteLru(env.PAGE_CACHE_MAX_MB * 1024 * 1024);
const inFlight = new Map<string, Promise<Response>>();

function readBuildId(): string {
  try {
    return readFileSync(path.resolve(process.cwd(), env.NEXT_DIST_DIR, 'BUILD_ID'), 'utf8').trim();
  } catch {
    // No build folder (tests): a per-process value, so ETags never outlive the code that made them.
    return RENDER_TOKEN.slice(0, 8);
  }
}
let buildId: string | null = null;

/** What a request names: the cache key and the company (null for a CAEN page), or null when not cached. */
export function cacheablePage(pathname: string, search: string): { key: string; cui: number | null } | null {
  const company = COMPANY_PAGE.exec(pathname);
  if (company) return { key: pathname + search, cui: Number(company[1]) };
  if (CAEN_PAGE.test(pathname)) return { key: pathname + search, cui: null };
  return null;
}

export function pageEtag(key: string, version: PageVersion): string {
  buildId ??= readBuildId();
  const hash = createHash('sha1').update(key).digest('base64url').slice(0, 10);
  return `W/"${buildId}-${version.tag}-${hash}"`;
}

/** RFC 9110: If-None-Match is a list of entity tags (weak comparison) or "*". */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

const isInnerRender = (req: { headers: { get(name: string): string | null } }) => isSameSecret(req.headers.get(RENDER_HEADER), RENDER_TOKEN);
export const isPageRenderRequest = isInnerRender;

type PageUrl = Pick<URL, 'pathname' | 'search' | 'searchParams'>;

function usable(req: { method: string; headers: { get(name: string): string | null; has(name: string): boolean } }, url: PageUrl): boolean {
  if (env.PAGE_CACHE_MAX_MB <= 0) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (url.searchParams.has('_rsc') || RSC_HEADERS.some((h) => req.headers.has(h))) return false;
  return !isInnerRender(req);
}

/**
 * `shared`: Cache-Control and surrogate keys for this visitor (cdn.ts, decision 051): public for a
 * CDN when anonymous, private when signed in.
 */
function headersFor(entry: { etag: string; lastModified: Date }, state: 'HIT' | 'MISS' | 'REVALIDATED', shared: Record<string, string>) {
  return {
    etag: entry.etag,
    'last-modified': entry.lastModified.toUTCString(),
    ...shared,
    vary: VARY,
    'x-page-cache': state,
  };
}

function notModified(etag: string, lastModified: Date, shared: Record<string, string>): Response {
  return new Response(null, { status: 304, headers: headersFor({ etag, lastModified }, 'REVALIDATED', shared) });
}

function answer(req: Request, entry: Entry, state: 'HIT' | 'MISS'): Response {
  // Kept gzipped (a quarter of the memory); Next drops a proxy answer's own Content-Encoding and
  // compresses the body itself, so the plain HTML is handed over.
  const shared = sharedCacheHeaders(new URL(req.url).pathname, req.headers.get('cookie'));
  const headers: Record<string, string> = { ...headersFor(entry, state, shared), 'content-type': 'text/html; charset=utf-8', 'content-security-policy': entry.csp };
  return new Response(req.method === 'HEAD' ? null : new Uint8Array(gunzipSync(entry.gzipped)), { status: 200, headers });
}

type HeaderBag = { get(name: string): string | null; has(name: string): boolean };
type Lookup = { kind: 'not-modified'; etag: string; lastModified: Date } | { kind: 'hit'; entry: Entry };

/** Step 1 itself, shared by the proxy and the front server: no database read, no render. */
async function lookup(method: string, headers: HeaderBag, url: PageUrl): Promise<Lookup | null> {
  if (!usable({ method, headers }, url)) return null;
  const page = cacheablePage(url.pathname, url.search);
  if (!page) return null;
  try {
    await refreshVersions();
  } catch {
    return null; // the database is away: render as usual, the page answers what it can
  }
  const found = findCurrent(page, pageVersion(page.cui), headers);
  countPageCache(found ? (found.kind === 'hit' ? 'hit' : 'revalidated') : 'miss');
  return found;
}

function findCurrent(page: { key: string }, current: PageVersion, headers: HeaderBag): Lookup | null {
  const etag = pageEtag(page.key, current);
  // An ETag is only ever given with a 200 of this exact address, so a match means "still that page".
  if (etagMatches(headers.get('if-none-match'), etag)) return { kind: 'not-modified', etag, lastModified: current.lastModified };
  const hit = cache.get(page.key);
  if (!hit || hit.tag !== current.tag || hit.etag !== etag) return null;
  const since = Date.parse(headers.get('if-modified-since') ?? '');
  if (!headers.has('if-none-match') && Number.isFinite(since) && hit.lastModified.getTime() <= since) {
    return { kind: 'not-modified', etag, lastModified: hit.lastModified };
  }
  return { kind: 'hit', entry: hit };
}

/**
 * Step 1, before any database read: 304 for a current ETag (or a Last-Modified date of a page held
 * here), or the cached HTML. null when the page must be rendered (or is not cached at all).
 */
export async function cachedPageAnswer(req: Request, url: PageUrl): Promise<Response | null> {
  const found = await lookup(req.method, req.headers, url);
  if (!found) return null;
  return found.kind === 'not-modified' ? notModified(found.etag, found.lastModified, sharedCacheHeaders(url.pathname, req.headers.get('cookie'))) : answer(req, found.entry, 'HIT');
}

/**
 * A 304 carries every security header but the policy: the browser keeps the policy stored with the
 * page it revalidates (whose scripts bear that policy's nonce), also when another instance rendered it.
 */
function securityHeadersOf304(pathname: string): Record<string, string> {
  const headers = answerSecurityHeaders(pathname, null);
  delete headers['content-security-policy'];
  return headers;
}

/** What the front server writes: the headers, and for a 200 the stored gzip as it is. */
type RawPageAnswer = { status: 200 | 304; headers: Record<string, string>; gzipped: Buffer | null };

/**
 * Step 1 for the front server (scripts/serve.mjs), which answers hits and 304s before Next's
 * request pipeline runs and sends the kept gzip without compressing it again (decision 023).
 */
async function cachedPageRaw(method: string, headers: HeaderBag, url: PageUrl): Promise<RawPageAnswer | null> {
  const found = await lookup(method, headers, url);
  if (!found) return null;
  const shared = sharedCacheHeaders(url.pathname, headers.get('cookie'));
  if (found.kind === 'not-modified') return { status: 304, headers: { ...headersFor(found, 'REVALIDATED', shared), ...securityHeadersOf304(url.pathname) }, gzipped: null };
  const security = answerSecurityHeaders(url.pathname, found.entry.csp);
  return { status: 200, headers: { ...headersFor(found.entry, 'HIT', shared), 'content-type': 'text/html; charset=utf-8', ...security }, gzipped: found.entry.gzipped };
}

/** A miss the front server lets Next render in place, and keeps: the version read before rendering. */
type FrontRender = { key: string; marker: string; tag: string; etag: string; lastModified: Date; headers: Record<string, string> };

/** The header that tells the proxy "the front keeps this render": its value is the process's token. */
const FRONT_RENDER_HEADER = 'x-rf-front-render';

/**
 * For a miss on a cacheable page: reads the version BEFORE the render (so the kept HTML is never
 * tagged newer than its data) and gives the front the headers of a MISS answer. null: not cached.
 */
export async function beginFrontRender(method: string, headers: HeaderBag, url: PageUrl): Promise<FrontRender | null> {
  if (!usable({ method, headers }, url) || headers.has(FRONT_RENDER_HEADER)) return null;
  const page = cacheablePage(url.pathname, url.search);
  if (!page) return null;
  await refreshVersions();
  const version = pageVersion(page.cui);
  const etag = pageEtag(page.key, version);
  const entry = { etag, lastModified: version.lastModified };
  return { key: page.key, marker: RENDER_TOKEN, tag: version.tag, etag, lastModified: version.lastModified, headers: headersFor(entry, 'MISS', sharedCacheHeaders(url.pathname, headers.get('cookie'))) };
}

/**
 * Keeps what Next rendered for a front render (a 200 HTML page), gzipped, with the policy it was
 * answered with (the proxy's, whose nonce is in the HTML); a page without a nonce policy is not kept.
 */
export async function keepFrontRender(plan: FrontRender, body: Buffer, encoding: 'gzip' | 'identity', csp: string | null): Promise<void> {
  if (!csp || !nonceOfCsp(csp)) return;
  const gzipped = encoding === 'gzip' ? body : await gzip(body);
  cache.set(plan.key, { tag: plan.tag, lastModified: plan.lastModified, etag: plan.etag, gzipped, csp });
}

/** The proxy: a request the front renders in place (after the proxy's own checks, straight to the page). */
export const isFrontRenderRequest = (req: Request) => isSameSecret(req.headers.get(FRONT_RENDER_HEADER), RENDER_TOKEN);

/**
 * The front server and the proxy run in one process but load this module separately (the proxy
 * from Next's bundle): the proxy's copy, which holds the cache, hands the front its functions here.
 */
const FRONT_API = Symbol.for('radarfirme.pageCache.front');
(globalThis as Record<symbol, unknown>)[FRONT_API] = {
  lookup: cachedPageRaw,
  begin: beginFrontRender,
  keep: keepFrontRender,
  header: FRONT_RENDER_HEADER,
  // The set of an answer that is not a page, for what the front writes before or without Next's proxy.
  securityHeaders: (pathname: string) => answerSecurityHeaders(pathname, null),
};

async function renderAndKeep(req: Request, url: PageUrl, key: string, version: PageVersion, etag: string): Promise<Response> {
  const res = await fetch(`http://${selfAddress(env.HOST)}:${env.PORT}${url.pathname}${url.search}`, {
    headers: { [RENDER_HEADER]: RENDER_TOKEN, accept: 'text/html', 'accept-encoding': 'identity', 'accept-language': req.headers.get('accept-language') ?? 'ro' },
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const html = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) {
    // 301/308 to the canonical address, 404: passed on as rendered, never kept.
    const headers = new Headers();
    for (const h of ['content-type', 'location', 'cache-control', 'content-security-policy']) {
      const v = res.headers.get(h);
      if (v) headers.set(h, v);
    }
    return new Response(html.length ? new Uint8Array(html) : null, { status: res.status, headers });
  }
  const csp = res.headers.get('content-security-policy');
  if (!csp || !nonceOfCsp(csp)) throw new Error('the render carries no nonce policy');
  const entry: Entry = { tag: version.tag, lastModified: version.lastModified, etag, gzipped: await gzip(html), csp };
  cache.set(key, entry);
  return answer(req, entry, 'MISS');
}

/**
 * Step 2, after the proxy's own checks (canonical address): renders the page once per version and
 * keeps it; concurrent requests for the same page share one render. null when not cached.
 */
export async function renderCachedPage(req: Request, url: PageUrl): Promise<Response | null> {
  if (!usable(req, url)) return null;
  const page = cacheablePage(url.pathname, url.search);
  if (!page) return null;
  try {
    await refreshVersions();
    const version = pageVersion(page.cui);
    const etag = pageEtag(page.key, version);
    const flightKey = `${page.key}|${version.tag}`;
    let flight = inFlight.get(flightKey);
    if (!flight) {
      flight = renderAndKeep(req, url, page.key, version, etag).finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, flight);
    }
    const shared = await flight;
    const hit = cache.get(page.key);
    // Every waiter answers from the kept entry (a Response body can be read once).
    if (hit && hit.etag === etag) return answer(req, hit, 'MISS');
    return shared.clone();
  } catch (e) {
    console.error('[page-cache] render failed, serving uncached:', e);
    return null;
  }
}

/** Tests: empty the HTML cache of this process. */
export function clearPageCache(): void {
  cache.clear();
}
