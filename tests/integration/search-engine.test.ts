// The search engine (decision 026) against PostgreSQL, the reference: for many random filters the
// engine's page (same companies, same order) and its exact Count equal what plain SQL on
// PostgreSQL gives; an edit that changes a search fact (a contact's email, a status) shows at
// once; a bulk change written without the change log shows after the reload an import asks for;
// the filter counts equal GROUP BYs on PostgreSQL under the other active filters; the groups list
// intersects a group with the same filter.
import { GET as getCompanies } from '@/app/api/Company/getCompanies/route';
import { GET as getFacets } from '@/app/api/Company/getCompanyFacets/route';
import { getPool, sql } from '@/server/kernel/db';
import { addOwnContact } from '@/server/contacts/commands';
import { buildWhere } from '@/server/search/conditions';
import { engineStatus, reloadEngine, setSearchEngineEnabled, stopSearchEngine, syncEngine, waitForEngine, waitForSearchIndex } from '@/server/search/engine';
import { SYNC_CHANGES_SQL } from '@/server/search/engine-sync';
import { findCompanies, findCompaniesOnPostgres } from '@/server/search/engine-search';
import { EMPLOYEE_PRESET_RANGES, MONEY_PRESET_RANGES, type SearchFilter } from '@/lib/filters';
import type { CompanyFacetsAnswer } from '@/lib/search/facets';
import { filterFields } from './support/random-filters';
import { engineSees } from './support/search-engine';
import { createCompany } from '../factories/companies';
import { createUser } from '../factories/users';
import { addCompany, createGroup } from '../factories/groups';
import { listCompanyGroups } from '@/server/search/group-companies';
import { findCompanyContacts } from '@/server/contacts/queries';
import { companyGroupsQuerySchema } from '@/lib/groups/schemas';
import { companyContactsQuerySchema } from '@/lib/contacts/schemas';

type Page = { Items: Array<{ Cui: number }>; NumberOfPages: number; Count: number; IsCountCapped?: boolean };

async function call(handler: (req: Request) => Promise<Response>, path: string, params: Record<string, unknown>) {
  const url = new URL(`http://localhost${path}`);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  const res = await handler(new Request(url));
  return { status: res.status, body: await res.json() };
}

