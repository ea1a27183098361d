// Next 16's proxy (formerly middleware): the server-side route guard of 000 §2.1. Guarded pages
// (server/auth/guard.ts) need the page-session cookie of a live session whose user has the role,
// checked in the database; anonymous visitors and users without the role are redirected Home
// before anything renders. API routes only get the unreadable-input check here: they check the
// bearer token themselves (server/http/route.ts).
// Company pages (issue 4): a wrong or outdated slug, or /company-details/:cui without one, answers a
// literal 301 to the canonical address (a page's permanentRedirect could only answer 308). The proxy
// runs in the Node.js runtime (Next 16), so the lookup reads the database like the guard does.
import { NextResponse, type NextRequest } from 'next/server';
import { isAllowed, requiredRoles } from '@/server/auth/guard';
import { actorFromSessionCookie, SESSION_COOKIE } from '@/server/auth/session';
import { canonicalCompanyRedirect } from '@/server/company/canonical';
import { boundedRedirectSearch, findUnreadableInput, UNREADABLE_INPUT_MESSAGE } from '@/lib/shared/request-input';
import { cachedPageAnswer, isFrontRenderRequest, isPageRenderRequest, renderCachedPage } from '@/server/page-cache/serve';

const COMPANY_PREFIX = '/company-details/';
/** Not a route: a readable path that renders the Romanian 404 page (app/not-found.tsx). */
const UNREADABLE_PAGE = '/_adresa-invalida';

/**
 * A malformed percent-encoding in a path segment makes Next's router throw while it decodes the
 * dynamic params (a bare 500 before any page or handler runs), and a NUL reaches PostgreSQL as an
 * error; both are refused here, for every route present and future. The API answers its JSON
 * error; a page shows the Romanian 404 page (the address cannot name anything that exists).
 */
function refuseUnreadable(request: NextRequest): NextResponse | null {
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
  return NextResponse.rewrite(url);
}

export async function proxy(request: NextRequest) {
  const unreadable = refuseUnreadable(request);
  if (unreadable) return unreadable;
  if (request.nextUrl.pathname.startsWith('/api/')) return NextResponse.next();
  // The page cache's own render of a page (server/page-cache/serve.ts): straight to the page.
  if (isPageRenderRequest(request)) return NextResponse.next();
  // Company and CAEN pages: a current ETag or a cached page answers before any database read.
  const cached = await cachedPageAnswer(request, request.nextUrl);
  if (cached) return cached;
  if (request.nextUrl.pathname.startsWith(COMPANY_PREFIX)) {
    // A database failure leaves the decision to the page (which redirects with 308 or answers 404).
    const canonical = await canonicalCompanyRedirect(request.nextUrl.pathname).catch(() => null);
    if (canonical) {
      const url = request.nextUrl.clone();
      url.pathname = canonical;
      url.search = boundedRedirectSearch(url.search);
      url.hash = '';
      return NextResponse.redirect(url, 301);
    }
  }
  // The front server (scripts/serve.mjs) renders this miss in place and keeps the HTML itself.
  if (isFrontRenderRequest(request)) return NextResponse.next();
  const rendered = await renderCachedPage(request, request.nextUrl);
  if (rendered) return rendered;
  const roles = requiredRoles(request.nextUrl.pathname);
  if (!roles) return NextResponse.next();
  const actor = await actorFromSessionCookie(request.cookies.get(SESSION_COOKIE)?.value).catch(() => null);
  if (isAllowed(actor, roles)) return NextResponse.next();
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
