// The metric names getDetailsForGraph?type= accepts: the yearly keys (any case) plus the graph-row
// aliases. Pure, so the request schema and the query share it.
import { YEAR_METRIC_KEYS, type YearMetricKey } from './metric-keys';
import { ownValue } from '@/lib/shared/own-key';

const SERIES_ALIASES: Record<string, YearMetricKey> = {
  turnover: 'NetTurnover',
  profit: 'NetProfit',
  averagenumberofemployees: 'Employees',
  insolvency: 'InsolvencyRisk',
};

export function resolveMetric(name: string): YearMetricKey | null {
  const lower = name.trim().toLowerCase();
  const direct = YEAR_METRIC_KEYS.find((k) => k.toLowerCase() === lower);
  return direct ?? ownValue(SERIES_ALIASES, lower) ?? null;
}
