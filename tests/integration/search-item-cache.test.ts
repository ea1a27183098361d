// The companies of result pages kept by CUI (server/search/caches.ts, decision 077): a new
// search whose page shows companies already shown by another search reads only the others from
// PostgreSQL, and never shows a row older than the engine's data version: an edit of a column a
// result row shows (logged in the change log) gives every later search the new value.
import { GET as getCompanies } from '@/app/api/Company/getCompanies/route';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { syncEngine } from '@/server/search/engine';
import { clearSearchCaches, searchCacheStats } from '@/server/search/caches';
import { createCompany } from '../factories/companies';
import { withSearchEngine } from './support/search-engine';

type Page = { Items: Array<{ Cui: number; Name: string; Address: string | null; AverageNumberOfEmployees: number }>; Count: number };

async function search(params: Record<string, string | number>): Promise<Page> {
  const url = new URL('http://localhost/api/Company/getCompanies');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  const res = await getCompanies(new Request(url));
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

withSearchEngine();

const entries = env.SEARCH_ITEM_CACHE_ENTRIES;
beforeEach(() => {
  clearSearchCaches();
});
afterEach(() => {
  env.SEARCH_ITEM_CACHE_ENTRIES = entries;
});

test('a company shown by one search is not read again for another; only the new ones are', async () => {
  const a = await createCompany({ name: 'PAGINA PASTRATA ALFA SRL', employees: 5 });
  const b = await createCompany({ name: 'PAGINA PASTRATA BETA SRL', employees: 50 });
  await syncEngine();
  const first = await search({ SearchText: String(a.cui) });
  expect(first.Items.map((x) => x.Cui)).toEqual([a.cui]);
  const s1 = searchCacheStats();
  expect(s1.reads).toBe(1);

  // Another filter (not in the result cache) with the same company: no read at all.
  const second = await search({ SearchText: String(a.cui), MinEmployees: 1 });
  expect(second.Items).toEqual(first.Items);
  const s2 = searchCacheStats();
  expect([s2.pages - s1.pages, s2.reads - s1.reads, s2.rowHits - s1.rowHits, s2.rowMisses - s1.rowMisses]).toEqual([1, 0, 1, 0]);

  // A page with the kept company and a new one asks PostgreSQL for the new one only.
  const both = await search({ SearchText: 'PAGINA PASTRATA' });
  expect(both.Items.map((x) => x.Cui).sort()).toEqual([a.cui, b.cui].sort());
  expect(both.Items.find((x) => x.Cui === b.cui)?.AverageNumberOfEmployees).toBe(50);
  const s3 = searchCacheStats();
  expect([s3.reads - s2.reads, s3.rowHits - s2.rowHits, s3.rowMisses - s2.rowMisses]).toEqual([1, 1, 1]);
});

test('an edit of a shown column reaches every later search: a kept row is never older than the data version', async () => {
  const company = await createCompany({ name: 'RAND PASTRAT VECHI SRL', employees: 8 });
  await syncEngine();
  expect((await search({ SearchText: String(company.cui) })).Items[0].Name).toBe('RAND PASTRAT VECHI SRL');

  // Not logged (outside the change log): the engine's version does not move, the kept row answers,
  // so the test below would see a stale row if the cache ignored the version.
  await sql(`BEGIN; SET LOCAL rf.search_log = 'off'; UPDATE company SET full_address = 'NELOGAT' WHERE cui = ${company.cui}; COMMIT;`);
  expect((await search({ SearchText: String(company.cui), MinEmployees: 2 })).Items[0].Address).not.toBe('NELOGAT');

  // Logged edits: the next search under another filter shows them.
  await sql('UPDATE company SET name = $2, full_address = $3 WHERE cui = $1', [company.cui, 'Rând Păstrat Nou SRL', 'Str. Nouă nr. 3, Iași']);
  const after = await search({ SearchText: String(company.cui), MaxEmployees: 100 });
  expect(after.Items.map((x) => [x.Name, x.Address])).toEqual([['Rând Păstrat Nou SRL', 'Str. Nouă nr. 3, Iași']]);

  // A deleted company is no longer shown, kept or not.
  await sql('DELETE FROM company WHERE cui = $1', [company.cui]);
  expect((await search({ SearchText: String(company.cui), MinEmployees: 3 })).Count).toBe(0);
});

test('the cache keeps at most SEARCH_ITEM_CACHE_ENTRIES companies, and 0 turns it off', async () => {
  const made = [];
  for (const n of [1, 2, 3]) made.push(await createCompany({ name: `LIMITA PASTRARE ${n} SRL`, employees: n }));
  await syncEngine();
  env.SEARCH_ITEM_CACHE_ENTRIES = 2;
  expect((await search({ SearchText: 'LIMITA PASTRARE' })).Count).toBe(3);
  expect(searchCacheStats().rows).toBe(2);

  env.SEARCH_ITEM_CACHE_ENTRIES = 0;
  clearSearchCaches();
  for (const c of made) await search({ SearchText: String(c.cui) });
  await search({ SearchText: String(made[0].cui), MinEmployees: 1 });
  const s = searchCacheStats();
  expect([s.rows, s.pages, s.reads, s.rowHits]).toEqual([0, 4, 4, 0]);
});
