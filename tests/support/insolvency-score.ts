// The insolvency score of one financial year, as rf_compute_insolvency (migration
// 20261121000100_derived, docs/decisions/004) computes it in the database: Altman's Z'' mapped onto
// the 1.8 / 2.99 scale. The integration tests check that the two agree; the generator's unit test
// uses it to check the demo data's risk mix without a database.
export type BalanceSheet = {
  total_immobilised_assets: number;
  total_circulating_assets: number;
  expenses_in_advance: number;
  debts: number;
  income_in_advance: number;
  total_capitals: number;
  gross_profit: number;
  gross_loss: number;
};

export function insolvencyScore(f: BalanceSheet): number | null {
  const ta = f.total_immobilised_assets + f.total_circulating_assets + f.expenses_in_advance;
  if (ta <= 0) return null;
  const z =
    (6.56 * (f.total_circulating_assets + f.expenses_in_advance - f.debts - f.income_in_advance)) / ta +
    (3.26 * f.total_capitals) / ta +
    (6.72 * (f.gross_profit - f.gross_loss)) / ta +
    1.05 * Math.min(10, Math.max(-10, f.total_capitals / Math.max(f.debts, 1)));
  return Math.round(100 * Math.min(10, Math.max(-5, 0.9273 + 0.7933 * z))) / 100;
}
