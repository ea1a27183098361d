// CAEN page and find-customers endpoints, and the sitemaps.
import { GET as byCaen } from '@/app/api/Company/getCompanyByCaen/[caenCode]/[pageSize]/route';
import { GET as customers } from '@/app/api/Company/getCompanyForCustomers/route';
import { GET as sitemapIndex } from '@/app/sitemap.xml/route';
import { GET as sitemapFile } from '@/app/sitemaps/[file]/route';
import { sql } from '@/server/kernel/db';
import type { CompanyCardItem, PagedList } from '@/server/company/dto';
import { resetSitemapCache } from '@/server/sitemap/queries';
import { MAX_ROWS_REACHED, lastReachablePage } from '@/server/caen/companies';
import { normalizeSearchText } from '@/lib/text';
import { get, type ErrorBody } from './support/company';
import { createCompany } from '../factories/companies';

let code: string;
let total: number;

beforeAll(async () => {
  const [r] = await sql<{ caen_code: string }>(`SELECT caen_code FROM company WHERE caen_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  code = r.caen_code;
  // Every size option has companies in the class, whatever the generated set holds (removed
  // after the file by tests/integration/setup.ts).
  await createCompany({ caenCode: code, employees: 1500 });
  await createCompany({ caenCode: code, employees: 2400 });
  await createCompany({ caenCode: code, employees: 700 });
  const [t] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM company WHERE caen_code = $1`, [code]);
  total = t.n;
});

const page = (orderBy: string, pageNumber = 1, size = 20, c = code) =>
  get<PagedList<CompanyCardItem>>(byCaen, `/api/Company/getCompanyByCaen/${c}/${size}`, { pageNumber, orderBy }, { caenCode: c, pageSize: String(size) });

describe('GET /api/Company/getCompanyByCaen/{caenCode}/{pageSize}', () => {
  it('lists the companies of the class in name order with Count and NumberOfPages', async () => {
    const { status, body } = await page('Name');
    expect(status).toBe(200);
    expect(body.Count).toBe(total);
    expect(body.NumberOfPages).toBe(Math.min(lastReachablePage(20), Math.ceil(total / 20)));
    expect(body.Items).toHaveLength(Math.min(20, total));
    expect(body.Items.every((c) => c.CaenCode === code)).toBe(true);
    const names = await sql<{ cui: number }>(`SELECT cui FROM company WHERE caen_code = $1 ORDER BY name_norm, cui LIMIT 40`, [code]);
    expect(body.Items.map((c) => c.Cui)).toEqual(names.slice(0, 20).map((r) => r.cui));
    const second = await page('Name', 2);
    expect(second.body.Items.map((c) => c.Cui)).toEqual(names.slice(20, 40).map((r) => r.cui));
  });

  it('caps by rows reached, not by pages: every page size reaches the same depth, and the answer says so (decision 040)', async () => {
    expect([lastReachablePage(21), lastReachablePage(5), lastReachablePage(100), lastReachablePage(1)]).toEqual([50, 210, 11, MAX_ROWS_REACHED]);
    expect(total).toBeGreaterThan(60);
    // Page size 1: the old 50-page cap stopped at the 50th company.
    const one = await page('Name', 60, 1);
    expect(one.status).toBe(200);
    expect(one.body.Count).toBe(total);
    expect(one.body.NumberOfPages).toBe(Math.min(total, MAX_ROWS_REACHED));
    expect(one.body.PageNumber).toBe(60);
    const [sixtieth] = await sql<{ cui: number }>(`SELECT cui FROM company WHERE caen_code = $1 ORDER BY name_norm, cui OFFSET 59 LIMIT 1`, [code]);
    expect(one.body.Items.map((c) => c.Cui)).toEqual([sixtieth.cui]);
    expect((one.body as unknown as { ReachableCount: number }).ReachableCount).toBe(Math.min(total, MAX_ROWS_REACHED));
    const twenty = await page('Name', 1, 20);
    expect(twenty.body.NumberOfPages).toBe(Math.min(Math.ceil(total / 20), lastReachablePage(20)));
    expect((twenty.body as unknown as { ReachableCount: number }).ReachableCount).toBe(Math.min(total, twenty.body.NumberOfPages * 20));
  });

  it('SmallBusiness, MediumBusiness and LargeBusiness filter by employees (<500, 500–999, >1000)', async () => {
    const counts = await sql<{ s: number; m: number; l: number }>(
      `SELECT count(*) FILTER (WHERE employees < 500)::int AS s, count(*) FILTER (WHERE employees >= 500 AND employees < 1000)::int AS m,
              count(*) FILTER (WHERE employees > 1000)::int AS l FROM company WHERE caen_code = $1`,
      [code],
    );
    const small = await page('SmallBusiness');
    expect(small.body.Count).toBe(counts[0].s);
    expect(small.body.Items.length).toBeGreaterThan(0);
    expect(small.body.Items.every((c) => c.AverageNumberOfEmployees < 500)).toBe(true);
    const medium = await page('MediumBusiness');
    expect(medium.body.Count).toBe(counts[0].m);
    expect(medium.body.Count).toBeGreaterThanOrEqual(1);
    expect(medium.body.Items.every((c) => c.AverageNumberOfEmployees >= 500 && c.AverageNumberOfEmployees < 1000)).toBe(true);
    const large = await page('largebusiness');
    expect(large.body.Count).toBe(counts[0].l);
    expect(large.body.Count).toBeGreaterThanOrEqual(2);
    expect(large.body.Items.length).toBe(large.body.Count);
    expect(large.body.Items.every((c) => c.AverageNumberOfEmployees > 1000)).toBe(true);
  });

  it('answers 404 for a code that is not a class and 400 for a malformed one', async () => {
    expect((await page('Name', 1, 20, '9999')).status).toBe(404);
    const bad = await get<ErrorBody>(byCaen, '/api/Company/getCompanyByCaen/ab/20', {}, { caenCode: 'ab', pageSize: '20' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.Errors ?? {})).toContain('caenCode');
    const badOrder = await get<ErrorBody>(byCaen, `/api/Company/getCompanyByCaen/${code}/20`, { orderBy: 'Huge' }, { caenCode: code, pageSize: '20' });
    expect(Object.keys(badOrder.body.Errors ?? {})).toContain('orderBy');
  });
});

