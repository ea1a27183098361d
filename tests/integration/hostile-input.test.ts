// Hostile input at the handlers, on the real database: the requests that answered 500 (NUL in a
// search text, a text of ignored words only, unreadable params), then a property-based fuzz that
// calls every API route handler of app/api (read from the file system) with hostile params, query
// strings and bodies. No answer may be a 5xx or carry a stack trace.
import path from 'node:path';
import { GET as getCompanies } from '@/app/api/Company/getCompanies/route';
import { GET as getTop5 } from '@/app/api/Company/getTop5Companies/route';
import { GET as getDetails } from '@/app/api/Company/getDetails/[cui]/route';
import { GET as getGraphs } from '@/app/api/Company/getDetailsForGraphs/[cui]/route';
import { GET as getByCaen } from '@/app/api/Company/getCompanyByCaen/[caenCode]/[pageSize]/route';
import { POST as loginFacebook } from '@/app/api/api/Auth/login-facebook/[userId]/[accessToken]/route';
import { POST as register } from '@/app/api/Account/register/route';
import { clearSuggestionCache } from '@/server/search/suggest';
import { COMMON_WORDS, IGNORED_WORDS } from '@/server/search/text-query';
import { call, createUser, deleteUsers, isolateMail } from './support/auth';
import { tokenOf } from './support/authz';
import fc from 'fast-check';
import { APP_DIR, edgeBody, edgeQuery, edgeSegment, fillPath, hostileBody, hostileQuery, hostileSegment, QUERY_KEYS, isServerFailure, readRouteTable, SHARP_VALUES, type RouteEntry } from '../support/route-table';

const UNREADABLE = 'Cererea conține caractere care nu pot fi citite.';

beforeAll(() => {
  isolateMail();
});

describe('the requests that answered 500', () => {
  test('NUL in a search text: 400 JSON naming the field', async () => {
    const a = await call(getCompanies, '/api/Company/getCompanies?SearchText=nul%00byte');
    expect(a.status).toBe(400);
    expect(a.body).toEqual({ Message: UNREADABLE, Code: 'VALIDATION', Errors: { SearchText: [UNREADABLE] } });
    const b = await call(getTop5, '/api/Company/getTop5Companies?searchText=nul%00byte');
    expect(b.status).toBe(400);
    expect(b.body.Errors).toEqual({ searchText: [UNREADABLE] });
  });

  test('NUL in a path param or a JSON body: 400 JSON', async () => {
    expect((await call(getDetails, '/api/Company/getDetails/x', { params: { cui: '1\u00002' } })).status).toBe(400);
    const body = await call(register, '/api/Account/register', { body: { Email: 'a@b.ro', UserName: 'x\u0000y', Password: 'Abcdef1!x', ConfirmPassword: 'Abcdef1!x' } });
    expect(body.status).toBe(400);
    expect(body.body.Errors).toEqual({ UserName: [UNREADABLE] });
  });

  test('params that are not what the route expects: 4xx JSON', async () => {
    for (const [handler, url, params] of [
      [getDetails, '/api/Company/getDetails/%25', { cui: '%' }],
      [getGraphs, '/api/Company/getDetailsForGraphs/x', { cui: '\uFFFD' }],
      [getByCaen, '/api/Company/getCompanyByCaen/4711/x', { caenCode: '4711', pageSize: '%' }],
    ] as const) {
      const res = await call(handler, url, { params });
      expect(res.status).toBe(400);
      expect(typeof res.body.Message).toBe('string');
    }
    const fb = await call(loginFacebook, '/api/api/Auth/login-facebook/x/y', { method: 'POST', params: { userId: 'x', accessToken: '\uFFFD' } });
    expect(fb.status).toBe(400);
  });

  // Every word the text reader sets aside, alone, in capitals, with dots and repeated: an answer.
  const words = [...IGNORED_WORDS, ...COMMON_WORDS];
  const texts = words.flatMap((w) => [w, w.toUpperCase(), `${w.split('').join('.')}.`, `${w} ${w}`]);
  test('a text made only of ignored words or legal forms gives an answer, in suggestions and in search', async () => {
    expect(texts.length).toBeGreaterThan(20);
    clearSuggestionCache();
    for (const text of texts) {
      const top = await call(getTop5, `/api/Company/getTop5Companies?searchText=${encodeURIComponent(text)}`);
      expect([text, top.status]).toEqual([text, 200]);
      expect(Array.isArray(top.body)).toBe(true);
      const list = await call(getCompanies, `/api/Company/getCompanies?SearchText=${encodeURIComponent(text)}&PageSize=5`);
      expect([text, list.status]).toEqual([text, 200]);
      expect(Array.isArray(list.body.Items)).toBe(true);
    }
  });

  test('"sc" alone reads as the start of a name', async () => {
    clearSuggestionCache();
    const top = await call(getTop5, '/api/Company/getTop5Companies?searchText=sc');
    expect(top.status).toBe(200);
    for (const item of top.body as { Name: string }[]) {
      expect(item.Name.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase()).toMatch(/(^|[^a-z0-9])sc/);
    }
  });
});

