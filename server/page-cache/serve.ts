// Company pages and CAEN class pages served from a cache of their rendered HTML, for crawlers that
// fetch millions of them again and again (docs/decisions/023-page-cache.md). The front server
// (server/http/front/server.mjs) asks here first, and it alone serves a cached page (decision 082):
// a conditional request whose ETag is current answers 304, a cached page answers from memory;
// neither touches the database (the versions are polled, versions.ts). A miss is rendered by Next
// in place, without a nonce; the front holds the answer, seals it (its scripts by hash, no nonce:
// issue 45) and keeps it under the version read BEFORE rendering, so a page is never tagged newer
// than its data. The HTML is the anonymous render: everything that depends on the viewer (session,
// group button, contacts) is drawn in the browser, so one HTML fits every visitor.
import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzip as gzipCb, gunzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { env } from '../kernel/env';
import { pageVersion, refreshVersions, type PageVersion } from './versions';
import { answerSecurityHeaders, resourceSecurityHeaders, sealedPageCsp } from '../security/headers';
import { sealHtml } from '../security/sealed-page';
import { countPageCache } from '../kernel/counters';
import { isSignedInRequest, sharedCacheHeaders } from './cdn';
import { SESSION_COOKIE } from '../auth/session';
import { parseCuiSegment } from '@/lib/cui';
import { isSameSecret } from '../security/secrets';
import { registerPageCacheHandlers, type FrontRenderPlan, type RawPageAnswer, type SealedPage } from '../kernel/front-bridge.mjs';

const gzip = promisify(gzipCb);

/** The front's render of a miss carries this process's token (FRONT_RENDER_HEADER): the proxy lets it through. */
const RENDER_TOKEN = randomBytes(16).toString('hex');

// Next answers the same URL with an RSC payload for client navigations: those never touch the cache.
const RSC_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch'];
const VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';

const COMPANY_PAGE = /^\/company-details\/([^/]+)\/[^/]+$/;
const CAEN_PAGE = /^\/Coduri-caen\/[^/]+$/;

/**
 * csp: the Content-Security-Policy the page was rendered with. Its nonce is in the kept HTML, so
 * every answer of this entry carries this policy (docs/decisions/033-security-headers.md).
 */
type Entry = {
  tag: string;
  lastModified: Date;
  etag: string;
  gzipped: Buffer;
  csp: string;
  headers: Record<string, string>;
  /** The whole header set of a HIT, anonymous [0] and signed in [1], made on first use. */
  hitHeaders: [Record<string, string>?, Record<string, string>?];
};

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
  const cui = company ? parseCuiSegment(company[1]) : null;
  if (cui !== null) return { key: pathname + search, cui };
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

type PageUrl = Pick<URL, 'pathname' | 'search' | 'searchParams'>;
type HeaderBag = { get(name: string): string | null; has(name: string): boolean };

