// The search engine's result cache (decision 047) never serves an answer computed before an edit or
// an import that the engine has applied: entries are kept under the engine's data version, which
// increases with every applied change batch and every reload. Repeats of a search are served from
// the cache (the engine is not asked again) until then.
import { GET as getCompanies } from '@/app/api/Company/getCompanies/route';
import { GET as getFacets } from '@/app/api/Company/getCompanyFacets/route';
import { sql } from '@/server/kernel/db';
import { ANSWER_TEXT, type AnswerText } from '@/server/http/route';
import { engineDataVersion, reloadEngine, syncEngine } from '@/server/search/engine';
import { clearSearchCaches, searchCacheStats } from '@/server/search/caches';
import type { CompanyFacetsAnswer } from '@/lib/search/facets';
import { createCompany } from '../factories/companies';
import { callAs, dropActors, makeActors } from './support/authz';
import { withSearchEngine } from './support/search-engine';

type Page = { Items: Array<{ Cui: number; AverageNumberOfEmployees: number }>; Count: number };

async function call<T>(handler: (req: Request) => Promise<Response>, path: string, params: Record<string, string | number | boolean>): Promise<T> {
  const url = new URL(`http://localhost${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
  const res = await handler(new Request(url));
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
const search = (params: Record<string, string | number | boolean>) => call<Page>(getCompanies, '/api/Company/getCompanies', params);
const facets = (params: Record<string, string | number | boolean>) => call<CompanyFacetsAnswer>(getFacets, '/api/Company/getCompanyFacets', params);

withSearchEngine();

beforeEach(() => clearSearchCaches());

test('a repeated search is answered from the cache; the order of the parameters does not matter', async () => {
  const company = await createCompany({ name: 'CACHE REPETAT PROBA SRL', employees: 7 });
  await syncEngine();
  const first = await search({ SearchText: String(company.cui), MinEmployees: 5, MaxEmployees: 9 });
  expect(first.Items.map((x) => x.Cui)).toEqual([company.cui]);
  const before = searchCacheStats();
  const again = await search({ MaxEmployees: 9, MinEmployees: 5, SearchText: String(company.cui) });
  expect(again).toEqual(first);
  expect(searchCacheStats().hits).toBe(before.hits + 1);
  expect(searchCacheStats().misses).toBe(before.misses);
});

test('an edit synced to the engine: the next search and filter counts are computed again, never the cached answer', async () => {
  const company = await createCompany({ name: 'CACHE EDITARE PROBA SRL', employees: 3 });
  await syncEngine();
  const byCui = { SearchText: String(company.cui) };
  const inRange = { ...byCui, MinEmployees: 550, MaxEmployees: 650 };
  expect((await search(inRange)).Count).toBe(0);
  expect((await search(byCui)).Items[0].AverageNumberOfEmployees).toBe(3);
  const facetsBefore = await facets(byCui);
  expect(facetsBefore.Facets?.Employees.find((e) => e.Min <= 3 && 3 <= e.Max)?.Count).toBe(1);
  // Both answers are now in the cache under the current version.
  expect((await search(inRange)).Count).toBe(0);
  const version = engineDataVersion();

  await sql('UPDATE company SET employees = 600 WHERE cui = $1', [company.cui]);
  // No explicit sync: the search applies the change log first (an edit shows in the next search).
  const after = await search(inRange);
  expect(engineDataVersion()).toBeGreaterThan(version);
  expect(after.Items.map((x) => [x.Cui, x.AverageNumberOfEmployees])).toEqual([[company.cui, 600]]);
  expect(after.Count).toBe(1);
  const facetsAfter = await facets(byCui);
  expect(facetsAfter.Facets?.Employees.find((e) => e.Min <= 600 && 600 <= e.Max)?.Count).toBe(1);
  expect(facetsAfter.Facets?.Employees.find((e) => e.Min <= 3 && 3 <= e.Max)?.Count).toBe(0);

  await sql('DELETE FROM company WHERE cui = $1', [company.cui]);
  expect((await search(byCui)).Count).toBe(0);
});

test('an import (a bulk change outside the change log, then its reload row): the reloaded copy answers, not the cache', async () => {
  const company = await createCompany({ name: 'CACHE IMPORT PROBA SRL', employees: 2 });
  await syncEngine();
  const query = { SearchText: String(company.cui), MinEmployees: 77, MaxEmployees: 77 };
  expect((await search(query)).Count).toBe(0);
  await sql(`BEGIN; SET LOCAL rf.search_log = 'off'; UPDATE company SET employees = 77 WHERE cui = ${company.cui}; COMMIT;`);
  expect((await search(query)).Count).toBe(0); // not logged: the engine has not seen it (and the cache holds 0)
  const version = engineDataVersion();
  await sql('INSERT INTO search_change (cui) VALUES (NULL)');
  await syncEngine(); // starts the reload
  await reloadEngine();
  expect(engineDataVersion()).toBeGreaterThan(version);
  expect((await search(query)).Count).toBe(1);
});

test('the whole answer is cached, and an edit of a column it only shows (name, registration code, address) is never answered from the cache', async () => {
  const company = await createCompany({ name: 'CACHE AFISARE PROBA SRL', employees: 4 });
  await syncEngine();
  const byCui = { SearchText: String(company.cui) };
  type Shown = { Items: Array<{ Name: string; RegistrationCode: string | null; Address: string | null }> };
  const shown = () => call<Shown>(getCompanies, '/api/Company/getCompanies', byCui).then((p) => p.Items.map((x) => [x.Name, x.RegistrationCode, x.Address]));
  const before = await shown();
  expect(before).toHaveLength(1);
  // A repeat is the cached answer: PostgreSQL is not asked for the page's companies again.
  const stats = searchCacheStats();
  await sql(`BEGIN; SET LOCAL rf.search_log = 'off'; UPDATE company SET full_address = 'NELOGAT' WHERE cui = ${company.cui}; COMMIT;`);
  expect(await shown()).toEqual(before);
  expect(searchCacheStats().hits).toBe(stats.hits + 1);

  // Logged edits of the shown columns: the next search answers with them.
  await sql('UPDATE company SET full_address = $2 WHERE cui = $1', [company.cui, 'Str. Cache nr. 7, București']);
  expect((await shown())[0][2]).toBe('Str. Cache nr. 7, București');
  await sql('UPDATE company SET registration_code = $2 WHERE cui = $1', [company.cui, 'J40/999/2026']);
  expect((await shown())[0][1]).toBe('J40/999/2026');
  await sql('UPDATE company SET name = $2 WHERE cui = $1', [company.cui, 'Cache Afisare Proba SRL']);
  expect((await shown())[0][0]).toBe('Cache Afisare Proba SRL');
});

test('a cached answer is written as JSON once: its repeats carry the same body, and an edit gives a new one', async () => {
  const company = await createCompany({ name: 'CACHE CORP PROBA SRL', employees: 5 });
  await syncEngine();
  const send = async (handler: (req: Request) => Promise<Response>, path: string) => {
    const res = await handler(new Request(`http://localhost${path}?SearchText=${company.cui}`));
    expect(res.status).toBe(200);
    const body = (res as unknown as Record<symbol, AnswerText | undefined>)[ANSWER_TEXT];
    return { body, text: await res.text() };
  };
  for (const [handler, path] of [[getCompanies, '/api/Company/getCompanies'], [getFacets, '/api/Company/getCompanyFacets']] as const) {
    const first = await send(handler, path);
    const again = await send(handler, path);
    // The front (scripts/serve.mjs) keeps the gzip on this object: one per cached answer.
    expect(first.body).toBeDefined();
    expect(again.body).toBe(first.body);
    expect(again.text).toBe(first.text);
    expect(first.body!.text).toBe(first.text);
  }
  const before = await send(getCompanies, '/api/Company/getCompanies');
  await sql('UPDATE company SET name = $2 WHERE cui = $1', [company.cui, 'CACHE CORP MODIFICAT SRL']);
  const after = await send(getCompanies, '/api/Company/getCompanies');
  expect(after.body).not.toBe(before.body);
  expect(JSON.parse(after.text).Items[0].Name).toBe('CACHE CORP MODIFICAT SRL');
  // The answer is the documented shape (no engine-internal fields) however it was built.
  expect(Object.keys(JSON.parse(after.text)).sort()).toEqual(['Count', 'Items', 'NumberOfPages']);
});

