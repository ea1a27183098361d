// Rankings among companies with the same main CAEN code, in Romania, the county or the locality
// (the Grafice tab's ranking cards) and similar companies (the carousel). Nothing here scans the
// company table: every list is a short walk of a partial index (caen_code, county_id, <metric>
// DESC, cui) INCLUDE (locality_id) from prisma/migrations/20261121000300_company over the companies
// company_rank ranks, in its order; positions come from the precomputed company_rank. Country-wide
// lists merge the per-county walks (43 short index probes) instead of needing a second index per
// metric; see docs/decisions/006-company-pages.md.
import 'server-only';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../kernel/db';
import { preparedReadSql } from '../kernel/prepared-sql';
import { Params } from '../kernel/sql';
import { PAGE_SIZES } from '@/lib/company-rules';
import type { CompanyCardItem, PagedList, Ranking, RankingItem, RankingLocation, SimilarOrder } from './dto';
import { isStorableCui } from '@/lib/cui';
import { companyNotFound, loadCards } from './queries';

type RankMetric = 'turnover' | 'profit' | 'employees' | 'insolvency';

const METRIC_SQL: Record<RankMetric, { column: string; rank: string }> = {
  turnover: { column: 'turnover', rank: 'turnover' },
  profit: { column: 'profit', rank: 'profit' },
  employees: { column: 'employees', rank: 'employees' },
  insolvency: { column: 'insolvency_score', rank: 'insolvency' },
};

/**
 * orderBy of getCompanyRanking: the chart's metric. NetTurnover, NetProfit and Employees have their
 * own precomputed ranking; every other metric ("others") ranks by turnover.
 */
export function rankMetricFor(orderBy: string | null | undefined): RankMetric {
  const key = (orderBy ?? '').trim().toLowerCase().replace(/_desc$|_asc$/, '');
  if (['netprofit', 'profit', 'grossprofit'].includes(key)) return 'profit';
  if (['employees', 'averagenumberofemployees'].includes(key)) return 'employees';
  if (['insolvencyrisk', 'insolvency'].includes(key)) return 'insolvency';
  return 'turnover';
}

type Me = {
  cui: number;
  caen_code: string | null;
  caen_name: string | null;
  county_id: number | null;
  county: string | null;
  locality_id: number | null;
  locality: string | null;
  turnover: number;
  profit: number;
  employees: number;
  insolvency_score: number | null;
  is_active: boolean;
  last_year: number | null;
};

/** The company a ranking is about: its group (CAEN, county, locality) and its metric values. */
const ME_SQL = `SELECT c.cui, c.caen_code, k.name AS caen_name, c.county_id, co.name AS county, c.locality_id,
                l.name AS locality, c.turnover, c.profit, c.employees, c.insolvency_score, c.is_active, c.last_year
           FROM company c
           LEFT JOIN caen k ON k.revision = 2 AND k.code = c.caen_code
           LEFT JOIN county co ON co.id = c.county_id
           LEFT JOIN locality l ON l.id = c.locality_id
          WHERE c.cui = $1`;

async function loadMe(cui: number): Promise<Me> {
  const rows = isStorableCui(cui) ? await preparedReadSql<Me>(ME_SQL, [cui]) : [];
  if (!rows[0]) throw companyNotFound();
  return rows[0];
}

function metricValue(me: Me, metric: RankMetric): number | null {
  return metric === 'insolvency' ? me.insolvency_score : me[metric];
}

type Scope = { where: string; params: unknown[]; perCounty: boolean };

/** The companies company_rank ranks; the partial indexes of the company migration cover exactly these. */
const RANKED = 'is_active AND last_year IS NOT NULL';

/**
 * The condition of a group: same CAEN, plus county (County) or county and locality (Prefecture),
 * the three given as SQL (parameters, or the columns of the company's own row). Country-wide lists
 * (perCounty) run the same walk in every county (cty) and merge.
 */
function scopeWhere(location: RankingLocation, caen: string, county: string, locality: string): { where: string; perCounty: boolean } {
  if (location === 'All') return { where: `caen_code = ${caen} AND county_id = cty.id`, perCounty: true };
  if (location === 'County') return { where: `caen_code = ${caen} AND county_id = ${county}`, perCounty: false };
  return { where: `caen_code = ${caen} AND county_id = ${county} AND locality_id = ${locality}`, perCounty: false };
}

