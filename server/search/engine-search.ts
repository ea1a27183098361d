// Advanced search on the search engine (decision 026): the engine finds the page's CUIs in the sort
// order and the exact count; PostgreSQL, the system of record, supplies the page's companies. The
// WHERE is the one filter implementation (conditions.ts buildWhere) in the engine's dialect.
import 'server-only';
import {
  DEFAULT_ORDER_BY,
  EMPLOYEE_PRESET_RANGES,
  MONEY_PRESET_RANGES,
  SEARCH_PAGE_SIZE,
  type OrderBy,
  type SearchFilter,
} from '@/lib/filters';
import type { CompanyFacets, FacetValue } from '@/lib/search/facets';
import { sql } from '../kernel/db';
import { buildWhere, COMPANY_CAEN_REVISION } from './conditions';
import { EMPLOYEE_POINTS, FLAG_BITS, MONEY_POINTS, presetBuckets } from './facet-buckets';
import { engineQuery, engineSearchIndex } from './engine';
import { indexFacetRows, indexPage } from './search-index';
import { cachedEngineResult, filterKey } from './result-cache';
import { companyItems } from './item-cache';
import { preparedSql } from '../kernel/prepared-sql';
import { COMPANY_ITEM_COLUMNS, toCompanySearchItem, type CompanyItemRow, type CompanySearchPage } from './dto';
import { ownValue } from '@/lib/shared/own-key';

const SORT_COLUMN: Record<OrderBy, 'profit' | 'turnover'> = { Profit_desc: 'profit', Turnover_desc: 'turnover' };

type EngineStatements = {
  count: string;
  page: string;
  /**
   * Count and page in one pass (decision 047): the count and the first `offset + limit` CUIs in the
   * sort order (max_by's top-N on one key: the sort value, then the CUI). Only when the filter
   * looks words up in the word tables (the join is then done once instead of twice) and the page
   * is not too deep; otherwise null, and `count` and `page` run side by side: without a word the
   * page is a top-N that skips row groups, and max_by over every matching row cost 4x more
   * (3.5M companies: p50 286 against 65 ms).
   */
  both: string | null;
  offset: number;
  limit: number;
  params: unknown[];
};

/** Deeper pages than this (offset + limit) are not read by the one-pass statement. */
const ONE_PASS_MAX_ROWS = 2_000;

/** The engine's count and page statements of a filter (pure: unit-tested). */
export function engineSearchStatements(filter: Partial<SearchFilter>): EngineStatements {
  const pageSize = filter.PageSize ?? SEARCH_PAGE_SIZE;
  const pageNumber = filter.PageNumber ?? 1;
  const sort = ownValue(SORT_COLUMN, filter.OrderBy ?? DEFAULT_ORDER_BY) ?? SORT_COLUMN[DEFAULT_ORDER_BY];
  const built = buildWhere(filter, 'duckdb');
  // Page size and number are validated integers (lib/search/schemas): written as literals.
  const limit = Math.max(1, Math.trunc(pageSize));
  const offset = Math.max(0, Math.trunc((pageNumber - 1) * pageSize));
  const order = `ORDER BY c.${sort} DESC, c.cui DESC LIMIT ${limit} OFFSET ${offset}`;
  // The sort value and the CUI as one orderable key (a CUI is below 2^32), so max_by's top-N is
  // the documented order `sort DESC, cui DESC` (both columns are NOT NULL).
  const key = `c.${sort}::HUGEINT * 4294967296 + c.cui`;
  return {
    count: `SELECT count(*)::INTEGER AS n FROM company c ${built.where}`,
    page: `SELECT c.cui FROM company c ${built.where} ${order}`,
    both: offset + limit <= ONE_PASS_MAX_ROWS && built.where.includes('FROM name_token') ? `SELECT count(*)::INTEGER AS n, max_by(c.cui, ${key}, ${offset + limit}) AS top FROM company c ${built.where}` : null,
    offset,
    limit,
    params: built.params.values,
  };
}

/** The exact count and the page's CUIs in the sort order, from the engine. */
async function enginePage(filter: Partial<SearchFilter>): Promise<{ count: number; cuis: number[] }> {
  // The search index (decision 074) when it is current and can express the filter.
  const ix = await engineSearchIndex();
  if (ix) {
    const found = indexPage(ix, filter);
    if (found) return found;
  }
  const st = engineSearchStatements(filter);
  if (st.both) {
    const [{ n, top }] = await engineQuery<{ n: number; top: number[] | null }>(st.both, st.params);
    return { count: Number(n), cuis: (top ?? []).slice(st.offset, st.offset + st.limit).map(Number) };
  }
  // The count and the page at once on two connections.
  const [[{ n }], page] = await Promise.all([engineQuery<{ n: number }>(st.count, st.params), engineQuery<{ cui: number }>(st.page, st.params)]);
  return { count: Number(n), cuis: page.map((r) => Number(r.cui)) };
}