/** PostgreSQL's answer: every match in the documented order, and their number. */
async function reference(f: Partial<SearchFilter>): Promise<{ cuis: number[]; count: number }> {
  const built = buildWhere(f);
  const order = f.OrderBy === 'Turnover_desc' ? 'turnover' : 'profit';
  const rows = await sql<{ cui: number }>(`SELECT c.cui FROM company c ${built.where} ORDER BY c.${order} DESC, c.cui DESC`, built.params.values);
  return { cuis: rows.map((r) => r.cui), count: rows.length };
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

let counties: number[] = [];
let caens: string[] = [];
let statuses: number[] = [];
let names: string[] = [];
let cuis: number[] = [];
let localities: number[] = [];

beforeAll(async () => {
  setSearchEngineEnabled(true);
  expect(await waitForEngine()).toBe(true);
  counties = (await sql<{ v: number }>('SELECT DISTINCT county_id AS v FROM company WHERE county_id IS NOT NULL')).map((r) => r.v);
  caens = (await sql<{ v: string }>('SELECT caen_code AS v FROM company WHERE caen_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 30')).map((r) => r.v);
  statuses = (await sql<{ v: number }>('SELECT DISTINCT status_code AS v FROM company')).map((r) => r.v);
  localities = (await sql<{ v: number }>('SELECT DISTINCT locality_id AS v FROM company WHERE locality_id IS NOT NULL LIMIT 40')).map((r) => r.v);
  const some = await sql<{ cui: number; name: string }>('SELECT cui, name FROM company ORDER BY cui LIMIT 200');
  names = some.map((r) => r.name);
  cuis = some.map((r) => r.cui);
});

afterAll(async () => {
  await stopSearchEngine();
  setSearchEngineEnabled(null);
});

describe('the engine answers exactly what PostgreSQL answers', () => {
  const random = rng(18);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const fields = filterFields(random, () => ({ counties, localities, caens, statuses }));
  const texts = () => [
    pick(names).split(/\s+/)[0],
    pick(names).toLowerCase().split(/\s+/).slice(0, 2).join(' '),
    String(pick(cuis)).slice(0, 4),
    `RO${String(pick(cuis)).slice(0, 5)}`,
    'sc srl',
    's.r.l.',
    'con',
    'ab',
    '100%',
    'a_b',
    'ș',
    'construcții',
  ];

  test('200 random filters: same page, same order, exact Count, consistent NumberOfPages', async () => {
    const mismatches: string[] = [];
    for (let i = 0; i < 200; i++) {
      const f: Partial<SearchFilter> = { OrderBy: random() < 0.5 ? 'Profit_desc' : 'Turnover_desc', PageNumber: pick([1, 1, 2, 3, 5, 50]), PageSize: pick([21, 21, 50]) };
      const k = Math.floor(random() * 4);
      for (let j = 0; j < k; j++) Object.assign(f, pick(fields)());
      if (random() < 0.35) f.SearchText = pick(texts());
      const page = await findCompanies(null, f);
      expect(page.plan).toBe('engine');
      const ref = await reference(f);
      const start = (f.PageNumber! - 1) * f.PageSize!;
      const want = ref.cuis.slice(start, start + f.PageSize!);
      const got = page.Items.map((x) => x.Cui);
      if (page.Count !== ref.count || JSON.stringify(got) !== JSON.stringify(want) || page.NumberOfPages !== Math.ceil(ref.count / f.PageSize!)) {
        mismatches.push(`${JSON.stringify(f)}: Count ${page.Count} vs ${ref.count}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  test('the HTTP answer: the documented shape with the exact Count, same items as the PostgreSQL path', async () => {
    const r = await call(getCompanies, '/api/Company/getCompanies', { OrderBy: 'Turnover_desc' });
    expect(r.status).toBe(200);
    const body = r.body as Page;
    const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM company');
    expect(body.Count).toBe(n);
    expect(Object.keys(body).sort()).toEqual(['Count', 'Items', 'NumberOfPages']);
    const pgPage = await findCompaniesOnPostgres({ OrderBy: 'Turnover_desc' });
    expect(body.Items).toEqual(pgPage.Items);
  });

  test('a page beyond the last one: no items, the exact count', async () => {
    const f = { CountyId: counties[0], PageNumber: 5000 };
    const ref = await reference(f);
    const page = await findCompanies(null, f);
    expect(page.Items).toEqual([]);
    expect(page.Count).toBe(ref.count);
  });
});

describe('edits reach the engine', () => {
  test('a contact with an email turns HasEmail on at once; a status change moves the company', async () => {
    const company = await createCompany({ name: 'MOTOR CAUTARE PROBA SRL', turnover: 1234, profit: 12 });
    const byCui = { SearchText: String(company.cui) };
    expect((await findCompanies(null, { ...byCui })).Items.map((x) => x.Cui)).toEqual([company.cui]);
    expect((await findCompanies(null, { ...byCui, HasEmail: true })).Count).toBe(0);

    const user = await createUser();
    await addOwnContact({ userId: user.id, userName: user.userName, roles: ['User'] }, {
      CompanyId: company.cui,
      Name: 'Ana Pop',
      Role: null,
      Phone: null,
      Email: 'ana@example.ro',
      Private: false,
    } as never);
    const [{ has_email: hasEmail }] = await sql<{ has_email: boolean }>('SELECT has_email FROM company WHERE cui = $1', [company.cui]);
    expect(hasEmail).toBe(true);
    const withEmail = await findCompanies(null, { ...byCui, HasEmail: true });
    expect(withEmail.plan).toBe('engine');
    expect(withEmail.Items.map((x) => x.Cui)).toEqual([company.cui]);

    const other = statuses.find((s) => s !== 1048) ?? 1049;
    await sql('UPDATE company SET status_code = $2 WHERE cui = $1', [company.cui, other]);
    expect((await findCompanies(null, { ...byCui, StatusCode: other })).Items.map((x) => x.Cui)).toEqual([company.cui]);
    expect((await findCompanies(null, { ...byCui, StatusCode: 1048 })).Count).toBe(0);

    await sql('DELETE FROM company WHERE cui = $1', [company.cui]);
    expect((await findCompanies(null, byCui)).Count).toBe(0);
  });

  test('a reload row older than the copy does not reload it again (edits keep showing at once)', async () => {
    await sql('INSERT INTO search_change (cui) VALUES (NULL)');
    await stopSearchEngine();
    expect(await waitForEngine()).toBe(true);
    const company = await createCompany({ name: 'MOTOR DUPA REINCARCARE SRL' });
    expect((await findCompanies(null, { SearchText: String(company.cui) })).Items.map((x) => x.Cui)).toEqual([company.cui]);
  });

  test('a change already in the copy when it was loaded is not applied again by the next sync', async () => {
    const company = await createCompany({ name: 'MOTOR DEJA INCARCAT SRL' });
    await sql('UPDATE company SET employees = 12 WHERE cui = $1', [company.cui]); // a change row the load's snapshot already sees
    await reloadEngine();
    const before = (await engineStatus()).applied;
    await syncEngine();
    await syncEngine();
    expect((await engineStatus()).applied).toBe(before);
    await sql('UPDATE company SET employees = 13 WHERE cui = $1', [company.cui]);
    await syncEngine();
    expect((await engineStatus()).applied).toBe(before + 1);
  });

  test('the sync query reads the change log by its indexes, ordered by number', async () => {
    const client = await getPool().connect();
    let plan: Array<{ 'QUERY PLAN': string }>;
    try {
      await client.query('BEGIN');
      // Only index conditions left to the planner: a condition that no index can serve still scans.
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL enable_indexscan = off');
      plan = (await client.query(`EXPLAIN ${SYNC_CHANGES_SQL}`, ['900000000000', ['1', '2']])).rows;
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).not.toMatch(/Seq Scan/);
    expect(text).toMatch(/Index Cond: \(txid >= /);
    expect(text).not.toMatch(/Sort Key: \(\(c\.id\)::text\)/);
  });

  test('the background poll applies a change without a search asking for it', async () => {
    const company = await createCompany({ name: 'MOTOR POLL PROBA SRL' });
    await syncEngine();
    await sql('UPDATE company SET employees = 4321 WHERE cui = $1', [company.cui]);
    // SEARCH_ENGINE_POLL_MS is 1000 by default: within a few seconds the copy has it (the loop
    // stops as soon as it does; the 15 s bound only leaves room for a busy CI machine).
    const deadline = Date.now() + 15_000;
    let seen = false;
    while (Date.now() < deadline && !seen) {
      seen = await engineSees(company.cui, 4321);
      if (!seen) await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toBe(true);
  });

  test('a bulk change without the change log (an import) shows after the reload its cui-NULL row asks for', async () => {
    const company = await createCompany({ name: 'MOTOR IMPORT PROBA SRL', employees: 3 });
    // In the index, not among the changed companies (those are read from PostgreSQL as they are now).
    await waitForSearchIndex();
    await sql(`BEGIN; SET LOCAL rf.search_log = 'off'; UPDATE company SET employees = 77 WHERE cui = ${company.cui}; COMMIT;`);
    await syncEngine();
    expect((await findCompanies(null, { SearchText: String(company.cui), MinEmployees: 77, MaxEmployees: 77 })).Count).toBe(0); // not logged: not seen
    await sql('INSERT INTO search_change (cui) VALUES (NULL)');
    await syncEngine(); // starts the reload
    await reloadEngine();
    expect((await findCompanies(null, { SearchText: String(company.cui), MinEmployees: 77, MaxEmployees: 77 })).Count).toBe(1);
  });
});

describe('filter counts (facets)', () => {
  const countWhere = async (f: Partial<SearchFilter>, extra: string) => {
    const built = buildWhere(f);
    const where = built.where ? `${built.where} AND ${extra}` : `WHERE ${extra}`;
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM company c ${where}`, built.params.values);
    return n;
  };

  test('every option counted under the other active filters, equal to PostgreSQL', async () => {
    const county = counties[0];
    const filter: Partial<SearchFilter> = { CountyId: county, HasEmail: true, MinEmployees: 1, MaxEmployees: 100 };
    const r = await call(getFacets, '/api/Company/getCompanyFacets', filter);
    expect(r.status).toBe(200);
    const { Available, Facets } = r.body as CompanyFacetsAnswer;
    expect(Available).toBe(true);
    const f = Facets!;
    expect(f.Count).toBe((await reference(filter)).count);
    // Counties: without the county filter, with the others.
    const noCounty = { ...filter, CountyId: null };
    for (const c of f.Counties.slice(0, 5)) expect(c.Count).toBe(await countWhere(noCounty, `c.county_id = ${c.Id}`));
    expect(f.Counties.reduce((a, c) => a + c.Count, 0)).toBe(await countWhere(noCounty, 'c.county_id IS NOT NULL'));
    // Employees presets: without the employee range.
    const noEmp = { ...filter, MinEmployees: null, MaxEmployees: null };
    for (const [i, p] of EMPLOYEE_PRESET_RANGES.entries()) expect(f.Employees[i].Count).toBe(await countWhere(noEmp, `c.employees BETWEEN ${p.min} AND ${p.max}`));
    // Contact options: without HasEmail.
    const noContact = { ...filter, HasEmail: null };
    expect(f.Contact.find((c) => c.Id === 3)!.Count).toBe(await countWhere(noContact, 'c.has_email'));
    expect(f.Contact.find((c) => c.Id === 1)!.Count).toBe(await countWhere(noContact, 'c.has_email AND c.has_phone'));
    // Inactive facets: under the whole filter.
    for (const [i, p] of MONEY_PRESET_RANGES.entries()) expect(f.Turnover[i].Count).toBe(await countWhere(filter, `c.turnover BETWEEN ${p.min} AND ${p.max}`));
    for (const s of f.Statuses.slice(0, 3)) expect(s.Count).toBe(await countWhere(filter, `c.status_code = ${s.Code}`));
    for (const c of f.Caen.slice(0, 3)) expect(c.Count).toBe(await countWhere(filter, `c.caen_code = '${c.Code}'`));
    expect(f.Bids.find((b) => b.Value)!.Count).toBe(await countWhere(filter, 'c.has_tenders'));
    expect(f.InsolvencyRisk.find((b) => !b.Value)!.Count).toBe(await countWhere(filter, 'NOT c.has_insolvency_risk'));
    const sections = await sql<{ section: string; n: number }>(
      `SELECT k.section, count(*)::int AS n FROM company c JOIN caen k ON k.revision = 2 AND k.code = c.caen_code
        ${buildWhere(filter).where} GROUP BY 1`,
      buildWhere(filter).params.values,
    );
    for (const s of sections) expect(f.CaenSections.find((x) => x.Section === s.section)?.Count).toBe(s.n);
  });

  test('with the engine switched off the panel is told the counts are unavailable', async () => {
    setSearchEngineEnabled(false);
    try {
      const r = await call(getFacets, '/api/Company/getCompanyFacets', {});
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ Available: false, Facets: null });
      const page = (await call(getCompanies, '/api/Company/getCompanies', {})).body as Page;
      // the demo set is below the cap: exact on PostgreSQL too, so no IsCountCapped
      expect(page.IsCountCapped).toBeUndefined();
    } finally {
      setSearchEngineEnabled(true);
    }
  });

  test('bad input is a 400 in Romanian, like getCompanies', async () => {
    const r = await call(getFacets, '/api/Company/getCompanyFacets', { CountyId: 'abc' });
    expect(r.status).toBe(400);
  });
});

describe('the lists built on the same filter', () => {
  test('the groups list is the group intersected with the filter; the admin contacts list counts the filter', async () => {
    const owner = await createUser();
    const admin = await createUser({ role: 'Admin' });
    const group = await createGroup(owner);
    const members = cuis.filter((_, i) => i % 3 === 0).slice(0, 60);
    for (const cui of members) await addCompany(group, cui, owner);
    const actor = { userId: owner.id, userName: owner.userName, roles: ['User' as const] };
    const adminActor = { userId: admin.id, userName: admin.userName, roles: ['Admin' as const] };
    const random = rng(26);
    const filters: Array<Partial<SearchFilter>> = [
      {},
      { HasEmail: true },
      { MinTurnover: 1, MaxTurnover: 1000000 },
      { CountyId: counties[0] },
      { SearchText: names[0].split(/\s+/)[0] },
      { StatusCode: statuses[0], HasBids: false },
      { MinEmployees: 1, MaxEmployees: 49, MinProfit: 0, MaxProfit: 0 },
    ];
    for (let i = 0; i < 8; i++) filters.push({ CountyId: counties[Math.floor(random() * counties.length)], HasPhone: random() < 0.5 });
    for (const f of filters) {
      const ref = new Set((await reference(f)).cuis);
      const want = members.filter((c) => ref.has(c)).sort((a, b) => a - b);
      const q = companyGroupsQuerySchema.parse({ GroupId: String(group.id), PageSize: '100', ...Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)])) });
      const page = await listCompanyGroups(actor, q);
      expect(page.Items.map((x) => x.Cui).sort((a, b) => a - b)).toEqual(want);
      expect(page.Count).toBe(want.length);
      const cq = companyContactsQuerySchema.parse({ PageSize: '12', ...Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)])) });
      const contacts = await findCompanyContacts(adminActor, cq);
      // On the engine the contacts list counts exactly, in the search's order.
      expect(contacts.Count).toBe(ref.size);
      expect(contacts.Items.map((x) => x.Cui)).toEqual((await reference(f)).cuis.slice(0, 12));
    }
  });

  test('every group the actor sees: the engine pairs equal PostgreSQL, a company added shows at once, a stranger sees none', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const a = await createGroup(owner);
    const b = await createGroup(owner);
    const inA = cuis.filter((_, i) => i % 5 === 1).slice(0, 30);
    const inB = cuis.filter((_, i) => i % 7 === 2).slice(0, 30);
    for (const cui of inA) await addCompany(a, cui, owner);
    for (const cui of inB) await addCompany(b, cui, owner);
    const actor = { userId: owner.id, userName: owner.userName, roles: ['User' as const] };
    const pairs = (items: Array<{ Cui: number; GroupId: number }>) => items.map((x) => `${x.GroupId}:${x.Cui}`).sort();
    const want = [...inA.map((c) => `${a.id}:${c}`), ...inB.map((c) => `${b.id}:${c}`)].sort();
    const all = await listCompanyGroups(actor, companyGroupsQuerySchema.parse({ PageSize: '100', OrderBy: 'Turnover_desc' }));
    expect(all.Count).toBe(want.length);
    expect(pairs(all.Items as never)).toEqual(want);
    // Sorted by turnover, descending, across both groups.
    const turnovers = all.Items.map((x) => Number(x.Turnover ?? 0));
    expect([...turnovers].sort((x, y) => y - x)).toEqual(turnovers);
    // A company added now is counted by the next list (the change log is applied first).
    const extra = cuis.find((c) => !inA.includes(c))!;
    await addCompany(a, extra, owner);
    expect((await listCompanyGroups(actor, companyGroupsQuerySchema.parse({ GroupId: String(a.id), PageSize: '100' }))).Count).toBe(inA.length + 1);
    // A company removed from its group (a soft delete, decision 038) leaves the engine's copy too.
    await sql(`UPDATE company_in_group SET is_deleted = true WHERE group_id = $1 AND cui = $2`, [b.id, inB[0]]);
    const after = await listCompanyGroups(actor, companyGroupsQuerySchema.parse({ PageSize: '100', OrderBy: 'Turnover_desc' }));
    expect(after.Count).toBe(want.length);
    expect(pairs(after.Items as never)).not.toContain(`${b.id}:${inB[0]}`);
    const strangerActor = { userId: stranger.id, userName: stranger.userName, roles: ['User' as const] };
    expect((await listCompanyGroups(strangerActor, companyGroupsQuerySchema.parse({ PageSize: '100' }))).Count).toBe(0);
  });

  test('the admin contacts list: social flags on the engine equal PostgreSQL, and a new link counts at once', async () => {
    const admin = await createUser({ role: 'Admin' });
    const adminActor = { userId: admin.id, userName: admin.userName, roles: ['Admin' as const] };
    const platformOf = { HasWebsite: 'Website', HasFacebook: 'Facebook', HasLinkedin: 'LinkedIn', HasYouTube: 'Youtube', HasInstagram: 'Instagram', HasTwitter: 'Twitter' } as const;
    const exists = (platform: string) => `EXISTS (SELECT 1 FROM social_media s WHERE s.cui = c.cui AND s.platform = '${platform}' AND s.url <> '')`;
    const pgCuis = async (flags: Partial<Record<keyof typeof platformOf, boolean>>, extra = '') => {
      const conds = Object.entries(flags).map(([k, v]) => `${v ? '' : 'NOT '}${exists(platformOf[k as keyof typeof platformOf])}`);
      if (extra) conds.push(extra);
      const rows = await sql<{ cui: number }>(`SELECT c.cui FROM company c WHERE ${conds.join(' AND ')} ORDER BY c.profit DESC, c.cui DESC`);
      return rows.map((r) => r.cui);
    };
    const cases: Array<Partial<Record<keyof typeof platformOf, boolean>>> = [
      { HasWebsite: true },
      { HasFacebook: true, HasLinkedin: true },
      { HasWebsite: false, HasYouTube: false },
      { HasInstagram: true, HasTwitter: false },
    ];
    for (const flags of cases) {
      const want = await pgCuis(flags);
      const cq = companyContactsQuerySchema.parse({ PageSize: '12', ...Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, String(v)])) });
      const page = await findCompanyContacts(adminActor, cq);
      expect(page.Count).toBe(want.length);
      expect(page.Items.map((x) => x.Cui)).toEqual(want.slice(0, 12));
    }
    // A company without a YouTube link gets one: the next list counts it (the change log is applied first).
    const [target] = await pgCuis({ HasYouTube: false });
    const before = (await findCompanyContacts(adminActor, companyContactsQuerySchema.parse({ HasYouTube: 'true', PageSize: '12' }))).Count;
    await sql(`INSERT INTO social_media (cui, platform, url) VALUES ($1, 'Youtube', 'https://youtube.com/@firma-test') ON CONFLICT (cui, platform) DO UPDATE SET url = EXCLUDED.url`, [target]);
    try {
      const after = await findCompanyContacts(adminActor, companyContactsQuerySchema.parse({ HasYouTube: 'true', PageSize: '12' }));
      expect(after.Count).toBe(before + 1);
    } finally {
      await sql(`DELETE FROM social_media WHERE cui = $1 AND platform = 'Youtube'`, [target]);
    }
    expect((await findCompanyContacts(adminActor, companyContactsQuerySchema.parse({ HasYouTube: 'true', PageSize: '12' }))).Count).toBe(before);
  });
});
