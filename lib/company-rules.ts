// Display rules of the company pages and of the admin and e-mail lists.
import { toBucharestWallClock, type DateInput } from './format';
import { parseFilterNumber } from './filter-number';
import { EMAIL_REGEX } from './email';
import { TEXT_CUTS, cutText } from './text';
import { isWebUrl } from './shared/safe-url';
import { ownValue } from './shared/own-key';

export { isEmailLike } from './email';

// ---------------------------------------------------------------------------
// Size, age, growth

export type BusinessSize = 'micro' | 'mică' | 'mijlocie' | 'mare' | '';

/**
 * Business size by net turnover, thresholds 2,000,000 / 10,000,000 / 50,000,000:
 * under 2M micro, above 2M mică, above 10M mijlocie, above 50M mare.
 * The spec writes "over 2,000,000 up to 10,000,000" but also "exact boundary values fall
 * into no category (blank)"; the explicit boundary rule wins, so each of the three
 * thresholds itself gives ''. For "mare" the spec shows two tests in the original (one
 * against 250, evidently faulty); we use the intended "over 50,000,000".
 */
export function businessSizeByTurnover(turnover: number | null | undefined): BusinessSize {
  if (turnover == null || !Number.isFinite(turnover)) return '';
  if (turnover < 2_000_000) return 'micro';
  if (turnover > 2_000_000 && turnover < 10_000_000) return 'mică';
  if (turnover > 10_000_000 && turnover < 50_000_000) return 'mijlocie';
  if (turnover > 50_000_000) return 'mare';
  return '';
}

export type CollectiveSize = 'restrâns' | 'mic' | 'mijlociu' | 'mare' | '';

/** Collective size by average employees: <10, >10, >50, >250; exactly 10, 50, 250 give ''. */
export function collectiveSize(employees: number | null | undefined): CollectiveSize {
  if (employees == null || !Number.isFinite(employees)) return '';
  if (employees < 10) return 'restrâns';
  if (employees > 10 && employees < 50) return 'mic';
  if (employees > 50 && employees < 250) return 'mijlociu';
  if (employees > 250) return 'mare';
  return '';
}

/**
 * Whole years since establishment (anniversaries passed), on the Bucharest calendar.
 * null for a missing or unreadable date.
 */
export function activityYears(establishmentDate: DateInput, now: DateInput = new Date()): number | null {
  const start = toBucharestWallClock(establishmentDate);
  const today = toBucharestWallClock(now);
  if (!start || !today) return null;
  let years = today.year - start.year;
  if (today.month < start.month || (today.month === start.month && today.day < start.day)) years -= 1;
  return years;
}

/**
 * Company age label: under 1 'Nou înființată', 1 to under 5 'Firmă tânără',
 * 5 to under 20 'Firmă medie', 20 or more 'Firmă veche', otherwise '-'. "Otherwise" covers
 * a missing value and, our choice, a negative one (an establishment date in the future).
 */
export function ageLabel(years: number | null | undefined): string {
  if (years == null || !Number.isFinite(years) || years < 0) return '-';
  if (years < 1) return 'Nou înființată';
  if (years < 5) return 'Firmă tânără';
  if (years < 20) return 'Firmă medie';
  return 'Firmă veche';
}

export type Direction = 'up' | 'down';

/** Statistic types in the wording used after 'creștere' / 'scădere'. */
export const GROWTH_TYPE_LABELS: Record<string, string> = {
  Turnover: 'cifră de afaceri',
  NetTurnover: 'cifră de afaceri',
  Profit: 'profit',
  NetProfit: 'profit',
  Employees: 'angajați',
};

/**
 * 'creștere ' + type when HasGrowth is true, otherwise 'scădere ' + type, with the
 * arrow direction. Known English type keys are shown in Romanian; any other type is used as is.
 */
