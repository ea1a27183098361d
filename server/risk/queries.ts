// The company page's default score, credit limit and sector benchmarks in ONE statement by keys:
// the precomputed company_risk row, the model's provenance and the class's quartiles (national for
// every year, the county's for the scored year, by the benchmark table's key). Decision 101.
// The company's own ratios over its years come from the statements the page reads anyway
// (lib/risk/ratios.ts), not from the v_risk_input window: that window and its planning were most of
// the read's cost at 3.5 million companies (decision 111).
import 'server-only';
// Public reads on the read replica when there is one (DATABASE_READ_URL, decision 050), as a named
// prepared statement (decision 047): planned once per connection.
import { preparedReadSql } from '../kernel/prepared-sql';
import { RISK_INPUTS } from '@/lib/risk/model';
import { computeBenchmarkRatios, type StatementFigures } from '@/lib/risk/ratios';
import type { BenchmarkMetric, BenchmarkRow, BenchmarkYear, CompanyRisk, Quartiles } from '@/lib/risk/types';

const BENCHMARK_METRICS: readonly BenchmarkMetric[] = ['liquidity', 'equity', 'profitability', 'net_margin', 'trend'];

type SectorRow = { y: number; k: number; n: number } & Record<BenchmarkMetric | 'size' | 'age' | 'history', number[] | null>;

type Row = {
  year: number;
  probability: number;
  band: string;
  credit_limit: string;
  caen_code: string | null;
  county_id: number | null;
  market_share: number | null;
  rank: number | null;
  fitted_on: string;
  observations: number;
  defaults: number;
  auc: number;
  sector: SectorRow[] | null;
} & Record<string, number | null>;

const COMPANY_RISK_SQL = `
SELECT r.year, r.probability, r.band, r.credit_limit, r.caen_code, r.county_id, r.market_share,
  r.liquidity, r.equity, r.profitability, r.trend, r.size, r.age, r.history,
  r.c_liquidity, r.c_equity, r.c_profitability, r.c_trend, r.c_size, r.c_age, r.c_history,
  (SELECT rk.turnover_country FROM company_rank rk WHERE rk.cui = r.cui) AS rank,
  m.fitted_on, m.observations, m.defaults, m.auc,
  (SELECT json_agg(json_build_object('y', b.year, 'k', b.county_id, 'n', b.companies,
      'liquidity', b.liquidity, 'equity', b.equity, 'profitability', b.profitability, 'net_margin', b.net_margin,
      'trend', b.trend, 'size', b.size, 'age', b.age, 'history', b.history) ORDER BY b.year)
   FROM sector_benchmark b
   WHERE b.caen_code = r.caen_code AND b.county_id IN (0, r.county_id) AND (b.county_id = 0 OR b.year = r.year)) AS sector
FROM company_risk r
CROSS JOIN risk_model m
WHERE r.cui = $1`;

const quartiles = (v: number[] | null | undefined): Quartiles | null => (v && v.length === 3 ? [v[0], v[1], v[2]] : null);

/**
 * The company's default score with its inputs, limit and benchmarks; null when it has no
 * statements. `statements`: the company's yearly figures, read by the page beside this (in parallel).
 */
export async function getCompanyRisk(cui: number, statements: Promise<readonly StatementFigures[]> | readonly StatementFigures[]): Promise<CompanyRisk | null> {
  const [[r], figures] = await Promise.all([preparedReadSql<Row>(COMPANY_RISK_SQL, [cui]), statements]);
  if (!r) return null;
  const sector = r.sector ?? [];
  const national = new Map(sector.filter((s) => s.k === 0).map((s) => [s.y, s]));
  const county = sector.find((s) => s.k !== 0 && s.y === r.year) ?? null;
  const scored = national.get(r.year) ?? null;
  const own = computeBenchmarkRatios(figures);
  const ownScored = own.find((o) => o.year === r.year) ?? null;
  const scoredFigures = figures.find((f) => f.year === r.year);
  const benchmarks: BenchmarkRow[] = BENCHMARK_METRICS.map((k) => ({
    Key: k,
    Company: ownScored?.[k] ?? null,
    National: quartiles(scored?.[k]),
    County: quartiles(county?.[k]),
  }));
  const series: BenchmarkYear[] = own.map((o) => {
    const s = national.get(o.year);
    return {
      Year: o.year,
      Company: Object.fromEntries(BENCHMARK_METRICS.map((k) => [k, o[k]])),
      National: Object.fromEntries(BENCHMARK_METRICS.map((k) => [k, quartiles(s?.[k])])),
    };
  });
  return {
    Year: r.year,
    Probability: r.probability,
    Band: r.band,
    CreditLimit: Number(r.credit_limit),
    Turnover: scoredFigures?.turnover ?? 0,
    Equity: scoredFigures?.capitals ?? 0,
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
