// The fiscal and risk filters of the search (decision 107): each value on the index equals the
// same filter as PostgreSQL's SQL; a company never checked at ANAF matches neither "yes" nor "no";
// a new ANAF answer or risk band reaches the search at the next sync; an arrears list asks for a
// reload; a bad band is a 400. And "deja în CRM" stays the user's own: the public answer is the
// same for everyone, the per-user call answers only the CRM's owner.
import { sql } from '@/server/kernel/db';
import { buildWhere } from '@/server/search/conditions';
import { waitForSearchIndex } from '@/server/search/engine';
import { indexPage } from '@/server/search/search-index';
import { findCompanies } from '@/server/search/engine-search';
import { clearSearchCaches } from '@/server/search/caches';
import { findFactFilterInfo } from '@/server/fiscal/queries';
import { RISK_BAND_CODES, type SearchFilter } from '@/lib/filters';
import { RISK_BANDS } from '@/lib/risk/model';
import { GET as getCompanies } from '@/app/api/Company/getCompanies/route';
import { GET as getInCrm } from '@/app/api/Crm/getInCrm/route';
import { call } from './support/auth';
import { dropActors, makeActors, tokenOf, type Actors } from './support/authz';
import { withSearchEngine } from './support/search-engine';
import { dropFactRows, seedFactRows } from './support/fact-rows';

beforeAll(seedFactRows);
afterAll(dropFactRows);
withSearchEngine();

let who: Actors;
beforeAll(async () => {
  who = await makeActors();
});
afterAll(async () => {
  await sql(`DELETE FROM crm_connection WHERE user_id = ANY($1::int[])`, [[who.owner.id, who.other.id]]);
  await dropActors(who);
});
beforeEach(() => clearSearchCaches());

const pgCount = async (f: Partial<SearchFilter>) => {
  const built = buildWhere(f);
  const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM company c ${built.where}`, built.params.values);
  return n;
};

const FLAGS = ['IsVatPayer', 'IsInactive', 'HasEFactura', 'HasTaxArrears'] as const;

test('the band letters are the risk model’s bands', () => {
  expect([...RISK_BAND_CODES]).toEqual(RISK_BANDS.map((b) => b.band));
});

test('every value of every fiscal and risk filter: the index gives PostgreSQL’s exact count and page; the seeded data has both answers', async () => {
  const ix = await waitForSearchIndex();
  expect(ix).not.toBeNull();
  if (!ix) return;
  const filters: Array<Partial<SearchFilter>> = [...FLAGS.flatMap((k) => [{ [k]: true }, { [k]: false }]), ...RISK_BAND_CODES.map((RiskBand) => ({ RiskBand }))];
  for (const f of filters) {
    const want = await pgCount(f);
    const got = indexPage(ix, { ...f, OrderBy: 'Turnover_desc', PageSize: 21 });
    expect({ f, count: got?.count }).toEqual({ f, count: want });
  }
  for (const k of FLAGS) {
    expect(await pgCount({ [k]: true })).toBeGreaterThan(0);
    expect(await pgCount({ [k]: false })).toBeGreaterThan(0);
  }
  const banded = await Promise.all(RISK_BAND_CODES.map((RiskBand) => pgCount({ RiskBand })));
  expect(banded.filter((n) => n > 0).length).toBeGreaterThan(1);
  // Arrears: only the latest list of a category counts.
  const [{ n: latest }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM v_company_arrears`);
  expect(await pgCount({ HasTaxArrears: true })).toBe(latest);
});

test('a company never checked at ANAF, or not found there, is neither a VAT payer nor not one', async () => {
  const [never] = await sql<{ cui: number }>(`SELECT cui FROM company WHERE cui NOT IN (SELECT cui FROM fiscal_check) ORDER BY cui LIMIT 1`);
  const [notFound] = await sql<{ cui: number }>(`SELECT cui FROM fiscal_check WHERE NOT found ORDER BY cui LIMIT 1`);
  const [total, yes, no, unchecked] = await Promise.all([
    pgCount({}),
    pgCount({ IsVatPayer: true }),
    pgCount({ IsVatPayer: false }),
    sql<{ n: number }>(`SELECT count(*)::int AS n FROM company c WHERE NOT EXISTS (SELECT 1 FROM fiscal_check f WHERE f.cui = c.cui AND f.vat_payer IS NOT NULL)`),
  ]);
  expect(yes + no + unchecked[0].n).toBe(total);
  for (const { cui } of [never, notFound]) {
    for (const IsVatPayer of [true, false]) {
      const page = await findCompanies(null, { SearchText: String(cui), IsVatPayer });
      expect(page.Items.map((i) => i.Cui)).not.toContain(cui);
    }
    expect((await findCompanies(null, { SearchText: String(cui) })).Items.map((i) => i.Cui)).toContain(cui);
  }
});

