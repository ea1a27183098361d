import {
  parseCuiSegment,
  appendCuiCheckDigit,
  buildEuid,
  buildNewRegistrationCode,
  buildRegistrationCode,
  computeCuiCheckDigit,
  CUI_DIGITS_SOURCE,
  isCuiText,
  isStorableCui,
  MAX_CUI,
  parseCui,
  extractCui,
  isValidCountyCode,
  isValidCui,
  isValidEuid,
  isValidRegistrationCode,
  normalizeCui,
  normalizeRegistrationCode,
  parseCuiQuery,
  parseEuid,
  parseRegistrationCode,
  toOldRegistrationCode,
} from '@/lib/cui';

describe('CUI check digit', () => {
  it('computes the worked examples of FORMATS.md', () => {
    expect(computeCuiCheckDigit('1439984')).toBe(0);
    expect(computeCuiCheckDigit('159008')).toBe(2);
  });

  it.each(['14399840', '1590082', '5022670', '160796', '361757', '361579', '14056826', '13548146'])(
    'accepts the valid test vector %s',
    (cui) => {
      expect(isValidCui(cui)).toBe(true);
      expect(computeCuiCheckDigit(cui.slice(0, -1))).toBe(Number(cui.slice(-1)));
    },
  );

  it.each(['14399841', '1590083', '5022671', '160797', '14056827'])('rejects the one-digit-off vector %s', (cui) => {
    expect(isValidCui(cui)).toBe(false);
  });

  it('maps a remainder of 10 to check digit 0', () => {
    // body 6 -> 000000006: 6·2 = 12; 120 mod 11 = 10 -> 0
    expect(computeCuiCheckDigit('6')).toBe(0);
    expect(isValidCui('60')).toBe(true);
    expect(isValidCui('61')).toBe(false);
  });

  it('accepts the RO prefix and numbers, refuses malformed values', () => {
    expect(isValidCui('RO14399840')).toBe(true);
    expect(isValidCui('ro 14399840')).toBe(true);
    expect(isValidCui(14399840)).toBe(true);
    expect(isValidCui('014399840')).toBe(false);
    expect(isValidCui('0')).toBe(false);
    expect(isValidCui('1')).toBe(false);
    expect(isValidCui('12345678901')).toBe(false);
    expect(isValidCui('1439984O')).toBe(false);
    expect(isValidCui('')).toBe(false);
    expect(isValidCui(null)).toBe(false);
  });

  it('appends a check digit and rejects invalid bodies', () => {
    expect(appendCuiCheckDigit('1439984')).toBe('14399840');
    expect(appendCuiCheckDigit(502267)).toBe('5022670');
    expect(() => computeCuiCheckDigit('')).toThrow(RangeError);
    expect(() => computeCuiCheckDigit('1234567890')).toThrow(RangeError);
    expect(() => computeCuiCheckDigit('12a')).toThrow(RangeError);
  });
});

describe('parseCuiQuery', () => {
  it.each([
    ['12345678', '12345678'],
    ['RO12345678', '12345678'],
    ['ro 123', '123'],
    ['  RO  14399840 ', '14399840'],
    ['00123', '123'],
  ])('%p -> %p', (query, expected) => {
    expect(parseCuiQuery(query)).toBe(expected);
  });

  it.each(['dedeman', 'RO', '', '0', '12345678901', '123 456', 'RO-123', null])('%p is not a CUI query', (query) => {
    expect(parseCuiQuery(query)).toBeNull();
  });

  it('normalizeCui keeps leading zeros and refuses text', () => {
    expect(normalizeCui('RO 0012')).toBe('0012');
    expect(normalizeCui('x12')).toBeNull();
  });
});

describe('extractCui', () => {
  it('takes the first digit run of a free-text field', () => {
    expect(extractCui('RO 123')).toBe('123');
    expect(extractCui('123 - X')).toBe('123');
    expect(extractCui('CUI: 0016834908')).toBe('16834908');
    expect(extractCui('fara cod')).toBeNull();
    expect(extractCui('0')).toBeNull();
  });
});

