// Pure rules of the search: how a text is read, LIKE escaping, the highlight, the
// advanced-search address, the count text and the landing size-card links.
import { analyzeText } from '@/server/search/text-query';
import { escapeLike } from '@/server/kernel/sql';
import { highlightRanges } from '@/components/search/highlight';
import { buildSearchUrl, parseSearchUrl } from '@/components/search/search-url';
import { sizeGroupHref } from '@/components/search/landing-cards';
import { formatResultCount, pluralRo, SEARCH_COUNT_CAP } from '@/lib/search-count';
import { createSearchFilter } from '@/lib/filters';

describe('analyzeText', () => {
  test('folds case and both Romanian spellings; splits words', () => {
    for (const t of ['ȘCOALA Gimnazială', 'şcoala gimnaziala', 'scoala   GIMNAZIALA']) {
      expect(analyzeText(t)).toMatchObject({ norm: 'scoala gimnaziala', indexWords: ['gimnaziala', 'scoala'], cuiDigits: null });
    }
  });
  test('digits with or without RO are a CUI; only plain digits also search names', () => {
    expect(analyzeText('14399840')).toMatchObject({ cuiDigits: '14399840', isPlainDigits: true });
    expect(analyzeText('RO 14399840')).toMatchObject({ cuiDigits: '14399840', isPlainDigits: false });
    expect(analyzeText('ro0123')).toMatchObject({ cuiDigits: '123' });
    expect(analyzeText('123 abc').cuiDigits).toBeNull();
  });
  test('legal forms are checked without dots, SC is ignored, trigram-less words are filters', () => {
    expect(analyzeText('SC Dedeman S.R.L.')).toMatchObject({ prefix: 'dedeman s.r.l.', indexWords: ['dedeman'], formWords: ['srl'], filterWords: [] });
    expect(analyzeText('a_b it')).toMatchObject({ indexWords: [], filterWords: ['a_b', 'it'] });
    expect(analyzeText("o'neil").indexWords).toEqual(["o'neil"]);
  });
  test('escapeLike makes %, _ and \\ literal', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});

describe('highlightRanges', () => {
  test('ignores case and diacritics, in both spellings, word by word', () => {
    expect(highlightRanges('ȘCOALA GIMNAZIALĂ NR. 1', 'scoala gimnaziala')).toEqual([[0, 6], [7, 17]]);
    expect(highlightRanges('Şcoala', 'școala')).toEqual([[0, 6]]);
    expect(highlightRanges('CONSTRUCT CONSTRUCT', 'construct')).toEqual([[0, 9], [10, 19]]);
    expect(highlightRanges('ALFA', 'beta')).toEqual([]);
  });
});

describe('advanced-search address', () => {
  test('every filter field round-trips, defaults are left out', () => {
    const filter = createSearchFilter({
      SearchText: 'școala 100%',
      MinEmployees: 1,
      MaxEmployees: 100,
      MinTurnover: 1000,
      MaxTurnover: 0,
      MinProfit: 0,
      MaxProfit: 500000,
      CaenCode: '0111',
      CountyId: 12,
      PrefectureId: 54975,
      StatusCode: 1048,
      HasInsolvencyRisk: false,
      HasEmail: true,
      HasPhone: false,
      HasBids: true,
      HasEuropeanProjects: false,
      OrderBy: 'Turnover_desc',
    });
    const url = buildSearchUrl(filter);
    expect(url).toBe('/Cautare-avansata/%C8%99coala%20100%25/1/100/1000/0/0/500000/0111/12/54975/1048/false?OrderBy=Turnover_desc&HasEmail=true&HasPhone=false&HasEuropeanProjects=false&HasBids=true');
    const [path, query] = url.split('?');
    const back = parseSearchUrl(path.split('/').slice(2), new URLSearchParams(query));
    expect(back).toEqual(filter);
    expect(buildSearchUrl(createSearchFilter())).toBe('/Cautare-avansata');
    expect(buildSearchUrl({ CountyId: 40 })).toBe('/Cautare-avansata/-/-/-/-/-/-/-/-/40');
  });
  test('unknown values in the address are ignored', () => {
    const f = parseSearchUrl(['-'], { orderby: 'Name_asc', HasBids: 'maybe', hasemail: 'TRUE' });
    expect(f.OrderBy).toBe('Profit_desc');
    expect(f.HasBids).toBeNull();
    expect(f.HasEmail).toBe(true);
  });
});

describe('result count text', () => {
  test('exact up to the cap, then "peste 10.000"', () => {
    expect(formatResultCount(0)).toBe('0 rezultate');
    expect(formatResultCount(1)).toBe('1 rezultat');
    expect(formatResultCount(19)).toBe('19 rezultate');
    expect(formatResultCount(20)).toBe('20 de rezultate');
    expect(formatResultCount(101)).toBe('101 rezultate');
    expect(formatResultCount(SEARCH_COUNT_CAP)).toBe('10.000 de rezultate');
    expect(formatResultCount(SEARCH_COUNT_CAP + 1)).toBe('peste 10.000 de rezultate');
    expect(pluralRo(1234, 'firmă', 'firme')).toBe('1.234 de firme');
  });
});

describe('size cards', () => {
  test('a bound is included only if it is ≥ 0; a lone minimum keeps the range with maximum 0', () => {
    expect(sizeGroupHref({ MinTurnover: 0, MaxTurnover: 1999999 })).toBe('/Cautare-avansata/-/-/-/0/1999999');
    expect(sizeGroupHref({ MinTurnover: 50000001, MaxTurnover: -1 })).toBe('/Cautare-avansata/-/-/-/50000001/0');
    expect(parseSearchUrl(['-', '-', '-', '50000001', '0'])).toMatchObject({ MinTurnover: 50000001, MaxTurnover: 0 });
  });
});