export function growthLabel(hasGrowth: boolean | null | undefined, type: string): { text: string; direction: Direction } {
  const label = ownValue(GROWTH_TYPE_LABELS, type) ?? type;
  return hasGrowth === true
    ? { text: `creștere ${label}`, direction: 'up' }
    : { text: `scădere ${label}`, direction: 'down' };
}

/** Financial figure arrow: GrowthStatus 'up' -> up/green, anything else -> down/red. */
export function growthTrend(growthStatus: string | null | undefined): { direction: Direction; color: 'green' | 'red' } {
  return String(growthStatus ?? '').toLowerCase() === 'up'
    ? { direction: 'up', color: 'green' }
    : { direction: 'down', color: 'red' };
}

// ---------------------------------------------------------------------------
// Insolvency

/** Altman Z thresholds: above 2.99 safe, below 1.8 distress. */
export const INSOLVENCY_LOW_THRESHOLD = 2.99;
export const INSOLVENCY_HIGH_THRESHOLD = 1.8;

/**
 * Gauge value: the score mapped linearly from 2.99 (-> 3) to 1.8 (-> 100);
 * below 1.8 -> 100, above 2.99 -> 3; then 2 is added. So the result runs 5..102
 * (5 safest, 102 riskiest), exactly as specified. null for a missing score.
 */
export function insolvencyGauge(score: number | null | undefined): number | null {
  if (score == null || !Number.isFinite(score)) return null;
  const low = INSOLVENCY_LOW_THRESHOLD;
  const high = INSOLVENCY_HIGH_THRESHOLD;
  let value: number;
  if (score < high) value = 100;
  else if (score > low) value = 3;
  else value = 3 + ((low - score) / (low - high)) * 97;
  return value + 2;
}

export type InsolvencyLevel = 'low' | 'medium' | 'high';

export const INSOLVENCY_LEVEL_LABELS: Record<InsolvencyLevel, string> = {
  low: 'Scăzut',
  medium: 'Mediu',
  high: 'Ridicat',
};

/**
 * Gauge label by Altman Z zones (thresholds chosen by us, the spec only names the levels):
 * score > 2.99 low risk, 1.8 to 2.99 medium, < 1.8 high. null for a missing score.
 */
export function insolvencyRisk(score: number | null | undefined): { level: InsolvencyLevel; label: string } | null {
  if (score == null || !Number.isFinite(score)) return null;
  const level: InsolvencyLevel =
    score > INSOLVENCY_LOW_THRESHOLD ? 'low' : score < INSOLVENCY_HIGH_THRESHOLD ? 'high' : 'medium';
  return { level, label: INSOLVENCY_LEVEL_LABELS[level] };
}

// ---------------------------------------------------------------------------
// Status events

const PENAL_STATUS_CODES: ReadonlySet<number> = new Set([1036, 1069, 1067, 2127, 2132, 2133]);
const INSOLVENCY_STATUS_CODES: ReadonlySet<number> = new Set([1070, 1052, 1107]);

export type StatusIcon = 'penal' | 'insolvency' | 'generic';

/** Icon of a company status event by its ONRC code. */
export function statusIcon(code: number | string | null | undefined): StatusIcon {
  const n = Number(code);
  if (code == null || !Number.isInteger(n)) return 'generic';
  if (PENAL_STATUS_CODES.has(n)) return 'penal';
  if (INSOLVENCY_STATUS_CODES.has(n)) return 'insolvency';
  return 'generic';
}

// ---------------------------------------------------------------------------
// Charts

const CHART_ZOOM = { toggleAbove: 8, window: 6 } as const;

/**
 * Chart zoom: the last-6/all toggle exists only with more than 8 years; such
 * series show the last 6 unless `showAll`. Shorter series are always shown whole.
 * `series` is in chronological order.
 */
export function zoomSeries<T>(series: readonly T[], showAll = false): { canToggle: boolean; items: T[] } {
  const canToggle = series.length > CHART_ZOOM.toggleAbove;
  const items = canToggle && !showAll ? series.slice(-CHART_ZOOM.window) : [...series];
  return { canToggle, items };
}

