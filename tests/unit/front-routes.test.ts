/** @jest-environment node */
// The hot public GETs answered at the front (server/http/front-routes.ts, decision 074): only the
// listed endpoints register, addresses match exactly as Next routes them (a dynamic segment
// decoded), everything else (another path, a trailing slash, a POST, an unreadable address) is
// left to Next, the answer carries an API answer's security headers, and the client's Host header
// cannot change how the address is read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FRONT_ROUTE_KEYS, frontRoutes, offerToFront } from '@/server/http/front-routes';
import { FifoGate } from '@/server/kernel/fifo-gate';
import { answerSecurityHeaders } from '@/server/security/headers';

const seen: Array<{ url: string; params: Record<string, string | string[]> }> = [];
const handler = (name: string) => async (req: Request, ctx?: { params: Promise<Record<string, string | string[]>> }) => {
  seen.push({ url: req.url, params: (await ctx?.params) ?? {} });
  return new Response(JSON.stringify({ name }), { headers: { 'content-type': 'application/json' } });
};

beforeAll(() => {
  offerToFront('GET /api/Company/getCompanies', handler('search'));
  offerToFront('GET /api/Company/getDetails/[cui]', handler('details'));
  // Not a listed endpoint: never answered at the front.
  offerToFront('POST /api/Auth/login', handler('login'));
});
beforeEach(() => {
  seen.length = 0;
});

const answer = (method: string, url: string, headers: Record<string, string> = {}) => frontRoutes().answer(method, url, headers);

test('a listed static path is answered by its handler with the query as sent', async () => {
  const res = await answer('GET', '/api/Company/getCompanies?CountyId=12&SearchText=abc');
  expect(res).not.toBeNull();
  expect(await res!.json()).toEqual({ name: 'search' });
  expect(new URL(seen[0].url).pathname).toBe('/api/Company/getCompanies');
  expect(new URL(seen[0].url).searchParams.get('SearchText')).toBe('abc');
});

test('a dynamic segment is decoded as Next decodes it', async () => {
  const res = await answer('GET', '/api/Company/getDetails/12%33');
  expect(await res!.json()).toEqual({ name: 'details' });
  expect(seen[0].params).toEqual({ cui: '123' });
});

test('the answer carries the security headers of an API answer', async () => {
  const res = (await answer('GET', '/api/Company/getCompanies'))!;
  for (const [name, value] of Object.entries(answerSecurityHeaders('/api/Company/getCompanies', null))) expect(res.headers.get(name)).toBe(value);
});

test('everything else is left to Next', () => {
  expect(answer('GET', '/api/Company/getCompanies/')).toBeNull();
  expect(answer('GET', '/api/company/getcompanies')).toBeNull();
  expect(answer('GET', '/api/Company/getDetails/')).toBeNull();
  expect(answer('GET', '/api/Company/getDetails/1/2')).toBeNull();
  expect(answer('POST', '/api/Company/getCompanies')).toBeNull();
  expect(answer('POST', '/api/Auth/login')).toBeNull();
  expect(answer('GET', '/api/Auth/login')).toBeNull();
  // Addresses proxy.ts refuses with its own 400.
  expect(answer('GET', '/api/Company/getDetails/%E0%A4%A')).toBeNull();
  expect(answer('GET', '/api/Company/getCompanies?SearchText=%00')).toBeNull();
  expect(seen).toEqual([]);
});

test('a client’s Host header does not change how the address is read', async () => {
  await answer('GET', '/api/Company/getCompanies?CountyId=3', { host: 'evil.example/x?SearchText=y#' });
  const url = new URL(seen[0].url);
  expect(url.pathname).toBe('/api/Company/getCompanies');
  expect(url.search).toBe('?CountyId=3');
});

test('every listed endpoint is a public GET whose route file uses nothing of Next’s request context', () => {
  for (const key of FRONT_ROUTE_KEYS) {
    const [method, route] = key.split(' ');
    expect(method).toBe('GET');
    const source = readFileSync(path.join(process.cwd(), 'app', route, 'route.ts'), 'utf8');
    expect(source).not.toMatch(/next\/headers|next\/server|cookies\(|headers\(\)/);
    expect(source).toContain(`apiRoute('${key}'`);
  }
});

describe('the gate (FRONT_API_CONCURRENCY, decision 075)', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };
  const tick = () => new Promise((r) => setImmediate(r));

  test('at most `max` answers run at once; the others start in arrival order as places free', async () => {
    const gate = new FifoGate(() => 2);
    const started: number[] = [];
    const done = Array.from({ length: 5 }, deferred);
    const runs = done.map((d, i) =>
      gate.run(async () => {
        started.push(i);
        await d.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(gate.stats).toEqual({ running: 2, waiting: 3 });
    done[1].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    done[0].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    done[2].resolve();
    done[3].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    done[4].resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  test('a failing answer frees its place', async () => {
    const gate = new FifoGate(() => 1);
    await expect(gate.run(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  test('0 is no limit', async () => {
    const gate = new FifoGate(() => 0);
    const hold = deferred();
    const runs = Array.from({ length: 50 }, () => gate.run(() => hold.promise));
    await tick();
    expect(gate.stats.waiting).toBe(0);
    hold.resolve();
    await Promise.all(runs);
  });

  test('the front’s routes go through it', async () => {
    const before = frontRoutes().gate();
    const res = answer('GET', '/api/Company/getCompanies?SearchText=gate');
    expect(frontRoutes().gate().running).toBe(before.running + 1);
    await res;
    expect(frontRoutes().gate()).toEqual(before);
  });
});