test('a new ANAF answer and a new risk band reach the search at the next search; an arrears list asks for a reload', async () => {
  const [{ cui }] = await sql<{ cui: number }>(`SELECT cui FROM company_risk WHERE cui NOT IN (SELECT cui FROM fiscal_check) ORDER BY cui LIMIT 1`);
  const [{ band }] = await sql<{ band: string }>(`SELECT band FROM company_risk WHERE cui = $1`, [cui]);
  const other = band === 'E' ? 'A' : 'E';
  try {
    expect((await findCompanies(null, { SearchText: String(cui), HasEFactura: true })).Items.map((i) => i.Cui)).not.toContain(cui);
    await sql(`INSERT INTO fiscal_check (cui, checked_at, found, vat_payer, inactive, e_factura) VALUES ($1, now(), true, true, false, true)`, [cui]);
    await sql(`UPDATE company_risk SET band = $2 WHERE cui = $1`, [cui, other]);
    clearSearchCaches();
    expect((await findCompanies(null, { SearchText: String(cui), HasEFactura: true })).Items.map((i) => i.Cui)).toContain(cui);
    expect((await findCompanies(null, { SearchText: String(cui), RiskBand: other as SearchFilter['RiskBand'] })).Items.map((i) => i.Cui)).toContain(cui);
    expect((await findCompanies(null, { SearchText: String(cui), RiskBand: band as SearchFilter['RiskBand'] })).Items.map((i) => i.Cui)).not.toContain(cui);
  } finally {
    await sql(`DELETE FROM fiscal_check WHERE cui = $1`, [cui]);
    await sql(`UPDATE company_risk SET band = $2 WHERE cui = $1`, [cui, band]);
  }
  const reloads = async () => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM search_change WHERE cui IS NULL`))[0].n;
  const before = await reloads();
  await sql(`DELETE FROM tax_arrears WHERE list_id = (SELECT min(id) FROM tax_arrears_list WHERE source = 'test-fact-rows') AND cui = (SELECT min(cui) FROM tax_arrears)`);
  expect(await reloads()).toBeGreaterThan(before);
});

test('a band that is not A–E is a 400 naming the field, in Romanian', async () => {
  const res = await call(getCompanies, '/api/Company/getCompanies?RiskBand=Z');
  expect(res.status).toBe(400);
  expect(JSON.stringify(res.body)).toContain('Clasa de risc');
  const ok = await call(getCompanies, '/api/Company/getCompanies?RiskBand=b&IsVatPayer=true');
  expect(ok.status).toBe(200);
  expect(ok.body.Count).toBe(await pgCount({ RiskBand: 'B', IsVatPayer: true }));
});

test('"deja în CRM" is the owner’s alone: the public answer carries no mark and is the same for everyone; another user and an anonymous visitor get nothing', async () => {
  const [a, b] = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY turnover DESC, cui DESC LIMIT 2`);
  const [{ id }] = await sql<{ id: number }>(`INSERT INTO crm_connection (user_id, provider, token) VALUES ($1, 'hubspot', 'pat-test') RETURNING id`, [who.owner.id]);
  await sql(`INSERT INTO crm_company (connection_id, cui, crm_id, name) VALUES ($1, $2, '1', 'x')`, [id, a.cui]);
  const query = `/api/Company/getCompanies?OrderBy=Turnover_desc&PageSize=5`;
  const owner = await call(getCompanies, query, { token: await tokenOf(who.owner) });
  const anonymous = await call(getCompanies, query);
  expect(owner.status).toBe(200);
  expect(owner.body).toEqual(anonymous.body);
  expect(JSON.stringify(owner.body)).not.toMatch(/crm/i);
  const cuis = `${a.cui},${b.cui}`;
  expect((await call(getInCrm, `/api/Crm/getInCrm?Cuis=${cuis}`, { token: await tokenOf(who.owner) })).body.Cuis).toEqual([a.cui]);
  expect((await call(getInCrm, `/api/Crm/getInCrm?Cuis=${cuis}`, { token: await tokenOf(who.other) })).body.Cuis).toEqual([]);
  const anon = await call(getInCrm, `/api/Crm/getInCrm?Cuis=${cuis}`);
  expect(anon.status).toBe(401);
  expect(JSON.stringify(anon.body)).not.toContain(String(a.cui));
});

test('the hint beside the fact filters: companies found at ANAF and the latest arrears list with rows (fiscal domain)', async () => {
  const [{ found }] = await sql<{ found: number }>(`SELECT count(*)::int AS found FROM fiscal_check WHERE checked_at IS NOT NULL AND found`);
  expect(found).toBeGreaterThan(0);
  const [{ latest }] = await sql<{ latest: string }>(
    `SELECT to_char(max(list_date), 'YYYY-MM-DD') AS latest FROM tax_arrears_list l WHERE EXISTS (SELECT 1 FROM tax_arrears t WHERE t.list_id = l.id)`,
  );
  expect(latest).toBe('2026-06-30');
  expect(await findFactFilterInfo()).toEqual({ CheckedCompanies: found, ArrearsListDate: latest });
});
