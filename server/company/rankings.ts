// Rankings among companies with the same main CAEN code, in Romania, the county or the locality
// (001 §2.1 Grafice, §3 Ranking) and similar companies (the carousel). Nothing here scans the
// company table: every list is a short walk of a partial index (caen_code, county_id, <metric>
// DESC, cui) INCLUDE (locality_id) from prisma/migrations/20261121000300_company over the companies
// company_rank ranks, in its order; positions come from the precomputed company_rank. Country-wide
// lists merge the per-county walks (43 short index probes) instead of needing a second index per
// metric; see docs/decisions/006-company-pages.md.
import { sql } from '../db';
import { notFound } from '../http/errors';
import type { CompanyCardItem, PagedList, Ranking, RankingItem, RankingLocation, SimilarOrder } from './dto';
import { isStorableCui, loadCards } from './queries';

export type RankMetric = 'turnover' | 'profit' | 'employees' | 'insolvency';

const METRIC_SQL: Record<RankMetric, { column: string; rank: string }> = {
  turnover: { column: 'turnover', rank: 'turnover' },
  profit: { column: 'profit', rank: 'profit' },
  employees: { column: 'employees', rank: 'employees' },
  insolvency: { column: 'insolvency_score', rank: 'insolvency' },
};

/**
 * orderBy of getCompanyRanking: the chart's metric. NetTurnover, NetProfit and Employees have their
 * own precomputed ranking; every other metric ("others" in 001 §3) ranks by turnover.
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
};

async function loadMe(cui: number): Promise<Me> {
  const rows = isStorableCui(cui)
    ? await sql<Me>(
        `SELECT c.cui, c.caen_code, k.name AS caen_name, c.county_id, co.name AS county, c.locality_id,
                l.name AS locality, c.turnover, c.profit, c.employees, c.insolvency_score
           FROM company c
           LEFT JOIN caen k ON k.revision = 2 AND k.code = c.caen_code
           LEFT JOIN county co ON co.id = c.county_id
           LEFT JOIN locality l ON l.id = c.locality_id
          WHERE c.cui = $1`,
        [cui],
      )
    : [];
  if (!rows[0]) throw notFound('Compania nu a fost găsită.');
  return rows[0];
}

function metricValue(me: Me, metric: RankMetric): number | null {
  return metric === 'insolvency' ? me.insolvency_score : me[metric];
}

type Scope = { where: string; params: unknown[]; perCounty: boolean };

/** The companies company_rank ranks; the partial indexes of the company migration cover exactly these. */
const RANKED = 'is_active AND last_year IS NOT NULL';

/**
 * The group a list walks: same CAEN, plus county (County) or county and locality (Prefecture).
 * Country-wide lists (perCounty) run the same walk in every county and merge.
 */
function scopeFor(me: Me, location: RankingLocation): Scope | null {
  if (!me.caen_code) return null;
  if (location === 'All') return { where: 'caen_code = $1 AND county_id = cty.id', params: [me.caen_code], perCounty: true };
  if (me.county_id == null) return null;
  if (location === 'County') return { where: 'caen_code = $1 AND county_id = $2', params: [me.caen_code, me.county_id], perCounty: false };
  if (me.locality_id == null) return null;
  return {
    where: 'caen_code = $1 AND county_id = $2 AND locality_id = $3',
    params: [me.caen_code, me.county_id, me.locality_id],
    perCounty: false,
  };
}

/**
 * Up to `limit` (cui, value) of a scope in ranking order (metric DESC, cui ASC, as company_rank),
 * from the top, or from a company outwards: 'above' lists the ones ranked before it nearest first,
 * 'below' the ones ranked after it.
 */
async function walk(
  scope: Scope,
  metric: RankMetric,
  limit: number,
  bound?: { side: 'above' | 'below'; value: number; cui: number },
): Promise<Array<{ cui: number; v: number }>> {
  const col = METRIC_SQL[metric].column;
  const params = [...scope.params];
  let cond = `${RANKED}${metric === 'insolvency' ? ` AND ${col} IS NOT NULL` : ''}`;
  let order = `${col} DESC, cui ASC`;
  if (bound) {
    params.push(bound.value, bound.cui);
    const v = `$${params.length - 1}`;
    const c = `$${params.length}`;
    if (bound.side === 'above') {
      cond += ` AND ${col} >= ${v} AND (${col} > ${v} OR cui < ${c})`;
      order = `${col} ASC, cui DESC`;
    } else {
      cond += ` AND ${col} <= ${v} AND (${col} < ${v} OR cui > ${c})`;
    }
  }
  params.push(limit);
  const lim = `$${params.length}`;
  const inner = (where: string) => `SELECT cui, ${col} AS v FROM company WHERE ${where} AND ${cond} ORDER BY ${order} LIMIT ${lim}`;
  const outer = order.replace(col, 'v').replace(col, 'v');
  const text = scope.perCounty
    ? `SELECT cui, v FROM (
         SELECT x.cui, x.v FROM county cty CROSS JOIN LATERAL (${inner(scope.where)}) x
         UNION ALL
         (${inner(scope.where.replace('county_id = cty.id', 'county_id IS NULL'))})
       ) m ORDER BY ${outer} LIMIT ${lim}`
    : inner(scope.where);
  const rows = await sql<{ cui: number; v: number | string }>(text, params);
  return rows.map((r) => ({ cui: r.cui, v: Number(r.v) }));
}

