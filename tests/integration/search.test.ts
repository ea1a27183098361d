// Search, type-ahead and lookup endpoints against the throwaway database (2,000 demo companies).
// Route handlers are called directly; every expectation is checked against plain SQL.
import { GET as getCompanies } from '@/app/api/Company/getCompanies/route';
import { GET as getTop5 } from '@/app/api/Company/getTop5Companies/route';
import { GET as getStatuses } from '@/app/api/Company/getCompanyStatuses/route';
import { GET as getCaens } from '@/app/api/CAEN/getCAENsForFilter/route';
import { GET as getCounties } from '@/app/api/Location/getCounties/route';
import { GET as getPrefectures } from '@/app/api/Location/getPrefectures/route';
import { sql } from '@/server/kernel/db';
import { createCompany, deleteCreatedCompanies } from '../factories/companies';
import { callAs, dropActors, makeActors } from './support/authz';
import { clearSuggestionCache, HEAD_CHARS, HEAD_WALK } from '@/server/search/suggest';
import { analyzeText } from '@/server/search/text-query';
import { normalizeSearchText } from '@/lib/text';
import type { CompanySearchItem, CompanySearchPage } from '@/lib/search/types';

type Item = CompanySearchItem;
type Page = CompanySearchPage;
type ErrorBody = { Message: string; Code: string; Errors?: Record<string, string[]> };

const ITEM_FIELDS = ['Address', 'AverageNumberOfEmployees', 'CaenCode', 'CaenDescription', 'Cui', 'Name', 'NetProfit', 'NetTurnover', 'RegistrationCode'];

async function call(handler: (req: Request) => Promise<Response>, path: string, params: Record<string, unknown> = {}) {
  const url = new URL(`http://localhost${path}`);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  const res = await handler(new Request(url));
  return { status: res.status, body: await res.json() };
}

