// Advanced-search filter model shared by the search page, the landing
// page links, the API query and the route handler.
import { formatNumber, formatRon } from './format';
import { padCaenCode } from './slug';
import { TEXT_CUTS, cutText } from './text';
import { parseFilterNumber } from './filter-number';

export const ORDER_BY = ['Profit_desc', 'Turnover_desc'] as const;
export type OrderBy = (typeof ORDER_BY)[number];
export const DEFAULT_ORDER_BY: OrderBy = 'Profit_desc';
export const ORDER_BY_OPTIONS: ReadonlyArray<{ value: OrderBy; label: string }> = [
  { value: 'Profit_desc', label: 'Profit' },
  { value: 'Turnover_desc', label: 'Cifra de afaceri' },
];

export const DEFAULT_PAGE_NUMBER = 1;
/**
 * The spec does not show the advanced-search page size. 21 fills whole rows of
 * the 3-column card grid and matches the find-customers page.
 */
export const SEARCH_PAGE_SIZE = 21;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_TEXT_MAX = 200;

export type SearchFilter = {
  SearchText: string;
  OrderBy: OrderBy;
  PageNumber: number;
  PageSize: number;
  MinEmployees: number | null;
  MaxEmployees: number | null;
  MinTurnover: number | null;
  MaxTurnover: number | null;
  MinProfit: number | null;
  MaxProfit: number | null;
  /** 4-digit CAEN code ('0111') */
  CaenCode: string | null;
  CountyId: number | null;
  PrefectureId: number | null;
  /** ONRC status code (N_STARE_FIRMA COD, e.g. 1048) */
  StatusCode: number | null;
  /** null = all; true/false = only with / without */
  HasEmail: boolean | null;
  HasPhone: boolean | null;
  HasInsolvencyRisk: boolean | null;
  HasEuropeanProjects: boolean | null;
  HasBids: boolean | null;
  /**
   * The last good ANAF check (decision 098): true/false = checked and a VAT payer / not; a company
   * never checked matches neither (decision 107).
   */
  IsVatPayer: boolean | null;
  /** ANAF's inactive status at the last check; never checked: neither */
  IsInactive: boolean | null;
  /** registered in the RO e-Factura register at the last check; never checked: neither */
  HasEFactura: boolean | null;
  /** named in the latest imported ANAF arrears list of its category (decision 099) */
  HasTaxArrears: boolean | null;
  /** the default-risk band of the latest statements (decision 100); no statements: none */
  RiskBand: RiskBandCode | null;
};

/** The default-risk bands (lib/risk/model.ts RISK_BANDS; kept here so the search page loads no model code). */
export const RISK_BAND_CODES = ['A', 'B', 'C', 'D', 'E'] as const;
export type RiskBandCode = (typeof RISK_BAND_CODES)[number];
export const RISK_BAND_OPTIONS: ReadonlyArray<{ value: RiskBandCode; label: string }> = [
  { value: 'A', label: 'A – risc foarte scăzut' },
  { value: 'B', label: 'B – risc scăzut' },
  { value: 'C', label: 'C – risc moderat' },
  { value: 'D', label: 'D – risc ridicat' },
  { value: 'E', label: 'E – risc foarte ridicat' },
];
export const isRiskBand = (v: unknown): v is RiskBandCode => typeof v === 'string' && (RISK_BAND_CODES as readonly string[]).includes(v);

export const DEFAULT_SEARCH_FILTER: Readonly<SearchFilter> = Object.freeze({
  SearchText: '',
  OrderBy: DEFAULT_ORDER_BY,
  PageNumber: DEFAULT_PAGE_NUMBER,
  PageSize: SEARCH_PAGE_SIZE,
  MinEmployees: null,
  MaxEmployees: null,
  MinTurnover: null,
  MaxTurnover: null,
  MinProfit: null,
  MaxProfit: null,
  CaenCode: null,
  CountyId: null,
  PrefectureId: null,
  StatusCode: null,
  HasEmail: null,
  HasPhone: null,
  HasInsolvencyRisk: null,
  HasEuropeanProjects: null,
  HasBids: null,
  IsVatPayer: null,
  IsInactive: null,
  HasEFactura: null,
  HasTaxArrears: null,
  RiskBand: null,
});

