// The companies a saved filter matches (docs/decisions/056): how many now, and how many of the
// first SEEN_MAX in the search's order were not among those its owner saw when last opening it.
import 'server-only';
import { DEFAULT_ORDER_BY, type SearchFilter } from '@/lib/filters';
import { ownValue } from '@/lib/shared/own-key';
import { sql } from '../kernel/db';
import { Params, buildWhere } from '../search/conditions';
import { findCompanies } from '../search/engine-search';

/** Companies remembered per saved search: "new since" is exact up to this many matches. */
const SEEN_MAX = 10_000;
const SORT_COLUMN = { Profit_desc: 'profit', Turnover_desc: 'turnover' } as const;

function firstMatchesSql(filter: Partial<SearchFilter>, p: Params, limit: number): string {
  const sort = ownValue(SORT_COLUMN, filter.OrderBy ?? DEFAULT_ORDER_BY) ?? SORT_COLUMN[DEFAULT_ORDER_BY];
  const built = buildWhere(filter);
  p.values.push(...built.params.values);
  return `SELECT c.cui FROM company c ${built.where} ORDER BY c.${sort} DESC, c.cui DESC LIMIT ${p.add(limit)}`;
}

/** The CUIs the owner sees on opening (kept as the saved search's seen_cuis). */
export async function firstMatches(filter: Partial<SearchFilter>, limit = SEEN_MAX): Promise<number[]> {
  const p = new Params();
  return (await sql<{ cui: number }>(firstMatchesSql(filter, p, limit), p.values)).map((r) => r.cui);
}

/** The count now (the search's own count: exact on the engine, capped on PostgreSQL) and the new ones. */
export async function countMatches(filter: Partial<SearchFilter>, seen: number[]): Promise<{ count: number; capped: boolean; fresh: number }> {
  const page = await findCompanies(null, { ...filter, PageNumber: 1, PageSize: 1 });
  const p = new Params();
  const inner = firstMatchesSql(filter, p, SEEN_MAX);
  const [r] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM (${inner}) m WHERE m.cui <> ALL(${p.add(seen)}::int[])`, p.values);
  return { count: page.Count, capped: page.IsCountCapped === true, fresh: r.n };
}
