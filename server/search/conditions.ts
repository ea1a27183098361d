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

/** The name (or the name without dots) contains `word`; `checkedAfter`: kept out of the index condition. */
function hasWord(a: string, word: string, p: Params, opts: { checkedAfter?: boolean; withoutDots?: boolean } = {}): string {
  const column = opts.withoutDots ? `replace(${a}.name_norm, '.', '')` : `${a}.name_norm`;
  return `${opts.checkedAfter ? `(${column} || '')` : column} LIKE ${p.add(containsPattern(word))}`;
}

/**
 * The CUIs whose decimal form starts with `digits` (no leading zero), as closed integer ranges:
 * '314' → 314, 3140–3149, 31400–31499, … up to the largest CUI. Exactly `cui::text LIKE '314%'`.
 */
export function cuiPrefixRanges(digits: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (!/^[1-9]\d*$/.test(digits)) return out;
  const base = Number(digits);
  for (let scale = 1; base * scale <= MAX_CUI; scale *= 10) out.push([base * scale, Math.min(MAX_CUI, (base + 1) * scale - 1)]);
  return out;
}

/** Name part of a text: every word must occur in the normalised name (case and diacritics folded). */
export function nameCondition(q: TextQuery, p: Params, a = 'c'): string | null {
  const parts: string[] = [];
  for (const w of q.indexWords) parts.push(hasWord(a, w, p));
  if (q.indexWords.length === 0 && q.filterWords.length > 0) {
    // Only words of 1–2 letters: no trigram to look up, so they read as the start of the name
    // (btree text_pattern_ops), never as a scan of every name.
    parts.push(`${a}.name_norm LIKE ${p.add(prefixPattern(q.filterWords.join(' ')))}`);
  } else {
    // `|| ''` keeps these out of the index condition: they are checked on the rows found.
    for (const w of q.filterWords) parts.push(hasWord(a, w, p, { checkedAfter: true }));
  }
  for (const w of q.formWords) parts.push(hasWord(a, w, p, { withoutDots: true }));
  return parts.length ? parts.join(' AND ') : null;
}

/** Text condition: a CUI prefix for digits (with or without RO), names otherwise; plain digits also match names. */
export function textCondition(q: TextQuery, p: Params, a = 'c'): string | null {
  if (q.norm === '') return null;
  if (q.cuiDigits !== null) {
    const cui = `${a}.cui::text LIKE ${p.add(prefixPattern(q.cuiDigits))}`;
    if (q.isPlainDigits && q.indexWords.length > 0) {
      const name = nameCondition(q, p, a);
      return name ? `(${cui} OR (${name}))` : cui;
    }
    return cui;
  }
  return nameCondition(q, p, a);
}

/** A CAEN class code (4 digits): the codes the index keeps as a number (caen_id). */
export const isCaenClass = (code: unknown): code is string => typeof code === 'string' && /^\d{4}$/.test(code);

export type RangeColumn = 'employees' | 'turnover' | 'profit';
export type FlagColumn = 'has_email' | 'has_phone' | 'has_insolvency_risk' | 'has_eu_projects' | 'has_tenders' | FactFlagColumn;
type EqualColumn = 'caen_code' | 'county_id' | 'locality_id' | 'status_code' | 'risk_band';

/**
 * Flags whose facts live in other domains' tables (decision 107): the last good ANAF check (never
 * checked: neither true nor false) and the latest arrears lists. PostgreSQL reads them by key.
 */
type FactFlagColumn = 'vat_payer' | 'is_inactive' | 'e_factura' | 'has_arrears';

/** PostgreSQL's condition of a fact flag on the company aliased `a`. */
function factFlagSql(a: string, column: FactFlagColumn, value: boolean): string {
  if (column === 'has_arrears') return `${value ? '' : 'NOT '}EXISTS (SELECT 1 FROM v_company_arrears x WHERE x.cui = ${a}.cui)`;
  const field = column === 'vat_payer' ? 'vat_payer' : column === 'is_inactive' ? 'inactive' : 'e_factura';
  return `EXISTS (SELECT 1 FROM fiscal_check x WHERE x.cui = ${a}.cui AND ${value ? '' : 'NOT '}x.${field})`;
}

/** The band letters as the engine's copy and the index number them (company_risk.band 'A' → 1). */
const riskBandNumber = (band: string) => band.charCodeAt(0) - 64;
const FACT_FLAGS: ReadonlySet<FlagColumn> = new Set<FactFlagColumn>(['vat_payer', 'is_inactive', 'e_factura', 'has_arrears']);
/** The equality and yes/no fields with their columns, in the order their terms are written. */
const EQ_FIELDS = [['caen_code', 'CaenCode'], ['county_id', 'CountyId'], ['locality_id', 'PrefectureId'], ['status_code', 'StatusCode']] as const;
const FLAG_FIELDS = [
  ['has_email', 'HasEmail'], ['has_phone', 'HasPhone'], ['has_insolvency_risk', 'HasInsolvencyRisk'], ['has_eu_projects', 'HasEuropeanProjects'], ['has_tenders', 'HasBids'],
  ['vat_payer', 'IsVatPayer'], ['is_inactive', 'IsInactive'], ['e_factura', 'HasEFactura'], ['has_arrears', 'HasTaxArrears'],
] as const satisfies ReadonlyArray<readonly [FlagColumn, keyof SearchFilter]>;

/**
 * One condition of the filter (every field but the text): the only definition of its fields, read by
 * the index and written as SQL by filterConditions() (the differential tests compare the two).
 */
export type FilterTerm =
  | { kind: 'range'; column: RangeColumn; min: number | null; max: number | null }
  | { kind: 'eq'; column: EqualColumn; value: number | string }
  | { kind: 'flag'; column: FlagColumn; value: boolean };

function rangeTerm(column: RangeColumn, min: number | null, max: number | null): FilterTerm | null {
  // The range a filter means (lib/filters resolveRange), rounded inwards: the columns hold whole numbers.
  const r = resolveRange(min, max);
  const whole = { min: r.min === null ? null : Math.ceil(r.min), max: r.max === null ? null : Math.floor(r.max) };
  // Employees and turnover are never negative, so a minimum of 0 restricts nothing there; a
  // profit minimum of 0 does (it leaves out the losses).
  const neverNegative = column !== 'profit';
  const lower = whole.min !== null && !(whole.min === 0 && neverNegative) ? whole.min : null;
  if (lower === null && whole.max === null) return null;
  return { kind: 'range', column, min: lower, max: whole.max };
}

/** The filter's conditions (every field but the text) as terms, in a fixed order. */
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
  if (f.RiskBand != null) out.push({ kind: 'eq', column: 'risk_band', value: riskBandNumber(f.RiskBand) });
  return out.filter((t): t is FilterTerm => t !== null);
}

/** Every filter field except the text, as AND-ed conditions. */
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
    // Values are bound parameters, but booleans are literals: the planner can then match the
    // partial indexes of the rare flags (WHERE has_tenders, …).
    else where.push(t.value ? `${a}.${t.column}` : `NOT ${a}.${t.column}`);
  }
  return where;
}

export type BuiltSearch = { where: string; params: Params };

/** The WHERE of a filter on `company c`: the one SQL implementation of the filter. */
export function buildWhere(filter: Partial<SearchFilter>): BuiltSearch {
  const params = new Params();
  const conditions: string[] = [];
  const text = textCondition(analyzeText(filter.SearchText), params, 'c');
  if (text) conditions.push(text);
  conditions.push(...filterConditions(filter, params, 'c'));
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
