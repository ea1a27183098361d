// The proxy's security headers (issue 23, docs/decisions/033-security-headers.md), called the way
// Next calls it: a fresh nonce policy for each page render, given to Next on the request and sent
// on the answer; the locked-down policy on API answers and redirects; a cached page without any
// nonce, its scripts named by hash (decision 082); a 304 without any policy; HSTS only for an
// https APP_URL.
import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { env } from '@/server/kernel/env';
import { sql } from '@/server/kernel/db';
import { nonceOfCsp, RESOURCE_CSP } from '@/lib/security/headers';
import { gunzipSync } from 'node:zlib';
import { clearPageCache, keepFrontRender, beginFrontRender, lookupCachedPage, sealFrontRender } from '@/server/page-cache/serve';
import { companyPath } from '@/lib/slug';
import { clearSessionCookie, sessionCookie } from '@/server/auth/session';
import { authOptions } from '@/server/account/next-auth';

const req = (path: string, headers: Record<string, string> = {}) => new NextRequest(new URL(path, 'http://localhost:3000'), { headers });

/** The request headers the proxy hands to Next (NextResponse.next / rewrite with request headers). */
const forwarded = (res: Response, name: string) => res.headers.get(`x-middleware-request-${name}`);

const COMMON = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};
function expectCommon(res: Response) {
  for (const [k, v] of Object.entries(COMMON)) expect(res.headers.get(k)).toBe(v);
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
}

let company: { cui: number; name: string };
const appUrl = env.APP_URL;

beforeAll(async () => {
  [company] = await sql<{ cui: number; name: string }>(`SELECT cui, name FROM company ORDER BY cui LIMIT 1`);
});
afterEach(() => {
  env.APP_URL = appUrl;
});

test('a page render gets a fresh nonce policy, on the request for Next and on the answer', async () => {
  const a = await proxy(req('/Cautare-avansata'));
  const b = await proxy(req('/Cautare-avansata'));
  const csp = a.headers.get('content-security-policy')!;
  expect(nonceOfCsp(csp)).toBeTruthy();
  expect(forwarded(a, 'content-security-policy')).toBe(csp);
  expect(nonceOfCsp(b.headers.get('content-security-policy'))).not.toBe(nonceOfCsp(csp));
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expectCommon(a);
  expect(a.headers.get('strict-transport-security')).toBeNull();
});

test("a client's own policy header is replaced before Next reads the nonce", async () => {
  const res = await proxy(req('/', { 'content-security-policy': "script-src 'nonce-attacker'", 'content-security-policy-report-only': "script-src 'nonce-attacker2'" }));
  expect(forwarded(res, 'content-security-policy')).not.toContain('attacker');
  expect(res.headers.get('content-security-policy')).not.toContain('attacker');
  // The report-only copy is removed from what Next sees (Next would read a nonce there too).
  expect(res.headers.get('x-middleware-override-headers') ?? '').not.toContain('content-security-policy-report-only');
});

