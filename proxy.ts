// Next 16's proxy (formerly middleware): the server-side route guard of 000 §2.1. A page whose
// audience is signed-in or admin (the one table of pages in server/auth/guard.ts, which the route
// groups' layouts enforce again) needs the page-session cookie of a live session whose user has the
// role, checked in the database; anonymous visitors and users without the role are redirected Home
// before anything renders. API routes only get the unreadable-input check here: they check the
// bearer token themselves (server/http/route.ts).
// Company pages (issue 4): a wrong or outdated slug, /company-details/:cui without one, a CUI written
// otherwise (leading zeros, percent-encoded) or a trailing slash answers ONE literal 301 to the
// canonical address (decision 082; a page's permanentRedirect could only answer 308). Next's own
// trailing-slash redirect is off (next.config.mjs), so that no 308 comes first: the proxy answers
// it for every other path. The proxy runs in the Node.js runtime (Next 16), so the lookup reads
// the database like the guard does.
import { NextResponse, type NextRequest } from 'next/server';
import { isAllowed, requiredRoles } from '@/server/auth/guard';
import { actorFromSessionCookie, SESSION_COOKIE } from '@/server/auth/session';
import { canonicalCompanyRedirect } from '@/server/company/canonical';
import { boundedRedirectSearch, findUnreadableInput, UNREADABLE_INPUT_MESSAGE } from '@/lib/shared/request-input';
import { isFrontRenderRequest } from '@/server/page-cache/serve';
import { answerSecurityHeaders, newPageCsp } from '@/server/security/headers';
import { API_DOCS_CSP } from '@/lib/security/headers';

/** The API reference page, which runs the renderer's scripts under its own policy. */
const API_DOCS_PATH = '/api/docs';

const COMPANY_PREFIX = '/company-details/';
/** Not a route: a readable path that renders the Romanian 404 page (app/not-found.tsx). */
const UNREADABLE_PAGE = '/_adresa-invalida';

/**
 * A malformed percent-encoding in a path segment makes Next's router throw while it decodes the
 * dynamic params (a bare 500 before any page or handler runs), and a NUL reaches PostgreSQL as an
 * error; both are refused here, for every route present and future. The API answers its JSON
 * error; a page shows the Romanian 404 page (the address cannot name anything that exists).
 */
function refuseUnreadable(request: NextRequest, page: PageRequest): NextResponse | null {
  const { pathname, search } = request.nextUrl;
  const problem = findUnreadableInput(pathname, search);
  if (!problem) return null;
  if (pathname.startsWith('/api/')) {
    const errors = { [problem.where === 'path' ? 'path' : problem.name]: [UNREADABLE_INPUT_MESSAGE] };
    return NextResponse.json({ Message: UNREADABLE_INPUT_MESSAGE, Code: 'BAD_REQUEST', Errors: errors }, { status: 400 });
  }
  const url = request.nextUrl.clone();
  url.pathname = UNREADABLE_PAGE;
  url.search = '';
  return NextResponse.rewrite(url, { request: { headers: page.headers } });
}

/**
 * A page render gets a fresh Content-Security-Policy with a nonce, on the request (Next reads the
 * nonce there and puts it on every script it writes; a client's own policy header is replaced) and
 * later on the answer (docs/decisions/033-security-headers.md).
 */
type PageRequest = { headers: Headers; csp: string | null };

/**
 * The front's render of a cacheable miss gets no nonce at all (issue 45, decision 082): neither on
 * the request nor on the answer (Next 16 takes the nonce from the proxy's answer too). The front
 * seals that render with the hashes of its scripts.
 */
function pageRequest(request: NextRequest): PageRequest {
  const headers = new Headers(request.headers);
  headers.delete('content-security-policy-report-only');
  headers.delete('content-security-policy');
  if (isFrontRenderRequest(request)) return { headers, csp: null };
  const csp = newPageCsp();
  headers.set('content-security-policy', csp);
  return { headers, csp };
}