describe('registration codes', () => {
  it('parses the old format', () => {
    expect(parseRegistrationCode('J40/372/2002')).toEqual({
      format: 'old',
      type: 'J',
      county: '40',
      orderNumber: 372,
      year: 2002,
    });
    expect(parseRegistrationCode('F40/1234/2019')).toMatchObject({ type: 'F', county: '40' });
  });

  it('parses the new 14-character format', () => {
    expect(parseRegistrationCode('J2002000372404')).toEqual({
      format: 'new',
      type: 'J',
      county: '40',
      orderNumber: 372,
      year: 2002,
      lastDigit: 4,
    });
    expect(parseRegistrationCode('J2025048519000')).toMatchObject({ county: '00', orderNumber: 48519, year: 2025 });
    expect(isValidRegistrationCode('J2017015812405')).toBe(true);
  });

  it('normalises before parsing', () => {
    expect(normalizeRegistrationCode(' j40 / 372 / 2002 ')).toBe('J40/372/2002');
    expect(normalizeRegistrationCode('J4/2621/1992')).toBe('J04/2621/1992');
    expect(isValidRegistrationCode('j04/2621/1992')).toBe(true);
  });

  it.each(['J41/372/2002', 'J00/372/2002', 'J40/0/2002', 'J40/372/02', 'X40/372/2002', 'J200200037240', 'J2002000372414', ''])(
    'rejects %p',
    (code) => {
      expect(isValidRegistrationCode(code)).toBe(false);
    },
  );

  it('county codes are 01–40, 51 and 52', () => {
    expect(isValidCountyCode('01')).toBe(true);
    expect(isValidCountyCode(40)).toBe(true);
    expect(isValidCountyCode(51)).toBe(true);
    expect(isValidCountyCode(52)).toBe(true);
    expect(isValidCountyCode(41)).toBe(false);
    expect(isValidCountyCode(0)).toBe(false);
    expect(isValidCountyCode(53)).toBe(false);
  });

  it('builds both formats', () => {
    expect(buildRegistrationCode({ county: 40, orderNumber: 372, year: 2002 })).toBe('J40/372/2002');
    expect(buildRegistrationCode({ type: 'F', county: '4', orderNumber: 2621, year: 1992 })).toBe('F04/2621/1992');
    expect(buildNewRegistrationCode({ county: 40, orderNumber: 372, year: 2002, lastDigit: 4 })).toBe('J2002000372404');
    expect(() => buildRegistrationCode({ county: 45, orderNumber: 1, year: 2000 })).toThrow(RangeError);
    expect(() => buildNewRegistrationCode({ county: 40, orderNumber: 1_000_000, year: 2000, lastDigit: 1 })).toThrow(
      RangeError,
    );
  });

  it('converts the new format to the old one for joins', () => {
    expect(toOldRegistrationCode('J2002000372404')).toBe('J40/372/2002');
    expect(toOldRegistrationCode('J40/372/2002')).toBe('J40/372/2002');
    expect(toOldRegistrationCode('J2025048519000')).toBeNull();
    expect(toOldRegistrationCode('garbage')).toBeNull();
  });
});

describe('EUID', () => {
  it('builds and reads EUIDs', () => {
    expect(buildEuid('J2002000372404')).toBe('ROONRC.J2002000372404');
    expect(buildEuid('j40 / 1234 / 2024')).toBe('ROONRC.J40/1234/2024');
    expect(parseEuid('ROONRC.J40/1000/2020')).toBe('J40/1000/2020');
    expect(isValidEuid('ROONRC.J2017015812405')).toBe(true);
  });

  it('rejects malformed EUIDs', () => {
    expect(isValidEuid('J40/1000/2020')).toBe(false);
    expect(isValidEuid('ROONRC.')).toBe(false);
    expect(isValidEuid('ROONRC.J99/1/2020')).toBe(false);
    expect(isValidEuid('RO.J40/1000/2020')).toBe(false);
    expect(() => buildEuid('nope')).toThrow(RangeError);
  });
});

describe('parseCui and isCuiText', () => {
  it('reads 1 to 10 digits, spaces around ignored', () => {
    expect(parseCui('14399840')).toBe(14399840);
    expect(parseCui(' 7 ')).toBe(7);
    expect(isCuiText('0123456789')).toBe(true);
    expect(parseCui('0123')).toBe(123);
  });

  it('refuses text that is not only digits', () => {
    for (const text of ['RO14399840', '12 34', '12a', '-5', '1.5', '', '   ', null, undefined]) {
      expect(parseCui(text)).toBeNull();
    }
    expect(isCuiText('RO123')).toBe(false);
    expect(isCuiText(null)).toBe(false);
  });

  it('refuses more than 10 digits, and numbers the column cannot hold', () => {
    expect(isCuiText('12345678901')).toBe(false);
    expect(isCuiText('9999999999')).toBe(true);
    expect(parseCui('9999999999')).toBeNull();
    expect(parseCui(String(MAX_CUI))).toBe(MAX_CUI);
    expect(parseCui(String(MAX_CUI + 1))).toBeNull();
    expect(parseCui('0')).toBeNull();
  });

  it('isStorableCui bounds a number to the INTEGER column', () => {
    expect(isStorableCui(1)).toBe(true);
    expect(isStorableCui(MAX_CUI)).toBe(true);
    expect(isStorableCui(MAX_CUI + 1)).toBe(false);
    expect(isStorableCui(0)).toBe(false);
    expect(isStorableCui(1.5)).toBe(false);
  });

  it('CUI_DIGITS_SOURCE matches a CUI inside an address', () => {
    const re = new RegExp(`^/company-details/(${CUI_DIGITS_SOURCE})/`);
    expect(re.exec('/company-details/14399840/x')?.[1]).toBe('14399840');
    expect(re.test('/company-details/12345678901/x')).toBe(false);
  });
});

describe('parseCuiSegment (the CUI of a company address)', () => {
  test('digits, leading zeros, percent-encoding, RO prefix and spaces', () => {
    expect(parseCuiSegment('14399840')).toBe(14399840);
    expect(parseCuiSegment('0014399840')).toBe(14399840);
    expect(parseCuiSegment('%31%34%33')).toBe(143);
    expect(parseCuiSegment('RO14399840')).toBe(14399840);
    expect(parseCuiSegment('ro%2014399840')).toBe(14399840);
  });
  test('anything else is null', () => {
    for (const raw of ['', 'abc', '12a', '%E0%A4%A', '12345678901', '-5', '1.5']) expect([raw, parseCuiSegment(raw)]).toEqual([raw, null]);
  });
});
