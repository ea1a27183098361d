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
import { sql } from '../db';
import { buildWhere, COMPANY_CAEN_REVISION, Params } from './conditions';
import { engineQuery } from './engine';
import { COMPANY_ITEM_COLUMNS, toCompanySearchItem, type CompanyItemRow, type CompanySearchPage } from './dto';

const SORT_COLUMN: Record<OrderBy, 'profit' | 'turnover'> = { Profit_desc: 'profit', Turnover_desc: 'turnover' };

export type EngineStatements = { count: string; page: string; params: unknown[] };

/** The engine's count and page statements of a filter (pure: unit-tested). */
export function engineSearchStatements(filter: Partial<SearchFilter>): EngineStatements {
  const pageSize = filter.PageSize ?? SEARCH_PAGE_SIZE;
  const pageNumber = filter.PageNumber ?? 1;
  const sort = SORT_COLUMN[filter.OrderBy ?? DEFAULT_ORDER_BY];
  const built = buildWhere(filter, 'duckdb');
  // Page size and number are validated integers (lib/search/schemas): written as literals.
  const limit = Math.max(1, Math.trunc(pageSize));
  const offset = Math.max(0, Math.trunc((pageNumber - 1) * pageSize));
  return {
    count: `SELECT count(*)::INTEGER AS n FROM company c ${built.where}`,
    page: `SELECT c.cui FROM company c ${built.where} ORDER BY c.${sort} DESC, c.cui DESC LIMIT ${limit} OFFSET ${offset}`,
    params: built.params.values,
  };
}