test('API answers, redirects and unreadable addresses carry the locked-down set', async () => {
  const api = await proxy(req('/api/Company/getCompanies'));
  expect(api.headers.get('content-security-policy')).toBe(RESOURCE_CSP);
  expect(forwarded(api, 'content-security-policy')).toBeNull();
  expectCommon(api);
  expect(api.headers.get('cross-origin-resource-policy')).toBe('same-origin');

  const pixel = await proxy(req('/api/track/open?t=x'));
  expect(pixel.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

  const guarded = await proxy(req('/Template-uri'));
  expect(guarded.status).toBe(307);
  expect(guarded.headers.get('content-security-policy')).toBe(RESOURCE_CSP);
  expectCommon(guarded);

  const wrongSlug = await proxy(req(`/company-details/${company.cui}/nume-gresit`));
  expect(wrongSlug.status).toBe(301);
  expect(wrongSlug.headers.get('content-security-policy')).toBe(RESOURCE_CSP);

  const badApi = await proxy(req('/api/Company/getDetails/%E0%A4%A'));
  expect(badApi.status).toBe(400);
  expectCommon(badApi);
  // A page address that cannot be read renders the 404 page: a page, with its nonce.
  const badPage = await proxy(req('/Coduri-caen/%E0%A4%A'));
  expect(nonceOfCsp(badPage.headers.get('content-security-policy'))).toBeTruthy();
  expect(forwarded(badPage, 'content-security-policy')).toBe(badPage.headers.get('content-security-policy'));
});

test('HSTS and upgrade-insecure-requests only when the public address is https', async () => {
  env.APP_URL = 'https://radarfirme.example.ro';
  const page = await proxy(req('/'));
  expect(page.headers.get('strict-transport-security')).toMatch(/^max-age=(\d{8,})/);
  expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  const api = await proxy(req('/api/health'));
  expect(api.headers.get('strict-transport-security')).toMatch(/^max-age=/);
});

test('a cached page carries no nonce: its MISS and its HIT have the one hash policy; a 304 carries none (issue 45)', async () => {
  env.PAGE_CACHE_POLL_MS = 0;
  clearPageCache();
  const path = companyPath(company.cui, company.name);
  const url = new URL(path, 'http://localhost:3000');
  const plan = (await beginFrontRender('GET', new Headers(), url))!;
  expect(plan).not.toBeNull();
  // The front's render of a miss: no nonce on the request Next reads nor on the proxy's answer
  // (Next 16 takes the nonce from either); a client that sends the header without this process's
  // token gets the usual nonce render.
  const frontRender = await proxy(req(path, { 'x-rf-front-render': plan.marker, 'content-security-policy': "script-src 'nonce-client'" }));
  expect(frontRender.status).toBe(200);
  expect(forwarded(frontRender, 'content-security-policy')).toBeNull();
  expect(frontRender.headers.get('content-security-policy')).toBe(RESOURCE_CSP);
  const forged = await proxy(req(path, { 'x-rf-front-render': 'not-the-token' }));
  expect(nonceOfCsp(forwarded(forged, 'content-security-policy'))).toBeTruthy();
  const html = '<html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body><script>self.__next_f.push([1,"x"])</script></body></html>';
  // What the front sends for the MISS and keeps for every HIT.
  const sealed = await sealFrontRender(Buffer.from(html), 'identity');
  await keepFrontRender(plan, sealed);
  const hit = (await lookupCachedPage('GET', new Headers(), url))!;
  expect(hit.status).toBe(200);
  expect(hit.headers['x-page-cache']).toBe('HIT');
  expect(hit.headers['content-security-policy']).toBe(sealed.csp);
  expect(nonceOfCsp(sealed.csp)).toBeNull();
  expect(sealed.csp).not.toContain("'nonce-");
  const scriptSrc = /script-src ([^;]*)/.exec(sealed.csp)![1].split(' ');
  expect(scriptSrc).toContain("'strict-dynamic'");
  expect(scriptSrc.filter((s) => s.startsWith("'sha256-"))).toHaveLength(2);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(gunzipSync(hit.gzipped!).toString()).not.toContain('nonce=');
  for (const [name, value] of Object.entries(hit.headers)) expect([name, value]).toEqual([name, expect.any(String)]);
  expect(hit.headers['x-frame-options']).toBe('DENY');

  const notModified = (await lookupCachedPage('GET', new Headers({ 'if-none-match': hit.headers.etag }), url))!;
  expect(notModified.status).toBe(304);
  expect(notModified.headers['content-security-policy']).toBeUndefined();
  expect(notModified.headers['x-frame-options']).toBe('DENY');
  // A Last-Modified date of the page held here is a 304 too, with the entry's own ETag.
  const since = (await lookupCachedPage('GET', new Headers({ 'if-modified-since': hit.headers['last-modified'] }), url))!;
  expect([since.status, since.headers.etag]).toEqual([304, hit.headers.etag]);
  clearPageCache();
});

test('a page rendered per request carries a fresh nonce on every answer', async () => {
  const a = await proxy(req('/'));
  const b = await proxy(req('/'));
  const [na, nb] = [nonceOfCsp(a.headers.get('content-security-policy')), nonceOfCsp(b.headers.get('content-security-policy'))];
  expect(na).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(nb).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(na).not.toBe(nb);
});

test('session cookies: HttpOnly and SameSite always, Secure when the public address is https (Observatory "cookies")', async () => {
  const session: Parameters<typeof sessionCookie>[0] = { userId: 1, familyId: 'f', roles: ['User'], refreshExpiresAt: new Date(Date.now() + 3_600_000) };
  const flags = (cookie: string) => cookie.split(';').slice(1).map((p) => p.trim().split('=')[0].toLowerCase());
  expect(flags(await sessionCookie(session))).toEqual(expect.arrayContaining(['httponly', 'samesite', 'path']));
  expect(flags(await sessionCookie(session))).not.toContain('secure');
  env.APP_URL = 'https://radarfirme.example.ro';
  expect(flags(await sessionCookie(session))).toEqual(expect.arrayContaining(['httponly', 'samesite', 'secure']));
  expect(flags(clearSessionCookie())).toEqual(expect.arrayContaining(['httponly', 'samesite', 'secure']));
  expect(authOptions().useSecureCookies).toBe(true);
});