type Handler = (req: Request, ctx?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

// next-auth's handler needs Next's request scope (cookies()); it is fuzzed over HTTP in e2e.
const OUTSIDE_NEXT = /^api\/nextauth\//;

describe('fuzz: every API route handler', () => {
  const routes = readRouteTable().filter((r) => r.type === 'api' && !OUTSIDE_NEXT.test(r.file));

  test('the table is read from app/api', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((r) => r.file)).toContain('api/Company/getDetails/[cui]/route.ts');
  });

  const modules = new Map<string, Record<string, Handler>>();
  beforeAll(async () => {
    for (const r of routes) modules.set(r.file, await import(path.join(APP_DIR, r.file)));
  });

  test('sweep: each query key, body field and path param alone with each sharp value', async () => {
    const failures: string[] = [];
    const fields = ['Email', 'Password', 'UserName', 'Name', 'Message', 'Cui', 'Token', 'SearchText', 'Year'];
    for (const route of routes) {
      for (const method of route.methods) {
        const handler = modules.get(route.file)![method];
        const dynamic = route.segments.filter((s) => s.kind !== 'static');
        for (const value of SHARP_VALUES) {
          const attempts: Array<{ url: string; params: Record<string, string | string[]>; body?: unknown }> = [];
          const params = Object.fromEntries(dynamic.map((s) => [(s as { name: string }).name, s.kind === 'param' ? value : [value]]));
          attempts.push({ url: '/x', params });
          const plain = Object.fromEntries(dynamic.map((s) => [(s as { name: string }).name, s.kind === 'param' ? '1' : ['1']]));
          for (const key of QUERY_KEYS) attempts.push({ url: `/x?${key}=${encodeURIComponent(value)}`, params: plain });
          if (method !== 'GET') for (const f of fields) attempts.push({ url: '/x', params: plain, body: { [f]: value } });
          for (const a of attempts) {
            const res = await call(handler, a.url, { method, params: a.params, ...(a.body === undefined ? {} : { body: a.body }) });
            const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
            if (isServerFailure(res.status, text ?? '')) failures.push(`${method} ${route.file} ${a.url} ${JSON.stringify(a.params)} ${JSON.stringify(a.body)} → ${res.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route × every sharp value × every key: over 100 routes, about a minute on a loaded
    // 2-core machine. The bound only catches a hang.
  }, 240_000);

  /**
   * Hostile params, queries and bodies on `targets`, as `token`'s holder (anonymous when absent):
   * the failures (5xx or a stack trace), empty when none, and how often each status answered.
   */
  type Arbitraries = { segment: () => fc.Arbitrary<string>; query: () => fc.Arbitrary<string>; body: () => fc.Arbitrary<unknown> };
  const HOSTILE: Arbitraries = { segment: hostileSegment, query: hostileQuery, body: hostileBody };
  const EDGE: Arbitraries = { segment: edgeSegment, query: edgeQuery, body: edgeBody };
  async function fuzz(
    targets: RouteEntry[],
    numRuns: number,
    token?: string,
    onlyGet = false,
    values: Arbitraries = HOSTILE,
  ): Promise<{ failures: string[]; statuses: Map<number, number> }> {
    const statuses = new Map<number, number>();
    const paramsOf = (r: RouteEntry, segs: string[]) => {
      const out: Record<string, string | string[]> = {};
      let i = 0;
      for (const s of r.segments) {
        // As Next hands them over: decoded when readable (an unreadable one never gets here).
        const value = (raw: string) => {
          try {
            return decodeURIComponent(raw);
          } catch {
            return raw;
          }
        };
        if (s.kind === 'param') out[s.name] = value(segs[i++ % segs.length]);
        else if (s.kind === 'catchAll' || s.kind === 'optionalCatchAll') out[s.name] = segs.map(value);
      }
      return out;
    };
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: targets.length - 1 }),
        fc.array(values.segment(), { minLength: 1, maxLength: 3 }),
        values.query(),
        values.body(),
        fc.nat(),
        async (i, segs, query, body, m) => {
          const route = targets[i];
          const methods = onlyGet ? ['GET'] : route.methods;
          const method = methods[m % methods.length];
          const handler = modules.get(route.file)![method];
          // A query that the URL parser itself refuses never reaches a handler.
          let url: string;
          try {
            url = new URL(fillPath(route, segs.map(encodeURIComponent)) + query, 'http://localhost').pathname + query;
          } catch {
            return true;
          }
          const res = await call(handler, url, { method, params: paramsOf(route, segs), token, ...(method === 'GET' ? {} : { body }) });
          const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (isServerFailure(res.status, text ?? '')) failures.push(`${method} ${route.file} ${url} ${JSON.stringify(body)} → ${res.status} ${String(text).slice(0, 200)}`);
          return true;
        },
      ),
      { numRuns, seed: Number(process.env.FUZZ_SEED ?? 17) },
    );
    return { failures, statuses };
  }

  test('no 5xx and no stack trace for hostile params, queries and bodies', async () => {
    expect((await fuzz(routes, Number(process.env.FUZZ_RUNS ?? 1000))).failures).toEqual([]);
  }, 60_000);

  // Signed in, the handlers get past the access check to their own parsing and rules: a new User
  // on every route and method (it owns nothing, so a hostile write reaches nobody else's rows),
  // an Admin on the read routes.
  test('signed in: no 5xx and no stack trace, as a User on every route, as an Admin on every GET', async () => {
    const [user, admin] = await Promise.all([createUser(), createUser({ role: 'Admin' })]);
    try {
      const runs = Number(process.env.FUZZ_RUNS ?? 1000);
      const asUser = await fuzz(routes, runs, await tokenOf(user));
      expect(asUser.failures).toEqual([]);
      const reads = routes.filter((r) => r.methods.includes('GET'));
      const asAdmin = await fuzz(reads, Math.ceil(runs / 2), await tokenOf(admin), true);
      expect(asAdmin.failures).toEqual([]);
      // The token got them past the access check: most answers come from the handlers' own
      // validation and rules, not 401.
      for (const run of [asUser, asAdmin]) {
        const total = [...run.statuses.values()].reduce((n, c) => n + c, 0);
        expect((total - (run.statuses.get(401) ?? 0)) / total).toBeGreaterThan(0.4);
        expect(run.statuses.get(400)).toBeGreaterThan(0);
      }
    } finally {
      await deleteUsers(user, admin);
    }
  }, 120_000);

  // Issue 23: ids beyond 32 bits, inherited object keys and 10 KB queries, as a User and as an
  // Admin on every route and method (the values name no real row, so an Admin's write changes
  // nothing; logout would end the session the run uses).
  test('edge values: no 5xx as a User and as an Admin on every route and method', async () => {
    const [user, admin] = await Promise.all([createUser(), createUser({ role: 'Admin' })]);
    const targets = routes.filter((r) => r.file !== 'api/Auth/logout/route.ts');
    try {
      // Every route gets its share (a random route index favours the first routes).
      const perRoute = Math.max(4, Math.ceil(Number(process.env.FUZZ_RUNS ?? 1000) / targets.length));
      const figures: string[] = [];
      for (const [who, token] of [['User', await tokenOf(user)], ['Admin', await tokenOf(admin)]] as const) {
        const run = { failures: [] as string[], statuses: new Map<number, number>() };
        for (const route of targets) {
          const one = await fuzz([route], perRoute, token, false, EDGE);
          run.failures.push(...one.failures);
          for (const [st, n] of one.statuses) run.statuses.set(st, (run.statuses.get(st) ?? 0) + n);
        }
        expect(run.failures).toEqual([]);
        const total = [...run.statuses.values()].reduce((n, c) => n + c, 0);
        expect(total).toBeGreaterThan(perRoute * targets.length * 0.9);
        expect(run.statuses.get(400)).toBeGreaterThan(0);
        const byStatus = [...run.statuses.entries()].sort(([a], [b]) => a - b).map(([st, n]) => `${st}: ${n}`).join(', ');
        figures.push(`${who}: ${total} requests (${byStatus}), 5xx: ${run.failures.length}`);
      }
      console.log(`[fuzz] edge values over ${targets.length} routes: ${figures.join('; ')}`);
    } finally {
      await deleteUsers(user, admin);
    }
  }, 180_000);
});