export async function findCompaniesWithEngine(filter: Partial<SearchFilter>): Promise<CompanySearchPage & { plan: 'engine' }> {
  const pageSize = filter.PageSize ?? SEARCH_PAGE_SIZE;
  const pageNumber = filter.PageNumber ?? 1;
  const st = engineSearchStatements(filter);
  const [[{ n }], page] = await Promise.all([
    engineQuery<{ n: number }>(st.count, st.params),
    engineQuery<{ cui: number }>(st.page, st.params),
  ]);
  const count = Number(n);
  const numberOfPages = Math.ceil(count / pageSize);
  if (count === 0 || pageNumber > numberOfPages || page.length === 0) {
    return { Items: [], NumberOfPages: numberOfPages, Count: count, IsCountCapped: false, plan: 'engine' };
  }
  const cuis = page.map((r) => Number(r.cui));
  const rows = await sql<CompanyItemRow>(
    `SELECT ${COMPANY_ITEM_COLUMNS} FROM company c
       LEFT JOIN caen k ON k.revision = ${COMPANY_CAEN_REVISION} AND k.code = c.caen_code
      WHERE c.cui = ANY($1::int[])`,
    [cuis],
  );
  const byCui = new Map(rows.map((r) => [Number(r.cui), r]));
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

export type FacetName = keyof typeof FACET_FIELDS;
const FACETS = Object.keys(FACET_FIELDS) as FacetName[];
/** Facets counted by a GROUP BY (many values); the others are counted by FILTER aggregates. */
const GROUPED: Partial<Record<FacetName, string>> = { county: 'county_id', caen: 'caen_code', status: 'status_code' };

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '';

const rangeCounts = (column: string, presets: ReadonlyArray<{ min: number; max: number }>) =>
  presets.map((p, i) => `count(*) FILTER (WHERE c.${column} BETWEEN ${p.min} AND ${p.max})::INTEGER AS ${column}_${i}`);

const SCALAR_AGGREGATES: Partial<Record<FacetName, string[]>> = {
  employees: rangeCounts('employees', EMPLOYEE_PRESET_RANGES),
  turnover: rangeCounts('turnover', MONEY_PRESET_RANGES),
  profit: rangeCounts('profit', MONEY_PRESET_RANGES),
  contact: [
    'count(*) FILTER (WHERE c.has_phone AND c.has_email)::INTEGER AS contact_1',
    'count(*) FILTER (WHERE c.has_phone)::INTEGER AS contact_2',
    'count(*) FILTER (WHERE c.has_email)::INTEGER AS contact_3',
  ],
  insolvency: ['count(*) FILTER (WHERE NOT c.has_insolvency_risk)::INTEGER AS insolvency_false', 'count(*) FILTER (WHERE c.has_insolvency_risk)::INTEGER AS insolvency_true'],
  bids: ['count(*) FILTER (WHERE c.has_tenders)::INTEGER AS bids_true', 'count(*) FILTER (WHERE NOT c.has_tenders)::INTEGER AS bids_false'],
  eu: ['count(*) FILTER (WHERE c.has_eu_projects)::INTEGER AS eu_true', 'count(*) FILTER (WHERE NOT c.has_eu_projects)::INTEGER AS eu_false'],
};

export type FacetStatement = { facets: FacetName[]; sql: string; params: unknown[] };

/**
 * The statements of the filter counts: every facet counted under all the active filters but its
 * own. Facets whose own filter is not set share the full filter, so they are counted together in
 * one scan (GROUPING SETS); each facet whose filter is set needs a scan of its own.
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
    const grouped = facets.filter((f) => GROUPED[f]).map((f) => GROUPED[f]!);
    const scalars = facets.flatMap((f) => SCALAR_AGGREGATES[f] ?? []);
    const groupCols = grouped.map((c) => `c.${c}`);
    const sets = [...groupCols.map((c) => `(${c})`), '()'];
    const selectGroup = grouped.length
      ? `${groupCols.join(', ')}, GROUPING(${groupCols.join(', ')})::INTEGER AS gid, `
      : '0 AS gid, ';
    const scalarSql = scalars.length ? `, ${scalars.join(', ')}` : '';
    out.push({
      facets,
      sql: `SELECT ${selectGroup}count(*)::INTEGER AS n${scalarSql} FROM company c ${built.where}${grouped.length ? ` GROUP BY GROUPING SETS (${sets.join(', ')})` : ''}`,
      params: built.params.values,
    });
  }
  return out;
}

let caenSections: { at: number; map: Map<string, string> } | null = null;

async function caenSectionMap(): Promise<Map<string, string>> {
  if (caenSections && Date.now() - caenSections.at < 3_600_000) return caenSections.map;
  const rows = await sql<{ code: string; section: string }>(`SELECT code, section FROM caen WHERE revision = ${COMPANY_CAEN_REVISION} AND level = 'class'`);
  caenSections = { at: Date.now(), map: new Map(rows.map((r) => [r.code, r.section])) };
  return caenSections.map;
}

type FacetRow = Record<string, number | string | null> & { gid: number; n: number };

const byCount = <T extends { Count: number }>(a: T, b: T) => b.Count - a.Count;

/** Counts per option of every filter of the advanced-search panel, each under the other active filters. */
export async function facetCompanies(filter: Partial<SearchFilter>): Promise<CompanyFacets> {
  const statements = facetStatements(filter);
  const [results, sections] = await Promise.all([
    Promise.all(statements.map((s) => engineQuery<FacetRow>(s.sql, s.params))),
    caenSectionMap(),
  ]);
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
  statements.forEach((st, i) => {
    const rows = results[i];
    const grouped = st.facets.filter((f) => GROUPED[f]).map((f) => GROUPED[f]!);
    // GROUPING(a, b, c): bit set = column not grouped; the () set has every bit set.
    const all = (1 << grouped.length) - 1;
    const total = rows.find((r) => Number(r.gid) === all) ?? rows[0];
    const num = (k: string) => Number(total?.[k] ?? 0);
    grouped.forEach((col, k) => {
      const bit = 1 << (grouped.length - 1 - k);
      const mine = rows.filter((r) => Number(r.gid) === all - bit && r[col] !== null);
      if (col === 'county_id') out.Counties = mine.map((r) => ({ Id: Number(r[col]), Count: Number(r.n) })).sort(byCount);
      if (col === 'status_code') out.Statuses = mine.map((r) => ({ Code: Number(r[col]), Count: Number(r.n) })).sort(byCount);
      if (col === 'caen_code') {
        out.Caen = mine.map((r) => ({ Code: String(r[col]), Count: Number(r.n) })).sort(byCount);
        const perSection = new Map<string, number>();
        for (const c of out.Caen) {
          const s = sections.get(c.Code);
          if (s) perSection.set(s, (perSection.get(s) ?? 0) + c.Count);
        }
        out.CaenSections = Array.from(perSection, ([Section, Count]) => ({ Section, Count })).sort(byCount);
      }
    });
    for (const f of st.facets) {
      if (f === 'employees') out.Employees = EMPLOYEE_PRESET_RANGES.map((p, j) => ({ Min: p.min, Max: p.max, Count: num(`employees_${j}`) }));
      if (f === 'turnover') out.Turnover = MONEY_PRESET_RANGES.map((p, j) => ({ Min: p.min, Max: p.max, Count: num(`turnover_${j}`) }));
      if (f === 'profit') out.Profit = MONEY_PRESET_RANGES.map((p, j) => ({ Min: p.min, Max: p.max, Count: num(`profit_${j}`) }));
      if (f === 'contact') out.Contact = [1, 2, 3].map((Id) => ({ Id, Count: num(`contact_${Id}`) }));
      const yesNo = (prefix: string): FacetValue[] => [
        { Value: true, Count: num(`${prefix}_true`) },
        { Value: false, Count: num(`${prefix}_false`) },
      ];
      if (f === 'insolvency') out.InsolvencyRisk = yesNo('insolvency');
      if (f === 'bids') out.Bids = yesNo('bids');
      if (f === 'eu') out.EuropeanProjects = yesNo('eu');
    }
  });
  // The count under the whole filter: the shared statement when some facet is inactive, else count it.
  const shared = statements.findIndex((s) => s.facets.some((f) => !FACET_FIELDS[f].some((k) => isSet(filter[k]))));
  if (shared >= 0) {
    const st = statements[shared];
    const grouped = st.facets.filter((f) => GROUPED[f]);
    const all = (1 << grouped.length) - 1;
    const total = results[shared].find((r) => Number(r.gid) === all) ?? results[shared][0];
    out.Count = Number(total?.n ?? 0);
  } else {
    const built = buildWhere(filter, 'duckdb');
    const p = new Params(built.params.values);
    const [{ n }] = await engineQuery<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM company c ${built.where}`, p.values);
    out.Count = Number(n);
  }
  return out;
}