type RankRow = { cui: number; name: string; turnover: number; profit: number; position: number | null };

async function loadRankItems(cuis: number[], metric: RankMetric, location: RankingLocation): Promise<Map<number, RankRow>> {
  if (cuis.length === 0) return new Map();
  const suffix = location === 'All' ? 'country' : location === 'County' ? 'county' : 'locality';
  const rows = await sql<RankRow>(
    `SELECT c.cui, c.name, c.turnover, c.profit, r.${METRIC_SQL[metric].rank}_${suffix} AS position
       FROM company c LEFT JOIN company_rank r ON r.cui = c.cui
      WHERE c.cui = ANY($1::int[])`,
    [cuis],
  );
  return new Map(rows.map((r) => [r.cui, r]));
}

export const TOP_COMPANIES = 5;
export const COMPETITORS = 5;

/**
 * GET /api/Company/getCompanyRanking and getInsolvencyRanking: the top of the group and the
 * companies around this one (two above, two below when possible).
 */
export async function getRanking(cui: number, orderBy: string | null, location: RankingLocation, forceMetric?: RankMetric): Promise<Ranking> {
  const me = await loadMe(cui);
  const metric = forceMetric ?? rankMetricFor(orderBy);
  const base: Ranking = {
    Location: location,
    OrderBy: orderBy ?? 'NetTurnover',
    CaenCode: me.caen_code,
    CaenDescription: me.caen_name,
    LocationName: location === 'All' ? 'România' : location === 'County' ? me.county : me.locality,
    TopCompanies: [],
    CompetitorCompanies: [],
  };
  const scope = scopeFor(me, location);
  if (!scope) return base;
  const mine = metricValue(me, metric);
  const [top, above, below] = await Promise.all([
    walk(scope, metric, TOP_COMPANIES),
    mine == null ? Promise.resolve([]) : walk(scope, metric, COMPETITORS - 1, { side: 'above', value: mine, cui: me.cui }),
    mine == null ? Promise.resolve([]) : walk(scope, metric, COMPETITORS - 1, { side: 'below', value: mine, cui: me.cui }),
  ]);
  // Window of COMPETITORS centred on the company, shifted at the ends of the list.
  let nAbove = Math.min(above.length, Math.floor((COMPETITORS - 1) / 2));
  let nBelow = Math.min(below.length, COMPETITORS - 1 - nAbove);
  nAbove = Math.min(above.length, COMPETITORS - 1 - nBelow);
  nBelow = Math.min(below.length, COMPETITORS - 1 - nAbove);
  const window =
    mine == null
      ? []
      : [...above.slice(0, nAbove).reverse(), { cui: me.cui, v: mine }, ...below.slice(0, nBelow)];
  const info = await loadRankItems([...new Set([...top, ...window].map((r) => r.cui))], metric, location);
  const myPosition = info.get(me.cui)?.position ?? null;
  const item = (r: { cui: number; v: number }, fallbackPosition: number | null): RankingItem => {
    const i = info.get(r.cui);
    return {
      Cui: r.cui,
      Name: i?.name ?? '',
      Position: i?.position ?? fallbackPosition,
      Value: r.v,
      NetTurnover: i?.turnover ?? 0,
      NetProfit: i?.profit ?? 0,
      IsCurrent: r.cui === me.cui,
    };
  };
  base.TopCompanies = top.map((r, i) => item(r, i + 1));
  base.CompetitorCompanies = window.map((r, i) => item(r, myPosition == null ? null : myPosition - nAbove + i));
  return base;
}

// ───────────────────────────── similar companies ─────────────────────────────

export const SIMILAR_PAGE_SIZE = 20;
/** The carousel shows one page; a few more are allowed for API callers, no deeper. */
export const SIMILAR_MAX_PAGES = 5;

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
  let ordered: number[];
  if (orderBy === 'County' || orderBy === 'CaenCode') {
    const rows = await walk(scope, 'turnover', want + 1);
    ordered = rows.map((r) => r.cui).filter((c) => c !== me.cui);
  } else {
    const mine = metricValue(me, metric) ?? 0;
    const [above, below] = await Promise.all([
      walk(scope, metric, want, { side: 'above', value: mine, cui: me.cui }),
      walk(scope, metric, want, { side: 'below', value: mine, cui: me.cui }),
    ]);
    ordered = [...above, ...below]
      .sort((a, b) => Math.abs(a.v - mine) - Math.abs(b.v - mine) || a.cui - b.cui)
      .map((r) => r.cui);
  }
  const pageCuis = ordered.slice((page - 1) * pageSize, page * pageSize);
  const countRows = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM company WHERE caen_code = $1 ${orderBy === 'County' ? 'AND county_id = $2' : ''} AND ${RANKED} LIMIT $${orderBy === 'County' ? 3 : 2}) s`,
    orderBy === 'County' ? [me.caen_code, me.county_id, cap + 1] : [me.caen_code, cap + 1],
  );
  const count = Math.min(Math.max(0, (countRows[0]?.n ?? 0) - 1), cap);
  return {
    Items: await loadCards(pageCuis),
    Count: count,
    NumberOfPages: Math.ceil(count / pageSize),
    PageNumber: page,
  };
}
