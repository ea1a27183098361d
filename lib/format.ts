// Romanian display formats: numbers with '.' thousands and ',' decimals,
// dates DD.MM.YYYY, time HH:mm, all in Europe/Bucharest time.
//
// Everything is formatted by hand, not with Intl: server (Node, possibly small-icu) and
// browser must render byte-identical text or React hydration breaks, and the result
// must not depend on the machine's time zone.

export const EMPTY_VALUE = '-';

type Numeric = number | string | bigint | null | undefined;

/** Number from a number or numeric string (JSON decimals arrive as strings); null if unusable. */
export function toFiniteNumber(value: Numeric): number | null {
  if (value == null) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    const parsed = Number(trimmed);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return Number.isFinite(value) ? value : null;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * 1234567.891 -> '1.234.567,89'. With `decimals` the fraction is fixed to that many
 * digits; without it at most 2 decimals are shown and trailing zeros are dropped.
 * null / undefined / NaN / '' -> '-'.
 */
export function formatNumber(value: Numeric, decimals?: number): string {
  const n = toFiniteNumber(value);
  if (n === null) return EMPTY_VALUE;
  const digits = decimals ?? 2;
  const abs = Math.abs(n);
  let fixed: string;
  if (abs >= 1e21) {
    // toFixed switches to exponent notation from 1e21
    fixed = BigInt(Math.round(abs)).toString() + (digits > 0 ? '.' + '0'.repeat(digits) : '');
  } else {
    fixed = abs.toFixed(digits);
  }
  const [intPart, rawFraction = ''] = fixed.split('.');
  const fracPart = decimals === undefined ? rawFraction.replace(/0+$/, '') : rawFraction;
  const isZero = /^0*$/.test(intPart + fracPart);
  const sign = n < 0 && !isZero ? '-' : '';
  return sign + groupThousands(intPart) + (fracPart ? ',' + fracPart : '');
}

/** Amounts in lei: '1.234.567 RON'. Whole lei by default (the MF and SEAP sources are whole numbers). */
export function formatRon(value: Numeric, decimals = 0): string {
  const text = formatNumber(value, decimals);
  return text === EMPTY_VALUE ? EMPTY_VALUE : `${text} RON`;
}

/** Amounts in euro (EU projects): '1.234.567 EUR'. */
export function formatEur(value: Numeric, decimals = 0): string {
  const text = formatNumber(value, decimals);
  return text === EMPTY_VALUE ? EMPTY_VALUE : `${text} EUR`;
}

/** 12.5 -> '12,50%'. */
export function formatPercent(value: Numeric, decimals = 2): string {
  const text = formatNumber(value, decimals);
  return text === EMPTY_VALUE ? EMPTY_VALUE : `${text}%`;
}

/**
 * The Romanian units of a large amount, largest first. There is no unit above mld.: the
 * Romanian *bilion* is 10^12 and the English "billion" 10^9, so "bil."/"B"/"T" would read a
 * thousand times off either way; 1,2 * 10^12 shows as '1.200 mld.'.
 */
const COMPACT_UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e9, 'mld.'],
  [1e6, 'mil.'],
  [1e3, 'mii'],
];

/**
 * The one compact form of a large number (docs/decisions/084-one-builder-per-concept.md), on
 * search cards, suggestions, chart axes and anywhere an amount is shortened: 'mii' above 1e3,
 * 'mil.' above 1e6, 'mld.' above 1e9, at most two decimals with trailing zeros dropped, ro-RO
 * separators: 1500 -> '1,5 mii', 2000000 -> '2 mil.', -3944059894 -> '-3,94 mld.'.
 * "Above" is strict, so exactly 1000 stays '1.000' (values up to 1e3 use formatNumber). A
 * quotient that rounds to 1000 moves to the next unit (999999.999 -> '1 mil.', not '1.000 mii').
 * null / NaN -> '-'.
 */
export function formatCompact(value: Numeric): string {
  const n = toFiniteNumber(value);
  if (n === null) return EMPTY_VALUE;
  const abs = Math.abs(n);
  const index = COMPACT_UNITS.findIndex(([limit]) => abs > limit);
  if (index === -1) return formatNumber(n);
  let [divisor, unit] = COMPACT_UNITS[index];
  if (index > 0 && Math.round((abs / divisor) * 100) / 100 >= 1000) {
    [divisor, unit] = COMPACT_UNITS[index - 1];
  }
  const sign = n < 0 ? '-' : '';
  return `${sign}${formatNumber(abs / divisor)} ${unit}`;
}