/** The group of a company for a location, with its values as parameters; null when it has none. */
function scopeFor(me: Me, location: RankingLocation): Scope | null {
  if (!me.caen_code) return null;
  if (location === 'All') return { ...scopeWhere(location, '$1', '', ''), params: [me.caen_code] };
  if (me.county_id == null) return null;
  if (location === 'County') return { ...scopeWhere(location, '$1', '$2', ''), params: [me.caen_code, me.county_id] };
  if (me.locality_id == null) return null;
  return { ...scopeWhere(location, '$1', '$2', '$3'), params: [me.caen_code, me.county_id, me.locality_id] };
}

/** The company a walk starts from: its value and CUI as SQL (parameters, or the columns of `me`). */
type Bound = { side: 'above' | 'below'; value: string; cui: string };
type WalkSpec = { limit: number; bound?: Bound };
type WalkRow = { cui: number; v: number; name?: string; turnover?: number; profit?: number; position?: number | null };

/**
 * SQL of one walk: up to `limit` (cui, v) of a scope in ranking order (metric DESC, cui ASC, as
 * company_rank), from the top, or from a company outwards: 'above' lists the ones ranked before it
 * nearest first, 'below' the ones ranked after it. The keyset is split in two index ranges (the
 * same value on the other side of the CUI, then strictly better or worse values) so that long runs
 * of equal values (thousands of companies with 0 employees or 0 turnover) are never walked through.
 */
function walkSql(scope: Scope, metric: RankMetric, spec: WalkSpec, p: Pick<Params, 'add'>): { text: string; outer: (a: WalkRow, b: WalkRow) => number } {
  const col = METRIC_SQL[metric].column;
  const ranked = `${RANKED}${metric === 'insolvency' ? ` AND ${col} IS NOT NULL` : ''}`;
  const lim = p.add(spec.limit);
  const branch = (where: string, cond: string, order: string) =>
    `(SELECT cui, ${col} AS v FROM company WHERE ${where} AND ${ranked}${cond} ORDER BY ${order} LIMIT ${lim})`;
  let branches: (where: string) => string[];
  let outer: string;
  let cmp: (a: WalkRow, b: WalkRow) => number;
  const bound = spec.bound;
  if (!bound) {
    branches = (where) => [branch(where, '', `${col} DESC, cui ASC`)];
    outer = 'v DESC, cui ASC';
    cmp = (a, b) => b.v - a.v || a.cui - b.cui;
  } else {
    const v = bound.value;
    const c = bound.cui;
    if (bound.side === 'above') {
      branches = (where) => [
        branch(where, ` AND ${col} = ${v} AND cui < ${c}`, 'cui DESC'),
        branch(where, ` AND ${col} > ${v}`, `${col} ASC, cui DESC`),
      ];
      outer = 'v ASC, cui DESC';
      cmp = (a, b) => a.v - b.v || b.cui - a.cui;
    } else {
      branches = (where) => [
        branch(where, ` AND ${col} = ${v} AND cui > ${c}`, 'cui ASC'),
        branch(where, ` AND ${col} < ${v}`, `${col} DESC, cui ASC`),
      ];
      outer = 'v DESC, cui ASC';
      cmp = (a, b) => b.v - a.v || a.cui - b.cui;
    }
  }
  const text = scope.perCounty
    ? `SELECT cui, v FROM (
         SELECT x.cui, x.v FROM county cty CROSS JOIN LATERAL (${branches(scope.where).join(' UNION ALL ')}) x
         UNION ALL
         ${branches(scope.where.replace('county_id = cty.id', 'county_id IS NULL')).join(' UNION ALL ')}
       ) m ORDER BY ${outer} LIMIT ${lim}`
    : `SELECT cui, v FROM (${branches(scope.where).join(' UNION ALL ')}) m ORDER BY ${outer} LIMIT ${lim}`;
  return { text, outer: cmp };
}

/** Several walks of one scope in a single statement (one round trip), each list in its order. */
async function runWalks(scope: Scope, metric: RankMetric, specs: WalkSpec[], p = new Params(scope.params)): Promise<WalkRow[][]> {
  const parts = specs.map((spec) => walkSql(scope, metric, spec, p));
  const text = parts.map((w, i) => `SELECT ${i} AS part, cui, v FROM (${w.text}) w${i}`).join(' UNION ALL ');
  // A named statement: the texts are a few dozen (scope × metric × walks), the values are
  // parameters, and planning the country-wide merge of 43 county walks cost more than running it.
  const rows = await preparedReadSql<WalkRow & { part: number; v: number | string }>(text, p.values);
  const out: WalkRow[][] = specs.map(() => []);
  for (const r of rows) out[r.part].push({ cui: r.cui, v: Number(r.v) });
  parts.forEach((w, i) => out[i].sort(w.outer));
  return out;
}

