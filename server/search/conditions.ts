// The search filter's conditions: its terms (read by the index) and the one SQL writer (buildWhere).
// Every filter and sort lives on `company` (latest-year facts), so a search never joins the yearly table.
import 'server-only';
import { MAX_CUI } from '@/lib/cui';
import { resolveRange, type SearchFilter } from '@/lib/filters';
import { containsPattern, Params, prefixPattern } from '../kernel/sql';
import { analyzeText, type TextQuery } from './text-query';

export { Params };

/** The revision of company.caen_code (the Ministry of Finance statements use CAEN Rev.2). */
export const COMPANY_CAEN_REVISION = 2;

/** `cui::text LIKE '314%'` as closed ranges: 314, 3140–3149, 31400–31499, … up to MAX_CUI. */
export function cuiPrefixRanges(digits: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (!/^[1-9]\d*$/.test(digits)) return out;
  const base = Number(digits);
  for (let scale = 1; base * scale <= MAX_CUI; scale *= 10) out.push([base * scale, Math.min(MAX_CUI, (base + 1) * scale - 1)]);
  return out;
}

/** Every word occurs in the normalised name. */
export function nameCondition(q: TextQuery, p: Params, a = 'c'): string | null {
  const contains = (column: string, word: string) => `${column} LIKE ${p.add(containsPattern(word))}`;
  const parts = q.indexWords.map((w) => contains(`${a}.name_norm`, w));
  if (q.indexWords.length === 0 && q.filterWords.length > 0) {
    // Only words of 1–2 letters (no trigram): the start of the name (btree), never a scan of every name.
    parts.push(`${a}.name_norm LIKE ${p.add(prefixPattern(q.filterWords.join(' ')))}`);
  } else {
    // `|| ''` keeps these out of the index condition: they are checked on the rows found.
    for (const w of q.filterWords) parts.push(contains(`(${a}.name_norm || '')`, w));
  }
  for (const w of q.formWords) parts.push(contains(`replace(${a}.name_norm, '.', '')`, w));
  return parts.length ? parts.join(' AND ') : null;
}

/** A CUI prefix for digits (with or without RO), names otherwise; plain digits also match names. */
export function textCondition(q: TextQuery, p: Params, a = 'c'): string | null {
  if (q.norm === '') return null;
  if (q.cuiDigits !== null) {
    const cui = `${a}.cui::text LIKE ${p.add(prefixPattern(q.cuiDigits))}`;
    // With an index word the name condition is never null.
    return q.isPlainDigits && q.indexWords.length > 0 ? `(${cui} OR (${nameCondition(q, p, a)}))` : cui;
  }
  return nameCondition(q, p, a);
}

/** The CAEN codes the index keeps as a number (caen_id). */
export const isCaenClass = (code: unknown): code is string => typeof code === 'string' && /^\d{4}$/.test(code);

export type RangeColumn = 'employees' | 'turnover' | 'profit';
export type FlagColumn = 'has_email' | 'has_phone' | 'has_insolvency_risk' | 'has_eu_projects' | 'has_tenders' | FactFlagColumn;
type EqualColumn = 'caen_code' | 'county_id' | 'locality_id' | 'status_code' | 'risk_band';

/** Facts in other domains' tables, read by key (decision 107); never checked is neither true nor false. */
type FactFlagColumn = 'vat_payer' | 'is_inactive' | 'e_factura' | 'has_arrears';

function factFlagSql(a: string, column: FactFlagColumn, value: boolean): string {
  if (column === 'has_arrears') return `${value ? '' : 'NOT '}EXISTS (SELECT 1 FROM v_company_arrears x WHERE x.cui = ${a}.cui)`;
  const field = column === 'vat_payer' ? 'vat_payer' : column === 'is_inactive' ? 'inactive' : 'e_factura';
  return `EXISTS (SELECT 1 FROM fiscal_check x WHERE x.cui = ${a}.cui AND ${value ? '' : 'NOT '}x.${field})`;
}

