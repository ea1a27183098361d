import {
  ADVANCED_SEARCH_PATH,
  CONTACT_FILTER_OPTIONS,
  DEFAULT_SEARCH_FILTER,
  EMPLOYEE_PRESET_RANGES,
  MONEY_PRESET_RANGES,
  ORDER_BY,
  applyContactFilter,
  buildSearchPath,
  contactFilterToFlags,
  createSearchFilter,
  describeFilter,
  filterToQuery,
  flagsToContactFilter,
  isFilterEmpty,
  normalizeRanges,
  parseFilterNumber,
  parseSearchPath,
  parseSearchPathname,
  resetFilters,
  resolveRange,
  setCounty,
  socialFilterToFlags,
  updateFilter,
  type SearchFilter,
} from '@/lib/filters';
import { searchFilterQuerySchema } from '@/lib/search/schemas';

describe('defaults', () => {
  it('sorts by profit descending from page 1 with no filter set', () => {
    expect(ORDER_BY).toEqual(['Profit_desc', 'Turnover_desc']);
    expect(DEFAULT_SEARCH_FILTER).toMatchObject({ OrderBy: 'Profit_desc', PageNumber: 1, SearchText: '' });
    expect(DEFAULT_SEARCH_FILTER.MinEmployees).toBeNull();
    expect(DEFAULT_SEARCH_FILTER.HasBids).toBeNull();
    expect(Object.keys(DEFAULT_SEARCH_FILTER).sort()).toEqual(
      [
        'SearchText', 'OrderBy', 'PageNumber', 'PageSize', 'MinEmployees', 'MaxEmployees', 'MinTurnover',
        'MaxTurnover', 'MinProfit', 'MaxProfit', 'CaenCode', 'CountyId', 'PrefectureId', 'StatusCode',
        'HasEmail', 'HasPhone', 'HasInsolvencyRisk', 'HasEuropeanProjects', 'HasBids',
        // decision 107
        'IsVatPayer', 'IsInactive', 'HasEFactura', 'HasTaxArrears', 'RiskBand',
      ].sort(),
    );
  });
});

describe('parseFilterNumber', () => {
  it.each([
    ['10', 10],
    [' 7 ', 7],
    [0, 0],
    ['0', 0],
    ['', null],
    ['-1', null],
    [-5, null],
    ['abc', null],
    [Number.NaN, null],
    [null, null],
  ])('%p -> %p', (input, expected) => {
    expect(parseFilterNumber(input)).toBe(expected);
  });
  it('refuses fractions for integer fields', () => {
    expect(parseFilterNumber('2.5', { integer: true })).toBeNull();
    expect(parseFilterNumber('2.5')).toBe(2.5);
  });
});

describe('normalizeRanges', () => {
  it('clears negatives and invalid values', () => {
    const result = normalizeRanges(
      createSearchFilter({ MinEmployees: -1, MaxEmployees: Number.NaN, MinProfit: -10, MaxProfit: -20 }),
    );
    expect(result).toMatchObject({ MinEmployees: null, MaxEmployees: null, MinProfit: null, MaxProfit: null });
  });

  it('sets the minimum to 0 when only a maximum is given (all ranges)', () => {
    const result = normalizeRanges(createSearchFilter({ MaxEmployees: 50, MaxTurnover: 1000, MaxProfit: 500 }));
    expect(result).toMatchObject({
      MinEmployees: 0,
      MaxEmployees: 50,
      MinTurnover: 0,
      MaxTurnover: 1000,
      MinProfit: 0,
      MaxProfit: 500,
    });
  });

  it('sets the maximum to 0 when only a minimum is given, for profit and turnover only', () => {
    const result = normalizeRanges(createSearchFilter({ MinEmployees: 10, MinTurnover: 1000, MinProfit: 5 }));
    expect(result).toMatchObject({
      MinEmployees: 10,
      MaxEmployees: null,
      MinTurnover: 1000,
      MaxTurnover: 0,
      MinProfit: 5,
      MaxProfit: 0,
    });
  });

  it('keeps complete ranges and empty ones as they are', () => {
    const filter = createSearchFilter({ MinTurnover: 1, MaxTurnover: 100000 });
    expect(normalizeRanges(filter)).toEqual(filter);
    expect(normalizeRanges(DEFAULT_SEARCH_FILTER)).toEqual(DEFAULT_SEARCH_FILTER);
  });

  it('clears non-integer employee counts', () => {
    expect(normalizeRanges({ MinEmployees: 1.5, MaxEmployees: 10 })).toEqual({ MinEmployees: 0, MaxEmployees: 10 });
  });

  it('does not add ranges the object does not have', () => {
    expect(normalizeRanges({ MinEmployees: 3 })).toEqual({ MinEmployees: 3, MaxEmployees: null });
  });
});