const TOP_COMPANIES = 5;
const COMPETITORS = 5;

type RankingRow = Me & {
  part: number | null;
  w_cui: number | null;
  w_v: number | string | null;
  w_name: string | null;
  w_turnover: number | null;
  w_profit: number | null;
  w_position: number | null;
};

/**
 * The ranking's one statement: the company's row, and beside it (LATERAL, reading the row's own
 * CAEN, county, locality and value) its group's top (part 0), the companies ranked just before it
 * (1) and just after it (2), and itself (3), each with name, turnover, profit and company_rank
 * position for the location. One text per location and metric (12), prepared (decision 047); the
 * company's group and value never travel back to the server between two statements (issue 25).
 */
function rankingSql(metric: RankMetric, location: RankingLocation): { text: string; orders: Array<(a: WalkRow, b: WalkRow) => number> } {
  const col = METRIC_SQL[metric].column;
  // The limits are written in the text: as parameters, the generic plan costs a LIMIT $n as 10 % of
  // the rows, PostgreSQL then keeps planning the country-wide statement for every call (4–5 ms
  // each at 3.5M companies) instead of reusing its plan (1 ms to run).
  const literal = { add: (n: unknown) => String(Math.trunc(Number(n))) };
  const scope: Scope = { ...scopeWhere(location, 'me.caen_code', 'me.county_id', 'me.locality_id'), params: [] };
  const bound = (side: Bound['side']): Bound => ({ side, value: `me.${col}`, cui: 'me.cui' });
  const walks = [
    walkSql(scope, metric, { limit: TOP_COMPANIES }, literal),
    walkSql(scope, metric, { limit: COMPETITORS - 1, bound: bound('above') }, literal),
    walkSql(scope, metric, { limit: COMPETITORS - 1, bound: bound('below') }, literal),
  ];
  const suffix = location === 'All' ? 'country' : location === 'County' ? 'county' : 'locality';
  const text = `SELECT me.*, w.part, w.cui AS w_cui, w.v AS w_v, wc.name AS w_name, wc.turnover AS w_turnover,
                 wc.profit AS w_profit, wr.${METRIC_SQL[metric].rank}_${suffix} AS w_position
            FROM (${ME_SQL}) me
            LEFT JOIN LATERAL (
              ${walks.map((w, i) => `SELECT ${i} AS part, cui, v FROM (${w.text}) w${i}`).join('\n UNION ALL ')}
              UNION ALL SELECT 3, me.cui, me.${col}::float8 WHERE me.${col} IS NOT NULL
            ) w ON true
            LEFT JOIN company wc ON wc.cui = w.cui
            LEFT JOIN company_rank wr ON wr.cui = w.cui`;
  return { text, orders: walks.map((w) => w.outer) };
}
const rankingStatements = new Map<string, ReturnType<typeof rankingSql>>();

/**
 * GET /api/Company/getCompanyRanking and getInsolvencyRanking: the top of the group and the
 * companies around this one (two above, two below when possible), in one round trip.
 */
export async function getRanking(cui: number, orderBy: string | null, location: RankingLocation, forceMetric?: RankMetric): Promise<Ranking> {
  if (!isStorableCui(cui)) throw companyNotFound();
  const metric = forceMetric ?? rankMetricFor(orderBy);
  const key = `${metric} ${location}`;
  let statement = rankingStatements.get(key);
  if (!statement) rankingStatements.set(key, (statement = rankingSql(metric, location)));
  const rows = await preparedReadSql<RankingRow>(statement.text, [cui]);
  const me = rows[0];
  if (!me) throw companyNotFound();
  const base: Ranking = {
    Location: location,
    OrderBy: orderBy ?? 'NetTurnover',
    CaenCode: me.caen_code,
    CaenDescription: me.caen_name,
    LocationName: location === 'All' ? 'România' : location === 'County' ? me.county : me.locality,
    TopCompanies: [],
    CompetitorCompanies: [],
  };
  // No group (no CAEN code, or no county or locality for those lists): nothing to rank among.
  if (!scopeFor(me, location)) return base;
  const lists: WalkRow[][] = [[], [], [], []];
  for (const r of rows) {
    if (r.part == null || r.w_cui == null) continue;
    lists[r.part].push({ cui: r.w_cui, v: Number(r.w_v), name: r.w_name ?? undefined, turnover: r.w_turnover ?? undefined, profit: r.w_profit ?? undefined, position: r.w_position });
  }
  statement.orders.forEach((order, i) => lists[i].sort(order)); // the above list: nearest first
  const [top, above, below, selfRows] = lists;
  const self = selfRows[0] ?? null; // only when the company has a value for the metric (the statement's part 3)
  // Window of COMPETITORS centred on the company, shifted at the ends of the list.
  let nAbove = Math.min(above.length, Math.floor((COMPETITORS - 1) / 2));
  let nBelow = Math.min(below.length, COMPETITORS - 1 - nAbove);
  nAbove = Math.min(above.length, COMPETITORS - 1 - nBelow);
  nBelow = Math.min(below.length, COMPETITORS - 1 - nAbove);
  const window = self ? [...above.slice(0, nAbove).reverse(), self, ...below.slice(0, nBelow)] : [];
  const myPosition = self?.position ?? null;
  const item = (r: WalkRow, fallbackPosition: number | null): RankingItem => ({
    Cui: r.cui,
    Name: r.name ?? '',
    Position: r.position ?? fallbackPosition,
    Value: r.v,
    NetTurnover: r.turnover ?? 0,
    NetProfit: r.profit ?? 0,
    IsCurrent: r.cui === me.cui,
  });
  base.TopCompanies = top.map((r, i) => item(r, i + 1));
  base.CompetitorCompanies = window.map((r, i) => item(r, myPosition == null ? null : myPosition - nAbove + i));
  return base;
}