describe('GET /api/Company/getCompanyForCustomers', () => {
  const find = (SearchText: string, OrderBy = 'Name', PageNumber = 1) =>
    get<PagedList<CompanyCardItem> & { MatchedCaen: Array<{ Code: string; Description: string }> }>(customers, '/api/Company/getCompanyForCustomers', { SearchText, PageNumber, PageSize: 21, OrderBy });

  it('finds companies whose CAEN activity matches the words, diacritics-insensitive', async () => {
    const a = await find('comerț cu amănuntul');
    const b = await find('COMERT CU AMANUNTUL');
    expect(a.status).toBe(200);
    expect(a.body.Count).toBeGreaterThan(0);
    expect(b.body.Count).toBe(a.body.Count);
    expect(a.body.MatchedCaen.length).toBeGreaterThan(0);
    const codes = new Set(a.body.MatchedCaen.map((m) => m.Code));
    for (const m of a.body.MatchedCaen) expect(normalizeSearchText(m.Description)).toContain('comer');
    for (const c of a.body.Items) {
      expect(codes.has(c.CaenCode ?? '') || /(^|[^a-z0-9])comer/.test(normalizeSearchText(c.Name))).toBe(true);
    }
    expect(a.body.Items.length).toBe(Math.min(21, a.body.Count));
    const names = a.body.Items.map((c) => normalizeSearchText(c.Name));
    expect(names).toEqual([...names].sort());
  });

  it('matches inflected words: the plural or another case of the activity', async () => {
    const r = await find('paine');
    expect(r.body.MatchedCaen.map((m) => m.Code)).toEqual(expect.arrayContaining(['1071']));
  });

  it('an empty description finds nothing; load more pages on', async () => {
    const empty = await find('');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(expect.objectContaining({ Items: [], Count: 0, NumberOfPages: 0 }));
    const first = await find('comert');
    expect(first.body.NumberOfPages).toBeGreaterThan(1);
    const second = await find('comert', 'Name', 2);
    expect(second.body.PageNumber).toBe(2);
    expect(second.body.Items.length).toBeGreaterThan(0);
    expect(second.body.Items.some((c) => first.body.Items.some((f) => f.Cui === c.Cui))).toBe(false);
  });
});

describe('sitemaps', () => {
  it('the index lists the pages file and one company file per 50,000 companies', async () => {
    resetSitemapCache();
    const res = await sitemapIndex();
    const xml = await res.text();
    expect(res.headers.get('content-type')).toContain('xml');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const [{ n, min }] = await sql<{ n: number; min: number }>(`SELECT count(*)::int AS n, min(cui) AS min FROM company`);
    expect(locs.filter((l) => l.includes('/sitemaps/companies-'))).toHaveLength(Math.ceil(n / 50_000));
    expect(locs[1]).toContain(`/sitemaps/companies-${min}.xml`);
    const file = await sitemapFile(new Request('http://localhost/x'), { params: Promise.resolve({ file: `companies-${min}.xml` }) });
    const body = await file.text();
    expect((body.match(/<url>/g) ?? []).length).toBe(Math.min(n, 50_000));
    expect(body).toMatch(/<loc>[^<]+\/company-details\/\d+\/[a-z0-9_-]+<\/loc>/);
    expect(body.trim().endsWith('</urlset>')).toBe(true);
  });

  it('the pages file lists every CAEN class', async () => {
    const res = await sitemapFile(new Request('http://localhost/x'), { params: Promise.resolve({ file: 'pages.xml' }) });
    const xml = await res.text();
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM caen WHERE revision = 2 AND level = 'class'`);
    expect((xml.match(/\/Coduri-caen\/\d{4}</g) ?? []).length).toBe(n);
    const missing = await sitemapFile(new Request('http://localhost/x'), { params: Promise.resolve({ file: 'other.xml' }) });
    expect(missing.status).toBe(404);
  });
});
