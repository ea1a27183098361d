// A shared comparison (issue 49, decision 116): the address /Compara?cui=… is the whole state and
// is public, so whoever receives it sees the comparison with no account. What it shows is the
// public company page's figures and nothing of the viewer: the page's audience is public, the
// export answers an anonymous caller exactly what it answers a signed-in one, and the compared
// company's fields are an allow-list (a new field that is not public figures fails here first).
import { sql } from '@/server/kernel/db';
import { getComparison } from '@/server/risk/compare';
import { audienceOf, PAGE_AUDIENCES } from '@/server/auth/guard';
import { GET as compareExport } from '@/app/api/Company/compareExport/route';
import { call } from './support/auth';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { tokenOf } from './support/authz';

/** The public figures a compared company holds: identity, the score and limit, and each year's statements and ratios. */
const PUBLIC_COMPANY_FIELDS = ['AltmanScore', 'Band', 'CaenCode', 'County', 'CreditLimit', 'Cui', 'IsActive', 'MarketShare', 'Name', 'Probability', 'ScoredYear', 'Years'];
const PUBLIC_YEAR_FIELDS = ['Employees', 'Equity', 'EquityRatio', 'Liquidity', 'NetMargin', 'NetProfit', 'Profitability', 'Turnover', 'Year'];

let user: TestUser;
let cuis: number[];

beforeAll(async () => {
  user = await createUser();
  // A user who follows and groups the companies: nothing of it may show in what others receive.
  cuis = (await sql<{ cui: number }>('SELECT cui FROM company_risk ORDER BY cui LIMIT 3')).map((r) => r.cui);
  expect(cuis).toHaveLength(3);
  for (const cui of cuis) await sql(`INSERT INTO watch_company (user_id, cui) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [user.id, cui]);
});

afterAll(async () => {
  await deleteUsers(user);
});

test('the comparison page is public: a visitor with the link needs no account', () => {
  // Declared, not inherited from Home: a page without an entry would also read "public".
  expect(PAGE_AUDIENCES.filter((p) => p.path === '/Compara')).toEqual([{ path: '/Compara', audience: 'public' }]);
  expect(audienceOf('/Compara')).toBe('public');
});

test('a compared company holds the public figures only', async () => {
  const got = await getComparison(cuis);
  expect(got.map((c) => c.Cui)).toEqual(cuis);
  for (const c of got) {
    expect(Object.keys(c).sort()).toEqual(PUBLIC_COMPANY_FIELDS);
    expect(c.Years.length).toBeGreaterThan(0);
    for (const y of c.Years) expect(Object.keys(y).sort()).toEqual(PUBLIC_YEAR_FIELDS);
  }
});

test('the export of a shared address: anonymous gets 200 and the very file a signed-in follower gets', async () => {
  const path = `/api/Company/compareExport?cui=${cuis.join(',')}&format=csv`;
  const anonymous = await call(compareExport, path);
  const signedIn = await call(compareExport, path, { token: await tokenOf(user) });
  expect([anonymous.status, signedIn.status]).toEqual([200, 200]);
  expect(anonymous.headers.get('content-type')).toContain('text/csv');
  expect(anonymous.body).toBe(signedIn.body);
  const text = String(anonymous.body).replace(/^\uFEFF/, '');
  for (const cui of cuis) expect(text).toContain(String(cui));
  // The columns are the page's figures, nothing of a viewer (groups, follows, contacts).
  expect(text.split(/\r?\n/)[0]).toMatch(/^"?CUI"?[;,]"?Denumire"?[;,]"?CAEN"?[;,]"?Județ"?[;,]"?An"?/);
});
