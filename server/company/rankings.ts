// Rankings among companies with the same main CAEN code, in Romania, the county or the locality
// (the Grafice tab's ranking cards) and similar companies (the carousel). Nothing here scans the
// company table: every list is a short walk of a partial index (caen_code, county_id, <metric>
// DESC, cui) INCLUDE (locality_id) from prisma/migrations/20261121000300_company over the companies
// company_rank ranks, in its order; positions come from the precomputed company_rank. Country-wide
// lists merge the per-county walks (43 short index probes) instead of needing a second index per
// metric; see docs/decisions/006-company-pages.md.
import 'server-only';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../db';
import { preparedReadSql } from '../shared/prepared-sql';
import { Params } from '../shared/sql';
import { PAGE_SIZES } from '@/lib/company-rules';
import type { CompanyCardItem, PagedList, Ranking, RankingItem, RankingLocation, SimilarOrder } from './dto';
import { companyNotFound, isStorableCui, loadCards } from './queries';

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

async function loadMe(cui: number): Promise<Me> {
  const rows = isStorableCui(cui)
    ? await preparedReadSql<Me>(
        `SELECT c.cui, c.caen_code, k.name AS caen_name, c.county_id, co.name AS county, c.locality_id,
                l.name AS locality, c.turnover, c.profit, c.employees, c.insolvency_score, c.is_active, c.last_year
           FROM company c
           LEFT JOIN caen k ON k.revision = 2 AND k.code = c.caen_code
           LEFT JOIN county co ON co.id = c.county_id
           LEFT JOIN locality l ON l.id = c.locality_id
          WHERE c.cui = $1`,
        [cui],
      )
    : [];
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

type Bound = { side: 'above' | 'below'; value: number; cui: number };
type WalkSpec = { limit: number; bound?: Bound };
type WalkRow = { cui: number; v: number; name?: string; turnover?: number; profit?: number; position?: number | null };

/**
 * SQL of one walk: up to `limit` (cui, v) of a scope in ranking order (metric DESC, cui ASC, as
 * company_rank), from the top, or from a company outwards: 'above' lists the ones ranked before it
 * nearest first, 'below' the ones ranked after it. The keyset is split in two index ranges (the
 * same value on the other side of the CUI, then strictly better or worse values) so that long runs
 * of equal values (thousands of companies with 0 employees or 0 turnover) are never walked through.
 */
function walkSql(scope: Scope, metric: RankMetric, spec: WalkSpec, p: Params): { text: string; outer: (a: WalkRow, b: WalkRow) => number } {
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
    const v = p.add(bound.value);
    const c = p.add(bound.cui);
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

/**
 * Several walks of one scope in a single statement (one round trip). With `info`, each row also
 * carries the name, turnover, profit and company_rank position for that location.
 */
async function runWalks(scope: Scope, metric: RankMetric, specs: WalkSpec[], info?: { location: RankingLocation; self?: { cui: number; v: number } }): Promise<WalkRow[][]> {
  const p = new Params(scope.params);
  const parts = specs.map((spec) => walkSql(scope, metric, spec, p));
  const union = parts.map((p, i) => `SELECT ${i} AS part, cui, v FROM (${p.text}) w${i}`);
  if (info?.self) {
    union.push(`SELECT ${parts.length}, ${p.add(info.self.cui)}::int, ${p.add(info.self.v)}::float8`);
  }
  const suffix = info ? (info.location === 'All' ? 'country' : info.location === 'County' ? 'county' : 'locality') : '';
  const text = info
    ? `SELECT u.part, u.cui, u.v, c.name, c.turnover, c.profit, r.${METRIC_SQL[metric].rank}_${suffix} AS position
         FROM (${union.join(' UNION ALL ')}) u
         JOIN company c ON c.cui = u.cui LEFT JOIN company_rank r ON r.cui = u.cui`
    : union.join(' UNION ALL ');
  // A named statement: the texts are a few dozen (scope × metric × walks), the values are
  // parameters, and planning the country-wide merge of 43 county walks cost more than running it.
  const rows = await preparedReadSql<WalkRow & { part: number; v: number | string }>(text, p.values);
  const out: WalkRow[][] = specs.map(() => []);
  if (info?.self) out.push([]);
  for (const r of rows) out[r.part].push({ ...r, v: Number(r.v) });
  parts.forEach((p, i) => out[i].sort(p.outer));
  return out;
}

const TOP_COMPANIES = 5;
const COMPETITORS = 5;

/**
 * GET /api/Company/getCompanyRanking and getInsolvencyRanking: the top of the group and the
 * companies around this one (two above, two below when possible). Two round trips: the company,
 * then every list with names and positions.
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
  const specs: WalkSpec[] = [{ limit: TOP_COMPANIES }];
  if (mine != null) {
    specs.push({ limit: COMPETITORS - 1, bound: { side: 'above', value: mine, cui: me.cui } });
    specs.push({ limit: COMPETITORS - 1, bound: { side: 'below', value: mine, cui: me.cui } });
  }
  const lists = await runWalks(scope, metric, specs, { location, self: mine == null ? undefined : { cui: me.cui, v: mine } });
  const [top, above = [], below = []] = lists;
  const self = mine == null ? null : lists[specs.length][0];
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
    const [above, below] = await runWalks(scope, metric, [
      { limit: want, bound: { side: 'above', value: mine, cui: me.cui } },
      { limit: want, bound: { side: 'below', value: mine, cui: me.cui } },
    ]);
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
