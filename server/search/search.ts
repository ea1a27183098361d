// Advanced search: GET /api/Company/getCompanies. Count first (capped), then
// choose the page plan (docs/decisions/005):
//   1. one query reads at most SEARCH_COUNT_CAP + 1 matching rows in whatever order is cheapest,
//      counts them and sorts them: when they are all the matches (≤ 10,000) that is already the
//      exact count and the page ('filter-first': the few rows found by the filter's indexes are
//      sorted, the planner never walks a sort index hoping to meet 21 matches early);
//   2. more than 10,000 → matches are dense: walk a (dimension, sort_key, cui) index in order
//      ('index-walk'), or one money band at a time when a turnover/profit range is anti-correlated
//      with the sort ('bands', see bands.ts).
// Ordering is always `sort_key DESC, cui DESC`, so pages are stable and keyset-friendly.
import 'server-only';
import { DEFAULT_ORDER_BY, SEARCH_PAGE_SIZE, type OrderBy, type SearchFilter } from '@/lib/filters';
import { SEARCH_COUNT_CAP } from '@/lib/search-count';
import type { Actor } from '../auth/actor';
import { sql } from '../kernel/db';
import { bandsFor } from './bands';
import { cubeCount } from './count-cube';
import { COMPANY_CAEN_REVISION, Params, buildWhere, wholeRange, type BuiltSearch } from './conditions';
import { readOnSyncedCopy } from './engine';
import { findCompaniesWithEngine } from './engine-search';
import { COMPANY_ITEM_COLUMNS, toCompanySearchItem, type CompanyItemRow, type CompanySearchPage } from './dto';
import { ownValue } from '@/lib/shared/own-key';

const SORT_COLUMN: Record<OrderBy, 'profit' | 'turnover'> = {
  Profit_desc: 'profit',
  Turnover_desc: 'turnover',
};

export type SearchPlan = 'engine' | 'empty' | 'filter-first' | 'index-walk' | 'bands' | 'beyond-last-page';

/** A band covered by less than this share (log scale) is read filter-first, not walked. */
const PARTIAL_BAND_WALK_MIN_COVERAGE = 0.1;

export { buildWhere,  } from './conditions';

