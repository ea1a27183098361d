import {
  bucharestOffsetMinutes,
  formatChangeText,
  formatCompact,
  formatDate,
  formatDateTime,
  formatEur,
  formatMonthYear,
  formatNumber,
  formatPercent,
  formatRon,
  formatTime,
  toBucharestWallClock,
  toFiniteNumber,
} from '@/lib/format';

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.000'],
    [1234567, '1.234.567'],
    [-1234567, '-1.234.567'],
    [33155377909, '33.155.377.909'],
    [1234.5, '1.234,5'],
    [1234.567, '1.234,57'],
    [0.1 + 0.2, '0,3'],
    ['1234567', '1.234.567'],
    [-0.001, '0'],
  ])('%p -> %p', (value, expected) => {
    expect(formatNumber(value as number)).toBe(expected);
  });

  it('fixes the number of decimals when asked', () => {
    expect(formatNumber(1234.5, 2)).toBe('1.234,50');
    expect(formatNumber(1234.567, 0)).toBe('1.235');
    expect(formatNumber(-5, 2)).toBe('-5,00');
  });

  it('shows a dash for missing values', () => {
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber(undefined)).toBe('-');
    expect(formatNumber(Number.NaN)).toBe('-');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('-');
    expect(formatNumber('')).toBe('-');
    expect(formatNumber('abc')).toBe('-');
  });

  it('handles numbers beyond 1e21 without exponent notation', () => {
    expect(formatNumber(1e21)).toBe('1.000.000.000.000.000.000.000');
  });
});

describe('toFiniteNumber', () => {
  it('reads numbers, numeric strings and bigints', () => {
    expect(toFiniteNumber(' 12.5 ')).toBe(12.5);
    expect(toFiniteNumber(BigInt(7))).toBe(7);
    expect(toFiniteNumber('1e3')).toBe(1000);
    expect(toFiniteNumber('x')).toBeNull();
  });
});

describe('formatRon / formatEur / formatPercent', () => {
  it('formats money in RON, whole lei by default', () => {
    expect(formatRon(12300)).toBe('12.300 RON');
    expect(formatRon(1234.56)).toBe('1.235 RON');
    expect(formatRon(1234.56, 2)).toBe('1.234,56 RON');
    expect(formatRon(-2500000)).toBe('-2.500.000 RON');
    expect(formatRon(null)).toBe('-');
  });
  it('formats euro and percentages', () => {
    expect(formatEur(1500000)).toBe('1.500.000 EUR');
    expect(formatPercent(12.5)).toBe('12,50%');
    expect(formatPercent(undefined)).toBe('-');
  });
});

describe('formatCompact (the one compact form, decision 084)', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.000'],
    [1001, '1 mii'],
    [1500, '1,5 mii'],
    [20_000, '20 mii'],
    [999_994, '999,99 mii'],
    // exactly 1e6 is not "above 1e6", but 1.000 mii rolls over to the next unit
    [1_000_000, '1 mil.'],
    [1_000_001, '1 mil.'],
    [2_500_000, '2,5 mil.'],
    [1_000_000_000, '1 mld.'],
    [3_944_059_894, '3,94 mld.'],
    [8_814_000_000, '8,81 mld.'],
    // no unit above mld.: the Romanian "bilion" is 10^12, the English "billion" 10^9
    [1_000_000_000_001, '1.000 mld.'],
    [33_828_196_866_000, '33.828,2 mld.'],
    [-999, '-999'],
    [-1500, '-1,5 mii'],
    [-2_500_000, '-2,5 mil.'],
    [-3_944_059_894, '-3,94 mld.'],
    ['1500', '1,5 mii'],
    [1234.5, '1,23 mii'],
    [0.5, '0,5'],
  ])('%p -> %p', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatCompact(999_999.999)).toBe('1 mil.');
    expect(formatCompact(999_995_000)).toBe('1 mld.');
    expect(formatCompact(-999_999.999)).toBe('-1 mil.');
  });

  it('shows a dash for missing values', () => {
    expect(formatCompact(null)).toBe('-');
    expect(formatCompact(undefined)).toBe('-');
    expect(formatCompact('')).toBe('-');
    expect(formatCompact(Number.NaN)).toBe('-');
    expect(formatCompact(Number.POSITIVE_INFINITY)).toBe('-');
  });

  it('writes no English unit', () => {
    for (const v of [1e3 + 1, 1e6 + 1, 1e9 + 1, 1e12 + 1, 1e15]) expect(formatCompact(v)).not.toMatch(/[KMBT]$/);
  });
});