describe('resolveRange', () => {
  it('reads a 0 maximum above a positive minimum as no upper bound', () => {
    expect(resolveRange(1000, 0)).toEqual({ min: 1000, max: null });
    expect(resolveRange(0, 0)).toEqual({ min: 0, max: 0 });
    expect(resolveRange(0, 500)).toEqual({ min: 0, max: 500 });
    expect(resolveRange(null, undefined)).toEqual({ min: null, max: null });
  });
});

describe('isFilterEmpty', () => {
  it('ignores page number, text and page size', () => {
    expect(isFilterEmpty(DEFAULT_SEARCH_FILTER)).toBe(true);
    expect(isFilterEmpty(createSearchFilter({ SearchText: 'dedeman', PageNumber: 4, PageSize: 50 }))).toBe(true);
    expect(isFilterEmpty({})).toBe(true);
  });

  it.each<Partial<SearchFilter>>([
    { OrderBy: 'Turnover_desc' },
    { MinEmployees: 0 },
    { MaxProfit: 10 },
    { CaenCode: '4711' },
    { CountyId: 12 },
    { PrefectureId: 3 },
    { StatusCode: 1048 },
    { HasEmail: true },
    { HasPhone: false },
    { HasInsolvencyRisk: false },
    { HasEuropeanProjects: true },
    { HasBids: false },
  ])('is not empty with %p', (patch) => {
    expect(isFilterEmpty(createSearchFilter(patch))).toBe(false);
  });
});

describe('updates', () => {
  const base = createSearchFilter({ CountyId: 1, PrefectureId: 7, PageNumber: 3 });

  it('setCounty clears the prefecture and goes back to page 1', () => {
    expect(setCounty(base, 12)).toMatchObject({ CountyId: 12, PrefectureId: null, PageNumber: 1 });
    expect(setCounty(base, null)).toMatchObject({ CountyId: null, PrefectureId: null });
  });

  it('updateFilter restarts from page 1 and applies the county rule', () => {
    expect(updateFilter(base, { HasBids: true })).toMatchObject({ HasBids: true, PrefectureId: 7, PageNumber: 1 });
    expect(updateFilter(base, { CountyId: 2 })).toMatchObject({ CountyId: 2, PrefectureId: null });
    expect(updateFilter(base, { CountyId: 1 })).toMatchObject({ PrefectureId: 7 });
    expect(updateFilter(base, { CountyId: 2, PrefectureId: 9 })).toMatchObject({ PrefectureId: 9 });
    expect(updateFilter(base, { PageNumber: 4 }).PageNumber).toBe(4);
  });

  it('resetFilters keeps only the text and page size', () => {
    const filter = createSearchFilter({ SearchText: 'abc', OrderBy: 'Turnover_desc', HasBids: true, PageSize: 9 });
    expect(resetFilters(filter)).toEqual({ ...DEFAULT_SEARCH_FILTER, SearchText: 'abc', PageSize: 9 });
  });
});

describe('contact filter', () => {
  it('has the three documented options', () => {
    expect(CONTACT_FILTER_OPTIONS.map((o) => o.Id)).toEqual([1, 2, 3]);
    expect(CONTACT_FILTER_OPTIONS.map((o) => o.Name)).toEqual(['Telefon+Email', 'Telefon', 'Email']);
  });

  it('maps ids to HasPhone/HasEmail and back', () => {
    expect(contactFilterToFlags(1)).toEqual({ HasPhone: true, HasEmail: true });
    expect(contactFilterToFlags(2)).toEqual({ HasPhone: true, HasEmail: null });
    expect(contactFilterToFlags(3)).toEqual({ HasPhone: null, HasEmail: true });
    expect(contactFilterToFlags(null)).toEqual({ HasPhone: null, HasEmail: null });
    ([1, 2, 3] as const).forEach((id) => expect(flagsToContactFilter(contactFilterToFlags(id))).toBe(id));
    expect(flagsToContactFilter({ HasPhone: null, HasEmail: null })).toBeNull();
  });

  it('applyContactFilter updates the filter from page 1', () => {
    const result = applyContactFilter(createSearchFilter({ PageNumber: 5 }), 3);
    expect(result).toMatchObject({ HasEmail: true, HasPhone: null, PageNumber: 1 });
  });
});