/** Number of matches, exact up to the cap; SEARCH_COUNT_CAP + 1 means "more than the cap". */
async function countCompanies(built: BuiltSearch): Promise<number> {
  const p = new Params(built.params.values);
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM company c ${built.where} LIMIT ${p.add(SEARCH_COUNT_CAP + 1)}) t`,
    p.values,
  );
  return row?.n ?? 0;
}

/** The range on the other money column than the sort key, when there is one (see bands.ts). */
function crossRange(filter: Partial<SearchFilter>, sortColumn: 'profit' | 'turnover') {
  const [min, max] =
    sortColumn === 'profit' ? [filter.MinTurnover, filter.MaxTurnover] : [filter.MinProfit, filter.MaxProfit];
  const r = wholeRange(min, max);
  const column = sortColumn === 'profit' ? 'turnover' : 'profit';
  // A turnover minimum of 0 restricts nothing (turnover is never negative).
  const lower = column === 'turnover' && r.min === 0 ? null : r.min;
  if (lower === null && r.max === null) return null;
  return { column, min: lower, max: r.max };
}

const withDetails = (pageSql: string, sortColumn: string, extra = '') =>
  `SELECT ${COMPANY_ITEM_COLUMNS}${extra}
     FROM (${pageSql}) page
     JOIN company c ON c.cui = page.cui
     LEFT JOIN caen k ON k.revision = ${COMPANY_CAEN_REVISION} AND k.code = c.caen_code
    ORDER BY c.${sortColumn} DESC, c.cui DESC`;

export type FindOptions = {
  /** Count above which the index-walk plans are used (default: the count cap). Tests lower it. */
  denseAbove?: number;
  /** PostgreSQL only, even when the search engine is ready (the reference the engine is tested against). */
  postgresOnly?: boolean;
};

export async function findCompanies(
  _actor: Actor | null,
  filter: Partial<SearchFilter>,
  options: FindOptions = {},
): Promise<CompanySearchPage & { plan: SearchPlan }> {
  if (!options.postgresOnly && options.denseAbove === undefined) {
    const onCopy = await readOnSyncedCopy(() => findCompaniesWithEngine(filter));
    if (onCopy) return onCopy.value;
  }
  const page = await findOnPostgres(filter, options);
  return { ...page, IsCountCapped: page.Count > SEARCH_COUNT_CAP };
}

async function findOnPostgres(filter: Partial<SearchFilter>, options: FindOptions): Promise<CompanySearchPage & { plan: SearchPlan }> {
  const pageSize = filter.PageSize ?? SEARCH_PAGE_SIZE;
  const pageNumber = filter.PageNumber ?? 1;
  const offsetValue = (pageNumber - 1) * pageSize;
  const sortColumn = ownValue(SORT_COLUMN, filter.OrderBy ?? DEFAULT_ORDER_BY) ?? SORT_COLUMN[DEFAULT_ORDER_BY];
  const built = buildWhere(filter);

  const denseAbove = options.denseAbove ?? SEARCH_COUNT_CAP;
  let count: number;
  // 0. Filters without text, ranges or locality: the count cube says at once how many match.
  const fromCube = await cubeCount(filter);
  if (fromCube !== null && fromCube > denseAbove) {
    count = Math.min(fromCube, SEARCH_COUNT_CAP + 1);
  } else {
    // 1. Count (capped) and, when that is all of them, the page from the same rows.
    const p1 = new Params();
    p1.values.push(...built.params.values);
    // (A small cube count is not trusted: facts can change between imports, e.g. a new contact.)
    const firstPass = await sql<CompanyItemRow & { n: number }>(
      withDetails(
        `SELECT m.cui, m.s, count(*) OVER ()::int AS n
           FROM (SELECT c.cui, c.${sortColumn} AS s FROM company c ${built.where} LIMIT ${p1.add(SEARCH_COUNT_CAP + 1)}) m
          ORDER BY m.s DESC, m.cui DESC LIMIT ${p1.add(pageSize)} OFFSET ${p1.add(offsetValue)}`,
        sortColumn,
        ', page.n',
      ),
      p1.values,
    );
    // A page past the end returns no row, so no count: ask for it alone.
    count = firstPass[0]?.n ?? (offsetValue > 0 ? await countCompanies(built) : 0);
    const pages = Math.ceil(count / pageSize);
    if (count === 0) return { Items: [], NumberOfPages: 0, Count: 0, plan: 'empty' };
    if (pageNumber > pages) return { Items: [], NumberOfPages: pages, Count: count, plan: 'beyond-last-page' };
    if (count <= denseAbove) {
      return { Items: firstPass.map(toCompanySearchItem), NumberOfPages: pages, Count: count, plan: 'filter-first' };
    }
  }
  const numberOfPages = Math.ceil(count / pageSize);
  if (pageNumber > numberOfPages) return { Items: [], NumberOfPages: numberOfPages, Count: count, plan: 'beyond-last-page' };

  // 2. Dense: walk the sort order (the first pass, if any, read an arbitrary 10,001 rows).
  const cross = crossRange(filter, sortColumn);
  const p = new Params();
  p.values.push(...built.params.values);
  let pageSql: string;
  if (cross) {
    const perBranch = p.add(offsetValue + pageSize);
    const and = built.where ? `${built.where} AND` : 'WHERE';
    const branches = bandsFor(cross.min, cross.max).map((b) => {
      const walk = b.full || b.coverage >= PARTIAL_BAND_WALK_MIN_COVERAGE;
      const key = walk ? `c.${sortColumn}` : `(c.${sortColumn} + 0)`;
      // The part of the range inside this band, so a sliver of a band is read by a range scan.
      let extra = '';
      if (!b.full && Number.isFinite(b.lo)) extra += ` AND c.${cross.column} >= ${p.add(b.lo)}`;
      if (!b.full && Number.isFinite(b.hi)) extra += ` AND c.${cross.column} <= ${p.add(b.hi)}`;
      return `(SELECT c.cui, c.${sortColumn} AS s FROM company c ${and} rf_money_band(c.${cross.column}) = ${b.band}${extra}
                ORDER BY ${key} DESC, c.cui DESC LIMIT ${perBranch})`;
    });
    pageSql = `SELECT u.cui FROM (${branches.join(' UNION ALL ')}) u
                ORDER BY u.s DESC, u.cui DESC LIMIT ${p.add(pageSize)} OFFSET ${p.add(offsetValue)}`;
  } else {
    pageSql = `SELECT c.cui FROM company c ${built.where}
                ORDER BY c.${sortColumn} DESC, c.cui DESC LIMIT ${p.add(pageSize)} OFFSET ${p.add(offsetValue)}`;
  }
  const rows = await sql<CompanyItemRow>(withDetails(pageSql, sortColumn), p.values);
  return { Items: rows.map(toCompanySearchItem), NumberOfPages: numberOfPages, Count: count, plan: cross ? 'bands' : 'index-walk' };
}
