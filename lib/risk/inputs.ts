// The Romanian names of the model's inputs and of the sector ratios, and how each value reads:
// the model keeps some inputs on a log scale (size, age, trend), people read lei, years and percent.
import { formatNumber, formatRon } from '../format';
import type { RiskInput } from './model';
import type { BenchmarkMetric } from './types';

type Kind = 'ratio' | 'trend' | 'lei' | 'years' | 'count';

export const INPUT_INFO: Record<RiskInput | BenchmarkMetric, { label: string; help: string; kind: Kind }> = {
  liquidity: { label: 'Lichiditate', help: 'capital de lucru / total active', kind: 'ratio' },
  equity: { label: 'Autonomie financiară', help: 'capitaluri proprii / total active (opusul îndatorării)', kind: 'ratio' },
  profitability: { label: 'Rentabilitatea activelor', help: 'profit brut minus pierdere brută / total active', kind: 'ratio' },
  net_margin: { label: 'Marja netă', help: 'profit net minus pierdere netă / cifra de afaceri', kind: 'ratio' },
  trend: { label: 'Evoluția cifrei de afaceri', help: 'față de anul anterior', kind: 'trend' },
  size: { label: 'Mărime', help: 'cifra de afaceri', kind: 'lei' },
  age: { label: 'Vechime', help: 'ani de la înființare', kind: 'years' },
  history: { label: 'Ani cu pierdere', help: 'din ultimii trei ani depuși', kind: 'count' },
};

/** The value in the unit a reader expects (percent, lei, years), from the model's scale. */
export function toReadable(key: RiskInput | BenchmarkMetric, v: number): number {
  switch (INPUT_INFO[key].kind) {
    case 'ratio':
      return v * 100;
    case 'trend':
      // trend = ln((T + 1000) / (T₋₁ + 1000)): back to a percent change
      return (Math.exp(v) - 1) * 100;
    case 'lei':
      return 10 ** v - 1;
    case 'years':
      return Math.exp(v) - 1;
    default:
      return v;
  }
}

export function formatInput(key: RiskInput | BenchmarkMetric, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '-';
  const r = toReadable(key, v);
  switch (INPUT_INFO[key].kind) {
    case 'ratio':
    case 'trend':
      return `${formatNumber(r, 1)} %`;
    case 'lei':
      return formatRon(r);
    case 'years':
      return `${formatNumber(Math.round(r))} ani`;
    default:
      return formatNumber(r, Number.isInteger(r) ? 0 : 1);
  }
}

/** A contribution as people read it: the sign says the direction, "+" is more risk. */
export function formatContribution(c: number): string {
  const s = formatNumber(Math.abs(c), 2);
  if (Math.abs(c) < 0.005) return '0,00';
  return c > 0 ? `+${s}` : `−${s}`;
}

export function formatProbability(p: number): string {
  return `${formatNumber(p * 100, p < 0.1 ? 1 : 0)} %`;
}
