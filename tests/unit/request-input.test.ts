// The hostile-input checks every request passes through (proxy.ts, the API wrapper), and how a
// search text made only of ignored words is read.
import fc from 'fast-check';
import { decodePathSegment, findNul, findUnreadableInput, safeDecodeURIComponent } from '@/lib/shared/request-input';
import { analyzeText, COMMON_WORDS, IGNORED_WORDS } from '@/server/search/text-query';

describe('decodePathSegment', () => {
  test.each(['%', '%E', '%ZZ', '%ED%A0%80', '%C3', 'a%2', '%E0%A4%A'])('malformed escape %s → null', (s) => {
    expect(decodePathSegment(s)).toBeNull();
  });
  test('NUL once decoded → null', () => {
    expect(decodePathSegment('a%00b')).toBeNull();
    expect(decodePathSegment('\u0000')).toBeNull();
  });
  test('readable segments decode as Next decodes them', () => {
    expect(decodePathSegment('S.C.%20%C8%98COALA')).toBe('S.C. ȘCOALA');
    expect(decodePathSegment('14399840')).toBe('14399840');
    expect(decodePathSegment('%25')).toBe('%');
  });
  test('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = decodePathSegment(s);
        expect(out === null || !out.includes('\u0000')).toBe(true);
        expect(safeDecodeURIComponent(s) === null || typeof safeDecodeURIComponent(s) === 'string').toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('findUnreadableInput', () => {
  test.each([
    ['/company-details/%ED%A0%80/abc', ''],
    ['/company-details/%/x', ''],
    ['/Cautare-avansata/%', ''],
    ['/Coduri-caen/%', ''],
    ['/api/Company/getDetails/%', ''],
    ['/api/Company/getDetailsForGraphs/%ED%A0%80', ''],
    ['/api/Company/getCompanyByCaen/4711/%', ''],
    ['/api/api/Auth/login-facebook/x/%ED%A0%80', ''],
    ['/Cautare-avansata/a%00b', ''],
  ])('path %s is refused', (path, search) => {
    expect(findUnreadableInput(path, search)).toMatchObject({ where: 'path' });
  });
  test('NUL in the query is refused and names the parameter', () => {
    expect(findUnreadableInput('/api/Company/getCompanies', '?SearchText=nul%00byte')).toEqual({ where: 'query', name: 'SearchText' });
    expect(findUnreadableInput('/api/Company/getTop5Companies', 'searchText=nul%00byte')).toEqual({ where: 'query', name: 'searchText' });
    expect(findUnreadableInput('/x', '?a%00=1')).toEqual({ where: 'query', name: 'a' });
  });
  test('readable addresses pass, including a malformed escape in the query (read as typed)', () => {
    expect(findUnreadableInput('/company-details/14399840/dedeman-srl', '')).toBeNull();
    expect(findUnreadableInput('/Cautare-avansata/SC%20DEDEMAN/1', '?q=%')).toBeNull();
    expect(findUnreadableInput('/', '')).toBeNull();
  });
});

describe('findNul', () => {
  test('finds NUL in nested strings and keys, with the field path', () => {
    expect(findNul({ a: { b: ['x', 'y\u0000'] } })).toBe('a.b.1');
    expect(findNul({ ['k\u0000']: 1 })).toBe('k');
    expect(findNul('\u0000')).toBe('');
    expect(findNul({ a: 'ok', n: 1, z: null, t: true })).toBeNull();
  });
});

describe('a text made only of ignored words', () => {
  const ignored = [...IGNORED_WORDS];
  test('the list is not empty (this test must check something)', () => {
    expect(ignored.length).toBeGreaterThan(0);
  });
  test.each(ignored.flatMap((w) => [w, w.toUpperCase(), w.split('').join('.') + '.', `${w} ${w}`]))('"%s" is read as typed, as the start of a name', (text) => {
    const q = analyzeText(text);
    expect(q.prefix).not.toBe('');
    expect(q.indexWords.length + q.filterWords.length + q.formWords.length).toBeGreaterThan(0);
  });
  test('with another word, the ignored ones are still dropped', () => {
    expect(analyzeText('SC Dedeman')).toMatchObject({ prefix: 'dedeman', indexWords: ['dedeman'] });
    expect(analyzeText('s.c. ab')).toMatchObject({ prefix: 'ab', filterWords: ['ab'] });
  });
  test.each([...COMMON_WORDS])('legal form "%s" alone still gives a condition', (w) => {
    const q = analyzeText(w);
    expect(q.prefix).toBe(w);
    expect(q.formWords).toEqual([w]);
  });
});
