// The random search filters of the engine tests (search-engine, search-index): one field of the
// advanced search each, over values read from the test database.
import { RISK_BAND_CODES, type SearchFilter } from '@/lib/filters';

export type FilterValues = { counties: number[]; localities: number[]; caens: string[]; statuses: number[] };

/** `values` is read when a field is drawn (the lists may be filled by a beforeAll). */
export function filterFields(random: () => number, values: () => FilterValues): Array<() => Partial<SearchFilter>> {
  const v = new Proxy({} as FilterValues, { get: (_t, k) => values()[k as keyof FilterValues] });
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  return [
    () => ({ CountyId: pick(v.counties) }),
    () => ({ PrefectureId: pick(v.localities) }),
    () => ({ CaenCode: pick(v.caens) }),
    () => ({ StatusCode: pick(v.statuses) }),
    () => ({ MinEmployees: pick([0, 1, 5, 10]), MaxEmployees: pick([9, 49, 250, 100000]) }),
    () => ({ MinTurnover: pick([1, 10000, 100000, 1000000]), MaxTurnover: pick([0, 500000, 5000000]) }),
    () => ({ MinProfit: pick([0, 1, 50000]), MaxProfit: pick([0, 100000, 1000000]) }),
    () => ({ MaxProfit: 0, MinProfit: 0 }),
    () => ({ HasEmail: random() < 0.5 }),
    () => ({ HasPhone: random() < 0.5 }),
    () => ({ HasInsolvencyRisk: random() < 0.5 }),
    () => ({ HasEuropeanProjects: random() < 0.5 }),
    () => ({ HasBids: random() < 0.5 }),
    // The fiscal and risk filters (decision 107).
    () => ({ IsVatPayer: random() < 0.5 }),
    () => ({ IsInactive: random() < 0.5 }),
    () => ({ HasEFactura: random() < 0.5 }),
    () => ({ HasTaxArrears: random() < 0.5 }),
    () => ({ RiskBand: pick(RISK_BAND_CODES) }),
  ];
}
