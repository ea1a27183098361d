// Decision 062: the filter counts computed in one engine scan equal the counts of one scan per
// active facet (the way before), and the engine's prepared statements give the same pages and
// counts as statements parsed on every call, for random filters on the test data (every facet
// active or not, text, edge values such as a minimum of 0, a profit range of [0, 0]).
import { env } from '@/server/kernel/env';
import { sql } from '@/server/kernel/db';
import { facetCompanies, facetOnePassStatement } from '@/server/search/engine-search';
import { findCompanies } from '@/server/search/search';
import { clearResultCache } from '@/server/search/result-cache';
import type { SearchFilter } from '@/lib/filters';
import { withSearchEngine } from './support/search-engine';
import { filterFields } from './support/random-filters';

withSearchEngine();

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const saved = { prepared: env.SEARCH_ENGINE_PREPARED, onePass: env.SEARCH_FACETS_ONE_PASS, cache: env.SEARCH_CACHE_ENTRIES };
afterAll(() => {
  Object.assign(env, { SEARCH_ENGINE_PREPARED: saved.prepared, SEARCH_FACETS_ONE_PASS: saved.onePass, SEARCH_CACHE_ENTRIES: saved.cache });
});

/** The counts without the order of equal counts (DuckDB's GROUP BY returns groups in any order, before as now). */
const canonical = (facets: unknown) =>
  JSON.stringify(facets, (_k, v) => (Array.isArray(v) ? [...v].map((x) => JSON.stringify(x)).sort() : v));

async function randomFilters(n: number, seed: number): Promise<Array<Partial<SearchFilter>>> {
  const random = rng(seed);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const counties = (await sql<{ v: number }>('SELECT DISTINCT county_id AS v FROM company WHERE county_id IS NOT NULL')).map((r) => r.v);
  const caens = (await sql<{ v: string }>('SELECT caen_code AS v FROM company WHERE caen_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 20')).map((r) => r.v);
  const statuses = (await sql<{ v: number }>('SELECT DISTINCT status_code AS v FROM company')).map((r) => r.v);
  const localities = (await sql<{ v: number }>('SELECT DISTINCT locality_id AS v FROM company WHERE locality_id IS NOT NULL LIMIT 30')).map((r) => r.v);
  const names = (await sql<{ name: string }>('SELECT name FROM company ORDER BY cui LIMIT 100')).map((r) => r.name);
  const fields = [...filterFields(random, () => ({ counties, localities, caens, statuses })), () => ({ MinEmployees: 0 })];
  const out: Array<Partial<SearchFilter>> = [];
  for (let i = 0; i < n; i++) {
    const f: Partial<SearchFilter> = { OrderBy: random() < 0.5 ? 'Profit_desc' : 'Turnover_desc', PageNumber: pick([1, 1, 2, 5]) };
    const k = Math.floor(random() * 6);
    for (let j = 0; j < k; j++) Object.assign(f, pick(fields)());
    if (random() < 0.3) f.SearchText = pick([pick(names).split(/\s+/)[0], 'srl', 'con', 's.r.l.', 'construcții']);
    out.push(f);
  }
  return out;
}

test('one scan for every facet gives exactly the counts of one scan per active facet', async () => {
  Object.assign(env, { SEARCH_CACHE_ENTRIES: 0 });
  const filters = await randomFilters(80, 62);
  const differing: string[] = [];
  let multiActive = 0;
  for (const f of filters) {
    if (facetOnePassStatement(f).bit.size >= 2) multiActive++;
    Object.assign(env, { SEARCH_FACETS_ONE_PASS: false });
    const before = await facetCompanies(f);
    Object.assign(env, { SEARCH_FACETS_ONE_PASS: true });
    const after = await facetCompanies(f);
    if (canonical(after) !== canonical(before)) differing.push(`${JSON.stringify(f)}\n${canonical(before)}\n${canonical(after)}`);
  }
  expect(differing.slice(0, 2)).toEqual([]);
  // The set exercised the interesting case: several active facets, each counted without its own condition.
  expect(multiActive).toBeGreaterThan(8);
}, 300_000);

test('prepared engine statements give the same pages and exact counts as statements parsed every time', async () => {
  Object.assign(env, { SEARCH_CACHE_ENTRIES: 0 });
  clearResultCache();
  const filters = await randomFilters(60, 25);
  const differing: string[] = [];
  for (const f of filters) {
    Object.assign(env, { SEARCH_ENGINE_PREPARED: false });
    const before = await findCompanies(null, f);
    Object.assign(env, { SEARCH_ENGINE_PREPARED: true });
    const after = await findCompanies(null, f);
    const again = await findCompanies(null, f); // the statement reused, other values bound before
    expect(after.plan).toBe('engine');
    if (JSON.stringify(after) !== JSON.stringify(before) || JSON.stringify(again) !== JSON.stringify(before)) differing.push(JSON.stringify(f));
  }
  expect(differing).toEqual([]);
}, 300_000);
