// The SQL of the search engine (decision 026): one filter implementation written for PostgreSQL or
// for DuckDB, the engine's count and page statements, and the statements of the filter counts.
// The SQL is also run, in-process, on a small DuckDB table to check it parses and means what the
// PostgreSQL reference means (tests/integration/search-engine.test.ts compares with PostgreSQL).
import { DuckDBInstance } from '@duckdb/node-api';
import { buildWhere, cuiPrefixRanges } from '@/server/search/conditions';
import { engineSearchStatements, facetStatements, groupingId } from '@/server/search/engine-search';
import { bucketOf, DERIVED_COLUMNS, EMPLOYEE_POINTS, MONEY_POINTS, presetBuckets, wordTablesSql } from '@/server/search/facet-buckets';
import { EMPLOYEE_PRESET_RANGES, MONEY_PRESET_RANGES } from '@/lib/filters';
import { formatResultCount } from '@/lib/search-count';

describe('buildWhere in both dialects', () => {
  test('the same conditions; the text in each engine\'s fast form (LIKE patterns / contains with the raw word)', () => {
    const f = { SearchText: 'sc 100%_a srl', CountyId: 12, MinEmployees: 1, MaxEmployees: 9, HasEmail: true, HasBids: false };
    const pg = buildWhere(f, 'pg');
    const duck = buildWhere(f, 'duckdb');
    expect(pg.where).toBe(
      "WHERE c.name_norm LIKE $1 AND replace(c.name_norm, '.', '') LIKE $2 AND c.employees >= $3 AND c.employees <= $4 AND c.county_id = $5 AND c.has_email AND NOT c.has_tenders",
    );
    expect(pg.params.values).toEqual(['%100\\%\\_a%', '%srl%', 1, 9, 12]);
    expect(duck.where).toBe(
      'WHERE c.cui IN (SELECT t.cui FROM name_token t WHERE t.id IN (SELECT d.id FROM token_dict d WHERE contains(d.token, $1)))' +
        " AND (contains(c.name_norm, $2) OR contains(replace(c.name_norm, '.', ''), $3)) AND c.employees >= $4 AND c.employees <= $5 AND c.county_id = $6 AND c.has_email AND NOT c.has_tenders",
    );
    expect(duck.params.values).toEqual(['100%_a', 'srl', 'srl', 1, 9, 12]);
  });

  test('a CAEN code: the string on PostgreSQL, the number the engine keeps for 4-digit codes', () => {
    expect(buildWhere({ CaenCode: '0111' }, 'pg').where).toBe('WHERE c.caen_code = $1');
    const duck = buildWhere({ CaenCode: '0111' }, 'duckdb');
    expect(duck.where).toBe('WHERE c.caen_id = $1');
    expect(duck.params.values).toEqual([111]);
  });

  test('short words: the start of the name in both', () => {
    expect(buildWhere({ SearchText: 'ab' }, 'pg').where).toBe('WHERE c.name_norm LIKE $1');
    expect(buildWhere({ SearchText: 'ab' }, 'duckdb').where).toBe('WHERE starts_with(c.name_norm, $1)');
  });

  test('a CUI text: a text prefix on PostgreSQL, the same CUIs as integer ranges on the engine', () => {
    expect(buildWhere({ SearchText: 'RO1439' }, 'pg').where).toBe('WHERE c.cui::text LIKE $1');
    const duck = buildWhere({ SearchText: 'RO1439' }, 'duckdb');
    expect(duck.where).toMatch(/^WHERE \(c\.cui = \$1 OR c\.cui BETWEEN \$2 AND \$3 OR /);
    expect(duck.params.values.slice(0, 5)).toEqual([1439, 14390, 14399, 143900, 143999]);
    expect(buildWhere({ SearchText: '1439' }, 'duckdb').where).toContain(' OR (c.cui IN (SELECT t.cui FROM name_token t');
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

describe('engine statements', () => {
  test('count and page: the documented order, stable by CUI, page size and offset as whole numbers', () => {
    const st = engineSearchStatements({ OrderBy: 'Turnover_desc', PageNumber: 3, PageSize: 21, StatusCode: 1048 });
    expect(st.count).toBe('SELECT count(*)::INTEGER AS n FROM company c WHERE c.status_code = $1');
    expect(st.page).toBe('SELECT c.cui FROM company c WHERE c.status_code = $1 ORDER BY c.turnover DESC, c.cui DESC LIMIT 21 OFFSET 42');
    expect(st.params).toEqual([1048]);
    expect(engineSearchStatements({}).page).toMatch(/ORDER BY c\.profit DESC, c\.cui DESC LIMIT 21 OFFSET 0$/);
    // Count and page in one pass when a word is looked up in the word tables: the top offset +
    // limit by (sort, cui). Without a word, or too deep a page: the two statements.
    expect(st.both).toBeNull();
    const text = engineSearchStatements({ OrderBy: 'Turnover_desc', PageNumber: 3, PageSize: 21, StatusCode: 1048, SearchText: 'construct' });
    expect(text.both).toMatch(/^SELECT count\(\*\)::INTEGER AS n, max_by\(c\.cui, c\.turnover::HUGEINT \* 4294967296 \+ c\.cui, 63\) AS top FROM company c WHERE .*name_token/);
    expect([text.offset, text.limit]).toEqual([42, 21]);
    expect(engineSearchStatements({ PageNumber: 200, PageSize: 21, SearchText: 'construct' }).both).toBeNull();
  });

  test('facets: the inactive ones share one scan of the whole filter; each active one drops only its own fields', () => {
    const none = facetStatements({});
    expect(none).toHaveLength(1);
    expect(none[0].facets).toHaveLength(10);
    expect(none[0].sql).toContain(
      'GROUP BY GROUPING SETS ((c.county_id), (c.caen_id), (c.status_code), (c.emp_b, c.turn_b, c.prof_b, c.flags))',
    );

    const st = facetStatements({ CountyId: 12, PrefectureId: 5, HasEmail: true, MinTurnover: 1, MaxTurnover: 100000 });
    const byFacet = (name: string) => st.find((s) => s.facets.includes(name as never))!;
    expect(st).toHaveLength(4); // shared + county + contact + turnover
    const county = byFacet('county');
    expect(county.facets).toEqual(['county']);
    expect(county.sql).not.toContain('county_id =');
    expect(county.sql).not.toContain('locality_id =');
    expect(county.sql).toContain('c.has_email');
    expect(county.sql).toContain('GROUPING SETS ((c.county_id))');
    const contact = byFacet('contact');
    expect(contact.sql).not.toContain('AND c.has_email');
    expect(contact.sql).toContain('c.county_id = $');
    expect(contact.sql).toContain('GROUPING SETS ((c.flags))');
    const turnover = byFacet('turnover');
    expect(turnover.sql).not.toContain('c.turnover >= $');
    const shared = byFacet('caen');
    expect(shared.facets).toEqual(expect.arrayContaining(['caen', 'status', 'employees', 'profit', 'insolvency', 'bids', 'eu']));
    expect(shared.sql).toContain('c.county_id = $');
    expect(shared.sql).toContain('c.turnover >= $');
    expect(shared.keys).toEqual(['caen_id', 'status_code', 'emp_b', 'prof_b', 'flags']);
    expect(groupingId(shared.keys, ['caen_id'])).toBe(0b01111);
    expect(groupingId(shared.keys, ['emp_b', 'prof_b', 'flags'])).toBe(0b11000);
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

  test('the statements run on DuckDB and count what they should', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    try {
      await c.run(`CREATE TABLE base (cui INTEGER, name_norm VARCHAR, employees INTEGER, turnover BIGINT, profit BIGINT, caen_code VARCHAR,
                   county_id INTEGER, locality_id INTEGER, status_code INTEGER, has_email BOOLEAN, has_phone BOOLEAN,
                   has_insolvency_risk BOOLEAN, has_eu_projects BOOLEAN, has_tenders BOOLEAN)`);
      await c.run(`INSERT INTO base VALUES
        (11, 'alfa 100% srl', 3, 50000, 10, '4711', 12, 1, 1048, true, true, false, false, false),
        (12, 'axb beta 100x srl', 20, 200000, 50, '4711', 12, 1, 1048, false, true, false, false, true),
        (13, 'a_b gama sa', 0, 0, -5, '6201', 40, 2, 1049, true, false, true, true, false),
        (140, 'delta srl', 300, 9000000, 900, '6201', 40, 2, 1048, true, true, false, false, true)`);
      await c.run(`CREATE TABLE company AS SELECT *, ${DERIVED_COLUMNS.map(([n, e]) => `${e} AS ${n}`).join(', ')} FROM base`);
      for (const statement of wordTablesSql('company')) await c.run(statement);
      const run = async (sql: string, params: unknown[]) => (await c.runAndReadAll(sql, params as never)).getRowObjectsJS();
      const count = async (f: object) => {
        const st = engineSearchStatements(f);
        return Number((await run(st.count, st.params))[0].n);
      };
      expect(await count({ SearchText: '100%' })).toBe(1); // '%' matches itself, not anything
      expect(await count({ SearchText: 'eta' })).toBe(1); // inside a word: 'beta'
      expect(await count({ SearchText: 's.r.l.' })).toBe(3); // legal form, dots ignored
      expect(await count({ SearchText: 'gama s.a.' })).toBe(1);
      expect(await count({ SearchText: 'ta 100' })).toBe(1); // every word: '100' by the word tables, 'ta' checked on the name
      expect(await count({ SearchText: 'a_b' })).toBe(1); // '_' too: 'axb…' is not matched
      expect(await count({ SearchText: '14' })).toBe(1); // CUI prefix
      expect(await count({ SearchText: 'sc srl', CountyId: 12 })).toBe(2);
      expect(await count({ CaenCode: '4711' })).toBe(2);
      expect(await count({ CaenCode: '0471' })).toBe(0);
      const st = engineSearchStatements({ OrderBy: 'Turnover_desc', PageSize: 2, PageNumber: 1 });
      expect((await run(st.page, st.params)).map((r) => r.cui)).toEqual([140, 12]);
      // The one-pass statement: the same count and the same order (ties on the sort broken by CUI).
      for (const f of [{ SearchText: 'beta', OrderBy: 'Profit_desc', PageSize: 3 }, { SearchText: '100', OrderBy: 'Turnover_desc', PageSize: 1, PageNumber: 2 }, { SearchText: 'delta', OrderBy: 'Profit_desc' }, { SearchText: 'zzz' }] as const) {
        const one = engineSearchStatements(f);
        const [{ n, top }] = await run(one.both!, one.params);
        expect(n).toBe(await count(f));
        expect(((top as number[] | null) ?? []).slice(one.offset, one.offset + one.limit)).toEqual((await run(one.page, one.params)).map((r) => r.cui));
      }
      const [facets] = facetStatements({ CountyId: 12 }).filter((s) => s.facets.includes('county'));
      const rows = await run(facets.sql, facets.params);
      const perCounty = Object.fromEntries(rows.filter((r) => r.county_id !== null).map((r) => [r.county_id, r.n]));
      expect(perCounty).toEqual({ 12: 2, 40: 2 });
      const [shared] = facetStatements({ CountyId: 12 }).filter((s) => s.facets.includes('employees'));
      const small = (await run(shared.sql, shared.params)).filter((r) => r.emp_b !== null);
      // county 12: employees 3 and 20, flags email+phone (3) and phone+tenders (10)
      expect(small.map((r) => [r.emp_b, r.flags, r.n]).sort()).toEqual([[bucketOf(20, EMPLOYEE_POINTS), 10, 1], [bucketOf(3, EMPLOYEE_POINTS), 3, 1]].sort());
    } finally {
      c.closeSync();
      db.closeSync();
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
