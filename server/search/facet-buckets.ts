// The small-integer columns the filter options are counted on: preset buckets, packed flags and facts
// (docs/search.md; decisions 026, 074, 115).
import 'server-only';
import { EMPLOYEE_PRESET_RANGES, MONEY_PRESET_RANGES, type PresetRange } from '@/lib/filters';

const cutPoints = (presets: ReadonlyArray<Pick<PresetRange, 'min' | 'max'>>) => Array.from(new Set(presets.flatMap((p) => [p.min, p.max + 1]))).sort((a, b) => a - b);

export const EMPLOYEE_POINTS = cutPoints(EMPLOYEE_PRESET_RANGES);
export const MONEY_POINTS = cutPoints(MONEY_PRESET_RANGES);

/** How many cut points are ≤ the value. */
export function bucketOf(value: number, points: readonly number[]): number {
  let b = 0;
  for (const p of points) if (value >= p) b++;
  return b;
}

export function presetBuckets(p: Pick<PresetRange, 'min' | 'max'>, points: readonly number[]): [number, number] {
  return [bucketOf(p.min, points), bucketOf(p.max + 1, points)];
}

export const FLAG_BITS = { has_email: 1, has_phone: 2, has_insolvency_risk: 4, has_tenders: 8, has_eu_projects: 16 } as const;

/** The fact filters' key: per fact two bits (0 never checked, 1 yes, 2 no) in FACT_FACETS order, the risk band (0 none, A = 1 … E = 5) from bit 8. */
export const FACT_FACETS = ['vat_payer', 'is_inactive', 'e_factura', 'has_arrears'] as const;
const BAND_SHIFT = 8;

export function factsKey(states: ReadonlyArray<boolean | null>, band: number | null): number {
  // A plain loop: the index's build calls this once per company (3.5 M times).
  let key = 0;
  for (let i = 0; i < states.length; i++) if (states[i] !== null) key |= (states[i] ? 1 : 2) << (2 * i);
  return key | ((band ?? 0) << BAND_SHIFT);
}

/** A fact flag's state in a key: 1 yes, 2 no, 0 never checked. */
export const factState = (key: number, fact: (typeof FACT_FACETS)[number]) => (key >>> (2 * FACT_FACETS.indexOf(fact))) & 3;
export const factBand = (key: number) => key >>> BAND_SHIFT;