describe('formatChangeText', () => {
  it('replaces texts built from missing values with a dash', () => {
    expect(formatChangeText('undefined%')).toBe('-');
    expect(formatChangeText('+undefined')).toBe('-');
    expect(formatChangeText('NaN%')).toBe('-');
    expect(formatChangeText('')).toBe('-');
    expect(formatChangeText(null)).toBe('-');
    expect(formatChangeText(' +12,5% ')).toBe('+12,5%');
  });
});

describe('Bucharest time', () => {
  it('uses +2 in winter and +3 in summer (EU rule, switch at 01:00 UTC)', () => {
    expect(bucharestOffsetMinutes(Date.UTC(2024, 0, 15))).toBe(120);
    expect(bucharestOffsetMinutes(Date.UTC(2024, 6, 15))).toBe(180);
    // 2024: summer time from 31 March 01:00 UTC to 27 October 01:00 UTC
    expect(bucharestOffsetMinutes(Date.UTC(2024, 2, 31, 0, 59))).toBe(120);
    expect(bucharestOffsetMinutes(Date.UTC(2024, 2, 31, 1, 0))).toBe(180);
    expect(bucharestOffsetMinutes(Date.UTC(2024, 9, 27, 0, 59))).toBe(180);
    expect(bucharestOffsetMinutes(Date.UTC(2024, 9, 27, 1, 0))).toBe(120);
  });

  it('converts zoned ISO strings and keeps zone-less ones as wall-clock time', () => {
    expect(toBucharestWallClock('2024-03-01T22:30:00Z')).toEqual({
      year: 2024,
      month: 3,
      day: 2,
      hour: 0,
      minute: 30,
      second: 0,
    });
    expect(toBucharestWallClock('2024-03-01T22:30:00')).toMatchObject({ day: 1, hour: 22, minute: 30 });
    expect(toBucharestWallClock('2024-07-01T10:00:00+02:00')).toMatchObject({ hour: 11 });
    expect(toBucharestWallClock('2024-07-01T10:00:00.123-0100')).toMatchObject({ hour: 14 });
  });

  it('rejects impossible or unreadable dates', () => {
    expect(toBucharestWallClock('2023-02-31')).toBeNull();
    expect(toBucharestWallClock('2023-13-01')).toBeNull();
    expect(toBucharestWallClock('01.02.2023')).toBeNull();
    expect(toBucharestWallClock(new Date(Number.NaN))).toBeNull();
  });
});

describe('formatDate / formatTime / formatDateTime', () => {
  it('formats DD.MM.YYYY and HH:mm in Bucharest time', () => {
    expect(formatDate('2024-03-05')).toBe('05.03.2024');
    expect(formatDate('2002-01-01T00:00:00.000Z')).toBe('01.01.2002');
    expect(formatDate('2019-12-31T22:00:00.000Z')).toBe('01.01.2020');
    expect(formatTime('2024-07-01T06:05:00Z')).toBe('09:05');
    expect(formatTime('2024-01-01T06:05:00Z')).toBe('08:05');
    expect(formatTime('2024-01-01')).toBe('00:00');
    expect(formatDateTime('2024-12-31T21:59:00Z')).toBe('31.12.2024 23:59');
    expect(formatDateTime('2024-12-31T22:00:00Z')).toBe('01.01.2025 00:00');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    expect(formatDateTime(new Date(Date.UTC(2024, 5, 10, 12, 0)))).toBe('10.06.2024 15:00');
    expect(formatDate(Date.UTC(2024, 5, 10))).toBe('10.06.2024');
  });

  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatTime('garbage')).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
  });

  it('names months in Romanian', () => {
    expect(formatMonthYear('2024-03-15')).toBe('martie 2024');
    expect(formatMonthYear('2024-12-31T23:30:00Z')).toBe('ianuarie 2025');
  });
});