const COMPARISON_MAX = 5;

/** Comparison chart counter 'n/5'. */
export function comparisonCounter(selected: readonly string[]): string {
  return `${selected.length}/${COMPARISON_MAX}`;
}

/** Whether clicking a metric would change the selection (for disabling its checkbox). */
export function canToggleComparisonMetric(selected: readonly string[], metric: string): boolean {
  if (selected.includes(metric)) return selected.length > 1;
  return selected.length < COMPARISON_MAX;
}

/**
 * Toggle a metric in the comparison chart: 1 to 5 metrics; the last one cannot be
 * unchecked and a 6th cannot be added (the selection is then returned unchanged).
 */
export function toggleComparisonMetric(selected: readonly string[], metric: string): string[] {
  if (!canToggleComparisonMetric(selected, metric)) return [...selected];
  return selected.includes(metric) ? selected.filter((m) => m !== metric) : [...selected, metric];
}

/** Preselected metric: the first one, or the first with data when the first has none. */
export function defaultComparisonMetric(metrics: ReadonlyArray<{ key: string; hasData: boolean }>): string | null {
  if (metrics.length === 0) return null;
  return (metrics.find((m) => m.hasData) ?? metrics[0]).key;
}

/**
 * The 19 metric labels, keyed by the CompanyDetails field name, in the spec's
 * order. Corrected spelling: the spec has a cedilla in 'Casă şi' and lacks the diacritic
 * in 'Cheltuieli in avans' / 'Venituri in avans'; here they use comma-below ș and 'în'.
 */
export const METRIC_LABELS = {
  CashRegisterAndBankAccounts: 'Casă și conturi la bănci',
  Debts: 'Datorii',
  Employees: 'Numărul de angajați',
  ExpensesInAdvance: 'Cheltuieli în avans',
  GrossProfit: 'Profit brut',
  IncomeInAdvance: 'Venituri în avans',
  KingdomHeritage: 'Patrimoniul regiei',
  NetProfit: 'Profit net',
  NetTurnover: 'Cifra de afaceri',
  Provisions: 'Provizioane',
  Receivables: 'Creanțe',
  Stocks: 'Stocuri',
  SubscribedCapital: 'Capital subscris vărsat',
  TotalCapitals: 'Capitaluri totale',
  TotalCirculatingAssets: 'Active circulante',
  TotalExpenses: 'Cheltuieli totale',
  TotalImmobilisedAssets: 'Active imobilizate',
  TotalIncome: 'Venituri totale',
  InsolvencyRisk: 'Riscul de insolvență',
} as const;
export type MetricKey = keyof typeof METRIC_LABELS;
export const METRIC_KEYS = Object.keys(METRIC_LABELS) as MetricKey[];

/** Label of a metric field, or the field name itself when unknown. */
export function metricLabel(key: string): string {
  return (METRIC_LABELS as Record<string, string>)[key] ?? key;
}

/**
 * The 12 annual indicators of the financial tab, in order. "Liquidity" is shown
 * from CashRegisterAndBankAccounts (cash and bank, the liquid assets of the balance sheet).
 */
export const ANNUAL_INDICATORS: ReadonlyArray<{ key: MetricKey; label: string }> = [
  { key: 'NetTurnover', label: 'Cifra de afaceri' },
  { key: 'NetProfit', label: 'Profit net' },
  { key: 'Employees', label: 'Număr mediu de angajați' },
  { key: 'Debts', label: 'Datorii' },
  { key: 'CashRegisterAndBankAccounts', label: 'Lichidități' },
  { key: 'TotalExpenses', label: 'Cheltuieli totale' },
  { key: 'TotalCirculatingAssets', label: 'Active circulante' },
  { key: 'Stocks', label: 'Stocuri' },
  { key: 'Receivables', label: 'Creanțe' },
  { key: 'TotalCapitals', label: 'Capitaluri totale' },
  { key: 'Provisions', label: 'Provizioane' },
  { key: 'TotalIncome', label: 'Venituri totale' },
];

