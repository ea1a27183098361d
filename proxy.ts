// Next 16's proxy (formerly middleware): the server-side route guard of 000 §2.1. Guarded pages
// (server/auth/guard.ts) need the page-session cookie of a live session whose user has the role,
// checked in the database; anonymous visitors and users without the role are redirected Home
// before anything renders. API routes are not touched here: they check the bearer token
// themselves (server/http/route.ts).
// Company pages (issue 4): a wrong or outdated slug, or /company-details/:cui without one, answers a
// literal 301 to the canonical address (a page's permanentRedirect could only answer 308). The proxy
// runs in the Node.js runtime (Next 16), so the lookup reads the database like the guard does.
import { NextResponse, type NextRequest } from 'next/server';
import { isAllowed, requiredRoles } from '@/server/auth/guard';
import { actorFromSessionCookie, SESSION_COOKIE } from '@/server/auth/session';
import { canonicalCompanyRedirect } from '@/server/company/canonical';

const COMPANY_PREFIX = '/company-details/';

export async function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith(COMPANY_PREFIX)) {
    // A database failure leaves the decision to the page (which redirects with 308 or answers 404).
    const canonical = await canonicalCompanyRedirect(request.nextUrl.pathname).catch(() => null);
    if (canonical) {
      const url = request.nextUrl.clone();
      url.pathname = canonical;
      url.hash = '';
      return NextResponse.redirect(url, 301);
    }
  }
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
  // Every page path (a guarded path may contain a dot: template names); not the API or Next's assets.
  matcher: ['/((?!api/|_next/static/|_next/image/|favicon\\.ico).*)'],
};
