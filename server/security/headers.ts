// The deployment's side of the security headers (lib/security/headers.ts builds them): https or
// not, the CSP additions of CSP_ADD, and which answers other sites may embed.
import 'server-only';
import { env } from '../kernel/env';
import { documentCsp, newNonce, parseCspAdditions, securityHeaders, type CspAdditions } from '@/lib/security/headers';

/** The public address is https: every answer a browser gets went over TLS (HSTS is only read there). */
const isHttpsDeployment = () => env.APP_URL.startsWith('https://');

let additions: CspAdditions | null = null;
const cspAdditions = () => (additions ??= parseCspAdditions(env.CSP_ADD));

/** A fresh page policy: the nonce it carries is the one Next puts on the page's scripts. */
export function newPageCsp(): string {
  return documentCsp({ nonce: newNonce(), https: isHttpsDeployment(), dev: env.NODE_ENV === 'development', add: cspAdditions() });
}

/**
 * The policy of a page a cache may share (the company and CAEN pages the front keeps): its scripts
 * by hash, no nonce, so every copy of it is as strict as a fresh render (decision 082).
 */
export function sealedPageCsp(scriptHashes: readonly string[]): string {
  return documentCsp({ scriptHashes, https: isHttpsDeployment(), dev: env.NODE_ENV === 'development', add: cspAdditions() });
}

/** The e-mail open pixel and tracked links are loaded from mail clients on other origins. */
const CROSS_ORIGIN_PREFIX = '/api/track/';

const resourceSets = new Map<string, Readonly<Record<string, string>>>();

/**
 * The set of an answer that is not a page, for what the front writes itself (every answer's
 * missing headers): one frozen object per kind, not a new one per request.
 */
export function resourceSecurityHeaders(pathname: string): Readonly<Record<string, string>> {
  const crossOrigin = pathname.startsWith(CROSS_ORIGIN_PREFIX);
  const key = `${isHttpsDeployment()}:${crossOrigin}`;
  let set = resourceSets.get(key);
  if (!set) resourceSets.set(key, (set = Object.freeze(answerSecurityHeaders(pathname, null))));
  return set;
}

/** The headers of an answer for this path; csp: the page's policy, or null for anything else. */
export function answerSecurityHeaders(pathname: string, csp: string | null): Record<string, string> {
  return securityHeaders({ https: isHttpsDeployment(), csp, crossOrigin: pathname.startsWith(CROSS_ORIGIN_PREFIX) });
}
