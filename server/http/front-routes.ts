// The hot public GET endpoints answered by the front server without Next's request pipeline
// (docs/decisions/074-hot-public-api-at-the-front.md, issue 25). Each of them is an apiRoute()
// handler that reads nothing but its Request (no next/headers, no cookies() of Next): the search,
// its filter counts, the type-ahead and the company page's details. When such a route module is
// loaded (its first request, through Next), apiRoute() offers its handler here; from then on the
// front (server/http/front/server.mjs, through bridge.mjs) calls it directly with a Web Request. What Next did for these requests
// is done here or by the front: the unreadable-address check of proxy.ts (an address it would
// refuse is left to Next, which answers its 400), the security headers of an API answer, and the
// gzip of the answer (the front). The handler itself (access, API keys and quotas, zod,
// errors, JSON) is the very function Next would have called.
import 'server-only';
import type { ApiKey } from './access';
import { decodePathSegment, findUnreadableInput } from '@/lib/shared/request-input';
import { answerSecurityHeaders } from '../security/headers';
import { env } from '../kernel/env';
import { FifoGate } from '../kernel/fifo-gate';
import { frontRouteRegistry, type FrontRouteHandlers } from '../kernel/front-bridge.mjs';

type Handle = (req: Request, ctx?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/**
 * The endpoints the front may answer. Only public GETs whose handler reads nothing Next-specific:
 * adding one means checking that (tests/unit/front-routes.test.ts lists their route files).
 */
export const FRONT_ROUTE_KEYS: ReadonlySet<ApiKey> = new Set<ApiKey>([
  'GET /api/Company/getCompanies',
  'GET /api/Company/getCompanyFacets',
  'GET /api/Company/getTop5Companies',
  'GET /api/Company/getDetails/[cui]',
  'GET /api/Company/getDetailsByYear/[cui]',
  'GET /api/Company/getDetailsForGraphs/[cui]',
  'GET /api/Company/getCompanyRanking',
  'GET /api/Contact/getContactsByCompany',
]);

type Route = { segments: string[]; handle: Handle };

/** What the front calls (bridge.mjs): one registry per process, whichever copy of this module made it. */
export type FrontRoutes = FrontRouteHandlers;

function registry() {
  return frontRouteRegistry(() => {
    const routes = new Map<string, Route>();
    let answered = 0;
/**
     * The front's gate (FRONT_API_CONCURRENCY): at most that many answers computed at once; the
     * others wait in arrival order (decision 075). Under
     * overload every request then waits once, at the door, instead of once per statement in the
     * database pool's queue: a type-ahead of four statements or a details answer of two waited four
     * or two times as long as a search (issue 25: p99 above 1 s at 200 connections). The database
     * pool and the event loop keep a short queue, so a statement's wait is its own work.
     */
    const gate = new FifoGate(() => env.FRONT_API_CONCURRENCY);
    const api: FrontRoutes = {
      answer(method, url, headers) {
        if (method !== 'GET' && method !== 'HEAD') return null;
        const q = url.indexOf('?');
        const pathname = q < 0 ? url : url.slice(0, q);
        const search = q < 0 ? '' : url.slice(q);
        // proxy.ts answers these itself (400 in JSON): leave them to it.
        if (findUnreadableInput(pathname, search) !== null) return null;
        const found = match(routes, pathname);
        if (!found) return null;
        answered++;
        return gate.run(() => run(found.route, found.params, method, pathname, url, headers));
      },
      answered: () => answered,
      gate: () => gate.stats,
    };
    return { routes, api };
  });
}

function match(routes: Map<string, Route>, pathname: string): { route: Route; params: Record<string, string> } | null {
  const exact = routes.get(pathname);
  if (exact && !pathname.includes('[')) return { route: exact, params: {} };
  const parts = pathname.split('/');
  for (const route of routes.values()) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const s = route.segments[i];
      if (s.startsWith('[') && s.endsWith(']')) {
        // Next decodes a dynamic segment with decodeURIComponent (findUnreadableInput has checked it).
        const value = parts[i] === '' ? null : decodePathSegment(parts[i]);
        if (value === null) ok = false;
        else params[s.slice(1, -1)] = value;
      } else if (s !== parts[i]) ok = false;
    }
    if (ok) return { route, params };
  }
  return null;
}

async function run(route: Route, params: Record<string, string>, method: string, pathname: string, url: string, headers: Record<string, string | string[] | undefined>): Promise<Response> {
  const h = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) h.append(name, v);
    else h.set(name, value);
  }
  // A fixed origin: the handlers read the path and the query of req.url, and a client's Host
  // header must not be able to change how the address parses.
  const req = new Request(`http://front.local${url}`, { method, headers: h });
  let res = await route.handle(req, { params: Promise.resolve(params) });
  const wanted = Object.entries(answerSecurityHeaders(pathname, null)).filter(([name]) => !res.headers.has(name));
  if (wanted.length) {
    // The headers proxy.ts gives an API answer (a route's own header is left alone); a Response
    // made by Response.redirect() or similar has immutable headers: copied first.
    try {
      for (const [name, value] of wanted) res.headers.set(name, value);
    } catch {
      res = new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers });
      for (const [name, value] of wanted) res.headers.set(name, value);
    }
  }
  return res;
}

/** Called by apiRoute() for every route: the ones of FRONT_ROUTE_KEYS become answerable by the front. */
export function offerToFront(key: ApiKey, handle: Handle): void {
  if (!FRONT_ROUTE_KEYS.has(key)) return;
  const path = key.slice(key.indexOf(' ') + 1);
  registry().routes.set(path, { segments: path.split('/'), handle });
}

/** The front's view (tests). */
export function frontRoutes(): FrontRoutes {
  return registry().api;
}