/** The page's companies from PostgreSQL, by CUI (a fixed text: prepared once per connection). */
const PAGE_ROWS_SQL = `SELECT ${COMPANY_ITEM_COLUMNS} FROM company c
       LEFT JOIN caen k ON k.revision = ${COMPANY_CAEN_REVISION} AND k.code = c.caen_code
      WHERE c.cui = ANY($1::int[])`;

/**
 * The whole answer of a filter, cached under the engine's data version (result-cache.ts): the
 * change log records every column the answer shows (name, registration code, address, CAEN code,
 * money, employees: migration 20261129020000), so an edit of any of them bumps the version like a
 * filter column does. The answer is shared by the requests that get it: never modified.
 */
export function findCompaniesWithEngine(filter: Partial<SearchFilter>): Promise<CompanySearchPage & { plan: 'engine' }> {
  return cachedEngineResult('answer', filterKey(filter), () => computeAnswer(filter));
}

async function computeAnswer(filter: Partial<SearchFilter>): Promise<CompanySearchPage & { plan: 'engine' }> {
  const pageSize = filter.PageSize ?? SEARCH_PAGE_SIZE;
  const pageNumber = filter.PageNumber ?? 1;
  const { count, cuis } = await enginePage(filter);
  const numberOfPages = Math.ceil(count / pageSize);
  if (count === 0 || pageNumber > numberOfPages || cuis.length === 0) {
    return { Items: [], NumberOfPages: numberOfPages, Count: count, IsCountCapped: false, plan: 'engine' };
  }
  const byCui = await companyItems(cuis, (missing) => preparedSql<CompanyItemRow>(PAGE_ROWS_SQL, [missing]));
  // The engine's order; a company deleted in PostgreSQL since the engine's last sync is left out.
  const items = cuis.flatMap((cui) => {
    const r = byCui.get(cui);
    return r ? [toCompanySearchItem(r)] : [];
  });
  return { Items: items, NumberOfPages: numberOfPages, Count: count, IsCountCapped: false, plan: 'engine' };
}

// ───────────────────────────── filter counts (facets) ─────────────────────────────

/** The facets and the filter fields each one owns: its counts are taken under every other filter. */
const FACET_FIELDS = {
  county: ['CountyId', 'PrefectureId'],
  caen: ['CaenCode'],
  status: ['StatusCode'],
  employees: ['MinEmployees', 'MaxEmployees'],
  turnover: ['MinTurnover', 'MaxTurnover'],
  profit: ['MinProfit', 'MaxProfit'],
  contact: ['HasEmail', 'HasPhone'],
  insolvency: ['HasInsolvencyRisk'],
  bids: ['HasBids'],
  eu: ['HasEuropeanProjects'],
} as const satisfies Record<string, ReadonlyArray<keyof SearchFilter>>;

type FacetName = keyof typeof FACET_FIELDS;
const FACETS = Object.keys(FACET_FIELDS) as FacetName[];
/** The engine column each facet is counted by (facet-buckets.ts derives the small-integer ones). */
const FACET_KEY: Record<FacetName, string> = {
  county: 'county_id',
  caen: 'caen_id',
  status: 'status_code',
  employees: 'emp_b',
  turnover: 'turn_b',
  profit: 'prof_b',
  contact: 'flags',
  insolvency: 'flags',
  bids: 'flags',
  eu: 'flags',
};
/** Facets with many values get a grouping set of their own; the small ones share one. */
const OWN_SET: ReadonlySet<FacetName> = new Set(['county', 'caen', 'status']);

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '';

type FacetStatement = {
  facets: FacetName[];
  /** the filter it counts under (the search's, without the facet's own fields when it is active) */
  filter: Partial<SearchFilter>;
  /** the grouping sets, each a list of key columns */
  sets: string[][];
  /** every key column, in GROUPING() order */
  keys: string[];
  sql: string;
  params: unknown[];
};