describe('social filter (contacts page)', () => {
  it("'Toate' sets the five flags, one platform sets only its flag", () => {
    expect(socialFilterToFlags('Toate')).toEqual({
      HasFacebook: true,
      HasYouTube: true,
      HasInstagram: true,
      HasTwitter: true,
      HasLinkedin: true,
      HasWebsite: null,
    });
    expect(socialFilterToFlags('Linkedin')).toEqual({
      HasFacebook: null,
      HasYouTube: null,
      HasInstagram: null,
      HasTwitter: null,
      HasLinkedin: true,
      HasWebsite: null,
    });
    expect(Object.values(socialFilterToFlags(null)).every((v) => v === null)).toBe(true);
  });
});

describe('preset ranges', () => {
  it('match the documented preset ranges', () => {
    expect(EMPLOYEE_PRESET_RANGES.map((r) => [r.min, r.max])).toEqual([
      [1, 100],
      [100, 500],
      [500, 1000],
      [1000, 3000],
      [3000, 5000],
      [5000, 10000],
    ]);
    expect(MONEY_PRESET_RANGES.map((r) => [r.min, r.max])).toEqual([
      [1, 100000],
      [100000, 500000],
      [500000, 1000000],
      [1000000, 3000000],
      [3000000, 5000000],
      [5000000, 10000000],
    ]);
    expect(MONEY_PRESET_RANGES[2].label).toBe('500.000 - 1.000.000');
    expect(EMPLOYEE_PRESET_RANGES[5].label).toBe('5.000 - 10.000');
  });
});

