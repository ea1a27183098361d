// Pure parsing rules of the official formats (data/README.md, "Official sources"), shared by the importers and
// their unit tests: values, dates, codes and the SIRUTA address mapping. No I/O here.
import { extractCui, isValidCui, MAX_CUI, normalizeCui, normalizeRegistrationCode, parseRegistrationCode } from '@/lib/cui';
import { foldDiacritics } from '@/lib/text';

/** Cedilla letters (ş ţ Ş Ţ, still written by ONRC) → the correct comma-below ones (ș ț Ș Ț). */
const CEDILLA = /[şţŞŢ]/g;
const COMMA_BELOW: Record<string, string> = { ş: 'ș', ţ: 'ț', Ş: 'Ș', Ţ: 'Ț' };
export function toCommaBelow(text: string): string {
  // the test first: most fields have no cedilla and must not pay for a replace (hot path)
  CEDILLA.lastIndex = 0;
  if (!CEDILLA.test(text)) return text;
  CEDILLA.lastIndex = 0;
  return text.replace(CEDILLA, (c) => COMMA_BELOW[c]);
}

/** Matching key: diacritics folded (both spellings), lower case, punctuation → one space. */
export function matchKey(text: string | null | undefined): string {
  if (!text) return '';
  return foldDiacritics(text).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** Trimmed, inner whitespace collapsed, comma-below diacritics; '' → null; cut to max. */
const SPACE_RUN = /\s{2,}|[\t\n\r\f\v\u00a0]/;
export function cleanText(text: string | null | undefined, max: number): string | null {
  if (text == null || text === '') return null;
  let t = toCommaBelow(text).trim();
  if (SPACE_RUN.test(t)) t = t.replace(/\s+/g, ' ');
  if (t === '') return null;
  return t.length > max ? t.slice(0, max) : t;
}

/**
 * 'DD/MM/YYYY', 'DD.MM.YYYY', 'DD-MM-YYYY' (each with an optional time part) or 'YYYY-MM-DD' →
 * 'YYYY-MM-DD'; null for an empty or impossible date.
 */
export function parseDate(text: string | null | undefined): string | null {
  if (!text) return null;
  const t = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T].*)?$/.exec(t);
  if (match) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(t);
    if (!match) return null;
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  if (y < 1800 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** CAEN code with its leading zero restored (MF writes 111 for 0111); null unless 1–4 digits. */
export function padCaen(text: string | null | undefined): string | null {
  if (text == null) return null;
  const t = text.trim();
  if (!/^\d{1,4}$/.test(t) || Number(t) === 0) return null;
  return t.padStart(4, '0');
}

/** Postal code as 6 digits (leading spaces and lost zeros); null when not a postal code. */
export function padPostalCode(text: string | null | undefined): string | null {
  if (text == null) return null;
  const t = text.trim();
  if (!/^\d{4,6}$/.test(t) || Number(t) === 0) return null;
  return t.padStart(6, '0');
}

/** A whole number of lei: '12300', '196.92' (rounded), '1.234.567' or '1234,5'; null when empty or not a number. */
export function parseMoney(text: string | null | undefined): number | null {
  if (text == null) return null;
  let t = text.trim().replace(/\s/g, '');
  if (t === '' || t === '-') return null;
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(t)) t = t.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d+,\d+$/.test(t)) t = t.replace(',', '.');
  if (!/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(t)) return null;
  const n = Math.round(Number(t));
  return Number.isFinite(n) && Math.abs(n) < 9e15 ? n : null;
}

type CuiResult = { cui: number } | { error: string };

/**
 * A fiscal code column: digits (with or without 'RO', text around it in SICAP), check digit
 * verified. ONRC writes 0 for entries without a fiscal code.
 */
export function readCui(text: string | null | undefined, opts: { lenient?: boolean } = {}): CuiResult {
  const t = (text ?? '').trim();
  if (t === '' || /^0+$/.test(t)) return { error: 'fără cod fiscal (CUI 0 sau gol)' };
  const digits = opts.lenient ? extractCui(t) : normalizeCui(t)?.replace(/^0+/, '') ?? null;
  if (!digits) return { error: `CUI nenumeric: "${t.slice(0, 40)}"` };
  if (digits.length > 10 || Number(digits) > MAX_CUI) return { error: `CUI prea lung: ${digits}` };
  if (!isValidCui(digits)) return { error: `CUI cu cifra de control greșită: ${digits}` };
  return { cui: Number(digits) };
}

/** Registration number in the old (J40/372/2002) or new (J2002000372404) format, normalised; null when invalid. */
export function readRegistrationCode(text: string | null | undefined): string | null {
  const norm = normalizeRegistrationCode(text);
  return parseRegistrationCode(norm) ? norm : null;
}