export function createSearchFilter(patch: Partial<SearchFilter> = {}): SearchFilter {
  return { ...DEFAULT_SEARCH_FILTER, ...patch };
}

/** The range, code and place fields, in the order both the filter and the advanced-search route list them. */
const RANGE_AND_CODE_FIELDS = [
  'MinEmployees',
  'MaxEmployees',
  'MinTurnover',
  'MaxTurnover',
  'MinProfit',
  'MaxProfit',
  'CaenCode',
  'CountyId',
  'PrefectureId',
  'StatusCode',
] as const satisfies ReadonlyArray<keyof SearchFilter>;

/** The filters of decision 107 (not in the spec's route): query parameters of the address. */
const FISCAL_AND_RISK_FIELDS = ['IsVatPayer', 'IsInactive', 'HasEFactura', 'HasTaxArrears', 'RiskBand'] as const satisfies ReadonlyArray<keyof SearchFilter>;

/** Every field of SearchFilter, in the documented order. */
const SEARCH_FILTER_FIELDS = [
  'SearchText',
  'OrderBy',
  'PageNumber',
  'PageSize',
  ...RANGE_AND_CODE_FIELDS,
  'HasEmail',
  'HasPhone',
  'HasInsolvencyRisk',
  'HasEuropeanProjects',
  'HasBids',
  ...FISCAL_AND_RISK_FIELDS,
] as const satisfies ReadonlyArray<keyof SearchFilter>;

// ---------------------------------------------------------------------------
// Ranges

export type RangeFields = {
  MinEmployees?: number | null;
  MaxEmployees?: number | null;
  MinTurnover?: number | null;
  MaxTurnover?: number | null;
  MinProfit?: number | null;
  MaxProfit?: number | null;
};

export type RangeKey = 'employees' | 'turnover' | 'profit';

export const RANGES: Record<
  RangeKey,
  { min: keyof RangeFields; max: keyof RangeFields; label: string; isMoney: boolean }
> = {
  employees: { min: 'MinEmployees', max: 'MaxEmployees', label: 'Angajați', isMoney: false },
  turnover: { min: 'MinTurnover', max: 'MaxTurnover', label: 'Cifra de afaceri', isMoney: true },
  profit: { min: 'MinProfit', max: 'MaxProfit', label: 'Profit', isMoney: true },
};

export { parseFilterNumber } from './filter-number';

/**
 * The range rules, applied when filters are submitted:
 * - negatives and invalid numbers are cleared;
 * - only a maximum -> the minimum becomes 0 (all three ranges);
 * - turnover and profit only: a minimum without a maximum sets the maximum to 0.
 *   This is the spec's "second reading" (taken from the contacts filter) and is implemented
 *   as written. It yields e.g. MinTurnover 1000 / MaxTurnover 0: the original API used 0
 *   as "not set" (a numeric default), so a 0 maximum above a positive minimum means "no
 *   upper bound". Consumers must read it through `resolveRange`, never literally.
 */
export function normalizeRanges<T extends RangeFields>(filter: T): T {
  const result: T = { ...filter };
  (Object.keys(RANGES) as RangeKey[]).forEach((key) => {
    const { min: minKey, max: maxKey, isMoney } = RANGES[key];
    if (!(minKey in filter) && !(maxKey in filter)) return;
    let min = parseFilterNumber(filter[minKey], { integer: !isMoney });
    let max = parseFilterNumber(filter[maxKey], { integer: !isMoney });
    if (max !== null && min === null) min = 0;
    if (isMoney && min !== null && max === null) max = 0;
    result[minKey] = min;
    result[maxKey] = max;
  });
  return result;
}

/**
 * The range a query means: a 0 maximum together with a positive minimum is the
 * "no upper bound" encoding of `normalizeRanges`. Use this on the server before building SQL.
 */