describe('advanced-search path', () => {
  it('is the bare route for an empty filter', () => {
    expect(buildSearchPath({})).toBe(ADVANCED_SEARCH_PATH);
    expect(buildSearchPath(DEFAULT_SEARCH_FILTER)).toBe('/Cautare-avansata');
  });

  it('encodes the text and drops trailing empty segments', () => {
    expect(buildSearchPath({ SearchText: 'Ion Creangă/SRL' })).toBe('/Cautare-avansata/Ion%20Creang%C4%83%2FSRL');
    expect(buildSearchPath({ SearchText: '  ' })).toBe('/Cautare-avansata');
  });

  it("keeps later segments in place with '-' placeholders", () => {
    expect(buildSearchPath({ CountyId: 12 })).toBe('/Cautare-avansata/-/-/-/-/-/-/-/-/12');
    expect(buildSearchPath({ HasInsolvencyRisk: false })).toBe('/Cautare-avansata/-/-/-/-/-/-/-/-/-/-/-/false');
    expect(buildSearchPath({ MinTurnover: 0, MaxTurnover: 2000000 })).toBe('/Cautare-avansata/-/-/-/0/2000000');
  });

  it('leaves out negative bounds (landing cards include a bound only when it is 0 or more)', () => {
    expect(buildSearchPath({ MinTurnover: 50000000, MaxTurnover: -1 })).toBe('/Cautare-avansata/-/-/-/50000000');
  });

  it('round-trips a full filter', () => {
    const filter = createSearchFilter({
      SearchText: 'Școala „Ion Creangă” 100%',
      MinEmployees: 1,
      MaxEmployees: 100,
      MinTurnover: 100000,
      MaxTurnover: 500000,
      MinProfit: 0,
      MaxProfit: 1000000,
      CaenCode: '0111',
      CountyId: 40,
      PrefectureId: 179132,
      StatusCode: 1048,
      HasInsolvencyRisk: true,
    });
    const path = buildSearchPath(filter);
    expect(path.split('/')).toHaveLength(14);
    expect(parseSearchPathname(path)).toEqual(filter);
    // Next may hand the segments over already decoded: same result
    const decoded = path.split('/').slice(2).map((s) => decodeURIComponent(s));
    expect(parseSearchPath(decoded)).toEqual(filter);
  });

  it('restores a range only when both bounds are present', () => {
    expect(parseSearchPath(['-', '10'])).toMatchObject({ MinEmployees: null, MaxEmployees: null });
    expect(parseSearchPath(['-', '-', '-', '50000000'])).toMatchObject({ MinTurnover: null, MaxTurnover: null });
    expect(parseSearchPath(['-', '10', '20', '5', '-', '-', '7'])).toMatchObject({
      MinEmployees: 10,
      MaxEmployees: 20,
      MinTurnover: null,
      MaxTurnover: null,
      MinProfit: null,
      MaxProfit: null,
    });
  });

  it('ignores invalid segments and tolerates missing ones', () => {
    expect(parseSearchPath(undefined)).toEqual(DEFAULT_SEARCH_FILTER);
    expect(parseSearchPath([])).toEqual(DEFAULT_SEARCH_FILTER);
    expect(parseSearchPath('dedeman')).toEqual(createSearchFilter({ SearchText: 'dedeman' }));
    expect(
      parseSearchPath(['%E0%A4%A', 'x', '-5', '1', '2', '', '', '12345', 'abc', '3.5', '1048', 'maybe']),
    ).toEqual(createSearchFilter({ SearchText: '%E0%A4%A', MinTurnover: 1, MaxTurnover: 2, StatusCode: 1048 }));
    expect(parseSearchPath(['-', '-', '-', '-', '-', '-', '-', '111'])).toMatchObject({ CaenCode: '0111' });
    expect(parseSearchPath(['-', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-', 'FALSE'])).toMatchObject({
      HasInsolvencyRisk: false,
    });
  });
});

describe('filterToQuery and searchFilterQuerySchema', () => {
  it('omits empty values and uses the documented names', () => {
    const query = filterToQuery(createSearchFilter({ SearchText: ' dedeman ', MinProfit: 0, MaxProfit: 10, HasBids: false }));
    expect(query.toString()).toBe(
      'SearchText=dedeman&OrderBy=Profit_desc&PageNumber=1&PageSize=21&MinProfit=0&MaxProfit=10&HasBids=false',
    );
    expect(filterToQuery({}).toString()).toBe('OrderBy=Profit_desc&PageNumber=1&PageSize=21');
  });

  it('parses its own output back to the same filter', () => {
    const filter = createSearchFilter({
      SearchText: 'abc',
      OrderBy: 'Turnover_desc',
      PageNumber: 3,
      MinEmployees: 1,
      MaxEmployees: 100,
      MinTurnover: 1000.5,
      MaxTurnover: 0,
      CaenCode: '4711',
      CountyId: 12,
      PrefectureId: 3,
      StatusCode: 1048,
      HasEmail: true,
      HasPhone: false,
      HasInsolvencyRisk: true,
      HasEuropeanProjects: false,
      HasBids: true,
    });
    const parsed = searchFilterQuerySchema.parse(Object.fromEntries(filterToQuery(filter)));
    expect(parsed).toEqual(filter);
  });

  it('applies defaults to an empty query and treats blanks as not set', () => {
    expect(searchFilterQuerySchema.parse({})).toEqual(DEFAULT_SEARCH_FILTER);
    expect(searchFilterQuerySchema.parse({ MinEmployees: '', HasBids: '', CaenCode: ' ', OrderBy: '' })).toEqual(
      DEFAULT_SEARCH_FILTER,
    );
    expect(searchFilterQuerySchema.parse({ HasBids: 'TRUE', CaenCode: '111' })).toMatchObject({
      HasBids: true,
      CaenCode: '0111',
    });
  });

  it.each([
    { MinEmployees: 'abc' },
    { MinEmployees: '-1' },
    { HasBids: 'yes' },
    { OrderBy: 'Name' },
    { PageNumber: '0' },
    { PageSize: '1000' },
    { CountyId: '1.5' },
    { CaenCode: '12345' },
  ])('rejects %p', (query) => {
    expect(searchFilterQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('describeFilter', () => {
  it('lists nothing for an empty filter', () => {
    expect(describeFilter(DEFAULT_SEARCH_FILTER)).toEqual([]);
  });

  it('lists each active filter in Romanian', () => {
    const lines = describeFilter(
      {
        ...createSearchFilter({
          SearchText: 'ignored',
          MinEmployees: 1,
          MaxEmployees: 100,
          MinTurnover: 1000000,
          MaxTurnover: 0,
          MaxProfit: 500000,
          CaenCode: '4711',
          CountyId: 12,
          PrefectureId: 3,
          StatusCode: 1048,
          HasPhone: true,
          HasEmail: true,
          HasInsolvencyRisk: false,
          HasBids: true,
          HasEuropeanProjects: false,
        }),
        HasFacebook: true,
        HasLinkedin: true,
      },
      {
        caen: 'Comerț cu amănuntul în magazine nespecializate',
        county: 'Cluj',
        prefecture: 'Cluj-Napoca',
        status: 'funcțiune',
      },
    );
    expect(lines).toEqual([
      'Angajați: între 1 și 100',
      'Cifra de afaceri: minimum 1.000.000 RON',
      'Profit: maximum 500.000 RON',
      'Cod CAEN: 4711 - Comerț cu amănuntul în ma...',
      'Județ: Cluj',
      'Localitate: Cluj-Napoca',
      'Stare firmă: funcțiune',
      'Date de contact: telefon și email',
      'Risc de insolvență: scăzut',
      'Licitații: da',
      'Proiecte europene: nu',
      'Rețele sociale: Facebook, Linkedin',
    ]);
  });

  it('falls back to ids without names', () => {
    expect(describeFilter({ CountyId: 12, HasEmail: true, HasInsolvencyRisk: true })).toEqual([
      'Județ: 12',
      'Date de contact: email',
      'Risc de insolvență: ridicat',
    ]);
  });
});
