// The security headers of every answer (issue 23, docs/decisions/033-security-headers.md): built
// here, pure, so that the proxy, the page cache and the front server (server/http/front/server.mjs, through
// the page cache's front API) all send the same set, and unit tests can read it.

/** Extra sources a deployment adds to CSP directives (`CSP_ADD`), e.g. a CDN for images. */
export type CspAdditions = Readonly<Record<string, readonly string[]>>;

type SecurityHeaderOptions = {
  /** Served over https (APP_URL is https): adds HSTS and `upgrade-insecure-requests`. */
  https: boolean;
  /**
   * The page's Content-Security-Policy (the document policy with its nonce), or null for an answer
   * that is not a page (API JSON, a redirect, a file): the locked-down policy.
   */
  csp: string | null;
  /** Resources that other sites may embed (the e-mail open pixel): CORP cross-origin. */
  crossOrigin?: boolean;
};

/** A nonce: 128 random bits, base64 (the characters Next's nonce reader accepts). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

const DIRECTIVE_NAME = /^[a-z-]+$/;
// A source expression of CSP 3 (host, scheme, keyword in quotes); nothing that could end a directive.
const SOURCE = /^[A-Za-z0-9+/=:.*_'-]+$/;

/**
 * `CSP_ADD`: "img-src https://cdn.example.ro; connect-src https://api.example.ro" → additions.
 * Refuses (throws) anything that is not directive names and source expressions, so a typo fails at
 * start rather than weakening the policy silently.
 */
export function parseCspAdditions(text: string | null | undefined): CspAdditions {
  const out: Record<string, string[]> = {};
  for (const part of String(text ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (!name) continue;
    if (!DIRECTIVE_NAME.test(name)) throw new Error(`CSP_ADD: "${name}" is not a CSP directive name`);
    for (const s of sources) {
      if (!SOURCE.test(s)) throw new Error(`CSP_ADD: "${s}" is not a CSP source expression`);
      if (/^'unsafe-(inline|eval|hashes)'$/.test(s) && (name === 'script-src' || name === 'default-src')) {
        throw new Error(`CSP_ADD: ${s} in ${name} would undo the script policy`);
      }
    }
    out[name] = [...(out[name] ?? []), ...sources];
  }
  return out;
}

/**
 * The policy of an HTML page. Scripts run only with the page's nonce (Next puts it on every script
 * it writes) or when loaded by such a script ('strict-dynamic': the chunks Next loads later, the
 * e-mail editor's code); 'self' is ignored by browsers that know 'strict-dynamic' and only serves
 * older ones. Styles keep 'unsafe-inline': React style attributes, recharts, GrapesJS and the
 * e-mail previews (srcdoc iframes inherit this policy) need it; a nonce in style-src would turn it
 * off. Images may come from any https origin: e-mail templates reference their own images, and the
 * editor's canvas and the previews show them.
 */
export function documentCsp(options: { nonce?: string; scriptHashes?: readonly string[]; https: boolean; dev?: boolean; add?: CspAdditions }): string {
  // A page a cache may share names its scripts by hash instead (server/security/sealed-page.ts, decision 082).
  const trusted = [...(options.nonce ? [`'nonce-${options.nonce}'`] : []), ...(options.scriptHashes ?? [])];
  if (trusted.length === 0) throw new Error('a page policy needs a nonce or script hashes');
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...trusted, "'strict-dynamic'", ...(options.dev ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'self'"],
    'frame-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  for (const [name, sources] of Object.entries(options.add ?? {})) {
    const current = directives[name];
    // Adding to a 'none' directive replaces the 'none' (a list with 'none' and a source is invalid).
    directives[name] = current && !(current.length === 1 && current[0] === "'none'") ? [...current, ...sources] : [...sources];
  }
  const text = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`);
  if (options.https) text.push('upgrade-insecure-requests');
  return text.join('; ');
}

/**
 * The API reference page's own policy (/api/docs, docs/decisions/069): scripts from this origin only
 * (the renderer and its start-up file, nothing inline), styles inline (the renderer sets them),
 * fonts from here, requests to this origin only. The proxy sets it: a route's own header would be
 * overwritten by the proxy's, which Next merges onto the answer.
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The policy of everything that is not a page: nothing may load, nothing may frame it. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The nonce of a page policy (what Next reads from the request's policy), or null. */
export function nonceOfCsp(csp: string | null | undefined): string | null {
  const match = /(?:^|;)\s*script-src[^;]*'nonce-([A-Za-z0-9+/_-]+={0,2})'/.exec(csp ?? '');
  return match ? match[1] : null;
}

const HSTS = 'max-age=31536000';

/** Every security header of one answer, names in lower case. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': options.csp ?? RESOURCE_CSP,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': options.crossOrigin ? 'cross-origin' : 'same-origin',
    'x-permitted-cross-domain-policies': 'none',
  };
  if (options.https) headers['strict-transport-security'] = HSTS;
  return headers;
}