const FACT_FLAGS: ReadonlySet<FlagColumn> = new Set<FactFlagColumn>(['vat_payer', 'is_inactive', 'e_factura', 'has_arrears']);
/** In the order their terms are written. */
const EQ_FIELDS = [['caen_code', 'CaenCode'], ['county_id', 'CountyId'], ['locality_id', 'PrefectureId'], ['status_code', 'StatusCode']] as const;
const FLAG_FIELDS = [
  ['has_email', 'HasEmail'], ['has_phone', 'HasPhone'], ['has_insolvency_risk', 'HasInsolvencyRisk'], ['has_eu_projects', 'HasEuropeanProjects'], ['has_tenders', 'HasBids'],
  ['vat_payer', 'IsVatPayer'], ['is_inactive', 'IsInactive'], ['e_factura', 'HasEFactura'], ['has_arrears', 'HasTaxArrears'],
] as const satisfies ReadonlyArray<readonly [FlagColumn, keyof SearchFilter]>;

/** A filter condition (not the text): read by the index, written as SQL by filterConditions(). */
export type FilterTerm =
  | { kind: 'range'; column: RangeColumn; min: number | null; max: number | null }
  | { kind: 'eq'; column: EqualColumn; value: number | string }
  | { kind: 'flag'; column: FlagColumn; value: boolean };

function rangeTerm(column: RangeColumn, min: number | null, max: number | null): FilterTerm | null {
  // The range a filter means (lib/filters resolveRange), rounded inwards: the columns hold whole numbers.
  const r = resolveRange(min, max);
  const whole = { min: r.min === null ? null : Math.ceil(r.min), max: r.max === null ? null : Math.floor(r.max) };
  // A minimum of 0 restricts nothing but profit (it leaves out the losses).
  const lower = whole.min !== null && !(whole.min === 0 && column !== 'profit') ? whole.min : null;
  if (lower === null && whole.max === null) return null;
  return { kind: 'range', column, min: lower, max: whole.max };
}

export function filterTerms(f: Partial<SearchFilter>): FilterTerm[] {
  const out: Array<FilterTerm | null> = [
    rangeTerm('employees', f.MinEmployees ?? null, f.MaxEmployees ?? null),
    rangeTerm('turnover', f.MinTurnover ?? null, f.MaxTurnover ?? null),
    rangeTerm('profit', f.MinProfit ?? null, f.MaxProfit ?? null),
  ];
  for (const [column, field] of EQ_FIELDS) {
    const value = f[field];
    if (value != null && value !== '') out.push({ kind: 'eq', column, value });
  }
  for (const [column, field] of FLAG_FIELDS) {
    const value = f[field];
    if (value != null) out.push({ kind: 'flag', column, value });
  }
  if (f.RiskBand != null) out.push({ kind: 'eq', column: 'risk_band', value: f.RiskBand.charCodeAt(0) - 64 }); // 'A' → 1, as the index
  return out.filter((t): t is FilterTerm => t !== null);
}

export function filterConditions(f: Partial<SearchFilter>, p: Params, a = 'c'): string[] {
  const where: string[] = [];
  for (const t of filterTerms(f)) {
    if (t.kind === 'range') {
      if (t.min !== null) where.push(`${a}.${t.column} >= ${p.add(t.min)}`);
      if (t.max !== null) where.push(`${a}.${t.column} <= ${p.add(t.max)}`);
    } else if (t.kind === 'eq' && t.column === 'risk_band') {
      where.push(`${a}.cui IN (SELECT x.cui FROM company_risk x WHERE x.band = ${p.add(String.fromCharCode(64 + Number(t.value)))})`);
    } else if (t.kind === 'eq') where.push(`${a}.${t.column} = ${p.add(t.value)}`);
    else if (FACT_FLAGS.has(t.column)) where.push(factFlagSql(a, t.column as FactFlagColumn, t.value));
    // Boolean literals: the planner can match the rare flags' partial indexes (WHERE has_tenders, …).
    else where.push(t.value ? `${a}.${t.column}` : `NOT ${a}.${t.column}`);
  }
  return where;
}

/** The one SQL implementation of the filter, on `company c`. */
export function buildWhere(filter: Partial<SearchFilter>): { where: string; params: Params } {
  const params = new Params();
  const text = textCondition(analyzeText(filter.SearchText), params, 'c');
  const conditions = [...(text ? [text] : []), ...filterConditions(filter, params, 'c')];
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