/**
 * The security headers of every answer the proxy sees (all but Next's static files, which get
 * theirs from next.config.mjs). A page answer carries its render's policy: the fresh one, or the one
 * a cached page was rendered with (its HTML holds that nonce). A 304 carries no policy at all: the
 * browser keeps the policy stored with the page it revalidates, whose scripts bear that nonce.
 */
function secured(request: NextRequest, res: Response, page: PageRequest | null): Response {
  const own = res.headers.get('content-security-policy');
  const isRedirect = res.status >= 300 && res.status < 400 && res.headers.has('location');
  const csp = own ?? (request.nextUrl.pathname === API_DOCS_PATH ? API_DOCS_CSP : page && !isRedirect ? page.csp : null);
  for (const [name, value] of Object.entries(answerSecurityHeaders(request.nextUrl.pathname, csp))) {
    if (name === 'content-security-policy' && res.status === 304) continue;
    res.headers.set(name, value);
  }
  if (res.status === 304) res.headers.delete('content-security-policy');
  return res;
}

export async function proxy(request: NextRequest) {
  const isApi = request.nextUrl.pathname.startsWith('/api/');
  const page = isApi ? null : pageRequest(request);
  return secured(request, await route(request, page), page);
}

/**
 * A redirect to `pathname` on this origin with the request's query, when short enough. A plain URL:
 * a clone of nextUrl would put the request's trailing slash back on the new path.
 */
function redirectTo(request: NextRequest, pathname: string, status: 301): Response {
  return NextResponse.redirect(new URL(pathname + boundedRedirectSearch(request.nextUrl.search), request.url), status);
}

/**
 * /path/ → /path, as Next answers it (308, a relative Location, the query kept when short), for
 * every path but a company's.
 */
function trailingSlashRedirect(request: NextRequest): Response | null {
  const { pathname, search } = request.nextUrl;
  if (pathname.length < 2 || !pathname.endsWith('/') || pathname.startsWith(COMPANY_PREFIX)) return null;
  const location = (pathname.replace(/\/+$/, '') || '/') + boundedRedirectSearch(search);
  // Absolute here: Next's proxy adapter parses the Location as a URL (a relative one throws, a 500)
  // and writes a same-origin one back relative, as its own trailing-slash redirect does.
  return NextResponse.redirect(new URL(location, request.url), 308);
}

async function route(request: NextRequest, page: PageRequest | null): Promise<Response> {
  const unreadable = refuseUnreadable(request, page ?? pageRequest(request));
  if (unreadable) return unreadable;
  const slash = trailingSlashRedirect(request);
  if (slash) return slash;
  if (!page) return NextResponse.next();
  const next = () => NextResponse.next({ request: { headers: page.headers } });
  if (request.nextUrl.pathname.startsWith(COMPANY_PREFIX)) {
    // A database failure leaves the decision to the page (which redirects with 308 or answers 404).
    const canonical = await canonicalCompanyRedirect(request.nextUrl.pathname).catch(() => null);
    if (canonical) return redirectTo(request, canonical, 301);
  }
  // The front server renders this miss in place and keeps it: a page that a cache shares carries no
  // nonce (issue 45), so Next renders it without one and the front names its scripts by hash.
  if (isFrontRenderRequest(request)) return next();
  const roles = requiredRoles(request.nextUrl.pathname);
  if (!roles) return next();
  const actor = await actorFromSessionCookie(request.cookies.get(SESSION_COOKIE)?.value).catch(() => null);
  if (isAllowed(actor, roles)) return next();
  const home = request.nextUrl.clone();
  home.pathname = '/';
  home.search = '';
  home.hash = '';
  const res = NextResponse.redirect(home, 307);
  res.headers.set('cache-control', 'no-store');
  return res;
}

export const config = {
  // Every page path (a guarded path may contain a dot: template names) and the API (only the
  // unreadable-input check runs there); not Next's assets.
  matcher: ['/((?!_next/static/|_next/image/|favicon\\.ico).*)'],
};
