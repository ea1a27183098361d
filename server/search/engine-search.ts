// The advanced search and its filter counts: the index, PostgreSQL for the changed companies, or
// PostgreSQL alone without an index (docs/search.md; decisions 026, 074, 106, 119).
import 'server-only';
import { DEFAULT_ORDER_BY, EMPLOYEE_PRESET_RANGES, MONEY_PRESET_RANGES, RISK_BAND_CODES, SEARCH_PAGE_SIZE, type OrderBy, type SearchFilter } from '@/lib/filters';
import type { CompanyFacets, CompanyFacetsAnswer } from '@/lib/search/facets';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { buildWhere, COMPANY_CAEN_REVISION, isCaenClass, type Params } from './conditions';
import { bucketOf, EMPLOYEE_POINTS, factBand, FACT_FACETS, factsKey, factState, FLAG_BITS, MONEY_POINTS, presetBuckets } from './facet-buckets';
import { engineView, readOnSyncedCopy, type EngineView } from './engine';
import { indexFacetCounts, indexPage, positionsOf, type ColumnCounts, type CountColumn } from './search-index';
import { cachedEngineResult, companyItems, filterKey } from './caches';
import { preparedSql } from '../kernel/prepared-sql';
import { COMPANY_ITEM_COLUMNS, toCompanySearchItem, type CompanyItemRow, type CompanySearchPage } from './dto';
import { ownValue } from '@/lib/shared/own-key';

const SORT_COLUMN: Record<OrderBy, 'profit' | 'turnover'> = { Profit_desc: 'profit', Turnover_desc: 'turnover' };
const sortOf = (filter: Partial<SearchFilter>) => ownValue(SORT_COLUMN, filter.OrderBy ?? DEFAULT_ORDER_BY) ?? SORT_COLUMN[DEFAULT_ORDER_BY];

/** A search's scope: CUIs (`within`), or index positions (`only`, `without`) with the same in SQL (`conditions`). */
export type CuiScope = { within?: number[] | null; only?: Int32Array | null; without?: Int32Array | null; conditions?: (p: Params) => string[] };
type Page = { offset: number; limit: number };
type Found = { count: number; cuis: number[] };

/** `FROM … WHERE …` on `c`; `cuis` read first by key (OFFSET 0 fence: 70 ms instead of 1.1 s for 20,000 CUIs with a word at 3.5M). */
function scopedFrom(filter: Partial<SearchFilter>, cuis: number[] | null, scope: CuiScope): { from: string; values: unknown[] } {
  const { where, params: p } = buildWhere(filter);
  const conditions = where ? [where.replace(/^WHERE /, '')] : [];
  const table = cuis ? `(SELECT * FROM company WHERE cui = ANY(${p.add(cuis)}::int[]) OFFSET 0) c` : 'company c';
  if (scope.within) conditions.push(`c.cui = ANY(${p.add(scope.within)}::int[])`);
  if (scope.conditions) conditions.push(...scope.conditions(p));
  return { from: `FROM ${table}${conditions.length ? ` WHERE ${conditions.join(' AND ')}` : ''}`, values: p.values };
}

/** The index's page merged with PostgreSQL's changed companies by sort value; PostgreSQL alone for what the index cannot express. */
export async function searchOnEngine(view: EngineView, filter: Partial<SearchFilter>, scope: CuiScope, page: Page): Promise<Found> {
  const { ix, changed, skip } = view;
  const merge = changed.length > 0;
  const only = scope.only ?? (scope.within ? positionsOf(ix, scope.within) : null);
  const found = indexPage(ix, filter, { skip, only, without: scope.without ?? null }, merge ? { offset: 0, limit: page.offset + page.limit } : page);
  if (!found) return searchOnPostgres(filter, scope, page);
  if (!merge) return { count: found.count, cuis: found.cuis };
  const { from, values } = scopedFrom(filter, changed, scope);
  const rows = await sql<{ cui: number; s: number }>(`SELECT c.cui, c.${sortOf(filter)} AS s ${from}`, values);
  const all = [...found.cuis.map((cui, i) => ({ cui, s: found.keys[i] })), ...rows.map((r) => ({ cui: Number(r.cui), s: Number(r.s) }))];
  all.sort((a, b) => b.s - a.s || b.cui - a.cui);
  return { count: found.count + rows.length, cuis: all.slice(page.offset, page.offset + page.limit).map((r) => r.cui) };
}

async function searchOnPostgres(filter: Partial<SearchFilter>, scope: CuiScope, page: Page): Promise<Found> {
  const { from, values } = scopedFrom(filter, null, scope);
  const limit = values.push(page.limit);
  const offset = values.push(page.offset);
  const [row] = await sql<{ n: number; cuis: number[] }>(
    `SELECT (SELECT count(*) ${from})::int AS n,
            ARRAY(SELECT c.cui ${from} ORDER BY c.${sortOf(filter)} DESC, c.cui DESC LIMIT $${limit} OFFSET $${offset}) AS cuis`,
    values,
  );
  return { count: row.n, cuis: row.cuis.map(Number) };
}

