// What the company page and the comparison render of the default score and the sector
// benchmarks (decisions 100 and 101). Values are the model's own scales (see lib/risk/inputs.ts).
import type { RiskInput } from './model';

export type Quartiles = [number, number, number];

type RiskInputRow = {
  Key: RiskInput;
  /** The company's value on the model's scale; null: no balance sheet (scored at the mean). */
  Value: number | null;
  /** The median of the company's CAEN class in the same year (national). */
  Sector: number | null;
  /** coefficient × (value − mean): log-odds added to an average company's (positive: more risk). */
  Contribution: number;
};

export type BenchmarkMetric = 'liquidity' | 'equity' | 'profitability' | 'net_margin' | 'trend';

export type BenchmarkRow = {
  Key: BenchmarkMetric;
  Company: number | null;
  National: Quartiles | null;
  County: Quartiles | null;
};

export type BenchmarkYear = {
  Year: number;
  Company: Partial<Record<BenchmarkMetric, number | null>>;
  National: Partial<Record<BenchmarkMetric, Quartiles | null>>;
};

export type CompanyRisk = {
  Year: number;
  Probability: number;
  Band: string;
  CreditLimit: number;
  /** The inputs of the credit-limit formula (the latest year's turnover and equity, lei). */
  Turnover: number;
  Equity: number;
  Inputs: RiskInputRow[];
  /** Share of the class's national turnover in the same year (0–1); null: the class has none. */
  MarketShare: number | null;
  /** Position by turnover among the active companies of the class (1 = largest). */
  Rank: number | null;
  ClassCompanies: number | null;
  CountyCompanies: number | null;
  CaenCode: string | null;
  Benchmarks: BenchmarkRow[];
  Series: BenchmarkYear[];
  Model: { Observations: number; Defaults: number; Auc: number; FittedOn: string };
};

export type ComparedYear = {
  Year: number;
  Turnover: number;
  NetProfit: number;
  Employees: number;
  Equity: number;
  Liquidity: number | null;
  EquityRatio: number | null;
  Profitability: number | null;
  NetMargin: number | null;
};

export type ComparedCompany = {
  Cui: number;
  Name: string;
  CaenCode: string | null;
  County: string | null;
  IsActive: boolean;
  Band: string | null;
  Probability: number | null;
  CreditLimit: number | null;
  ScoredYear: number | null;
  MarketShare: number | null;
  AltmanScore: number | null;
  Years: ComparedYear[];
};