// ---------------------------------------------------------------------------
// Sortable tables

const DESC_SUFFIX = '_desc';

export function parseSort(sort: string | null | undefined): { field: string; descending: boolean } {
  const text = String(sort ?? '').trim();
  if (text.toLowerCase().endsWith(DESC_SUFFIX)) return { field: text.slice(0, -DESC_SUFFIX.length), descending: true };
  return { field: text, descending: false };
}

const sameField = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Header click of the tender / EU-project tables, sort value = field name,
 * descending = field + '_desc':
 * - same column: ascending -> descending, descending -> ascending;
 * - new column: ascending if the previous sort was descending, otherwise descending.
 * Both cases reduce to "descending now -> ascending next, else descending" on the clicked
 * column, which is what the original did.
 */
export function nextSort(current: string | null | undefined, column: string): string {
  return parseSort(current).descending ? column : column + DESC_SUFFIX;
}

/**
 * Header click of the admin and group lists: a new column sorts
 * ascending, the next click on it adds '_desc', the next removes it.
 */
export function toggleSort(current: string | null | undefined, column: string): string {
  const { field, descending } = parseSort(current);
  if (field && sameField(field, column) && !descending) return column + DESC_SUFFIX;
  return column;
}

/** Default sort values per list. */
export const DEFAULT_SORTS = {
  tenders: 'Title',
  euProjects: 'Name',
  collaborations: 'NumberOfCollaborations_desc',
  findCustomers: 'Name',
  contacts: 'Profit_desc',
  companiesInGroups: 'Profit_desc',
  users: 'Name',
  userContacts: 'CompanyName',
  groups: 'Name',
  templates: 'Name',
  claims: 'name',
} as const;

/** Page sizes fixed by the spec. */
export const PAGE_SIZES = {
  tenders: 6,
  euProjects: 6,
  collaborations: 8,
  similarCompanies: 20,
  findCustomers: 21,
  caenCompanies: 20,
  groups: 20,
  groupDropdown: 20,
  claims: 8,
  companyPicker: 10,
  suggestions: 5,
} as const;

/** Preview and visibility limits of the company page. */
export const COMPANY_PAGE_LIMITS = {
  specialEventsVisible: 4,
  contactsPreview: 6,
  representativesPreview: 5,
  adminContactsPreview: 3,
  lastSearched: 5,
} as const;

// ---------------------------------------------------------------------------
// Tenders

export const TENDER_VALUE_TYPES = [
  { value: 'valoare-estimata', label: 'Valoare estimată' },
  { value: 'valoare-finala', label: 'Valoare finală' },
] as const;
export const DEFAULT_TENDER_VALUE_TYPE = 'valoare-estimata';

export const TENDER_DATE_TYPES = [
  { value: 'data-publicarii', label: 'Data publicării' },
  { value: 'data-finalizarii', label: 'Data finalizării' },
] as const;
export const DEFAULT_TENDER_DATE_TYPE = 'data-publicarii';

/** Table columns: sort field and header text. */
export const TENDER_COLUMNS = [
  { field: 'Title', label: 'Titlu' },
  { field: 'Company', label: 'Companie' },
  { field: 'ColaboratorCUI', label: 'CUI' },
  { field: 'CompanyIsSupplier', label: 'Contractant/Furnizor' },
  { field: 'CPV', label: 'Cod CPV' },
  { field: 'EstimatedValue', label: 'Valoare estimată' },
  { field: 'FinalValue', label: 'Valoare finală' },
  { field: 'PublishDate', label: 'Data publicării' },
  { field: 'FinishDate', label: 'Data finalizării' },
] as const;