// ───────────────────────────── similar companies ─────────────────────────────

export const SIMILAR_PAGE_SIZE = PAGE_SIZES.similarCompanies;
/** The carousel shows one page; a few more are allowed for API callers, no deeper. */
const SIMILAR_MAX_PAGES = 5;

const SIMILAR_METRIC: Record<Exclude<SimilarOrder, 'County' | 'CaenCode'>, RankMetric> = {
  Turnover: 'turnover',
  Profit: 'profit',
  Employees: 'employees',
};

/**
 * GET /api/Company/getSimilarCompanies: companies with the same main CAEN code.
 * County: in the same county, largest turnover first. CaenCode: in Romania, largest turnover first.
 * Turnover / Profit / Employees: in Romania, closest value to this company's first.
 */
export async function getSimilarCompanies(
  cui: number,
  orderBy: SimilarOrder,
  pageNumber: number,
  pageSize: number,
): Promise<PagedList<CompanyCardItem>> {
  const me = await loadMe(cui);
  const page = Math.min(Math.max(1, pageNumber), SIMILAR_MAX_PAGES);
  const empty: PagedList<CompanyCardItem> = { Items: [], Count: 0, NumberOfPages: 0, PageNumber: page };
  const metric: RankMetric = orderBy === 'County' || orderBy === 'CaenCode' ? 'turnover' : SIMILAR_METRIC[orderBy];
  const scope = scopeFor(me, orderBy === 'County' ? 'County' : 'All');
  if (!scope) return empty;
  const want = page * pageSize;
  const cap = SIMILAR_MAX_PAGES * pageSize;
  const countQuery = sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM company WHERE caen_code = $1 ${orderBy === 'County' ? 'AND county_id = $2' : ''} AND ${RANKED} LIMIT $${orderBy === 'County' ? 3 : 2}) s`,
    orderBy === 'County' ? [me.caen_code, me.county_id, cap + 1] : [me.caen_code, cap + 1],
  );
  const orderedQuery = (async () => {
    if (orderBy === 'County' || orderBy === 'CaenCode') {
      const [rows] = await runWalks(scope, 'turnover', [{ limit: want + 1 }]);
      return rows.map((r) => r.cui).filter((c) => c !== me.cui);
    }
    const mine = metricValue(me, metric) ?? 0;
    const p = new Params(scope.params);
    const at = { value: p.add(mine), cui: p.add(me.cui) };
    const [above, below] = await runWalks(scope, metric, [
      { limit: want, bound: { side: 'above', ...at } },
      { limit: want, bound: { side: 'below', ...at } },
    ], p);
    return [...above, ...below].sort((a, b) => Math.abs(a.v - mine) - Math.abs(b.v - mine) || a.cui - b.cui).map((r) => r.cui);
  })();
  const [ordered, countRows] = await Promise.all([orderedQuery, countQuery]);
  const pageCuis = ordered.slice((page - 1) * pageSize, page * pageSize);
  const isRanked = me.is_active && me.last_year != null;
  const count = Math.min(Math.max(0, (countRows[0]?.n ?? 0) - (isRanked ? 1 : 0)), cap);
  return {
    Items: await loadCards(pageCuis),
    Count: count,
    NumberOfPages: Math.ceil(count / pageSize),
    PageNumber: page,
  };
}
