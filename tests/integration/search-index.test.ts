// The search index (decision 074): its exact count and page equal PostgreSQL's for many random
// filters (every field, texts of every kind, both orders, deep pages); findCompanies answers from
// it; after an edit applied to the engine it stands aside (the engine's SQL answers the edit at
// once) until it is built again from the new data; what it cannot express goes to the SQL.
import { sql } from '@/server/kernel/db';
import { buildWhere } from '@/server/search/conditions';
import { engineDataVersion, engineQuery, engineSearchIndex, syncEngine, waitForSearchIndex } from '@/server/search/engine';
import { findCompanies } from '@/server/search/search';
import { facetCompanies, facetStatements, groupingId } from '@/server/search/engine-search';
import { env } from '@/server/kernel/env';
import { indexFacetRows, indexPage, searchIndexStats } from '@/server/search/search-index';
import { clearResultCache } from '@/server/search/result-cache';
import { SEARCH_PAGE_SIZE, type SearchFilter } from '@/lib/filters';
import { filterFields } from './support/random-filters';
import { createCompany } from '../factories/companies';
import { withSearchEngine } from './support/search-engine';

withSearchEngine();

async function reference(f: Partial<SearchFilter>): Promise<{ cuis: number[]; count: number }> {
  const built = buildWhere(f);
  const order = f.OrderBy === 'Turnover_desc' ? 'turnover' : 'profit';
  const rows = await sql<{ cui: number }>(`SELECT c.cui FROM company c ${built.where} ORDER BY c.${order} DESC, c.cui DESC`, built.params.values);
  return { cuis: rows.map((r) => r.cui), count: rows.length };
}

const lookup = async (word: string, withoutDots: boolean) =>
  (await engineQuery<{ id: number }>(withoutDots ? `SELECT id FROM token_dict WHERE contains(replace(token, '.', ''), $1)` : `SELECT id FROM token_dict WHERE contains(token, $1)`, [word])).map((r) =>
    Number(r.id),
  );

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

let values = { counties: [] as number[], localities: [] as number[], caens: [] as string[], statuses: [] as number[] };
let names: string[] = [];
let cuis: number[] = [];

beforeAll(async () => {
  expect(await waitForSearchIndex()).not.toBeNull();
  values = {
    counties: (await sql<{ v: number }>('SELECT DISTINCT county_id AS v FROM company WHERE county_id IS NOT NULL')).map((r) => r.v),
    caens: (await sql<{ v: string }>('SELECT caen_code AS v FROM company WHERE caen_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 30')).map((r) => r.v),
    statuses: (await sql<{ v: number }>('SELECT DISTINCT status_code AS v FROM company')).map((r) => r.v),
    localities: (await sql<{ v: number }>('SELECT DISTINCT locality_id AS v FROM company WHERE locality_id IS NOT NULL LIMIT 40')).map((r) => r.v),
  };
  const some = await sql<{ cui: number; name: string }>('SELECT cui, name FROM company ORDER BY md5(cui::text) LIMIT 200');
  names = some.map((r) => r.name);
  cuis = some.map((r) => r.cui);
});

beforeEach(() => clearResultCache());

test('400 random filters: the index gives PostgreSQL’s exact count and page, in the documented order', async () => {
  const ix = (await engineSearchIndex())!;
  expect(ix).not.toBeNull();
  const random = rng(74);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const fields = filterFields(random, () => values);
  const texts = () => [
    pick(names).split(/\s+/)[0],
    pick(names).toLowerCase().split(/\s+/).slice(0, 2).join(' '),
    String(pick(cuis)).slice(0, 4),
    `RO${String(pick(cuis)).slice(0, 5)}`,
    String(pick(cuis)),
    'sc srl',
    's.r.l.',
    'con',
    'ab',
    '100%',
    'construcții',
    'srl',
  ];
  const mismatches: string[] = [];
  let declined = 0;
  for (let i = 0; i < 400; i++) {
    const f: Partial<SearchFilter> = { OrderBy: random() < 0.5 ? 'Profit_desc' : 'Turnover_desc', PageNumber: pick([1, 1, 2, 3, 5, 50]), PageSize: pick([21, 21, 50]) };
    const k = Math.floor(random() * 5);
    for (let j = 0; j < k; j++) Object.assign(f, pick(fields)());
    if (random() < 0.4) f.SearchText = pick(texts());
    const got = await indexPage(ix, f, lookup);
    if (!got) {
      declined++;
      continue;
    }
    const ref = await reference(f);
    const start = (f.PageNumber! - 1) * f.PageSize!;
    const want = ref.cuis.slice(start, start + f.PageSize!);
    if (got.count !== ref.count || JSON.stringify(got.cuis) !== JSON.stringify(want)) mismatches.push(`${JSON.stringify(f)}: ${got.count} vs ${ref.count}`);
  }
  expect(mismatches).toEqual([]);
  // Only the start of a name typed as short words longer than 4 bytes ('a.b.c.') is left to the SQL.
  expect(declined).toBeLessThan(5);
});