function usable(method: string, headers: HeaderBag, url: PageUrl): boolean {
  if (env.PAGE_CACHE_MAX_MB <= 0) return false;
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !url.searchParams.has('_rsc') && !RSC_HEADERS.some((h) => headers.has(h));
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

type Lookup = { kind: 'not-modified'; etag: string; lastModified: Date } | { kind: 'hit'; entry: Entry };

/** Step 1 itself: no database read, no render. */
async function lookup(method: string, headers: HeaderBag, url: PageUrl): Promise<Lookup | null> {
  if (!usable(method, headers, url)) return null;
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
  const hit = cache.get(page.key);
  const isCurrent = hit !== undefined && hit.tag === current.tag;
  const ifNoneMatch = headers.get('if-none-match');
  if (ifNoneMatch !== null) {
    // The key and the version make the ETag: a current entry already holds it (no hash per request).
    const etag = isCurrent ? hit.etag : pageEtag(page.key, current);
    // An ETag is only ever given with a 200 of this exact address, so a match means "still that page".
    if (etagMatches(ifNoneMatch, etag)) return { kind: 'not-modified', etag, lastModified: current.lastModified };
  }
  if (!isCurrent) return null;
  const since = Date.parse(headers.get('if-modified-since') ?? '');
  if (!headers.has('if-none-match') && Number.isFinite(since) && hit.lastModified.getTime() <= since) {
    return { kind: 'not-modified', etag: hit.etag, lastModified: hit.lastModified };
  }
  return { kind: 'hit', entry: hit };
}

/**
 * A 304 carries every security header but the policy: the browser keeps the policy stored with the
 * page it revalidates.
 */
function securityHeadersOf304(pathname: string): Record<string, string> {
  const headers = answerSecurityHeaders(pathname, null);
  delete headers['content-security-policy'];
  return headers;
}

/**
 * Step 1, for the front server (server/http/front/server.mjs), the one place that serves a cached
 * page (decision 082): 304 for a current ETag (or a Last-Modified date of a page held here), or the
 * kept gzip as it is, with its headers. null when the page must be rendered (or is not cached).
 */
export async function lookupCachedPage(method: string, headers: HeaderBag, url: PageUrl): Promise<RawPageAnswer | null> {
  const found = await lookup(method, headers, url);
  if (!found) return null;
  if (found.kind === 'not-modified') {
    const shared = sharedCacheHeaders(url.pathname, headers.get('cookie'));
    return { status: 304, headers: { ...headersFor(found, 'REVALIDATED', shared), ...securityHeadersOf304(url.pathname) }, gzipped: null };
  }
  return { status: 200, headers: hitHeaders(found.entry, url.pathname, isSignedInRequest(headers.get('cookie'))), gzipped: found.entry.gzipped };
}

/**
 * The headers of a HIT: the same for every anonymous visitor of an entry, and for every signed-in
 * one; made once per entry and kept beside it (a HIT is the path crawlers take millions of times).
 */
function hitHeaders(entry: Entry, pathname: string, signedIn: boolean): Record<string, string> {
  const i = signedIn ? 1 : 0;
  return (entry.hitHeaders[i] ??= Object.freeze({ ...headersFor(entry, 'HIT', sharedCacheHeaders(pathname, signedIn ? SIGNED_IN_MARK : null)), ...entry.headers }));
}

/** A cookie header that reads as signed in (cdn.ts), for the signed-in variant of a HIT's headers. */
const SIGNED_IN_MARK = `${SESSION_COOKIE}=1`;

/** The header that tells the proxy "the front keeps this render": its value is the process's token. */
const FRONT_RENDER_HEADER = 'x-rf-front-render';

/**
 * For a miss on a cacheable page: reads the version BEFORE the render (so the kept HTML is never
 * tagged newer than its data) and gives the front the headers of a MISS answer. null: not cached.
 */
export async function beginFrontRender(method: string, headers: HeaderBag, url: PageUrl): Promise<FrontRenderPlan | null> {
  if (!usable(method, headers, url) || headers.has(FRONT_RENDER_HEADER)) return null;
  const page = cacheablePage(url.pathname, url.search);
  if (!page) return null;
  await refreshVersions();
  const version = pageVersion(page.cui);
  const etag = pageEtag(page.key, version);
  const entry = { etag, lastModified: version.lastModified };
  return { key: page.key, marker: RENDER_TOKEN, tag: version.tag, etag, lastModified: version.lastModified, headers: headersFor(entry, 'MISS', sharedCacheHeaders(url.pathname, headers.get('cookie'))) };
}

/**
 * A front render as every visitor gets it: without nonces, its scripts named by hash in its policy
 * (server/security/sealed-page.ts), gzipped once. Used for the 200 that is kept and for any other
 * HTML the front render produced (the 404 page), which was rendered without a nonce too.
 */
export async function sealFrontRender(body: Buffer, encoding: 'gzip' | 'identity'): Promise<SealedPage> {
  const html = (encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
  const sealed = sealHtml(html);
  return { gzipped: await gzip(Buffer.from(sealed.html)), csp: sealedPageCsp(sealed.scriptHashes) };
}

/** Keeps a sealed 200 of a front render under the version read before the render. */
export async function keepFrontRender(plan: FrontRenderPlan, sealed: SealedPage): Promise<void> {
  const headers = { 'content-type': 'text/html; charset=utf-8', ...answerSecurityHeaders(plan.key, sealed.csp) };
  cache.set(plan.key, { tag: plan.tag, lastModified: plan.lastModified, etag: plan.etag, gzipped: sealed.gzipped, csp: sealed.csp, headers, hitHeaders: [] });
}

/** The proxy: a request the front renders in place (after the proxy's own checks, straight to the page, without a nonce). */
export const isFrontRenderRequest = (req: Request) => isSameSecret(req.headers.get(FRONT_RENDER_HEADER), RENDER_TOKEN);

/**
 * The front server and the proxy run in one process but the proxy's copy of this module is the one
 * Next loads: it offers the front its functions through the bridge (decision 082).
 */
registerPageCacheHandlers({
  lookup: lookupCachedPage,
  begin: beginFrontRender,
  seal: sealFrontRender,
  keep: keepFrontRender,
  header: FRONT_RENDER_HEADER,
  // The set of an answer that is not a page, for what the front writes before or without Next's proxy.
  securityHeaders: resourceSecurityHeaders,
});

/** Tests: empty the HTML cache of this process. */
export function clearPageCache(): void {
  cache.clear();
}
