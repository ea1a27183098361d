// Column of financial_year behind each documented metric. Whitelist for the SQL built here.
import 'server-only';
import type { YearMetricKey } from './dto';

export const METRIC_COLUMNS: Record<YearMetricKey, string> = {
  Employees: 'employees',
  NetLoss: 'net_loss',
  NetProfit: 'net_profit',
  GrossLoss: 'gross_loss',
  GrossProfit: 'gross_profit',
  TotalExpenses: 'total_expenses',
  TotalIncome: 'total_income',
  NetTurnover: 'net_turnover',
  KingdomHeritage: 'kingdom_heritage',
  SubscribedCapital: 'subscribed_capital',
  TotalCapitals: 'total_capitals',
  Provisions: 'provisions',
  IncomeInAdvance: 'income_in_advance',
  Debts: 'debts',
  ExpensesInAdvance: 'expenses_in_advance',
  CashRegisterAndBankAccounts: 'cash_and_bank',
  Receivables: 'receivables',
  Stocks: 'stocks',
  TotalCirculatingAssets: 'total_circulating_assets',
  TotalImmobilisedAssets: 'total_immobilised_assets',
  InsolvencyRisk: 'insolvency_score',
};

/** Percent change from `previous` to `value`, against |previous|; null when there is no usable base. */
export function growthPercent(value: number | null, previous: number | null | undefined): number | null {
  if (value == null || previous == null || previous === 0) return null;
  const g = ((value - previous) / Math.abs(previous)) * 100;
  return Number.isFinite(g) ? Math.round(g * 100) / 100 : null;
}

export function growthStatus(growth: number | null): 'up' | 'down' | 'equal' | null {
  if (growth == null) return null;
  return growth > 0 ? 'up' : growth < 0 ? 'down' : 'equal';
}