function pageWindow(filter: Partial<SearchFilter>): Page {
  const limit = Math.max(1, Math.trunc(filter.PageSize ?? SEARCH_PAGE_SIZE));
  return { offset: Math.max(0, Math.trunc(((filter.PageNumber ?? 1) - 1) * limit)), limit };
}

const PAGE_ROWS_SQL = `SELECT ${COMPANY_ITEM_COLUMNS} FROM company c
       LEFT JOIN caen k ON k.revision = ${COMPANY_CAEN_REVISION} AND k.code = c.caen_code
      WHERE c.cui = ANY($1::int[])`;

type SearchAnswer = CompanySearchPage & { plan: 'engine' | 'postgres' };

/** GET /api/Company/getCompanies; the engine's answer is cached by data version (migration 20261129020000) and shared. */
export async function findCompanies(_actor: Actor | null, filter: Partial<SearchFilter>): Promise<SearchAnswer> {
  const onCopy = await readOnSyncedCopy(() =>
    cachedEngineResult('answer', filterKey(filter), async () => {
      const view = await engineView();
      if (!view) throw new Error('motorul de căutare nu este pornit');
      return answerOf(filter, await searchOnEngine(view, filter, {}, pageWindow(filter)), 'engine');
    }),
  );
  return onCopy ? onCopy.value : findCompaniesOnPostgres(filter);
}

export async function findCompaniesOnPostgres(filter: Partial<SearchFilter>): Promise<SearchAnswer> {
  return answerOf(filter, await searchOnPostgres(filter, {}, pageWindow(filter)), 'postgres');
}

async function answerOf(filter: Partial<SearchFilter>, { count, cuis }: Found, plan: SearchAnswer['plan']): Promise<SearchAnswer> {
  const numberOfPages = Math.ceil(count / (filter.PageSize ?? SEARCH_PAGE_SIZE));
  const answer = { Items: [], NumberOfPages: numberOfPages, Count: count, IsCountCapped: false, plan };
  if (count === 0 || (filter.PageNumber ?? 1) > numberOfPages || cuis.length === 0) return answer;
  const read = (missing: number[]) => preparedSql<CompanyItemRow>(PAGE_ROWS_SQL, [missing]);
  const byCui = plan === 'engine' ? await companyItems(cuis, read) : new Map((await read(cuis)).map((r) => [Number(r.cui), r]));
  // The engine's order; a company deleted in PostgreSQL since the engine's last sync is left out.
  return { ...answer, Items: cuis.flatMap((cui) => (byCui.has(cui) ? [toCompanySearchItem(byCui.get(cui)!)] : [])) };
}

/** GET /api/Company/getCompanyFacets; no counts without the engine (seconds on PostgreSQL at 3.5M). */
export async function findCompanyFacets(filter: Partial<SearchFilter>): Promise<CompanyFacetsAnswer> {
  const onCopy = await readOnSyncedCopy(() => facetCompanies(filter));
  return onCopy ? { Available: true, Facets: onCopy.value } : { Available: false, Facets: null };
}

type YesNoField = 'InsolvencyRisk' | 'Bids' | 'EuropeanProjects' | 'VatPayer' | 'Inactive' | 'EFactura' | 'TaxArrears';
type Facet = { fields: ReadonlyArray<keyof SearchFilter>; column: CountColumn; yesNo?: [YesNoField, (v: number) => number] };
const flagState = (bit: number) => (v: number) => ((v & bit) === bit ? 1 : 2);
const factOf = (fact: (typeof FACT_FACETS)[number]) => (v: number) => factState(v, fact);

/** Each facet's own fields (counted under every other filter), its column, and for yes/no its field and value state (1 yes, 2 no). */
const FACET_TABLE = {
  county: { fields: ['CountyId', 'PrefectureId'], column: 'county_id' },
  caen: { fields: ['CaenCode'], column: 'caen_id' },
  status: { fields: ['StatusCode'], column: 'status_code' },
  employees: { fields: ['MinEmployees', 'MaxEmployees'], column: 'emp_b' },
  turnover: { fields: ['MinTurnover', 'MaxTurnover'], column: 'turn_b' },
  profit: { fields: ['MinProfit', 'MaxProfit'], column: 'prof_b' },
  contact: { fields: ['HasEmail', 'HasPhone'], column: 'flags' },
  insolvency: { fields: ['HasInsolvencyRisk'], column: 'flags', yesNo: ['InsolvencyRisk', flagState(FLAG_BITS.has_insolvency_risk)] },
  bids: { fields: ['HasBids'], column: 'flags', yesNo: ['Bids', flagState(FLAG_BITS.has_tenders)] },
  eu: { fields: ['HasEuropeanProjects'], column: 'flags', yesNo: ['EuropeanProjects', flagState(FLAG_BITS.has_eu_projects)] },
  vat: { fields: ['IsVatPayer'], column: 'facts', yesNo: ['VatPayer', factOf('vat_payer')] },
  inactive: { fields: ['IsInactive'], column: 'facts', yesNo: ['Inactive', factOf('is_inactive')] },
  efactura: { fields: ['HasEFactura'], column: 'facts', yesNo: ['EFactura', factOf('e_factura')] },
  arrears: { fields: ['HasTaxArrears'], column: 'facts', yesNo: ['TaxArrears', factOf('has_arrears')] },
  band: { fields: ['RiskBand'], column: 'facts' },
} satisfies Record<string, Facet>;