export const EU_PROJECT_COLUMNS = [
  { field: 'Name', label: 'Nume proiect' },
  { field: 'StartDate', label: 'Perioada' },
  { field: 'TotalCost', label: 'Cost total EUR' },
  { field: 'EcContribution', label: 'Contribuție CE EUR' },
  { field: 'Urls', label: 'URL' },
  { field: 'Status', label: 'Status' },
] as const;

export const COLLABORATION_COLUMNS = [
  { field: 'Name', label: 'Nume' },
  { field: 'Cui', label: 'CUI' },
  { field: 'NumberOfCollaborations', label: 'Nr. colaborări' },
] as const;

/** 'Furnizor' if CompanyIsSupplier is true, otherwise 'Contractant'. */
export function tenderRole(isSupplier: boolean | null | undefined): 'Furnizor' | 'Contractant' {
  return isSupplier === true ? 'Furnizor' : 'Contractant';
}

/**
 * Amount filter: only one bound entered -> the other becomes 0; no bound -> both
 * null. Negative or invalid input is cleared first. As with the search ranges, a 0
 * maximum above a positive minimum means "no upper bound" (see filters.resolveRange).
 */
export function amountRange(min: unknown, max: unknown): { min: number | null; max: number | null } {
  const lower = parseFilterNumber(min);
  const upper = parseFilterNumber(max);
  if (lower === null && upper === null) return { min: null, max: null };
  return { min: lower ?? 0, max: upper ?? 0 };
}

// ---------------------------------------------------------------------------
// EU projects

/** 'Închis' when the status code contains CLO, otherwise 'În desfășurare'. */
export function euProjectStatus(code: string | null | undefined): 'Închis' | 'În desfășurare' {
  return String(code ?? '').toUpperCase().includes('CLO') ? 'Închis' : 'În desfășurare';
}

/** Own contribution = total cost - EC contribution; null if either is missing. */
export function ownContribution(total: number | null | undefined, ecContribution: number | null | undefined): number | null {
  if (total == null || ecContribution == null || !Number.isFinite(total) || !Number.isFinite(ecContribution)) {
    return null;
  }
  return total - ecContribution;
}

export type EuUrlDisplay =
  | { kind: 'none'; text: '-' }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'dropdown'; label: 'Documentație'; links: Array<{ href: string; text: string }> };

/** URLs cell: none '-', one a link, several a 'Documentație' dropdown (texts cut at 17 + '...'). */
export function euUrlDisplay(urls: ReadonlyArray<string | null | undefined> | null | undefined): EuUrlDisplay {
  // Imported records: only web addresses become links (issue 23); anything else is left out.
  const list = (urls ?? []).map((u) => String(u ?? '').trim()).filter((u) => isWebUrl(u));
  if (list.length === 0) return { kind: 'none', text: '-' };
  if (list.length === 1) return { kind: 'link', href: list[0], text: list[0] };
  return {
    kind: 'dropdown',
    label: 'Documentație',
    links: list.map((href) => ({ href, text: cutText(href, TEXT_CUTS.euUrl) })),
  };
}

// ---------------------------------------------------------------------------
// Collaborations

/** Network graph node colour by level: 1 orange, 2 purple, others blue. */
export function collaborationNodeColor(level: number | null | undefined): 'orange' | 'purple' | 'blue' {
  if (level === 1) return 'orange';
  if (level === 2) return 'purple';
  return 'blue';
}

// ---------------------------------------------------------------------------
// Find-customers and CAEN pages

/** Order options of the customers and CAEN pages, with the employee bound each one means. */
export const CUSTOMER_ORDER_OPTIONS = [
  { value: 'Name', label: 'Toate firmele' },
  { value: 'SmallBusiness', label: 'Firme mici (sub 500 de angajați)', employeesBelow: 500 },
  { value: 'MediumBusiness', label: 'Firme mijlocii (sub 1000 de angajați)', employeesBelow: 1000 },
  { value: 'LargeBusiness', label: 'Firme mari (peste 1000 de angajați)', employeesAbove: 1000 },
] as const;
export type CustomerOrder = (typeof CUSTOMER_ORDER_OPTIONS)[number]['value'];
export const CUSTOMER_ORDER_VALUES = CUSTOMER_ORDER_OPTIONS.map((o) => o.value) as [CustomerOrder, ...CustomerOrder[]];