/** ONRC CAEN version column: the N_VERSIUNE_CAEN code (2, 3) or the older text 'Versiunea 2008'. */
export function readCaenVersion(text: string | null | undefined): number | null {
  const t = (text ?? '').trim();
  if (/^\d$/.test(t)) return Number(t);
  const year = /(\d{4})/.exec(t)?.[1];
  return year === '1998' ? 0 : year === '2003' ? 1 : year === '2008' ? 2 : year === '2025' ? 3 : null;
}

/** Last 4-digit year in a text (a file name such as WEB_UU_AN2023.txt or a folder firme-12-10-2026). */
export function yearInName(name: string): number | null {
  const m = /AN(\d{4})/i.exec(name) ?? /(?:^|\D)(20\d{2}|19\d{2})(?:\D|$)/.exec(name);
  return m ? Number(m[1]) : null;
}

/** The date in a dated ONRC package name (firme-DD-MM-YYYY, nomenclatoare-DD-MM-YYYY) or null. */
export function dateInName(name: string): string | null {
  const m = /(\d{2})[-.](\d{2})[-.](\d{4})/.exec(name);
  return m ? parseDate(`${m[1]}/${m[2]}/${m[3]}`) : null;
}

// ───────────────────────── SIRUTA address mapping ─────────────────────────

type Place = { countyId: number; localityId: number | null; village: string | null };
export type PlaceIndex = {
  counties: Map<string, number>;
  /** `${countyId}|${key}` → UAT id */
  uats: Map<string, number>;
  /** `${countyId}|${key}` → [UAT id, village name]; only keys that are unique in their county */
  villages: Map<string, [number, string]>;
  /** Bucharest sector number → locality id */
  sectors: Map<number, number>;
  bucharestId: number;
  memo: Map<string, Place | null>;
};

const UAT_PREFIX = /^(municipiul|municipiu|mun|oras|orasul|comuna|com|sat|satul|loc|localitatea)\s+/;

/** Key of a locality name without its administrative prefix ('Municipiul Alba Iulia' → 'alba iulia'). */
function localityKey(name: string): string {
  return matchKey(name).replace(UAT_PREFIX, '');
}

/** Key of a county name ('Bucureşti', 'Municipiul București', 'Jud. Cluj', 'Caraș-Severin'). */
export function countyKey(name: string): string {
  return matchKey(name).replace(/^(judetul|judet|jud)\s+/, '').replace(/^municipiul\s+/, '');
}