/**
 * A growth/change text built elsewhere (e.g. `${value}%`) shows '-' when it is empty or
 * was built from a missing value (contains 'undefined', 'null' or 'NaN').
 */
export function formatChangeText(text: string | null | undefined): string {
  if (text == null) return EMPTY_VALUE;
  const trimmed = String(text).trim();
  if (trimmed === '' || /undefined|NaN|null/.test(trimmed)) return EMPTY_VALUE;
  return trimmed;
}

// ---------------------------------------------------------------------------
// Dates

export type DateInput = string | number | Date | null | undefined;

type WallClock = {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Last Sunday of a month (UTC date number). */
function lastSundayUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return lastDay.getUTCDate() - lastDay.getUTCDay();
}

/**
 * Offset of Europe/Bucharest from UTC in minutes at a UTC instant: +120, or +180 during
 * EU summer time (last Sunday of March 01:00 UTC to last Sunday of October 01:00 UTC).
 * Romania follows this EU rule since 1997; earlier instants get the same rule, which can
 * only move a time by one hour (never the date of a midnight-UTC value).
 */
export function bucharestOffsetMinutes(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const start = Date.UTC(year, 2, lastSundayUtc(year, 2), 1);
  const end = Date.UTC(year, 9, lastSundayUtc(year, 9), 1);
  return utcMs >= start && utcMs < end ? 180 : 120;
}

function wallClockFromUtc(utcMs: number): WallClock {
  const local = new Date(utcMs + bucharestOffsetMinutes(utcMs) * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/**
 * Bucharest wall-clock parts of a date. ISO strings with 'Z' or an offset, Date objects
 * and epoch milliseconds are converted to Bucharest time; ISO strings without a zone
 * ('2024-03-01', '2024-03-01T10:00:00') are taken as already being Bucharest time, so the
 * result never depends on the machine's time zone. Invalid input -> null.
 */
export function toBucharestWallClock(input: DateInput): WallClock | null {
  if (input == null) return null;
  if (input instanceof Date || typeof input === 'number') {
    const ms = input instanceof Date ? input.getTime() : input;
    return Number.isFinite(ms) ? wallClockFromUtc(ms) : null;
  }
  const match = ISO_RE.exec(String(input).trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', , zone] = match;
  const parts = [y, mo, d, h, mi, s].map(Number);
  const [year, month, day, hour, minute, second] = parts;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const utcGuess = Date.UTC(year, month - 1, day, hour, minute, second);
  // reject 2023-02-31 and similar
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (!zone) return { year, month, day, hour, minute, second };
  let offset = 0;
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
  }
  return wallClockFromUtc(utcGuess - offset * 60_000);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** '2024-03-01T10:05:00Z' -> '01.03.2024' (Bucharest date). Invalid/missing -> '-'. */
export function formatDate(input: DateInput): string {
  const c = toBucharestWallClock(input);
  if (!c) return EMPTY_VALUE;
  return `${pad2(c.day)}.${pad2(c.month)}.${String(c.year).padStart(4, '0')}`;
}

/** '2024-03-01T10:05:00Z' -> '12:05' (Bucharest, 24 h). Invalid/missing -> '-'. */
export function formatTime(input: DateInput): string {
  const c = toBucharestWallClock(input);
  if (!c) return EMPTY_VALUE;
  return `${pad2(c.hour)}:${pad2(c.minute)}`;
}

/** '01.03.2024 12:05'. Invalid/missing -> '-'. */
export function formatDateTime(input: DateInput): string {
  const c = toBucharestWallClock(input);
  if (!c) return EMPTY_VALUE;
  return `${formatDate(input)} ${formatTime(input)}`;
}

/** Month names for chart axes and tooltips ("months in Romanian"). */
const ROMANIAN_MONTHS = [
  'ianuarie',
  'februarie',
  'martie',
  'aprilie',
  'mai',
  'iunie',
  'iulie',
  'august',
  'septembrie',
  'octombrie',
  'noiembrie',
  'decembrie',
] as const;

/** 'martie 2024' for the chart tooltip. */
export function formatMonthYear(input: DateInput): string {
  const c = toBucharestWallClock(input);
  if (!c) return EMPTY_VALUE;
  return `${ROMANIAN_MONTHS[c.month - 1]} ${c.year}`;
}