test('the SIMD kernel (decision 077) and the JavaScript loops give the same pages and filter counts; every arena slot comes back', async () => {
  const ix = (await engineSearchIndex())!;
  const arena = ix.arena!;
  expect(arena).not.toBeNull();
  const slots = arena.available();
  const random = rng(77);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const fields = filterFields(random, () => values);
  const ands = arena.ands;
  const mismatches: string[] = [];
  for (let i = 0; i < 150; i++) {
    const f: Partial<SearchFilter> = { OrderBy: random() < 0.5 ? 'Profit_desc' : 'Turnover_desc', PageNumber: pick([1, 2, 5]) };
    const k = 1 + Math.floor(random() * 5);
    for (let j = 0; j < k; j++) Object.assign(f, pick(fields)());
    if (random() < 0.3) f.SearchText = pick(['srl', 'sc srl', pick(names).split(/\s+/)[0]]);
    const both = async () => {
      const page = await indexPage(ix, f, lookup);
      const counts = [];
      for (const st of facetStatements(f)) counts.push(await indexFacetRows(ix, st.filter, st.sets, (set) => groupingId(st.keys, set), lookup));
      return JSON.stringify([page, counts]);
    };
    const withKernel = await both();
    ix.arena = null;
    try {
      if (withKernel !== (await both())) mismatches.push(JSON.stringify(f));
    } finally {
      ix.arena = arena;
    }
  }
  expect(mismatches).toEqual([]);
  expect(arena.ands).toBeGreaterThan(ands + 50);
  expect(arena.available()).toBe(slots);

  // Every slot taken (many searches at once): the JavaScript loops answer the same pages, and
  // /api/metrics counts those ANDs (index_js_ands; the load bench prints them per round).
  const filters = Array.from({ length: 30 }, () => {
    const f: Partial<SearchFilter> = { OrderBy: 'Turnover_desc', PageNumber: 1 };
    for (let j = 0; j < 3; j++) Object.assign(f, pick(fields)());
    return f;
  });
  const withSlots = [];
  for (const f of filters) withSlots.push(JSON.stringify(await indexPage(ix, f, lookup)));
  const held: Uint32Array[] = [];
  for (let b = arena.take(); b; b = arena.take()) held.push(b);
  const jsAnds = searchIndexStats().jsAnds;
  const withoutSlots = [];
  try {
    for (const f of filters) withoutSlots.push(JSON.stringify(await indexPage(ix, f, lookup)));
  } finally {
    for (const b of held) arena.give(b);
  }
  expect(withoutSlots).toEqual(withSlots);
  expect(searchIndexStats().jsAnds).toBeGreaterThan(jsAnds);
  expect(arena.available()).toBe(slots);
});