export function buildPlaceIndex(input: {
  counties: { id: number; name: string; code: string }[];
  localities: { id: number; county_id: number; name: string; type: string }[];
  components: { locality_id: number; county_id: number; name: string }[];
}): PlaceIndex {
  const counties = new Map<string, number>();
  let bucharestId = 40;
  for (const c of input.counties) {
    counties.set(countyKey(c.name), c.id);
    if (c.code === 'B') bucharestId = c.id;
  }
  counties.set('bucuresti', bucharestId);
  const uats = new Map<string, number>();
  const sectors = new Map<number, number>();
  for (const l of input.localities) {
    if (l.type === 'sector') {
      const n = Number(/(\d)/.exec(l.name)?.[1]);
      if (n) sectors.set(n, l.id);
      continue;
    }
    const key = `${l.county_id}|${localityKey(l.name)}`;
    // a municipality wins over a commune of the same name in the same county
    if (!uats.has(key) || l.type === 'municipiu') uats.set(key, l.id);
  }
  const seen = new Map<string, number>();
  const villages = new Map<string, [number, string]>();
  for (const v of input.components) {
    const key = `${v.county_id}|${localityKey(v.name)}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    villages.set(key, [v.locality_id, v.name]);
  }
  for (const [key, n] of seen) if (n > 1) villages.delete(key);
  return { counties, uats, villages, sectors, bucharestId, memo: new Map() };
}

/**
 * County, UAT and village of an ONRC address. Bucharest addresses go to their sector (from the
 * sector column or 'București Sectorul 6'); elsewhere the locality is a UAT, else a village that
 * is unique in its county (then the UAT is its parent). Unknown parts stay null.
 */
export function mapPlace(index: PlaceIndex, county: string, locality: string, sector: string): Place | null {
  // The register repeats a few thousand distinct places millions of times: remember the answers
  // (bounded, so memory stays flat whatever the file).
  const key = `${county}\u0000${locality}\u0000${sector}`;
  const hit = index.memo.get(key);
  if (hit !== undefined) return hit;
  const place = mapPlaceUncached(index, county, locality, sector);
  if (index.memo.size < 100_000) index.memo.set(key, place);
  return place;
}

function mapPlaceUncached(index: PlaceIndex, county: string, locality: string, sector: string): Place | null {
  const countyId = index.counties.get(countyKey(county));
  if (countyId === undefined) return null;
  if (countyId === index.bucharestId) {
    const n = Number(sector.trim()) || Number(/sector(?:ul)?\s*(\d)/.exec(matchKey(locality))?.[1]);
    return { countyId, localityId: index.sectors.get(n) ?? null, village: null };
  }
  const key = `${countyId}|${localityKey(locality)}`;
  const uat = index.uats.get(key);
  if (uat !== undefined) return { countyId, localityId: uat, village: null };
  const village = index.villages.get(key);
  if (village) return { countyId, localityId: village[0], village: village[1] };
  return { countyId, localityId: null, village: cleanText(locality, 80) };
}

/** 'Str. Test nr. 10, bl. A, sc. 1, et. 2, ap. 3, Ineu, cod 010101' from the ONRC address columns. */
export function composeAddress(p: {
  street: string | null;
  number: string | null;
  block: string | null;
  stair: string | null;
  floor: string | null;
  flat: string | null;
  extra: string | null;
  village: string | null;
  locality: string | null;
  county: string | null;
  postal: string | null;
}): string | null {
  const parts: string[] = [];
  if (p.street) parts.push(p.number ? `${p.street} nr. ${p.number}` : p.street);
  else if (p.number) parts.push(`nr. ${p.number}`);
  if (p.block) parts.push(`bl. ${p.block}`);
  if (p.stair) parts.push(`sc. ${p.stair}`);
  if (p.floor) parts.push(`et. ${p.floor}`);
  if (p.flat) parts.push(`ap. ${p.flat}`);
  if (p.extra) parts.push(p.extra);
  if (p.village && p.village !== p.locality) parts.push(p.village);
  if (p.locality) parts.push(p.locality);
  if (p.county) parts.push(`jud. ${p.county}`);
  if (p.postal) parts.push(`cod poștal ${p.postal}`);
  const text = parts.join(', ');
  return text === '' ? null : text.slice(0, 300);
}

// ───────────────────────── MF indicator labels ─────────────────────────

/** The financial_year columns the MF indicators fill. */
export const MF_METRICS = [
  'employees', 'net_turnover', 'total_income', 'total_expenses', 'gross_profit', 'gross_loss', 'net_profit', 'net_loss',
  'total_immobilised_assets', 'total_circulating_assets', 'stocks', 'receivables', 'cash_and_bank', 'expenses_in_advance',
  'debts', 'income_in_advance', 'provisions', 'total_capitals', 'subscribed_capital', 'kingdom_heritage',
] as const;
export type MfMetric = (typeof MF_METRICS)[number];

// Ordered: the first rule whose words all occur in the label wins ("capital subscris" before "capitaluri").
const LABEL_RULES: [string[], MfMetric | null][] = [
  [['active', 'imobilizate'], 'total_immobilised_assets'],
  [['active', 'circulante'], 'total_circulating_assets'],
  [['stocuri'], 'stocks'],
  [['creante'], 'receivables'],
  [['casa', 'conturi'], 'cash_and_bank'],
  [['cheltuieli', 'avans'], 'expenses_in_advance'],
  [['venituri', 'avans'], 'income_in_advance'],
  [['datorii'], 'debts'],
  [['provizioane'], 'provisions'],
  [['capital', 'subscris'], 'subscribed_capital'],
  [['patrimoniul', 'regiei'], 'kingdom_heritage'],
  [['patrimoniul', 'public'], null],
  [['capitaluri'], 'total_capitals'],
  [['cifra', 'afaceri'], 'net_turnover'],
  [['venituri', 'totale'], 'total_income'],
  [['cheltuieli', 'totale'], 'total_expenses'],
  [['profit', 'brut'], 'gross_profit'],
  [['pierdere', 'bruta'], 'gross_loss'],
  [['profit', 'net'], 'net_profit'],
  [['pierdere', 'neta'], 'net_loss'],
  [['salariati'], 'employees'],
];

/** The metric a label of the year's companion file names, or null (not a metric of ours). */
export function metricOfLabel(label: string): MfMetric | null {
  const words = new Set(matchKey(label).split(' '));
  for (const [need, metric] of LABEL_RULES) if (need.every((w) => words.has(w))) return metric;
  return null;
}

/**
 * The companion file's `label;code` pairs → indicator code (upper case, 'I13') → metric. The
 * FY2015 small-company file says "Pierdere neta" twice, the first meaning the gross loss: a second
 * net-loss label turns the earlier one into the gross loss.
 */
export function mapIndicatorLabels(pairs: [label: string, code: string][]): Map<string, MfMetric> {
  const out = new Map<string, MfMetric>();
  let netLossCode: string | null = null;
  for (const [label, rawCode] of pairs) {
    const code = rawCode.trim().toUpperCase();
    if (!/^I\d{1,2}$/.test(code)) continue;
    const metric = metricOfLabel(label);
    if (!metric) continue;
    if (metric === 'net_loss') {
      if (netLossCode && ![...out.values()].includes('gross_loss')) out.set(netLossCode, 'gross_loss');
      netLossCode = code;
    }
    out.set(code, metric);
  }
  return out;
}
