// The yearly metric names, apart from types.ts: the contract imports the company schemas, which
// resolve a metric by name, and types.ts derives answer types from the contract.

/** The 21 yearly metrics, in the documented order. */
export const YEAR_METRIC_KEYS = [
  'Employees',
  'NetLoss',
  'NetProfit',
  'GrossLoss',
  'GrossProfit',
  'TotalExpenses',
  'TotalIncome',
  'NetTurnover',
  'KingdomHeritage',
  'SubscribedCapital',
  'TotalCapitals',
  'Provisions',
  'IncomeInAdvance',
  'Debts',
  'ExpensesInAdvance',
  'CashRegisterAndBankAccounts',
  'Receivables',
  'Stocks',
  'TotalCirculatingAssets',
  'TotalImmobilisedAssets',
  'InsolvencyRisk',
] as const;
export type YearMetricKey = (typeof YEAR_METRIC_KEYS)[number];
