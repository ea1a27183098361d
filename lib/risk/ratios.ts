// The company's own sector ratios, year by year, from the statement figures the company page has
// already read (decision 111: the page no longer runs the v_risk_input window for them). The same
// definitions as v_risk_input in SQL; tests/integration/risk.test.ts holds the two equal.
import type { BenchmarkMetric } from './types';

export type StatementFigures = {
  year: number;
  turnover: number;
  immobilised: number;
  circulating: number;
  advance: number;
  debts: number;
  incomeAdvance: number;
  capitals: number;
  grossProfit: number;
  grossLoss: number;
  netProfit: number;
  netLoss: number;
};

export type YearRatios = Record<BenchmarkMetric, number | null>;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The five ratios of every year on record, oldest first (trend: 0 without the year before). */
export function computeBenchmarkRatios(rows: readonly StatementFigures[]): Array<{ year: number } & YearRatios> {
  const sorted = [...rows].sort((a, b) => a.year - b.year);
  return sorted.map((f, i) => {
    const prev = i > 0 ? sorted[i - 1] : null;
    const ta = f.immobilised + f.circulating + f.advance;
    return {
      year: f.year,
      liquidity: ta > 0 ? clamp((f.circulating + f.advance - f.debts - f.incomeAdvance) / ta, -1, 1) : null,
      equity: ta > 0 ? clamp(f.capitals / ta, -1, 1) : null,
      profitability: ta > 0 ? clamp((f.grossProfit - f.grossLoss) / ta, -1, 1) : null,
      net_margin: f.turnover > 0 ? clamp((f.netProfit - f.netLoss) / f.turnover, -1, 1) : null,
      trend: prev && prev.year === f.year - 1 ? clamp(Math.log((Math.max(f.turnover, 0) + 1000) / (Math.max(prev.turnover, 0) + 1000)), -3, 3) : 0,
    };
  });
}