test('the start of a name typed as short words (1–2 letters, no trigram) is answered from the names’ first 4 bytes', async () => {
  const made = [];
  for (const name of ['AB CONSTRUCT SRL', 'AB SERV SRL', 'ABA COM SRL', 'A B C IMPEX SRL', 'A.B.C. TRANS SRL', 'M&M PROD SRL', 'M&M', 'ЖЖ SERV SRL', 'Z SRL', 'AB S.R.L.'])
    made.push(await createCompany({ name, employees: 3 }));
  await syncEngine();
  const ix = (await waitForSearchIndex())!;
  expect(ix.version).toBe(engineDataVersion());
  const texts = ['ab', 'a', 'a b', 'm&m', 'ab srl', 'AB S.R.L.', 'z', 'жж', 'ж', 'm&', 'a b c', 'a.b.c.'];
  const mismatches: string[] = [];
  const declined: string[] = [];
  for (const SearchText of texts)
    for (const f of [{ SearchText, OrderBy: 'Profit_desc' as const }, { SearchText, OrderBy: 'Turnover_desc' as const }, { SearchText, OrderBy: 'Profit_desc' as const, MinEmployees: 2, MaxEmployees: 4, PageSize: 3, PageNumber: 2 }]) {
      const got = await indexPage(ix, f, lookup);
      if (!got) {
        declined.push(SearchText);
        continue;
      }
      const ref = await reference(f);
      const size = f.PageSize ?? SEARCH_PAGE_SIZE;
      const start = ((f.PageNumber ?? 1) - 1) * size;
      if (got.count !== ref.count || JSON.stringify(got.cuis) !== JSON.stringify(ref.cuis.slice(start, start + size))) mismatches.push(`${JSON.stringify(f)}: ${got.count} vs ${ref.count}`);
    }
  expect(mismatches).toEqual([]);
  // Longer than the 4 bytes kept ('a b c', 'a.b.c.'): the engine's SQL answers.
  expect([...new Set(declined)]).toEqual(['a b c', 'a.b.c.']);
  // The companies made here are found (the comparison above is not between two empty answers).
  const ab = await indexPage(ix, { SearchText: 'ab', PageSize: 500 }, lookup);
  expect(ab!.cuis).toEqual(expect.arrayContaining([made[0].cui, made[1].cui, made[2].cui, made[9].cui]));
  expect((await indexPage(ix, { SearchText: 'm&m', PageSize: 500 }, lookup))!.cuis).toEqual(expect.arrayContaining([made[5].cui, made[6].cui]));
  // A start of more than one byte per letter (UTF-8).
  expect((await indexPage(ix, { SearchText: 'жж', PageSize: 500 }, lookup))!.cuis).toContain(made[7].cui);
  expect(await indexPage(ix, { SearchText: 'ab construct' }, lookup)).not.toBeNull();
});

test('findCompanies answers from the index while it is current', async () => {
  await waitForSearchIndex();
  const before = searchIndexStats().answered;
  const page = await findCompanies(null, { CountyId: values.counties[0], OrderBy: 'Profit_desc' });
  expect(page.plan).toBe('engine');
  expect(searchIndexStats().answered).toBe(before + 1);
  const ref = await reference({ CountyId: values.counties[0], OrderBy: 'Profit_desc' });
  expect(page.Count).toBe(ref.count);
  expect(page.Items.map((x) => x.Cui)).toEqual(ref.cuis.slice(0, page.Items.length));
});

test('after an edit the index stands aside until it is built again: the edit shows at once, then from the index', async () => {
  const company = await createCompany({ name: 'INDEX EDITARE PROBA SRL', employees: 4 });
  await syncEngine();
  await waitForSearchIndex();
  const query: Partial<SearchFilter> = { SearchText: String(company.cui), MinEmployees: 901, MaxEmployees: 901 };
  expect((await findCompanies(null, query)).Count).toBe(0);
  const version = engineDataVersion();

  await sql('UPDATE company SET employees = 901 WHERE cui = $1', [company.cui]);
  const answered = searchIndexStats().answered;
  const after = await findCompanies(null, query);
  expect(engineDataVersion()).toBeGreaterThan(version);
  expect(after.Items.map((x) => x.Cui)).toEqual([company.cui]);
  // The index was built before the edit: it did not answer.
  expect(searchIndexStats().answered).toBe(answered);
  expect(await engineSearchIndex()).toBeNull();

  const rebuilt = await waitForSearchIndex();
  expect(rebuilt?.version).toBe(engineDataVersion());
  clearResultCache();
  const fromIndex = await findCompanies(null, query);
  expect(fromIndex.Items.map((x) => x.Cui)).toEqual([company.cui]);
  expect(searchIndexStats().answered).toBe(answered + 1);
});

test('filter counts: 120 random filters counted on the index equal the engine’s statements', async () => {
  await waitForSearchIndex();
  const random = rng(174);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const fields = filterFields(random, () => values);
  const mismatches: string[] = [];
  const before = searchIndexStats().answered;
  for (let i = 0; i < 120; i++) {
    const f: Partial<SearchFilter> = {};
    const k = Math.floor(random() * 4);
    for (let j = 0; j < k; j++) Object.assign(f, pick(fields)());
    if (random() < 0.3) f.SearchText = pick([pick(names).split(/\s+/)[0], String(pick(cuis)).slice(0, 4), 'srl', 'con']);
    clearResultCache();
    const fromIndex = await facetCompanies(f);
    clearResultCache();
    env.SEARCH_INDEX = false;
    try {
      const fromEngine = await facetCompanies(f);
      if (JSON.stringify(fromIndex) !== JSON.stringify(fromEngine)) mismatches.push(JSON.stringify(f));
    } finally {
      env.SEARCH_INDEX = true;
    }
  }
  expect(mismatches).toEqual([]);
  // The index counted them (several statements per filter when filters are active).
  expect(searchIndexStats().answered).toBeGreaterThan(before + 100);
});