export function resolveRange(min: number | null | undefined, max: number | null | undefined) {
  const lower = min ?? null;
  let upper = max ?? null;
  if (lower !== null && lower > 0 && upper === 0) upper = null;
  return { min: lower, max: upper };
}

export type PresetRange = { min: number; max: number; label: string };

const presets = (pairs: ReadonlyArray<readonly [number, number]>): ReadonlyArray<PresetRange> =>
  pairs.map(([min, max]) => ({ min, max, label: `${formatNumber(min)} - ${formatNumber(max)}` }));

/** Employee presets of the search filters and of the company lists. */
export const EMPLOYEE_PRESET_RANGES = presets([
  [1, 100],
  [100, 500],
  [500, 1000],
  [1000, 3000],
  [3000, 5000],
  [5000, 10000],
]);

/** Profit and turnover presets (RON), also the tender amount presets */
export const MONEY_PRESET_RANGES = presets([
  [1, 100_000],
  [100_000, 500_000],
  [500_000, 1_000_000],
  [1_000_000, 3_000_000],
  [3_000_000, 5_000_000],
  [5_000_000, 10_000_000],
]);

// ---------------------------------------------------------------------------
// Emptiness and updates

/** Fields ignored by isFilterEmpty: text, paging and the page size (not a user choice). */
const NOT_A_FILTER = new Set<keyof SearchFilter>(['SearchText', 'PageNumber', 'PageSize']);

/**
 * "A filter counts as empty when all fields are at defaults (page number and text
 * ignored)". OrderBy is a field, so a non-default sort counts as active.
 */
export function isFilterEmpty(filter: Partial<SearchFilter>): boolean {
  return SEARCH_FILTER_FIELDS.every((field) => {
    if (NOT_A_FILTER.has(field)) return true;
    const value = filter[field];
    const fallback = DEFAULT_SEARCH_FILTER[field];
    return (value ?? fallback) === fallback;
  });
}

/** Choosing a county clears the chosen prefecture and restarts from page 1. */
export function setCounty(filter: SearchFilter, countyId: number | null): SearchFilter {
  return { ...filter, CountyId: countyId, PrefectureId: null, PageNumber: DEFAULT_PAGE_NUMBER };
}

/**
 * Any filter or sort change re-runs the search from page 1. A CountyId change
 * clears PrefectureId unless the patch sets one itself.
 */
export function updateFilter(filter: SearchFilter, patch: Partial<SearchFilter>): SearchFilter {
  const next: SearchFilter = { ...filter, ...patch, PageNumber: patch.PageNumber ?? DEFAULT_PAGE_NUMBER };
  if ('CountyId' in patch && patch.CountyId !== filter.CountyId && !('PrefectureId' in patch)) {
    next.PrefectureId = null;
  }
  return next;
}

/** The Reset control: every filter back to default, keeping the text and the page size. */
export function resetFilters(filter: SearchFilter): SearchFilter {
  return { ...DEFAULT_SEARCH_FILTER, SearchText: filter.SearchText, PageSize: filter.PageSize };
}

// ---------------------------------------------------------------------------
// Option lists

/** Contact availability: 1 phone and email, 2 phone, 3 email. */
export const CONTACT_FILTER_OPTIONS = [
  { Id: 1, Name: 'Telefon+Email' },
  { Id: 2, Name: 'Telefon' },
  { Id: 3, Name: 'Email' },
] as const;
export type ContactFilterId = (typeof CONTACT_FILTER_OPTIONS)[number]['Id'];

/**
 * Option -> flags. 'Telefon' means "has a phone" (HasEmail left open), not "phone and no
 * email": the option lists what must be available.
 */
export function contactFilterToFlags(id: ContactFilterId | null | undefined): {
  HasPhone: boolean | null;
  HasEmail: boolean | null;
} {
  switch (id) {
    case 1:
      return { HasPhone: true, HasEmail: true };
    case 2:
      return { HasPhone: true, HasEmail: null };
    case 3:
      return { HasPhone: null, HasEmail: true };
    default:
      return { HasPhone: null, HasEmail: null };
  }
}