type FacetName = keyof typeof FACET_TABLE;
const FACETS = Object.keys(FACET_TABLE) as FacetName[];
const facet = (f: FacetName): Facet => FACET_TABLE[f];
const isActive = (f: FacetName, filter: Partial<SearchFilter>) => facet(f).fields.some((k) => filter[k] != null && filter[k] !== '');

type FacetGroup = { facets: FacetName[]; filter: Partial<SearchFilter>; columns: CountColumn[] };

/** The inactive facets share one count under the filter; each active one is counted without its own fields. */
export function facetGroups(filter: Partial<SearchFilter>): FacetGroup[] {
  const groups = new Map<string, FacetName[]>();
  for (const f of FACETS) {
    const key = isActive(f, filter) ? f : '';
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return Array.from(groups, ([key, facets]) => {
    const without: Partial<SearchFilter> = { ...filter };
    if (key !== '') for (const k of facet(key as FacetName).fields) (without as Record<string, unknown>)[k] = null;
    return { facets, filter: without, columns: Array.from(new Set(facets.map((f) => facet(f).column))) };
  });
}

let caenSections: { at: number; map: Map<string, string> } | null = null;

async function caenSectionMap(): Promise<Map<string, string>> {
  if (caenSections && Date.now() - caenSections.at < 3_600_000) return caenSections.map;
  const rows = await sql<{ code: string; section: string }>(`SELECT code, section FROM caen WHERE revision = ${COMPANY_CAEN_REVISION} AND level = 'class'`);
  caenSections = { at: Date.now(), map: new Map(rows.map((r) => [r.code, r.section])) };
  return caenSections.map;
}

/** Most companies first, ties by key (independent of the grouping). */
const byCount =
  <K extends string>(key: K) =>
  <T extends { Count: number } & Record<K, string | number>>(a: T, b: T) =>
    b.Count - a.Count || (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0);

export function facetCompanies(filter: Partial<SearchFilter>): Promise<CompanyFacets> {
  const { PageNumber: _page, PageSize: _size, OrderBy: _order, ...counted } = filter;
  return cachedEngineResult('facets', filterKey(counted), () => countFacets(counted));
}

/** A changed company's count columns, as buildSearchIndex computes them. */
type KeyRow = { county_id: number | null; caen_code: string | null; status_code: number | null; employees: number | null; turnover: number; profit: number; flags: number; facts: FactRow | null };
type FactRow = { vat_payer: boolean | null; is_inactive: boolean | null; e_factura: boolean | null; has_arrears: boolean; band: number | null };

const FLAG_SQL = Object.entries(FLAG_BITS).map(([c, bit]) => `CASE WHEN c.${c} THEN ${bit} ELSE 0 END`).join(' + ');
/** Read as conditions.ts reads them, so these counts and the index's agree. */
const FACTS_SQL = `json_build_object(
  'vat_payer', (SELECT x.vat_payer FROM fiscal_check x WHERE x.cui = c.cui),
  'is_inactive', (SELECT x.inactive FROM fiscal_check x WHERE x.cui = c.cui),
  'e_factura', (SELECT x.e_factura FROM fiscal_check x WHERE x.cui = c.cui),
  'has_arrears', EXISTS (SELECT 1 FROM v_company_arrears x WHERE x.cui = c.cui),
  'band', (SELECT ascii(x.band) - 64 FROM company_risk x WHERE x.cui = c.cui))`;

function keysOf(r: KeyRow): Record<CountColumn, number | null> {
  return {
    county_id: r.county_id,
    caen_id: isCaenClass(r.caen_code) ? Number(r.caen_code) : null,
    status_code: r.status_code,
    emp_b: r.employees === null ? 0 : bucketOf(Number(r.employees), EMPLOYEE_POINTS),
    turn_b: bucketOf(Number(r.turnover), MONEY_POINTS),
    prof_b: bucketOf(Number(r.profit), MONEY_POINTS),
    flags: Number(r.flags),
    facts: r.facts ? factsKey(FACT_FACETS.map((f) => r.facts![f]), r.facts.band) : 0,
  };
}

async function groupCounts(view: EngineView, group: FacetGroup): Promise<ColumnCounts> {
  const fromIndex = indexFacetCounts(view.ix, group.filter, group.columns, view.skip);
  if (fromIndex && view.changed.length === 0) return fromIndex;
  const { from, values } = scopedFrom(group.filter, fromIndex ? view.changed : null, {});
  const rows = await sql<KeyRow>(
    `SELECT c.county_id, c.caen_code, c.status_code, c.employees, c.turnover, c.profit, (${FLAG_SQL})::int AS flags${group.columns.includes('facts') ? `, ${FACTS_SQL} AS facts` : ''} ${from}`,
    values,
  );
  const out: ColumnCounts = fromIndex ?? new Map(group.columns.map((c) => [c, new Map()]));
  for (const r of rows) {
    const keys = keysOf(r);
    for (const c of group.columns) {
      const counts = out.get(c)!;
      counts.set(keys[c], (counts.get(keys[c]) ?? 0) + 1);
    }
  }
  return out;
}

async function countFacets(filter: Partial<SearchFilter>): Promise<CompanyFacets> {
  const view = await engineView();
  if (!view) throw new Error('motorul de căutare nu este pornit');
  const groups = facetGroups(filter);
  const [results, sections] = await Promise.all([Promise.all(groups.map((g) => groupCounts(view, g))), caenSectionMap()]);
  const out: CompanyFacets = {
    Count: 0, Counties: [], Caen: [], CaenSections: [], Statuses: [], Employees: [], Turnover: [], Profit: [], Contact: [],
    InsolvencyRisk: [], Bids: [], EuropeanProjects: [], VatPayer: [], Inactive: [], EFactura: [], TaxArrears: [], RiskBands: [],
  };
  let total: number | null = null;
  groups.forEach((g, i) => {
    const valuesOf = (c: CountColumn) => Array.from(results[i].get(c)!).filter((e): e is [number, number] => e[0] !== null);
    const sum = (c: CountColumn, where: (v: number) => boolean) => valuesOf(c).reduce((a, [v, n]) => (where(v) ? a + n : a), 0);
    if (total === null && g.facets.some((f) => !isActive(f, filter))) total = Array.from(results[i].get(g.columns[0])!.values()).reduce((a, n) => a + n, 0);
    for (const f of g.facets) {
      const { column, yesNo } = facet(f);
      if (f === 'county') out.Counties = valuesOf('county_id').map(([Id, Count]) => ({ Id, Count })).sort(byCount('Id'));
      else if (f === 'status') out.Statuses = valuesOf('status_code').map(([Code, Count]) => ({ Code, Count })).sort(byCount('Code'));
      else if (f === 'caen') {
        out.Caen = valuesOf('caen_id').map(([v, Count]) => ({ Code: String(v).padStart(4, '0'), Count })).sort(byCount('Code'));
        const perSection = new Map<string, number>();
        for (const c of out.Caen) {
          const s = sections.get(c.Code);
          if (s) perSection.set(s, (perSection.get(s) ?? 0) + c.Count);
        }
        out.CaenSections = Array.from(perSection, ([Section, Count]) => ({ Section, Count })).sort(byCount('Section'));
      } else if (f === 'band') {
        out.RiskBands = RISK_BAND_CODES.map((Band, i) => ({ Band, Count: sum('facts', (v) => factBand(v) === i + 1) }));
      } else if (f === 'employees' || f === 'turnover' || f === 'profit') {
        const [presets, points] = f === 'employees' ? [EMPLOYEE_PRESET_RANGES, EMPLOYEE_POINTS] : [MONEY_PRESET_RANGES, MONEY_POINTS];
        out[f === 'employees' ? 'Employees' : f === 'turnover' ? 'Turnover' : 'Profit'] = presets.map((p) => {
          const [from, to] = presetBuckets(p, points);
          return { Min: p.min, Max: p.max, Count: sum(column, (v) => v >= from && v < to) };
        });
      } else if (f === 'contact') {
        // The panel's contact options (CONTACT_FILTER_OPTIONS): 1 e-mail and phone, 2 phone, 3 e-mail.
        const { has_email: email, has_phone: phone } = FLAG_BITS;
        out.Contact = [email | phone, phone, email].map((bits, i) => ({ Id: i + 1, Count: sum('flags', (v) => (v & bits) === bits) }));
      } else if (yesNo) {
        const [field, state] = yesNo;
        out[field] = [true, false].map((Value) => ({ Value, Count: sum(column, (v) => state(v) === (Value ? 1 : 2)) }));
      }
    }
  });
  out.Count = total ?? (await searchOnEngine(view, filter, {}, { offset: 0, limit: 0 })).count;
  return out;
}
