// The one SQL writer of a search filter (conditions.ts buildWhere, decisions 094 and 106): what it
// writes for PostgreSQL, the CUI prefix as the index reads it, and the filter counts the engine
// makes for a panel (tests/integration/search-index.test.ts compares their answers with PostgreSQL).
import { buildWhere, cuiPrefixRanges, filterTerms } from '@/server/search/conditions';
import { facetGroups } from '@/server/search/engine-search';
import { bucketOf, EMPLOYEE_POINTS, MONEY_POINTS, presetBuckets } from '@/server/search/facet-buckets';
import { EMPLOYEE_PRESET_RANGES, MONEY_PRESET_RANGES } from '@/lib/filters';
import { formatResultCount } from '@/lib/search-count';

describe('buildWhere: one SQL writer', () => {
  test('the text as LIKE patterns, the other fields from the filter terms, booleans as literals', () => {
    const f = { SearchText: 'sc 100%_a srl', CountyId: 12, MinEmployees: 1, MaxEmployees: 9, HasEmail: true, HasBids: false };
    const pg = buildWhere(f);
    expect(pg.where).toBe(
      "WHERE c.name_norm LIKE $1 AND replace(c.name_norm, '.', '') LIKE $2 AND c.employees >= $3 AND c.employees <= $4 AND c.county_id = $5 AND c.has_email AND NOT c.has_tenders",
    );
    expect(pg.params.values).toEqual(['%100\\%\\_a%', '%srl%', 1, 9, 12]);
    expect(filterTerms(f).map((t) => t.column)).toEqual(['employees', 'county_id', 'has_email', 'has_tenders']);
  });

  test('a CAEN code is the string compared, whatever its length', () => {
    expect(buildWhere({ CaenCode: '0111' }).where).toBe('WHERE c.caen_code = $1');
    expect(buildWhere({ CaenCode: '0111' }).params.values).toEqual(['0111']);
    expect(buildWhere({ CaenCode: '01' }).params.values).toEqual(['01']);
  });

  test('short words: the start of the name; a CUI text: a text prefix (or a name with plain digits)', () => {
    expect(buildWhere({ SearchText: 'ab' }).where).toBe('WHERE c.name_norm LIKE $1');
    expect(buildWhere({ SearchText: 'RO1439' }).where).toBe('WHERE c.cui::text LIKE $1');
    expect(buildWhere({ SearchText: '1439' }).where).toBe('WHERE (c.cui::text LIKE $1 OR (c.name_norm LIKE $2))');
  });

  test('cuiPrefixRanges is exactly "the decimal form starts with"', () => {
    expect(cuiPrefixRanges('2147483647')).toEqual([[2147483647, 2147483647]]);
    expect(cuiPrefixRanges('3')).toEqual([
      [3, 3], [30, 39], [300, 399], [3000, 3999], [30000, 39999], [300000, 399999], [3000000, 3999999], [30000000, 39999999], [300000000, 399999999],
    ]);
    expect(cuiPrefixRanges('2').at(-1)).toEqual([2000000000, 2147483647]);
    expect(cuiPrefixRanges('0')).toEqual([]);
    const ranges = cuiPrefixRanges('214');
    for (const n of [214, 2140, 2149, 21400000, 2147483647, 213, 215, 2150, 21, 2139999999]) {
      expect(ranges.some(([lo, hi]) => n >= lo && n <= hi)).toBe(String(n).startsWith('214'));
    }
  });
});

describe('filter counts', () => {
  test('the inactive facets share one count of the whole filter; each active one drops only its own fields', () => {
    const none = facetGroups({});
    expect(none).toHaveLength(1);
    expect(none[0].facets).toHaveLength(15); // the 10 of the panel and the fiscal and risk five (decision 115)
    expect(none[0].columns).toEqual(['county_id', 'caen_id', 'status_code', 'emp_b', 'turn_b', 'prof_b', 'flags', 'facts']);

    const filter = { CountyId: 12, PrefectureId: 5, HasEmail: true, MinTurnover: 1, MaxTurnover: 100000 };
    const st = facetGroups(filter);
    const byFacet = (name: string) => st.find((s) => s.facets.includes(name as never))!;
    expect(st).toHaveLength(4); // shared + county + contact + turnover
    const county = byFacet('county');
    expect(county.facets).toEqual(['county']);
    expect(buildWhere(county.filter).where).not.toMatch(/county_id =|locality_id =/);
    expect(buildWhere(county.filter).where).toContain('c.has_email');
    expect(county.columns).toEqual(['county_id']);
    const contact = byFacet('contact');
    expect(buildWhere(contact.filter).where).not.toContain('c.has_email');
    expect(buildWhere(contact.filter).where).toContain('c.county_id = $');
    expect(contact.columns).toEqual(['flags']);
    expect(buildWhere(byFacet('turnover').filter).where).not.toContain('c.turnover >= $');
    const shared = byFacet('caen');
    expect(shared.facets).toEqual(expect.arrayContaining(['caen', 'status', 'employees', 'profit', 'insolvency', 'bids', 'eu', 'vat', 'band']));
    expect(buildWhere(shared.filter).where).toContain('c.county_id = $');
    expect(buildWhere(shared.filter).where).toContain('c.turnover >= $');
    expect(shared.columns).toEqual(['caen_id', 'status_code', 'emp_b', 'prof_b', 'flags', 'facts']);
  });

  test('buckets: every preset is a run of whole buckets', () => {
    for (const [presets, points] of [[EMPLOYEE_PRESET_RANGES, EMPLOYEE_POINTS], [MONEY_PRESET_RANGES, MONEY_POINTS]] as const) {
      for (const p of presets) {
        const [from, to] = presetBuckets(p, points);
        for (const v of [p.min - 1, p.min, p.max, p.max + 1, Math.floor((p.min + p.max) / 2)]) {
          const b = bucketOf(v, points);
          expect(b >= from && b < to).toBe(v >= p.min && v <= p.max);
        }
      }
    }
  });
});

describe('the result count text', () => {
  test('exact counts are written in full; only a capped count says "peste"', () => {
    expect(formatResultCount(1_234_567, false)).toBe('1.234.567 de rezultate');
    expect(formatResultCount(10_001, false)).toBe('10.001 rezultate');
    expect(formatResultCount(10_001, true)).toBe('peste 10.000 de rezultate');
    expect(formatResultCount(10_001)).toBe('peste 10.000 de rezultate');
  });
});