/** Flags -> option id (for restoring the dropdown); null when no option matches. */
export function flagsToContactFilter(flags: { HasPhone?: boolean | null; HasEmail?: boolean | null }): ContactFilterId | null {
  if (flags.HasPhone === true && flags.HasEmail === true) return 1;
  if (flags.HasPhone === true && flags.HasEmail == null) return 2;
  if (flags.HasEmail === true && flags.HasPhone == null) return 3;
  return null;
}

export function applyContactFilter(filter: SearchFilter, id: ContactFilterId | null): SearchFilter {
  return updateFilter(filter, contactFilterToFlags(id));
}

/** Insolvency risk: low (false) or high (true). */
export const INSOLVENCY_RISK_OPTIONS: ReadonlyArray<{ value: boolean; label: string }> = [
  { value: false, label: 'Risc scăzut' },
  { value: true, label: 'Risc ridicat' },
];

/** Bids and European projects: all, yes, no. */
export const YES_NO_ALL_OPTIONS: ReadonlyArray<{ value: boolean | null; label: string }> = [
  { value: null, label: 'Toate' },
  { value: true, label: 'Da' },
  { value: false, label: 'Nu' },
];

/** Label of the extra first entry of every lookup list (CAEN, county, prefecture, status). */
export const ALL_OPTION_LABEL = 'Toate';

// Social-media filter of the contacts page.
export type SocialFlags = {
  HasFacebook: boolean | null;
  HasYouTube: boolean | null;
  HasInstagram: boolean | null;
  HasTwitter: boolean | null;
  HasLinkedin: boolean | null;
  HasWebsite: boolean | null;
};

export const SOCIAL_FILTER_OPTIONS = [
  { value: 'Facebook', label: 'Facebook', flag: 'HasFacebook' },
  { value: 'YouTube', label: 'YouTube', flag: 'HasYouTube' },
  { value: 'Instagram', label: 'Instagram', flag: 'HasInstagram' },
  { value: 'Twitter', label: 'Twitter', flag: 'HasTwitter' },
  { value: 'Linkedin', label: 'Linkedin', flag: 'HasLinkedin' },
  { value: 'Website', label: 'Website', flag: 'HasWebsite' },
  { value: 'Toate', label: 'Toate', flag: null },
] as const;
export type SocialFilterValue = (typeof SOCIAL_FILTER_OPTIONS)[number]['value'];

/**
 * 'Toate' sets the five Has-flags of the filter object (Facebook, YouTube, Instagram,
 * Twitter, Linkedin) to true; one platform sets only its flag; null clears all.
 */
export function socialFilterToFlags(value: SocialFilterValue | null | undefined): SocialFlags {
  const flags: SocialFlags = {
    HasFacebook: null,
    HasYouTube: null,
    HasInstagram: null,
    HasTwitter: null,
    HasLinkedin: null,
    HasWebsite: null,
  };
  if (value === 'Toate') {
    flags.HasFacebook = flags.HasYouTube = flags.HasInstagram = flags.HasTwitter = flags.HasLinkedin = true;
    return flags;
  }
  const option = SOCIAL_FILTER_OPTIONS.find((o) => o.value === value);
  if (option?.flag) flags[option.flag] = true;
  return flags;
}

// ---------------------------------------------------------------------------
// Advanced-search URL: /Cautare-avansata/:SearchText?/:MinEmployees?/.../:HasInsolvencyRisk?

export const ADVANCED_SEARCH_PATH = '/Cautare-avansata';

/** Positional segments of the advanced-search route, in route order. */
const SEARCH_PATH_FIELDS = [
  'SearchText',
  ...RANGE_AND_CODE_FIELDS,
  'HasInsolvencyRisk',
] as const satisfies ReadonlyArray<keyof SearchFilter>;

/**
 * Placeholder for an empty positional segment, so later segments keep their position
 * (e.g. only CountyId 12 -> '/Cautare-avansata/-/-/-/-/-/-/-/-/12'). Trailing empty
 * segments are omitted. Consequence: a search text of exactly '-' reads back as no text.
 */
