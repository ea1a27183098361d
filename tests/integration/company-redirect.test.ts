// A company address written otherwise reaches its canonical address in ONE hop (issue 44, decision
// 082): a wrong or outdated slug, no slug, leading zeros, a percent-encoded or RO-prefixed CUI, a
// trailing slash. The proxy answers one 301 whose target the proxy itself lets through, so no 308 of
// Next and no second redirect follow. The CUI is read by lib/cui.ts alone (parseCuiSegment).
import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { sql } from '@/server/kernel/db';
import { companyPath } from '@/lib/slug';

const ORIGIN = 'http://localhost:3000';
const req = (path: string) => new NextRequest(new URL(path, ORIGIN));

/** Follows the proxy's redirects as a client would, and returns every hop (status, location). */
async function hops(path: string): Promise<Array<[number, string]>> {
  const out: Array<[number, string]> = [];
  let at = path;
  for (let i = 0; i < 5; i++) {
    const res = await proxy(req(at));
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return out;
    const next = new URL(location, ORIGIN);
    at = next.pathname + next.search;
    out.push([res.status, at]);
  }
  throw new Error(`more than 5 redirects from ${path}: ${JSON.stringify(out)}`);
}

let company: { cui: number; name: string };
let canonical: string;

beforeAll(async () => {
  [company] = await sql<{ cui: number; name: string }>(`SELECT cui, name FROM company WHERE name IS NOT NULL ORDER BY cui LIMIT 1`);
  canonical = companyPath(company.cui, company.name);
  expect(canonical).toMatch(/^\/company-details\/\d+\/[a-z0-9-]+$/);
});

test('every other spelling of a company address is one 301 to the canonical address', async () => {
  const cui = String(company.cui);
  const digits = [...cui].map((d) => `%3${d}`).join('');
  const variants = [
    `/company-details/${cui}/nume-gresit`,
    `/company-details/${cui}/nume-gresit/`,
    `/company-details/${cui}`,
    `/company-details/${cui}/`,
    `${canonical}/`,
    `/company-details/00${cui}/nume-gresit`,
    `/company-details/${digits}/nume-gresit`,
    `/company-details/RO${cui}/x`,
  ];
  for (const path of variants) expect([path, await hops(path)]).toEqual([path, [[301, canonical]]]);
  // The query goes along (bounded, decision 044's rule for every redirect).
  expect(await hops(`/company-details/${cui}/x?tab=financiar`)).toEqual([[301, `${canonical}?tab=financiar`]]);
  // The canonical address itself is not redirected again.
  expect(await hops(canonical)).toEqual([]);
});

test('an unknown company or an unreadable CUI is left to the page (its 404), never redirected', async () => {
  expect(await hops('/company-details/1/x')).toEqual([]);
  expect(await hops('/company-details/abc/x')).toEqual([]);
  expect(await hops('/company-details/12345678901/x')).toEqual([]);
});

test('any other trailing slash is one 308 (Next’s own redirect is off), the query bounded', async () => {
  // The proxy names this origin (Next's adapter throws on a relative Location and sends a
  // same-origin one relative, as its own redirect wrote it: tests/e2e/abuse-limits.spec.ts sees that).
  expect((await proxy(req('/Coduri-caen/?pagina=2'))).headers.get('location')).toBe(`${ORIGIN}/Coduri-caen?pagina=2`);
  expect(await hops('/Coduri-caen/')).toEqual([[308, '/Coduri-caen']]);
  expect(await hops('/Coduri-caen/?pagina=2')).toEqual([[308, '/Coduri-caen?pagina=2']]);
  expect(await hops(`/Cautare-avansata/?q=${'a'.repeat(3000)}`)).toEqual([[308, '/Cautare-avansata']]);
  expect(await hops('/api/health/')).toEqual([[308, '/api/health']]);
  expect(await hops('/')).toEqual([]);
});
