// CUI/CIF check digit and ONRC registration number / EUID formats.

const CUI_KEY = [7, 5, 3, 2, 1, 7, 5, 3, 2] as const;

/**
 * Check digit for a CUI body (the CUI without its last digit, 1 to 9 digits):
 * left-pad to 9, weight with 753217532, sum*10 mod 11, 10 -> 0.
 * Throws RangeError for anything that is not 1–9 digits.
 */
export function computeCuiCheckDigit(body: string | number): number {
  const text = String(body).trim();
  if (!/^\d{1,9}$/.test(text)) throw new RangeError(`Invalid CUI body: ${text}`);
  const padded = text.padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(padded[i]) * CUI_KEY[i];
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** Body + its check digit: appendCuiCheckDigit('1439984') -> '14399840'. For test data and seeds. */
export function appendCuiCheckDigit(body: string | number): string {
  const text = String(body).trim();
  return text + String(computeCuiCheckDigit(text));
}

/** 'RO 14399840' / 'ro14399840' / ' 14399840 ' -> '14399840'; anything else -> null. */
export function normalizeCui(value: string | number | null | undefined): string | null {
  if (value == null) return null;
  const match = /^(?:ro)?\s*(\d+)$/i.exec(String(value).trim());
  return match ? match[1] : null;
}

/** The largest CUI a row can hold: the cui columns are PostgreSQL INTEGERs. */
export const MAX_CUI = 2_147_483_647;

/**
 * The digits of a CUI inside an address or a file name ('/company-details/<cui>/…',
 * 'companies-<cui>.xml'), as a RegExp source for those patterns; the match then goes
 * through parseCui for the bound. The only place the CUI's shape is spelled.
 */
export const CUI_DIGITS_SOURCE = String.raw`\d{1,10}`;
const CUI_TEXT = new RegExp(`^${CUI_DIGITS_SOURCE}$`);

/** A CUI number that fits the column: a positive integer up to MAX_CUI. */
export function isStorableCui(cui: number): boolean {
  return Number.isInteger(cui) && cui > 0 && cui <= MAX_CUI;
}

/**
 * Text written as a CUI number: 1 to 10 digits, surrounding spaces ignored (no 'RO', no
 * other characters). The check digit is not verified: a typed CUI is still a CUI lookup.
 */
export function isCuiText(text: string | null | undefined): boolean {
  return text != null && CUI_TEXT.test(String(text).trim());
}

/**
 * The CUI an address segment, a query field or a search box names: its number when the text
 * is a CUI (isCuiText) that a row can hold (isStorableCui), else null, so a too-large
 * number answers 'not found' instead of failing in the database. parseCui('0') is null.
 */
export function parseCui(text: string | null | undefined): number | null {
  if (!isCuiText(text)) return null;
  const cui = Number(String(text).trim());
  return isStorableCui(cui) ? cui : null;
}

/**
 * A CUI is 2 to 10 digits whose last digit is the check digit; the 'RO' (VAT) prefix is
 * accepted and ignored. Leading zeros are not part of a CUI and make it invalid.
 */
export function isValidCui(value: string | number | null | undefined): boolean {
  const digits = normalizeCui(value);
  if (digits === null || !/^[1-9]\d{1,9}$/.test(digits)) return false;
  return computeCuiCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/**
 * The CUI a company address names (/company-details/<cui>/…), the one reading of that segment for
 * the proxy's canonical redirect, the page cache and the pages (decision 082): percent-decoded,
 * 'RO' and spaces ignored, leading zeros allowed (an address written otherwise moves to the
 * canonical one), at most 10 digits; null for anything else.
 */
export function parseCuiSegment(raw: string): number | null {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const digits = normalizeCui(text);
  return digits !== null && digits.length <= 10 ? Number(digits) : null;
}

/**
 * Reads a search query as a CUI lookup: '12345678', 'RO12345678', 'ro 123' -> digits
 * (leading zeros dropped); a name, an empty query, '0' or more than 10 digits -> null.
 * The check digit is not verified: a partial or mistyped CUI is still a CUI search.
 */
export function parseCuiQuery(query: string | null | undefined): string | null {
  const digits = normalizeCui(query);
  if (digits === null) return null;
  const stripped = digits.replace(/^0+/, '');
  if (stripped === '' || stripped.length > 10) return null;
  return stripped;
}

/**
 * First run of digits in a free-text CUI field of the procurement exports
 * ('RO 123', '123 - X'); null when there is none or it is all zeros.
 */
export function extractCui(text: string | null | undefined): string | null {
  if (text == null) return null;
  const match = /\d+/.exec(String(text));
  if (!match) return null;
  const stripped = match[0].replace(/^0+/, '');
  return stripped === '' ? null : stripped;
}

// ---------------------------------------------------------------------------
// ONRC registration number

/** ONRC county office codes: 01–40 (40 = București), 51 Călărași, 52 Giurgiu. */
export function isValidCountyCode(code: string | number): boolean {
  const n = Number(code);
  return Number.isInteger(n) && ((n >= 1 && n <= 40) || n === 51 || n === 52);
}

/** J = trade companies, F = sole traders (PFA/II/IF), C = cooperatives. */
export type RegistryType = 'J' | 'F' | 'C';

type RegistrationCode = {
  format: 'old' | 'new';
  type: RegistryType;
  /** two digits; '00' occurs in the new format (2025 registrations) */
  county: string;
  orderNumber: number;
  year: number;
  /** last character of the new format, undocumented (behaves like a control digit) */
  lastDigit?: number;
};

const OLD_RE = /^([JFC])(\d{1,2})\/(\d{1,7})\/(\d{4})$/;
const NEW_RE = /^([JFC])(\d{4})(\d{6})(\d{2})(\d)$/;

/** Trim, upper-case, drop whitespace (e.g. around '/'), pad a one-digit county: ' j4 / 2621 / 1992' -> 'J04/2621/1992'. */
export function normalizeRegistrationCode(code: string | null | undefined): string {
  if (code == null) return '';
  const compact = String(code).toUpperCase().replace(/\s+/g, '');
  return compact.replace(/^([JFC])(\d)\//, '$10$2/');
}

/**
 * Parses 'J40/372/2002' (old) or 'J2002000372404' (new, 14 chars: type, year, order
 * number on 6 digits, county on 2, one final digit). Returns null when neither matches
 * or the county/year/order number is impossible.
 */
export function parseRegistrationCode(code: string | null | undefined): RegistrationCode | null {
  const text = normalizeRegistrationCode(code);
  const currentYearBound = 2100;
  let match = OLD_RE.exec(text);
  if (match) {
    const [, type, county, order, year] = match;
    const result: RegistrationCode = {
      format: 'old',
      type: type as RegistryType,
      county: county.padStart(2, '0'),
      orderNumber: Number(order),
      year: Number(year),
    };
    if (!isValidCountyCode(result.county) || result.orderNumber < 1) return null;
    if (result.year < 1900 || result.year > currentYearBound) return null;
    return result;
  }
  match = NEW_RE.exec(text);
  if (match) {
    const [, type, year, order, county, last] = match;
    const result: RegistrationCode = {
      format: 'new',
      type: type as RegistryType,
      county,
      orderNumber: Number(order),
      year: Number(year),
      lastDigit: Number(last),
    };
    if (county !== '00' && !isValidCountyCode(county)) return null;
    if (result.orderNumber < 1 || result.year < 1900 || result.year > currentYearBound) return null;
    return result;
  }
  return null;
}

export function isValidRegistrationCode(code: string | null | undefined): boolean {
  return parseRegistrationCode(code) !== null;
}

/** Old format: { type 'J', county 40, orderNumber 372, year 2002 } -> 'J40/372/2002'. */
export function buildRegistrationCode(parts: {
  type?: RegistryType;
  county: string | number;
  orderNumber: number;
  year: number;
}): string {
  const county = String(parts.county).padStart(2, '0');
  if (!isValidCountyCode(county)) throw new RangeError(`Invalid county code: ${county}`);
  if (!Number.isInteger(parts.orderNumber) || parts.orderNumber < 1) {
    throw new RangeError(`Invalid order number: ${parts.orderNumber}`);
  }
  if (!Number.isInteger(parts.year) || parts.year < 1000 || parts.year > 9999) {
    throw new RangeError(`Invalid year: ${parts.year}`);
  }
  return `${parts.type ?? 'J'}${county}/${parts.orderNumber}/${parts.year}`;
}

/**
 * New 14-character format: 'J' + year + order number (6 digits) + county (2) + final digit.
 * The final digit's rule is not documented, so the caller supplies it.
 */
export function buildNewRegistrationCode(parts: {
  type?: RegistryType;
  county: string | number;
  orderNumber: number;
  year: number;
  lastDigit: number;
}): string {
  const county = String(parts.county).padStart(2, '0');
  if (county !== '00' && !isValidCountyCode(county)) throw new RangeError(`Invalid county code: ${county}`);
  if (!Number.isInteger(parts.orderNumber) || parts.orderNumber < 1 || parts.orderNumber > 999_999) {
    throw new RangeError(`Invalid order number: ${parts.orderNumber}`);
  }
  if (!Number.isInteger(parts.year) || parts.year < 1000 || parts.year > 9999) {
    throw new RangeError(`Invalid year: ${parts.year}`);
  }
  if (!Number.isInteger(parts.lastDigit) || parts.lastDigit < 0 || parts.lastDigit > 9) {
    throw new RangeError(`Invalid last digit: ${parts.lastDigit}`);
  }
  return `${parts.type ?? 'J'}${parts.year}${String(parts.orderNumber).padStart(6, '0')}${county}${parts.lastDigit}`;
}

/**
 * Old-format equivalent of any registration code, for joining sources that use different
 * formats: 'J2002000372404' -> 'J40/372/2002'. null when invalid or the county is '00'.
 */
export function toOldRegistrationCode(code: string | null | undefined): string | null {
  const parsed = parseRegistrationCode(code);
  if (!parsed || parsed.county === '00') return null;
  return `${parsed.type}${parsed.county}/${parsed.orderNumber}/${parsed.year}`;
}

// ---------------------------------------------------------------------------
// EUID (BRIS European Unique Identifier)

export const EUID_PREFIX = 'ROONRC.';

/** 'J40/372/2002' -> 'ROONRC.J40/372/2002'. Throws RangeError on an invalid registration code. */
export function buildEuid(registrationCode: string): string {
  const normalized = normalizeRegistrationCode(registrationCode);
  if (!isValidRegistrationCode(normalized)) {
    throw new RangeError(`Invalid registration code: ${registrationCode}`);
  }
  return EUID_PREFIX + normalized;
}

/** Registration code inside an EUID ('ROONRC.J2002000372404' -> 'J2002000372404'), or null. */
export function parseEuid(euid: string | null | undefined): string | null {
  if (euid == null) return null;
  const text = String(euid).trim().replace(/\s+/g, '');
  if (text.slice(0, EUID_PREFIX.length).toUpperCase() !== EUID_PREFIX) return null;
  const code = normalizeRegistrationCode(text.slice(EUID_PREFIX.length));
  return isValidRegistrationCode(code) ? code : null;
}

export function isValidEuid(euid: string | null | undefined): boolean {
  return parseEuid(euid) !== null;
}
