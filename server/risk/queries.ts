// The company page's default score, credit limit and sector benchmarks in ONE statement: the
// precomputed company_risk row (by key), the model's provenance, the class's quartiles (national
// for every year, the county's for the scored year, by the benchmark table's key) and the
// company's own ratios over its years (v_risk_input, by financial_year's key). Decision 101.
import 'server-only';
// Public reads: the read replica when there is one (DATABASE_READ_URL, decision 050).
import { readSql as sql } from '../kernel/db';
import { RISK_INPUTS } from '@/lib/risk/model';
import type { BenchmarkMetric, BenchmarkRow, BenchmarkYear, CompanyRisk, Quartiles } from '@/lib/risk/types';

const BENCHMARK_METRICS: readonly BenchmarkMetric[] = ['liquidity', 'equity', 'profitability', 'net_margin', 'trend'];

type SectorRow = { y: number; k: number; n: number } & Record<BenchmarkMetric | 'size' | 'age' | 'history', number[] | null>;
type OwnRow = { y: number } & Record<BenchmarkMetric, number | null>;

type Row = {
  year: number;
  probability: number;
  band: string;
  credit_limit: string;
  caen_code: string | null;
  county_id: number | null;
  market_share: number | null;
  turnover: string | null;
  equity_lei: string | null;
  rank: number | null;
  fitted_on: string;
  observations: number;
  defaults: number;
  auc: number;
  sector: SectorRow[] | null;
  own: OwnRow[] | null;
} & Record<string, number | null>;

const COMPANY_RISK_SQL = `
SELECT r.year, r.probability, r.band, r.credit_limit, r.caen_code, r.county_id, r.market_share,
  r.liquidity, r.equity, r.profitability, r.trend, r.size, r.age, r.history,
  r.c_liquidity, r.c_equity, r.c_profitability, r.c_trend, r.c_size, r.c_age, r.c_history,
  f.net_turnover AS turnover, f.total_capitals AS equity_lei, rk.turnover_country AS rank,
  m.fitted_on, m.observations, m.defaults, m.auc,
  (SELECT json_agg(json_build_object('y', b.year, 'k', b.county_id, 'n', b.companies,
      'liquidity', b.liquidity, 'equity', b.equity, 'profitability', b.profitability, 'net_margin', b.net_margin,
      'trend', b.trend, 'size', b.size, 'age', b.age, 'history', b.history) ORDER BY b.year)
   FROM sector_benchmark b
   WHERE b.caen_code = r.caen_code AND (b.county_id = 0 OR (b.county_id = r.county_id AND b.year = r.year))) AS sector,
  (SELECT json_agg(json_build_object('y', i.year, 'liquidity', i.liquidity, 'equity', i.equity,
      'profitability', i.profitability, 'net_margin', i.net_margin, 'trend', i.trend) ORDER BY i.year)
   FROM v_risk_input i WHERE i.cui = r.cui) AS own
FROM company_risk r
CROSS JOIN risk_model m
LEFT JOIN financial_year f ON f.cui = r.cui AND f.year = r.year
LEFT JOIN company_rank rk ON rk.cui = r.cui
WHERE r.cui = $1`;

const quartiles = (v: number[] | null | undefined): Quartiles | null => (v && v.length === 3 ? [v[0], v[1], v[2]] : null);

/** The company's default score with its inputs, limit and benchmarks; null when it has no statements. */
export async function getCompanyRisk(cui: number): Promise<CompanyRisk | null> {
  const [r] = await sql<Row>(COMPANY_RISK_SQL, [cui]);
  if (!r) return null;
  const sector = r.sector ?? [];
  const national = new Map(sector.filter((s) => s.k === 0).map((s) => [s.y, s]));
  const county = sector.find((s) => s.k !== 0 && s.y === r.year) ?? null;
  const scored = national.get(r.year) ?? null;
  const ownByYear = new Map((r.own ?? []).map((o) => [o.y, o]));
  const own = ownByYear.get(r.year) ?? null;
  const benchmarks: BenchmarkRow[] = BENCHMARK_METRICS.map((k) => ({
    Key: k,
    Company: own?.[k] ?? null,
    National: quartiles(scored?.[k]),
    County: quartiles(county?.[k]),
  }));
  const series: BenchmarkYear[] = [...ownByYear.values()].map((o) => {
    const s = national.get(o.y);
    return {
      Year: o.y,
      Company: Object.fromEntries(BENCHMARK_METRICS.map((k) => [k, o[k]])),
      National: Object.fromEntries(BENCHMARK_METRICS.map((k) => [k, quartiles(s?.[k])])),
    };
  });
  return {
    Year: r.year,
    Probability: r.probability,
    Band: r.band,
    CreditLimit: Number(r.credit_limit),
    Turnover: Number(r.turnover ?? 0),
    Equity: Number(r.equity_lei ?? 0),
    Inputs: RISK_INPUTS.map((k) => ({
      Key: k,
      Value: r[k] ?? null,
      Sector: quartiles(scored?.[k])?.[1] ?? null,
      Contribution: r[`c_${k}`] ?? 0,
    })),
    MarketShare: r.market_share,
    Rank: r.rank,
    ClassCompanies: scored?.n ?? null,
    CountyCompanies: county?.n ?? null,
    CaenCode: r.caen_code,
    Benchmarks: benchmarks,
    Series: series,
    Model: { Observations: r.observations, Defaults: r.defaults, Auc: r.auc, FittedOn: r.fitted_on },
  };
}