test('the search and its filter counts answer anonymous, a user, another user and an Admin alike, and an edit reaches all four', async () => {
  const company = await createCompany({ name: 'CACHE PATRU APELANTI SRL', employees: 6 });
  await syncEngine();
  const actors = await makeActors();
  try {
    const answersOf = async () => {
      const out: Array<{ search: unknown; facets: unknown }> = [];
      for (const who of ['anonymous', 'owner', 'other', 'admin'] as const) {
        const s = await callAs(who, actors, () => ({ handler: getCompanies, path: `/api/Company/getCompanies?SearchText=${company.cui}` }));
        const f = await callAs(who, actors, () => ({ handler: getFacets, path: `/api/Company/getCompanyFacets?SearchText=${company.cui}` }));
        expect([s.status, f.status]).toEqual([200, 200]);
        out.push({ search: s.body, facets: f.body });
      }
      for (const a of out.slice(1)) expect(a).toEqual(out[0]);
      return out[0] as { search: Page; facets: CompanyFacetsAnswer };
    };
    const before = await answersOf();
    expect(before.search.Items.map((x) => [x.Cui, x.AverageNumberOfEmployees])).toEqual([[company.cui, 6]]);
    expect(before.facets.Available).toBe(true);

    await sql('UPDATE company SET employees = 66 WHERE cui = $1', [company.cui]);
    const after = await answersOf();
    expect(after.search.Items.map((x) => [x.Cui, x.AverageNumberOfEmployees])).toEqual([[company.cui, 66]]);
    expect(after.facets.Facets?.Employees.find((e) => e.Min <= 66 && 66 <= e.Max)?.Count).toBe(1);
  } finally {
    await dropActors(actors);
  }
});