const EMPTY_SEGMENT = '-';

function segmentFor(field: (typeof SEARCH_PATH_FIELDS)[number], filter: Partial<SearchFilter>): string | null {
  const value = filter[field];
  if (value == null) return null;
  if (field === 'SearchText') {
    const text = String(value).trim();
    if (text === '') return null;
    // '.' and '..' segments would be removed by URL normalisation
    return /^\.+$/.test(text) ? text.replace(/\./g, '%2E') : encodeURIComponent(text);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? String(value) : null;
  const text = String(value).trim();
  return text === '' ? null : encodeURIComponent(text);
}

/** Advanced-search path for a filter (landing cards, search box, Enter in suggestions). */
export function buildSearchPath(filter: Partial<SearchFilter>): string {
  const segments = SEARCH_PATH_FIELDS.map((field) => segmentFor(field, filter));
  while (segments.length && segments[segments.length - 1] === null) segments.pop();
  if (segments.length === 0) return ADVANCED_SEARCH_PATH;
  return `${ADVANCED_SEARCH_PATH}/${segments.map((s) => s ?? EMPTY_SEGMENT).join('/')}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function readInt(text: string | null): number | null {
  if (text === null || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

function readNumber(text: string | null): number | null {
  if (text === null || !/^\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/**
 * Filter from the route's positional segments (Next's optional catch-all param, raw or
 * already decoded: decoding is tolerant). Invalid segments are ignored. A range is
 * restored only when both its minimum and its maximum are present, so
 * '/Cautare-avansata/-/10' restores no employee range.
 */
export function parseSearchPath(segments: ReadonlyArray<string> | string | null | undefined): SearchFilter {
  const list = segments == null ? [] : typeof segments === 'string' ? [segments] : segments;
  const raw: Record<string, string | null> = {};
  SEARCH_PATH_FIELDS.forEach((field, index) => {
    const segment = list[index];
    if (segment == null) return void (raw[field] = null);
    const decoded = safeDecode(segment).trim();
    raw[field] = decoded === '' || decoded === EMPTY_SEGMENT ? null : decoded;
  });

  const filter = createSearchFilter({ SearchText: raw.SearchText ?? '' });
  (Object.keys(RANGES) as RangeKey[]).forEach((key) => {
    const { min: minKey, max: maxKey, isMoney } = RANGES[key];
    const min = isMoney ? readNumber(raw[minKey]) : readInt(raw[minKey]);
    const max = isMoney ? readNumber(raw[maxKey]) : readInt(raw[maxKey]);
    if (min !== null && max !== null) {
      filter[minKey] = min;
      filter[maxKey] = max;
    }
  });
  if (raw.CaenCode && /^\d{1,4}$/.test(raw.CaenCode)) filter.CaenCode = padCaenCode(raw.CaenCode);
  filter.CountyId = readInt(raw.CountyId);
  filter.PrefectureId = readInt(raw.PrefectureId);
  filter.StatusCode = readInt(raw.StatusCode);
  const risk = raw.HasInsolvencyRisk?.toLowerCase();
  filter.HasInsolvencyRisk = risk === 'true' ? true : risk === 'false' ? false : null;
  return filter;
}

/** Same as parseSearchPath, from a pathname ('/Cautare-avansata/dedeman/-/-'). */
export function parseSearchPathname(pathname: string): SearchFilter {
  const path = pathname.split(/[?#]/)[0];
  const rest = path.startsWith(ADVANCED_SEARCH_PATH) ? path.slice(ADVANCED_SEARCH_PATH.length) : path;
  return parseSearchPath(rest.split('/').filter((_, i) => i > 0));
}

// ---------------------------------------------------------------------------
// API query: GET /api/Company/getCompanies

/** Query for GET /api/Company/getCompanies: documented field names, empty values omitted. */
export function filterToQuery(filter: Partial<SearchFilter>): URLSearchParams {
  const full = createSearchFilter(filter);
  const params = new URLSearchParams();
  SEARCH_FILTER_FIELDS.forEach((field) => {
    const value = full[field];
    if (value == null) return;
    if (typeof value === 'number' && !Number.isFinite(value)) return;
    const text = typeof value === 'string' ? value.trim() : String(value);
    if (text === '') return;
    params.set(field, text);
  });
  return params;
}

// ---------------------------------------------------------------------------
// Human summary

/** Display names of looked-up values; without them the raw code/id is shown. */
export type FilterNames = {
  caen?: string | null;
  county?: string | null;
  prefecture?: string | null;
  status?: string | null;
};

export type DescribableFilter = Partial<SearchFilter> & Partial<SocialFlags>;

function describeRange(min: number | null | undefined, max: number | null | undefined, isMoney: boolean): string | null {
  const format = (n: number) => (isMoney ? formatRon(n) : formatNumber(n));
  const { min: lower, max: upper } = resolveRange(min, max);
  if (lower !== null && upper !== null) return `între ${format(lower)} și ${format(upper)}`;
  if (lower !== null) return `minimum ${format(lower)}`;
  if (upper !== null) return `maximum ${format(upper)}`;
  return null;
}

const yesNo = (value: boolean) => (value ? 'da' : 'nu');

/**
 * The active-filter summary of the search page, one Romanian line per active
 * filter, in panel order. Text, sort and paging are not filters and are not listed.
 */
export function describeFilter(filter: DescribableFilter, names: FilterNames = {}): string[] {
  const lines: string[] = [];
  (Object.keys(RANGES) as RangeKey[]).forEach((key) => {
    const { min, max, label, isMoney } = RANGES[key];
    const text = describeRange(filter[min], filter[max], isMoney);
    if (text) lines.push(`${label}: ${text}`);
  });
  if (filter.CaenCode) {
    const caenName = names.caen ? ` - ${cutText(names.caen, TEXT_CUTS.caenLabel)}` : '';
    lines.push(`Cod CAEN: ${filter.CaenCode}${caenName}`);
  }
  if (filter.CountyId != null) lines.push(`Județ: ${names.county ?? filter.CountyId}`);
  if (filter.PrefectureId != null) lines.push(`Localitate: ${names.prefecture ?? filter.PrefectureId}`);
  if (filter.StatusCode != null) lines.push(`Stare firmă: ${names.status ?? filter.StatusCode}`);

  const contact: string[] = [];
  if (filter.HasPhone != null) contact.push(filter.HasPhone ? 'telefon' : 'fără telefon');
  if (filter.HasEmail != null) contact.push(filter.HasEmail ? 'email' : 'fără email');
  if (contact.length) lines.push(`Date de contact: ${contact.join(' și ')}`);

  if (filter.HasInsolvencyRisk != null) {
    lines.push(`Risc de insolvență: ${filter.HasInsolvencyRisk ? 'ridicat' : 'scăzut'}`);
  }
  if (filter.HasBids != null) lines.push(`Licitații: ${yesNo(filter.HasBids)}`);
  if (filter.HasEuropeanProjects != null) lines.push(`Proiecte europene: ${yesNo(filter.HasEuropeanProjects)}`);
  if (filter.IsVatPayer != null) lines.push(`Plătitor de TVA: ${yesNo(filter.IsVatPayer)}`);
  if (filter.IsInactive != null) lines.push(`Inactiv la ANAF: ${yesNo(filter.IsInactive)}`);
  if (filter.HasEFactura != null) lines.push(`Înregistrat în e-Factura: ${yesNo(filter.HasEFactura)}`);
  if (filter.HasTaxArrears != null) lines.push(`Datorii la buget: ${yesNo(filter.HasTaxArrears)}`);
  if (filter.RiskBand != null) lines.push(`Clasă de risc: ${RISK_BAND_OPTIONS.find((o) => o.value === filter.RiskBand)?.label ?? filter.RiskBand}`);

  const social = SOCIAL_FILTER_OPTIONS.filter((o) => o.flag && filter[o.flag] === true).map((o) => o.label);
  if (social.length) lines.push(`Rețele sociale: ${social.join(', ')}`);
  return lines;
}