const search = async (params: Record<string, unknown>) => {
  const r = await call(getCompanies, '/api/Company/getCompanies', params);
  if (r.status !== 200) throw new Error(`getCompanies ${JSON.stringify(params)} → ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as Page;
};
const suggest = async (params: Record<string, unknown>) => {
  const r = await call(getTop5, '/api/Company/getTop5Companies', params);
  if (r.status !== 200) throw new Error(`getTop5Companies ${JSON.stringify(params)} → ${r.status}`);
  return r.body as Item[];
};

type Row = {
  cui: number;
  employees: number;
  turnover: number;
  profit: number;
  caen_code: string | null;
  county_id: number | null;
  locality_id: number | null;
  status_code: number;
  has_email: boolean;
  has_phone: boolean;
  has_insolvency_risk: boolean;
  has_eu_projects: boolean;
  has_tenders: boolean;
  importance: number;
  name_norm: string;
};

let total = 0;
const byCui = new Map<number, Row>();

beforeAll(async () => {
  const rows = await sql<Row>(
    `SELECT cui, employees, turnover, profit, caen_code, county_id, locality_id, status_code, has_email, has_phone,
            has_insolvency_risk, has_eu_projects, has_tenders, importance, name_norm FROM company`,
  );
  total = rows.length;
  for (const r of rows) byCui.set(r.cui, r);
});

/** Every row matching `where`, in the order the API must return them. */
async function expected(where: string, params: unknown[] = [], order: 'profit' | 'turnover' = 'profit'): Promise<number[]> {
  const rows = await sql<{ cui: number }>(`SELECT cui FROM company c WHERE ${where} ORDER BY ${order} DESC, cui DESC`, params);
  return rows.map((r) => r.cui);
}

describe('GET /api/Company/getCompanies', () => {
  test('default: first page of 21, profit descending, fields exactly as documented', async () => {
    const page = await search({});
    expect(total).toBeGreaterThan(1000);
    expect(page.Items).toHaveLength(21);
    expect(page.Count).toBe(total);
    expect(page.NumberOfPages).toBe(Math.ceil(total / 21));
    for (const item of page.Items) expect(Object.keys(item).sort()).toEqual(ITEM_FIELDS);
    const all = await expected('true');
    expect(page.Items.map((i) => i.Cui)).toEqual(all.slice(0, 21));
    const first = page.Items[0];
    const row = byCui.get(first.Cui)!;
    expect(first.NetProfit).toBe(row.profit);
    expect(first.NetTurnover).toBe(row.turnover);
    expect(first.AverageNumberOfEmployees).toBe(row.employees);
  });

  const pick = <T,>(f: (r: Row) => T) => {
    const counts = new Map<T, number>();
    for (const r of byCui.values()) counts.set(f(r), (counts.get(f(r)) ?? 0) + 1);
    // a value that matches some rows but not most of them
    return [...counts.entries()].filter(([v]) => v !== null).sort((a, b) => b[1] - a[1])[1]?.[0] ?? [...counts.keys()][0];
  };

  type Case = { name: string; params: () => Record<string, unknown>; where: () => [string, unknown[]] };
  const cases: Case[] = [
    { name: 'MinEmployees/MaxEmployees', params: () => ({ MinEmployees: 1, MaxEmployees: 9 }), where: () => ['employees BETWEEN 1 AND 9', []] },
    { name: 'MinTurnover/MaxTurnover', params: () => ({ MinTurnover: 100000, MaxTurnover: 500000 }), where: () => ['turnover BETWEEN 100000 AND 500000', []] },
    { name: 'MinProfit/MaxProfit', params: () => ({ MinProfit: 1, MaxProfit: 100000 }), where: () => ['profit BETWEEN 1 AND 100000', []] },
    { name: 'MinTurnover alone, MaxTurnover 0 = no upper bound', params: () => ({ MinTurnover: 1000000, MaxTurnover: 0 }), where: () => ['turnover >= 1000000', []] },
    { name: 'MaxProfit alone', params: () => ({ MaxProfit: 0 }), where: () => ['profit <= 0', []] },
    { name: 'CaenCode', params: () => ({ CaenCode: pick((r) => r.caen_code) }), where: () => ['caen_code = $1', [pick((r) => r.caen_code)]] },
    { name: 'CountyId', params: () => ({ CountyId: pick((r) => r.county_id) }), where: () => ['county_id = $1', [pick((r) => r.county_id)]] },
    { name: 'PrefectureId', params: () => ({ PrefectureId: pick((r) => r.locality_id) }), where: () => ['locality_id = $1', [pick((r) => r.locality_id)]] },
    { name: 'StatusCode', params: () => ({ StatusCode: pick((r) => r.status_code) }), where: () => ['status_code = $1', [pick((r) => r.status_code)]] },
    { name: 'HasEmail true', params: () => ({ HasEmail: true }), where: () => ['has_email', []] },
    { name: 'HasEmail false', params: () => ({ HasEmail: false }), where: () => ['NOT has_email', []] },
    { name: 'HasPhone true', params: () => ({ HasPhone: true }), where: () => ['has_phone', []] },
    { name: 'HasInsolvencyRisk true', params: () => ({ HasInsolvencyRisk: true }), where: () => ['has_insolvency_risk', []] },
    { name: 'HasInsolvencyRisk false', params: () => ({ HasInsolvencyRisk: 'false' }), where: () => ['NOT has_insolvency_risk', []] },
    { name: 'HasEuropeanProjects true', params: () => ({ HasEuropeanProjects: true }), where: () => ['has_eu_projects', []] },
    { name: 'HasBids true', params: () => ({ HasBids: true }), where: () => ['has_tenders', []] },
    { name: 'HasBids false', params: () => ({ HasBids: false }), where: () => ['NOT has_tenders', []] },
    {
      name: 'a combination',
      params: () => ({ CountyId: pick((r) => r.county_id), HasPhone: true, MinEmployees: 0, MaxEmployees: 50, OrderBy: 'Turnover_desc' }),
      where: () => ['county_id = $1 AND has_phone AND employees <= 50', [pick((r) => r.county_id)]],
    },
  ];

  test.each(cases)('filter $name restricts the result and Count agrees with the rows', async ({ params, where }) => {
    const p = params();
    const [w, values] = where();
    const want = await expected(w, values, p.OrderBy === 'Turnover_desc' ? 'turnover' : 'profit');
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(total);
    const page = await search({ ...p, PageSize: 100 });
    expect(page.Count).toBe(want.length);
    expect(page.NumberOfPages).toBe(Math.ceil(want.length / 100));
    expect(page.Items.map((i) => i.Cui)).toEqual(want.slice(0, 100));
  });

  test('a filter matching nothing: empty page', async () => {
    const page = await search({ MinEmployees: 9_999_999, MaxEmployees: 9_999_999 });
    expect(page).toEqual({ Items: [], NumberOfPages: 0, Count: 0 });
  });

  test('sort Turnover_desc and Profit_desc', async () => {
    const byTurnover = await search({ OrderBy: 'Turnover_desc', PageSize: 50 });
    expect(byTurnover.Items.map((i) => i.Cui)).toEqual((await expected('true', [], 'turnover')).slice(0, 50));
    const t = byTurnover.Items.map((i) => i.NetTurnover);
    expect([...t].sort((a, b) => b - a)).toEqual(t);
    const byProfit = await search({ OrderBy: 'Profit_desc', PageSize: 50 });
    const pr = byProfit.Items.map((i) => i.NetProfit);
    expect([...pr].sort((a, b) => b - a)).toEqual(pr);
    expect(byProfit.Items.map((i) => i.Cui)).toEqual((await expected('true', [], 'profit')).slice(0, 50));
  });

  test('paging: consecutive pages continue the same order without overlap; past the end is empty', async () => {
    const all = await expected('true');
    const p1 = await search({ PageNumber: 1, PageSize: 10 });
    const p2 = await search({ PageNumber: 2, PageSize: 10 });
    const p7 = await search({ PageNumber: 7, PageSize: 10 });
    expect(p1.Items.map((i) => i.Cui)).toEqual(all.slice(0, 10));
    expect(p2.Items.map((i) => i.Cui)).toEqual(all.slice(10, 20));
    expect(p7.Items.map((i) => i.Cui)).toEqual(all.slice(60, 70));
    const last = await search({ PageNumber: p1.NumberOfPages, PageSize: 10 });
    expect(last.Items.length).toBe(total - (p1.NumberOfPages - 1) * 10);
    const beyond = await search({ PageNumber: p1.NumberOfPages + 1, PageSize: 10 });
    expect(beyond.Items).toEqual([]);
    expect(beyond.Count).toBe(total);
  });

  test('PageSize is capped at 100', async () => {
    expect((await search({ PageSize: 100 })).Items).toHaveLength(100);
    const r = await call(getCompanies, '/api/Company/getCompanies', { PageSize: 101 });
    expect(r.status).toBe(400);
    expect((r.body as ErrorBody).Errors).toHaveProperty('PageSize');
  });

  describe('text', () => {
    test('digits match CUIs by prefix, with or without RO; the exact CUI is found', async () => {
      const cui = [...byCui.keys()][17];
      const prefix = String(cui).slice(0, 4);
      const want = [...byCui.values()].filter((r) => String(r.cui).startsWith(prefix) || r.name_norm.includes(prefix)).length;
      const page = await search({ SearchText: prefix, PageSize: 100 });
      expect(page.Count).toBe(want);
      for (const item of page.Items) expect(String(item.Cui).startsWith(prefix) || normalizeSearchText(item.Name).includes(prefix)).toBe(true);
      for (const text of [String(cui), `RO${cui}`, `ro ${cui}`]) {
        const exact = await search({ SearchText: text });
        expect(exact.Items.map((i) => i.Cui)).toContain(cui);
        expect(exact.Items.every((i) => String(i.Cui).startsWith(String(cui)))).toBe(true);
      }
    });

    test('case and diacritics do not matter, in both Romanian spellings', async () => {
      const row = [...byCui.values()].find((r) => r.name_norm.includes('scoala') || r.name_norm.includes('constructii'))!;
      expect(row).toBeDefined();
      const word = row.name_norm.includes('scoala') ? 'scoala' : 'constructii';
      const spellings = word === 'scoala' ? ['scoala', 'ȘCOALA', 'școala', 'şcoala', 'ŞCOALA'] : ['constructii', 'CONSTRUCȚII', 'construcţii', 'Construcții'];
      const want = [...byCui.values()].filter((r) => r.name_norm.includes(word)).length;
      for (const s of spellings) {
        const page = await search({ SearchText: s, PageSize: 100 });
        expect(page.Count).toBe(want);
        expect(page.Items.map((i) => i.Cui)).toContain(row.cui);
      }
    });

    test('every word must occur; a legal form is checked too', async () => {
      const row = [...byCui.values()].find((r) => r.name_norm.split(' ').length >= 3 && r.name_norm.endsWith(' srl'))!;
      const [w1, w2] = row.name_norm.split(' ');
      const page = await search({ SearchText: `${w2} ${w1} SRL`, PageSize: 100 });
      expect(page.Items.map((i) => i.Cui)).toContain(row.cui);
      for (const item of page.Items) {
        const n = normalizeSearchText(item.Name);
        expect(n.includes(w1) && n.includes(w2) && n.replace(/\./g, '').includes('srl')).toBe(true);
      }
    });

    test.each(['%', '_', '%%', '\\', "'", '"', "%' OR 1=1 --", '100%', 'a_b', "o'neil", '); DROP TABLE company; --'])(
      '%j is matched literally, never as a pattern',
      async (text) => {
        const page = await search({ SearchText: text, PageSize: 100 });
        const norm = normalizeSearchText(text);
        const words = norm.split(' ').filter((w) => /[a-z0-9]{3}/.test(w));
        for (const item of page.Items) {
          const n = normalizeSearchText(item.Name);
          if (words.length) for (const w of words) expect(n).toContain(w);
          else expect(n.startsWith(norm)).toBe(true);
        }
        expect(page.Count).toBeLessThan(total);
        const s = await suggest({ searchText: text });
        expect(Array.isArray(s)).toBe(true);
      },
    );
  });

  describe('bad input is a 400 naming the field, never a 500', () => {
    test.each([
      [{ MinEmployees: -1 }, 'MinEmployees'],
      [{ MaxTurnover: 'abc' }, 'MaxTurnover'],
      [{ MinProfit: '-5' }, 'MinProfit'],
      [{ MaxProfit: '1e400' }, 'MaxProfit'],
      [{ MinTurnover: '1e30' }, 'MinTurnover'],
      [{ OrderBy: 'Name_asc' }, 'OrderBy'],
      [{ OrderBy: "Profit_desc'; --" }, 'OrderBy'],
      [{ SearchText: 'x'.repeat(10_000) }, 'SearchText'],
      [{ PageNumber: 0 }, 'PageNumber'],
      [{ PageNumber: 'two' }, 'PageNumber'],
      [{ PageSize: -3 }, 'PageSize'],
      [{ CountyId: 'Cluj' }, 'CountyId'],
      [{ CountyId: 99999999999 }, 'CountyId'],
      [{ PrefectureId: 1.5 }, 'PrefectureId'],
      [{ StatusCode: 'x' }, 'StatusCode'],
      [{ CaenCode: '47a1' }, 'CaenCode'],
      [{ HasEmail: 'maybe' }, 'HasEmail'],
      [{ HasBids: '2' }, 'HasBids'],
    ])('%j → 400 %s', async (params, field) => {
      const r = await call(getCompanies, '/api/Company/getCompanies', params);
      expect(r.status).toBe(400);
      const body = r.body as ErrorBody;
      expect(body.Code).toBe('VALIDATION');
      expect(Object.keys(body.Errors ?? {})).toContain(field);
    });

    test('keys are case-insensitive (searchText = SearchText)', async () => {
      const cui = [...byCui.keys()][3];
      const r = await call(getCompanies, '/api/Company/getCompanies', { searchtext: String(cui), orderby: 'Turnover_desc' });
      expect(r.status).toBe(200);
      expect((r.body as Page).Items.map((i) => i.Cui)).toContain(cui);
    });

    test('getTop5Companies: too long a text, top over 10', async () => {
      const long = await call(getTop5, '/api/Company/getTop5Companies', { searchText: 'y'.repeat(10_000) });
      expect(long.status).toBe(400);
      expect((long.body as ErrorBody).Errors).toHaveProperty('searchText');
      const top = await call(getTop5, '/api/Company/getTop5Companies', { searchText: 'srl', top: 11 });
      expect(top.status).toBe(400);
      expect((top.body as ErrorBody).Errors).toHaveProperty('top');
    });
  });
});

describe('GET /api/Company/getTop5Companies', () => {
  beforeEach(() => clearSuggestionCache());

  test('5 suggestions by default, up to 10 with top; documented fields', async () => {
    const five = await suggest({ searchText: 'srl' });
    expect(five).toHaveLength(5);
    for (const item of five) expect(Object.keys(item).sort()).toEqual(ITEM_FIELDS);
    expect(await suggest({ searchText: 'srl', top: 10 })).toHaveLength(10);
    expect(await suggest({ searchText: '' })).toEqual([]);
    expect(await suggest({ searchText: 'qqqqzzzzxxxx' })).toEqual([]);
  });

  test('the exact CUI comes first, then CUIs starting with the digits', async () => {
    // A CUI whose digits are also the prefix of other CUIs.
    const cuis = [...byCui.keys()].map(String);
    const target = cuis.find((c) => cuis.some((o) => o !== c && o.startsWith(c))) ?? cuis[0];
    const list = await suggest({ searchText: target });
    expect(list[0].Cui).toBe(Number(target));
    for (const item of list) expect(String(item.Cui).startsWith(target) || normalizeSearchText(item.Name).includes(target)).toBe(true);
    expect((await suggest({ searchText: `RO${target}` }))[0].Cui).toBe(Number(target));
  });

  test('names starting with the text first (larger companies first), then the closest matches', async () => {
    // A word that starts some names and occurs inside others.
    const rows = [...byCui.values()];
    const firstWords = new Set(rows.map((r) => r.name_norm.split(' ')[0]).filter((w) => w.length >= 5));
    let word = '';
    let starts: Row[] = [];
    let inside: Row[] = [];
    for (const w of firstWords) {
      const s = rows.filter((r) => r.name_norm.startsWith(w));
      const i = rows.filter((r) => !r.name_norm.startsWith(w) && r.name_norm.includes(w));
      if (s.length >= 2 && s.length <= 4 && i.length >= 3) {
        [word, starts, inside] = [w, s, i];
        break;
      }
    }
    expect(word).not.toBe('');
    const list = await suggest({ searchText: word });
    expect(list).toHaveLength(5);
    const startsCuis = list.slice(0, starts.length).map((i) => i.Cui);
    expect(new Set(startsCuis)).toEqual(new Set(starts.map((r) => r.cui)));
    const importance = startsCuis.map((c) => byCui.get(c)!.importance);
    expect([...importance].sort((a, b) => b - a)).toEqual(importance);
    for (const item of list.slice(starts.length)) {
      expect(normalizeSearchText(item.Name).startsWith(word)).toBe(false);
      expect(normalizeSearchText(item.Name)).toContain(word);
    }
    expect(inside.length).toBeGreaterThan(0);
  });

  test('the head walk (decision 078): the five most important names starting with the text, also past its first entries', async () => {
    const rows = [...byCui.values()];
    const byImportance = (a: Row, b: Row) => b.importance - a.importance || b.cui - a.cui;
    const startingWith = (text: string) => rows.filter((r) => r.name_norm.startsWith(text)).sort(byImportance);
    // Texts read as typed (no ignored word such as 'sc' left out), of 3 to 8 characters, each with
    // at least five names starting with it; and among them some whose fifth name comes after the
    // first HEAD_WALK names sharing its first three characters (the walk stops short: steps A and B).
    const texts = new Set<string>();
    for (const r of rows) for (let n = HEAD_CHARS; n <= 8; n++) {
      const t = r.name_norm.slice(0, n);
      if (!t.endsWith(' ') && analyzeText(t).prefix === t) texts.add(t);
    }
    const heads = new Map<string, Row[]>();
    for (const r of rows) {
      const h = r.name_norm.slice(0, HEAD_CHARS);
      heads.set(h, [...(heads.get(h) ?? []), r]);
    }
    for (const list of heads.values()) list.sort(byImportance);
    const checked = { walk: 0, past: 0 };
    // (Past cases of the data set itself are checked too, at most ten.)
    const pick = [...texts].sort().filter((t) => startingWith(t).length >= 5);
    for (const text of pick) {
      const want = startingWith(text).slice(0, 5).map((r) => r.cui);
      const fifth = heads.get(text.slice(0, HEAD_CHARS))!.findIndex((r) => r.cui === want[4]);
      const past = fifth >= HEAD_WALK;
      if (past ? checked.past >= 10 : checked.walk >= 40) continue;
      checked[past ? 'past' : 'walk']++;
      expect([text, (await suggest({ searchText: text })).map((i) => i.Cui)]).toEqual([text, want]);
    }
    expect(checked.walk).toBe(40);

    // A head shared by more than HEAD_WALK names, all more important than the five starting with
    // the text: the walk finds none of them, and steps A and B still give the exact five.
    const made: number[] = [];
    for (let i = 0; i < HEAD_WALK + 5; i++) made.push((await createCompany({ name: `ZQW LIDER ${i} SRL` })).cui);
    const small: number[] = [];
    for (let i = 0; i < 7; i++) small.push((await createCompany({ name: `ZQWXY MIC ${i} SRL` })).cui);
    await sql('UPDATE company SET importance = 1000 + cui % 1000 WHERE cui = ANY($1::int[])', [made]);
    await sql('UPDATE company SET importance = $2 WHERE cui = $1', [small[0], 0.5]);
    for (const [i, cui] of small.slice(1).entries()) await sql('UPDATE company SET importance = $2 WHERE cui = $1', [cui, 10 + (i % 3)]);
    // One of them first in the walk: it finds one, not five, so the others are looked for further.
    await sql('UPDATE company SET importance = 5000 WHERE cui = $1', [small[1]]);
    const want = await sql<{ cui: number }>(`SELECT cui FROM company WHERE name_norm LIKE 'zqwxy%' ORDER BY importance DESC, cui DESC LIMIT 5`);
    expect(want.map((r) => r.cui)).not.toContain(small[0]);
    expect(want[0].cui).toBe(small[1]);
    expect((await suggest({ searchText: 'ZQWXY' })).map((i) => i.Cui)).toEqual(want.map((r) => r.cui));
    // The walk's order decides which five it meets first: five important names starting with the
    // text, made first (the lowest CUIs), then more than HEAD_WALK others of the same head, then
    // five minor ones starting with the text (the highest CUIs).
    const major: number[] = [];
    for (let i = 0; i < 5; i++) major.push((await createCompany({ name: `ZQVA MARE ${i} SRL` })).cui);
    const others: number[] = [];
    for (let i = 0; i < HEAD_WALK; i++) others.push((await createCompany({ name: `ZQVB ALTA ${i} SRL` })).cui);
    const minor: number[] = [];
    for (let i = 0; i < 5; i++) minor.push((await createCompany({ name: `ZQVA MICA ${i} SRL` })).cui);
    await sql('UPDATE company SET importance = 500 + cui % 100 WHERE cui = ANY($1::int[])', [major]);
    await sql('UPDATE company SET importance = 50 WHERE cui = ANY($1::int[])', [others]);
    await sql('UPDATE company SET importance = 5 WHERE cui = ANY($1::int[])', [minor]);
    const majorFirst = (await sql<{ cui: number }>('SELECT cui FROM company WHERE cui = ANY($1::int[]) ORDER BY importance DESC, cui DESC', [major])).map((r) => r.cui);
    expect((await suggest({ searchText: 'zqva' })).map((i) => i.Cui)).toEqual(majorFirst);
    expect((await suggest({ searchText: 'zqw l' })).map((i) => i.Cui)).toEqual(
      (await sql<{ cui: number }>(`SELECT cui FROM company WHERE name_norm LIKE 'zqw l%' ORDER BY importance DESC, cui DESC LIMIT 5`)).map((r) => r.cui),
    );
    // The count tests below count the data set as it was.
    await deleteCreatedCompanies();
  });

  test('the same suggestions for anonymous, a user, another user and an Admin (a public answer)', async () => {
    const actors = await makeActors();
    try {
      const answers = [];
      for (const who of ['anonymous', 'owner', 'other', 'admin'] as const) {
        clearSuggestionCache();
        const r = await callAs(who, actors, () => ({ handler: getTop5, path: '/api/Company/getTop5Companies?searchText=constr' }));
        expect(r.status).toBe(200);
        answers.push(r.body);
      }
      expect(answers[0].length).toBeGreaterThan(0);
      for (const a of answers.slice(1)) expect(a).toEqual(answers[0]);
    } finally {
      await dropActors(actors);
    }
  });

  test('diacritics in both spellings give the same suggestions', async () => {
    const a = await suggest({ searchText: 'scoala' });
    const b = await suggest({ searchText: 'școala' });
    const c = await suggest({ searchText: 'ŞCOALA' });
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  test('a typo still finds the closest names', async () => {
    const rows = [...byCui.values()].filter((r) => /^[a-z]{10,}$/.test(r.name_norm.split(' ')[0]));
    const word = rows[0].name_norm.split(' ')[0];
    const typo = word.slice(0, 5) + word.slice(6); // one letter dropped in the middle
    const list = await suggest({ searchText: typo });
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((i) => normalizeSearchText(i.Name).includes(word))).toBe(true);
  });
});

describe('lookups', () => {
  test('counties: all 42 with Id and County, searchable without diacritics', async () => {
    const all = (await call(getCounties, '/api/Location/getCounties')).body as { Id: number; County: string }[];
    expect(all).toHaveLength(42);
    expect(Object.keys(all[0]).sort()).toEqual(['County', 'Id']);
    const found = (await call(getCounties, '/api/Location/getCounties', { searchText: 'brasov' })).body as { County: string }[];
    expect(found[0].County).toBe('Brașov');
    const timis = (await call(getCounties, '/api/Location/getCounties', { searchText: 'TIMIŞ' })).body as { County: string }[];
    expect(timis.map((c) => c.County)).toContain('Timiș');
    const kept = (await call(getCounties, '/api/Location/getCounties', { searchText: 'brasov', countyId: all.find((c) => c.County === 'Cluj')!.Id })).body as { County: string }[];
    expect(kept.map((c) => c.County)).toEqual(expect.arrayContaining(['Cluj', 'Brașov']));
  });

  test('prefectures: by county, or the first 50 of the country (countyId -1) with the county named', async () => {
    const [cluj] = await sql<{ id: number }>(`SELECT id FROM county WHERE name = 'Cluj'`);
    const inCluj = (await call(getPrefectures, '/api/Location/getPrefectures', { countyId: cluj.id })).body as { Id: number; Prefecture: string }[];
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM locality WHERE county_id = $1`, [cluj.id]);
    expect(inCluj).toHaveLength(n);
    expect(inCluj[0].Prefecture).toBe('Cluj-Napoca');
    const none = (await call(getPrefectures, '/api/Location/getPrefectures', { countyId: -1, searchText: 'sacel' })).body as { Prefecture: string }[];
    expect(none.length).toBeGreaterThan(1);
    expect(none.length).toBeLessThanOrEqual(50);
    for (const p of none) expect(normalizeSearchText(p.Prefecture)).toMatch(/sacel.* \(.+\)$/);
    const bad = await call(getPrefectures, '/api/Location/getPrefectures', { countyId: -2 });
    expect(bad.status).toBe(400);
  });

  test('CAEN classes: Code and Description, by code or by words', async () => {
    const byCode = (await call(getCaens, '/api/CAEN/getCAENsForFilter', { searchText: '4711' })).body as { Code: string; Description: string }[];
    expect(byCode[0].Code).toBe('4711');
    expect(Object.keys(byCode[0]).sort()).toEqual(['Code', 'Description']);
    const byWords = (await call(getCaens, '/api/CAEN/getCAENsForFilter', { searchText: 'constructii' })).body as { Code: string; Description: string }[];
    expect(byWords.length).toBeGreaterThan(3);
    for (const c of byWords) expect(normalizeSearchText(`${c.Code} ${c.Description}`)).toContain('constructii');
    const kept = (await call(getCaens, '/api/CAEN/getCAENsForFilter', { searchText: 'constructii', caenCode: '111' })).body as { Code: string }[];
    expect(kept[0].Code).toBe('0111');
  });

  test('company statuses: Id, Code, Name', async () => {
    const all = (await call(getStatuses, '/api/Company/getCompanyStatuses')).body as { Id: number; Code: number; Name: string }[];
    expect(all.length).toBeGreaterThan(3);
    expect(Object.keys(all[0]).sort()).toEqual(['Code', 'Id', 'Name']);
    const found = (await call(getStatuses, '/api/Company/getCompanyStatuses', { searchText: 'insolventa' })).body as { Code: number }[];
    expect(found.map((s) => s.Code)).toContain(1139);
  });
});