// ---------------------------------------------------------------------------
// Last searched companies (local storage)

export type LastSearchedCompany = { Cui: number | string; Name: string };

/** Most recent first, no duplicates by CUI, at most `max` (oldest dropped). */
export function addLastSearched<T extends LastSearchedCompany>(
  list: readonly T[],
  company: T,
  max: number = COMPANY_PAGE_LIMITS.lastSearched,
): T[] {
  const key = String(company.Cui);
  return [company, ...list.filter((c) => String(c.Cui) !== key)].slice(0, max);
}

// ---------------------------------------------------------------------------
// Claims

/** Status text: null pending, true approved, false rejected. */
export function claimStatusText(status: boolean | null | undefined): 'În așteptare' | 'Acceptat' | 'Respins' {
  if (status === true) return 'Acceptat';
  if (status === false) return 'Respins';
  return 'În așteptare';
}

/** The three filter buttons; `query` is the statusId sent to GetCompaniesRequests (a single space for pending). */
export const CLAIM_STATUS_FILTERS = [
  { status: null, label: 'În așteptare', query: ' ' },
  { status: true, label: 'Aprobat', query: 'true' },
  { status: false, label: 'Respins', query: 'false' },
] as const;

/** Aprobă when pending or rejected; Respinge when pending or approved (never back to pending). */
export function claimActions(status: boolean | null | undefined): { canApprove: boolean; canReject: boolean } {
  return { canApprove: status !== true, canReject: status !== false };
}

// ---------------------------------------------------------------------------
// Recipient mail status

export type MailStatusColor = 'grey' | 'blue' | 'green';

const MAIL_STATUSES: ReadonlyArray<{ keys: string[]; text: string; color: MailStatusColor }> = [
  { keys: ['0', 'trimis', 'sent'], text: 'Trimis', color: 'grey' },
  { keys: ['1', 'deschis', 'opened'], text: 'Deschis', color: 'blue' },
  // The spec writes 'Interactionat'; shown with the correct diacritic, both spellings accepted.
  { keys: ['2', 'interactionat', 'interacționat', 'interacţionat', 'interacted'], text: 'Interacționat', color: 'green' },
];

/**
 * Recipient status text and colour: Trimis grey, Deschis blue, Interacționat green.
 * Accepts the Romanian names, the English ones or 0/1/2; anything else is shown as is, grey.
 */
export function mailStatus(status: string | number | null | undefined): { text: string; color: MailStatusColor } {
  const key = String(status ?? '').trim().toLowerCase();
  const found = MAIL_STATUSES.find((s) => s.keys.includes(key));
  if (found) return { text: found.text, color: found.color };
  return { text: key === '' ? '-' : String(status), color: 'grey' };
}

/** The alternate mapping by IsOpened: false 'Livrat' (grey), true 'Deschis' (blue). */
export function deliveryStatus(isOpened: boolean | null | undefined): { text: 'Livrat' | 'Deschis'; color: MailStatusColor } {
  return isOpened === true ? { text: 'Deschis', color: 'blue' } : { text: 'Livrat', color: 'grey' };
}

// ---------------------------------------------------------------------------
// Contact links

/** mailto: for a value that looks like an email, otherwise tel: with separators (and a '(0)' after +40) removed. */
export function contactHref(value: string | null | undefined): string {
  const text = String(value ?? '').trim();
  if (EMAIL_REGEX.test(text)) return `mailto:${text}`;
  // '+40 (0)21 …': the trunk 0 is not dialled after the country code
  const dialable = text.replace(/^(\+|00)40[\s-]*\(0\)/, '$140');
  return `tel:${dialable.replace(/[\s\-().]/g, '')}`;
}
