// Advanced search: GET /api/Company/getCompanies (000 §2.8, §3, §4). Count first (capped), then
// choose the page plan (PERFORMANCE.md §5, docs/decisions/005):
//   0 matches            → no page query;
//   ≤ 10,000 matches     → filter first, then sort the few (the sort key is hidden from the
//                          planner with `+ 0`, so it cannot walk a sort index hoping to meet
//                          20 matches early and end up reading all of it);
//   more than 10,000     → walk a (dimension, sort_key, cui) index in order: matches are dense.
// Ordering is always `sort_key DESC, cui DESC`, so pages are stable and keyset-friendly.
import { DEFAULT_ORDER_BY, SEARCH_PAGE_SIZE, type OrderBy, type SearchFilter } from '@/lib/filters';
import { SEARCH_COUNT_CAP } from '@/lib/search-count';
import type { Actor } from '../auth/actor';
import { sql } from '../db';
import { COMPANY_CAEN_REVISION, Params, filterConditions, textCondition, wholeRange } from './conditions';
import { COMPANY_ITEM_COLUMNS, toCompanySearchItem, type CompanyItemRow, type CompanySearchPage } from './dto';
import { analyzeText } from './text-query';
import { bandsFor } from './bands';

const SORT_COLUMN: Record<OrderBy, 'profit' | 'turnover'> = {
  Profit_desc: 'profit',
  Turnover_desc: 'turnover',
};

export type SearchPlan = 'empty' | 'filter-first' | 'index-walk' | 'bands' | 'beyond-last-page';

/** A band covered by less than this share (log scale) is read filter-first, not walked. */
const PARTIAL_BAND_WALK_MIN_COVERAGE = 0.1;

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

export type BuiltSearch = { where: string; params: Params };

export function buildWhere(filter: Partial<SearchFilter>): BuiltSearch {
  const params = new Params();
  const conditions: string[] = [];
  const text = textCondition(analyzeText(filter.SearchText), params);
  if (text) conditions.push(text);
  conditions.push(...filterConditions(filter, params));
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** Number of matches, exact up to the cap; SEARCH_COUNT_CAP + 1 means "more than the cap". */
export async function countCompanies(built: BuiltSearch): Promise<number> {
  const values = [...built.params.values, SEARCH_COUNT_CAP + 1];
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM company c ${built.where} LIMIT $${values.length}) t`,
    values,
  );
  return row?.n ?? 0;
}

export type FindOptions = {
  /** Count above which the index-walk plans are used (default: the count cap). Tests lower it. */
  denseAbove?: number;
};

export async function findCompanies(
  _actor: Actor | null,
  filter: Partial<SearchFilter>,
  options: FindOptions = {},
): Promise<CompanySearchPage & { plan: SearchPlan }> {
  const pageSize = filter.PageSize ?? SEARCH_PAGE_SIZE;
  const pageNumber = filter.PageNumber ?? 1;
  const sortColumn = SORT_COLUMN[filter.OrderBy ?? DEFAULT_ORDER_BY];
  const built = buildWhere(filter);
  const count = await countCompanies(built);
  const numberOfPages = Math.ceil(count / pageSize);
  if (count === 0) return { Items: [], NumberOfPages: 0, Count: 0, plan: 'empty' };
  if (pageNumber > numberOfPages) return { Items: [], NumberOfPages: numberOfPages, Count: count, plan: 'beyond-last-page' };

  const dense = count > (options.denseAbove ?? SEARCH_COUNT_CAP);
  const cross = dense ? crossRange(filter, sortColumn) : null;
  const plan: SearchPlan = !dense ? 'filter-first' : cross ? 'bands' : 'index-walk';
  const p = built.params;
  const offsetValue = (pageNumber - 1) * pageSize;
  let pageSql: string;
  if (plan === 'bands' && cross) {
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
    const sortKey = plan === 'filter-first' ? `(c.${sortColumn} + 0)` : `c.${sortColumn}`;
    pageSql = `SELECT c.cui FROM company c ${built.where}
                ORDER BY ${sortKey} DESC, c.cui DESC LIMIT ${p.add(pageSize)} OFFSET ${p.add(offsetValue)}`;
  }
  const rows = await sql<CompanyItemRow>(
    `SELECT ${COMPANY_ITEM_COLUMNS}
       FROM (${pageSql}) page
       JOIN company c ON c.cui = page.cui
       LEFT JOIN caen k ON k.revision = ${COMPANY_CAEN_REVISION} AND k.code = c.caen_code
      ORDER BY c.${sortColumn} DESC, c.cui DESC`,
    p.values,
  );
  return { Items: rows.map(toCompanySearchItem), NumberOfPages: numberOfPages, Count: count, plan };
}
