// What a CDN or the reverse proxy may do with a company or CAEN page (issue 32,
// docs/decisions/051-cdn-caching-and-csp.md). An anonymous answer is public for PAGE_CDN_MAX_AGE
// seconds in a shared cache (s-maxage; browsers keep max-age=0 and revalidate with the ETag), may
// be served stale while the cache revalidates it, and names its surrogate keys so an operator can
// purge one company (company-<cui>), one CAEN page (caen-<code>) or every page (pages) at once.
// A request that carries the signed-in page cookie gets a private answer: a shared cache never
// stores what was fetched with a session, even though the HTML is the anonymous render.
import 'server-only';
import { env } from '../kernel/env';
import { cookieValue, SESSION_COOKIE } from '../auth/session';
import { CUI_DIGITS_SOURCE } from '@/lib/cui';

const COMPANY = new RegExp(String.raw`^/company-details/(${CUI_DIGITS_SOURCE})/`);
const CAEN = /^\/Coduri-caen\/([^/?#]+)/;

/** The surrogate keys of a page: its company or CAEN class, and "pages" (everything). */
export function surrogateKeys(pathname: string): string[] {
  const company = COMPANY.exec(pathname);
  if (company) return [`company-${company[1]}`, 'pages'];
  const caen = CAEN.exec(pathname);
  if (caen) return [`caen-${caen[1].replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40)}`, 'pages'];
  return ['pages'];
}

export function isSignedInRequest(cookieHeader: string | null): boolean {
  return Boolean(cookieValue(cookieHeader, SESSION_COOKIE));
}

/** Cache-Control and the surrogate keys (Fastly's Surrogate-Key, Cloudflare's Cache-Tag) of one answer. */
export function sharedCacheHeaders(pathname: string, cookieHeader: string | null): Record<string, string> {
  if (isSignedInRequest(cookieHeader)) return { 'cache-control': 'private, no-cache' };
  const keys = surrogateKeys(pathname);
  return {
    'cache-control': `public, max-age=0, s-maxage=${env.PAGE_CDN_MAX_AGE}, stale-while-revalidate=${env.PAGE_CDN_STALE_SECONDS}`,
    'surrogate-key': keys.join(' '),
    'cache-tag': keys.join(','),
  };
}