/**
 * The statements of the filter counts: every facet counted under all the active filters but its
 * own. Facets whose own filter is not set share the full filter: one scan with GROUPING SETS (the
 * big dimensions one set each, the small ones together by their bucket columns). Each facet whose
 * filter is set needs a scan of its own, without its own condition.
 */
export function facetStatements(filter: Partial<SearchFilter>): FacetStatement[] {
  const groups = new Map<string, FacetName[]>();
  for (const f of FACETS) {
    const active = FACET_FIELDS[f].some((k) => isSet(filter[k]));
    const key = active ? f : '';
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const out: FacetStatement[] = [];
  for (const [key, facets] of groups) {
    const without: Partial<SearchFilter> = { ...filter };
    if (key !== '') for (const k of FACET_FIELDS[key as FacetName]) (without as Record<string, unknown>)[k] = null;
    const built = buildWhere(without, 'duckdb');
    const sets: string[][] = facets.filter((f) => OWN_SET.has(f)).map((f) => [FACET_KEY[f]]);
    const small = Array.from(new Set(facets.filter((f) => !OWN_SET.has(f)).map((f) => FACET_KEY[f])));
    if (small.length) sets.push(small);
    const keys = Array.from(new Set(sets.flat()));
    const cols = keys.map((k) => `c.${k}`).join(', ');
    out.push({
      facets,
      filter: without,
      sets,
      keys,
      sql: `SELECT ${cols}, GROUPING(${cols})::INTEGER AS gid, count(*)::INTEGER AS n FROM company c ${built.where}
             GROUP BY GROUPING SETS (${sets.map((set) => `(${set.map((k) => `c.${k}`).join(', ')})`).join(', ')})`,
      params: built.params.values,
    });
  }
  return out;
}

/** GROUPING(k1..kn) of the rows of one grouping set: a bit set for each key not in it (k1 highest). */
export const groupingId = (keys: readonly string[], set: readonly string[]) =>
  keys.reduce((id, k, i) => (set.includes(k) ? id : id | (1 << (keys.length - 1 - i))), 0);

let caenSections: { at: number; map: Map<string, string> } | null = null;

async function caenSectionMap(): Promise<Map<string, string>> {
  if (caenSections && Date.now() - caenSections.at < 3_600_000) return caenSections.map;
  const rows = await sql<{ code: string; section: string }>(`SELECT code, section FROM caen WHERE revision = ${COMPANY_CAEN_REVISION} AND level = 'class'`);
  caenSections = { at: Date.now(), map: new Map(rows.map((r) => [r.code, r.section])) };
  return caenSections.map;
}

type FacetRow = Record<string, number | null> & { gid: number; n: number };

/** Most companies first; equal counts by the option's key, so the order does not depend on how the counts were grouped. */
const byCount =
  <K extends string>(key: K) =>
  <T extends { Count: number } & Record<K, string | number>>(a: T, b: T) =>
    b.Count - a.Count || (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0);

/** Counts per option of every filter of the advanced-search panel, each under the other active filters. */
export function facetCompanies(filter: Partial<SearchFilter>): Promise<CompanyFacets> {
  // Paging and order do not change the counts: one entry for every page of a filter.
  const { PageNumber: _page, PageSize: _size, OrderBy: _order, ...counted } = filter;
  return cachedEngineResult('facets', filterKey(counted), () => countFacets(counted));
}

/**
 * Every statement's rows counted on the search index (decision 074) when it is current and can
 * express each statement's filter; null otherwise (the engine's statements answer).
 */
async function facetRowsFromIndex(filter: Partial<SearchFilter>): Promise<{ statements: FacetStatement[]; results: FacetRow[][] } | null> {
  const ix = await engineSearchIndex();
  if (!ix) return null;
  const statements = facetStatements(filter);
  const results: FacetRow[][] = [];
  for (const st of statements) {
    const rows = await indexFacetRows(ix, st.filter, st.sets, (set) => groupingId(st.keys, set));
    if (!rows) return null;
    results.push(rows);
  }
  return { statements, results };
}

async function countFacets(filter: Partial<SearchFilter>): Promise<CompanyFacets> {
  const facetRows = async (): Promise<{ statements: FacetStatement[]; results: FacetRow[][] }> => {
    const fromIndex = await facetRowsFromIndex(filter);
    if (fromIndex) return fromIndex;
    const statements = facetStatements(filter);
    return { statements, results: await Promise.all(statements.map((s) => engineQuery<FacetRow>(s.sql, s.params))) };
  };
  const [{ statements, results }, sections] = await Promise.all([facetRows(), caenSectionMap()]);
  const out: CompanyFacets = {
    Count: 0,
    Counties: [],
    Caen: [],
    CaenSections: [],
    Statuses: [],
    Employees: [],
    Turnover: [],
    Profit: [],
    Contact: [],
    InsolvencyRisk: [],
    Bids: [],
    EuropeanProjects: [],
  };
  let total: number | null = null;
  statements.forEach((st, i) => {
    const rowsOf = (set: string[]) => {
      const gid = groupingId(st.keys, set);
      return results[i].filter((r) => Number(r.gid) === gid);
    };
    const sum = (rows: FacetRow[], where: (r: FacetRow) => boolean) => rows.reduce((a, r) => (where(r) ? a + Number(r.n) : a), 0);
    const isShared = st.facets.some((f) => !FACET_FIELDS[f].some((k) => isSet(filter[k])));
    if (isShared && total === null) total = sum(rowsOf(st.sets[0]), () => true);
    const smallSet = st.sets.find((set) => set.length > 1 || !['county_id', 'caen_id', 'status_code'].includes(set[0]));
    const small = smallSet ? rowsOf(smallSet) : [];
    const num = (r: FacetRow, k: string) => Number(r[k]);
    for (const f of st.facets) {
      if (f === 'county') {
        out.Counties = rowsOf(['county_id']).filter((r) => r.county_id !== null).map((r) => ({ Id: num(r, 'county_id'), Count: Number(r.n) })).sort(byCount('Id'));
      } else if (f === 'status') {
        out.Statuses = rowsOf(['status_code']).filter((r) => r.status_code !== null).map((r) => ({ Code: num(r, 'status_code'), Count: Number(r.n) })).sort(byCount('Code'));
      } else if (f === 'caen') {
        out.Caen = rowsOf(['caen_id'])
          .filter((r) => r.caen_id !== null)
          .map((r) => ({ Code: String(num(r, 'caen_id')).padStart(4, '0'), Count: Number(r.n) }))
          .sort(byCount('Code'));
        const perSection = new Map<string, number>();
        for (const c of out.Caen) {
          const s = sections.get(c.Code);
          if (s) perSection.set(s, (perSection.get(s) ?? 0) + c.Count);
        }
        out.CaenSections = Array.from(perSection, ([Section, Count]) => ({ Section, Count })).sort(byCount('Section'));
      } else if (f === 'employees' || f === 'turnover' || f === 'profit') {
        const [presets, points, col] =
          f === 'employees' ? [EMPLOYEE_PRESET_RANGES, EMPLOYEE_POINTS, 'emp_b'] : [MONEY_PRESET_RANGES, MONEY_POINTS, f === 'turnover' ? 'turn_b' : 'prof_b'];
        const counts = presets.map((p) => {
          const [from, to] = presetBuckets(p, points);
          return { Min: p.min, Max: p.max, Count: sum(small, (r) => num(r, col) >= from && num(r, col) < to) };
        });
        if (f === 'employees') out.Employees = counts;
        else if (f === 'turnover') out.Turnover = counts;
        else out.Profit = counts;
      } else {
        const has = (bit: number) => (r: FacetRow) => (num(r, 'flags') & bit) === bit;
        const hasNot = (bit: number) => (r: FacetRow) => (num(r, 'flags') & bit) === 0;
        if (f === 'contact') {
          out.Contact = [
            { Id: 1, Count: sum(small, has(FLAG_BITS.has_email | FLAG_BITS.has_phone)) },
            { Id: 2, Count: sum(small, has(FLAG_BITS.has_phone)) },
            { Id: 3, Count: sum(small, has(FLAG_BITS.has_email)) },
          ];
        }
        const yesNo = (bit: number): FacetValue[] => [
          { Value: true, Count: sum(small, has(bit)) },
          { Value: false, Count: sum(small, hasNot(bit)) },
        ];
        if (f === 'insolvency') out.InsolvencyRisk = yesNo(FLAG_BITS.has_insolvency_risk);
        if (f === 'bids') out.Bids = yesNo(FLAG_BITS.has_tenders);
        if (f === 'eu') out.EuropeanProjects = yesNo(FLAG_BITS.has_eu_projects);
      }
    }
  });
  if (total === null) {
    const built = buildWhere(filter, 'duckdb');
    const [{ n }] = await engineQuery<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM company c ${built.where}`, built.params.values);
    total = Number(n);
  }
  out.Count = total;
  return out;
}
