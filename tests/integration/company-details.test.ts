// Company details endpoints against the throwaway database: shapes, growth, 404 and 400.
import { GET as getDetails } from '@/app/api/Company/getDetails/[cui]/route';
import { GET as getByYear } from '@/app/api/Company/getDetailsByYear/[cui]/route';
import { GET as getGraphs } from '@/app/api/Company/getDetailsForGraphs/[cui]/route';
import { GET as getGraph } from '@/app/api/Company/getDetailsForGraph/[cui]/route';
import { GET as getStats } from '@/app/api/Company/getCompanyStatisticsType/route';
import { GET as getInsolvency } from '@/app/api/Company/getInsolvencyByYear/[cui]/route';
import { GET as getInsolvencyGraph } from '@/app/api/Company/getInsolvencyRiskForGraph/[cui]/route';
import { GET as getSocial } from '@/app/api/SocialMedia/getSocialMediaForCompany/route';
import { GET as getContacts } from '@/app/api/Contact/getContactsByCompany/route';
import { sql } from '@/server/kernel/db';
import type { CompanyDetails, GraphRow, InsolvencyByYear, PublicContact, SeriesRow, SocialMediaEntry, Statistic, YearDetails } from '@/server/company/dto';
import { YEAR_METRIC_KEYS } from '@/server/company/dto';
import { get, type ErrorBody } from './support/company';

let cui: number;
let unknownCui: number;

beforeAll(async () => {
  // A company with several years, a status history and social links.
  const rows = await sql<{ cui: number }>(
    `SELECT c.cui FROM company c
      WHERE (SELECT count(*) FROM financial_year f WHERE f.cui = c.cui) >= 3
        AND EXISTS (SELECT 1 FROM social_media s WHERE s.cui = c.cui)
        AND c.caen_code IS NOT NULL
      ORDER BY c.turnover DESC LIMIT 1`,
  );
  cui = rows[0].cui;
  const max = await sql<{ m: number }>(`SELECT max(cui) AS m FROM company`);
  unknownCui = max[0].m + 1;
});

const details = (c: number | string) => get<CompanyDetails>(getDetails, `/api/Company/getDetails/${c}`, {}, { cui: String(c) });

describe('GET /api/Company/getDetails/{cui}', () => {
  it('answers the company with the documented fields', async () => {
    const { status, body } = await details(cui);
    expect(status).toBe(200);
    for (const f of ['Name', 'Cui', 'RegistrationCode', 'FullAddress', 'County', 'Prefecture', 'EstablishmentDate', 'CaenCode', 'CaenDescription', 'OtherCaenCodes', 'Years', 'LastUpdate', 'InsolvencyRisk', 'CompanyGroupName', 'Statuses', 'SocialMedia', 'ContactsForEdit', 'SocialMediaForEdit', 'ActivityYears']) {
      expect(body).toHaveProperty(f);
    }
    const [row] = await sql<{ name: string; caen_code: string; county: string; years: number[] }>(
      `SELECT c.name, c.caen_code, k.name AS county, array(SELECT year FROM financial_year f WHERE f.cui = c.cui ORDER BY year DESC)::int[] AS years
         FROM company c LEFT JOIN county k ON k.id = c.county_id WHERE c.cui = $1`,
      [cui],
    );
    expect(body.Cui).toBe(cui);
    expect(body.Name).toBe(row.name);
    expect(body.CaenCode).toBe(row.caen_code);
    expect(body.County).toBe(row.county);
    // latest first: the default selected year is the first of the list
    expect(body.Years).toEqual(row.years);
    expect(body.Statuses.length).toBeGreaterThan(0);
    expect(body.Statuses[0]).toEqual(expect.objectContaining({ Code: expect.any(Number), Name: expect.any(String) }));
    expect(body.SocialMedia.length).toBeGreaterThan(0);
    expect(body.CompanyGroupName).toBeNull();
  });

  it('computes ActivityYears as whole years since establishment', async () => {
    const { body } = await details(cui);
    const [y, m, d] = body.EstablishmentDate!.split('-').map(Number);
    const now = new Date();
    let years = now.getUTCFullYear() - y;
    if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) years--;
    expect(body.ActivityYears).toBe(years);
  });

  it('answers 404 JSON for an unknown CUI and 400 naming the field for a bad one', async () => {
    const missing = await details(unknownCui);
    expect(missing.status).toBe(404);
    expect((missing.body as unknown as ErrorBody).Code).toBe('NOT_FOUND');
    const bad = await get<ErrorBody>(getDetails, '/api/Company/getDetails/abc', {}, { cui: 'abc' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.Errors ?? {})).toContain('cui');
    const huge = await details('99999999999');
    expect(huge.status).toBe(400);
    // one message per field even when several checks fail on the same value
    const hugeErrors = (huge.body as unknown as ErrorBody).Errors ?? {};
    for (const list of Object.values(hugeErrors)) expect(new Set(list).size).toBe(list.length);
  });
});

describe('GET /api/Company/getDetailsByYear/{cui}', () => {
  it('answers every metric with value, growth against the previous year and status', async () => {
    const years = await sql<{ year: number; net_turnover: number; employees: number; debts: number }>(
      `SELECT year, net_turnover, employees, debts FROM financial_year WHERE cui = $1 ORDER BY year DESC LIMIT 2`,
      [cui],
    );
    const [last, prev] = years;
    const { status, body } = await get<YearDetails>(getByYear, `/api/Company/getDetailsByYear/${cui}`, { year: last.year }, { cui: String(cui) });
    expect(status).toBe(200);
    expect(body.Year).toBe(last.year);
    expect(Object.keys(body.CompanyDetails).sort()).toEqual([...YEAR_METRIC_KEYS].sort());
    const t = body.CompanyDetails.NetTurnover;
    expect(t.Value).toBe(last.net_turnover);
    const expected = prev.net_turnover === 0 ? null : Math.round(((last.net_turnover - prev.net_turnover) / Math.abs(prev.net_turnover)) * 10000) / 100;
    expect(t.Growth).toBeCloseTo(expected ?? NaN, 2);
    expect(t.GrowthStatus).toBe(expected == null ? null : expected > 0 ? 'up' : expected < 0 ? 'down' : 'equal');
    expect(body.CompanyDetails.Employees.Value).toBe(last.employees);
    expect(body.CompanyDetails.Debts.Value).toBe(last.debts);
  });

  it('defaults to the latest year; an absent year is 404; a bad year is 400 naming it', async () => {
    const latest = await get<YearDetails>(getByYear, `/api/Company/getDetailsByYear/${cui}`, {}, { cui: String(cui) });
    const [{ y }] = await sql<{ y: number }>(`SELECT max(year) AS y FROM financial_year WHERE cui = $1`, [cui]);
    expect(latest.body.Year).toBe(y);
    const absent = await get(getByYear, `/api/Company/getDetailsByYear/${cui}`, { year: 1990 }, { cui: String(cui) });
    expect(absent.status).toBe(404);
    const bad = await get<ErrorBody>(getByYear, `/api/Company/getDetailsByYear/${cui}`, { year: 'x' }, { cui: String(cui) });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors?.year).toEqual(['Trebuie să fie un număr.']);
    const unknown = await get(getByYear, `/api/Company/getDetailsByYear/${unknownCui}`, {}, { cui: String(unknownCui) });
    expect(unknown.status).toBe(404);
  });
});

describe('graph rows and series', () => {
  it('getDetailsForGraphs: Year, Turnover, Profit (net result), Employees, oldest first', async () => {
    const { status, body } = await get<GraphRow[]>(getGraphs, `/api/Company/getDetailsForGraphs/${cui}`, {}, { cui: String(cui) });
    expect(status).toBe(200);
    const rows = await sql<{ year: number; t: number; p: number; e: number }>(
      `SELECT year, net_turnover AS t, net_profit - net_loss AS p, employees AS e FROM financial_year WHERE cui = $1 ORDER BY year`,
      [cui],
    );
    expect(body).toEqual(rows.map((r) => ({ Year: r.year, Turnover: r.t, Profit: r.p, Employees: r.e })));
  });

  it('getDetailsForGraph: the same rows, or one metric as {Year, Value} with type=', async () => {
    const all = await get<GraphRow[]>(getGraph, `/api/Company/getDetailsForGraph/${cui}`, {}, { cui: String(cui) });
    expect(all.body[0]).toEqual(expect.objectContaining({ Year: expect.any(Number), Turnover: expect.any(Number) }));
    const debts = await get<SeriesRow[]>(getGraph, `/api/Company/getDetailsForGraph/${cui}`, { type: 'Debts' }, { cui: String(cui) });
    const rows = await sql<{ year: number; debts: number }>(`SELECT year, debts FROM financial_year WHERE cui = $1 ORDER BY year`, [cui]);
    expect(debts.body).toEqual(rows.map((r) => ({ Year: r.year, Value: r.debts })));
    const bad = await get<ErrorBody>(getGraph, `/api/Company/getDetailsForGraph/${cui}`, { type: 'Nothing' }, { cui: String(cui) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.Errors ?? {})).toContain('type');
  });

  it('getInsolvencyRiskForGraph and getInsolvencyByYear read the yearly score', async () => {
    const rows = await sql<{ year: number; s: number | null }>(`SELECT year, insolvency_score AS s FROM financial_year WHERE cui = $1 ORDER BY year`, [cui]);
    const series = await get<SeriesRow[]>(getInsolvencyGraph, `/api/Company/getInsolvencyRiskForGraph/${cui}`, {}, { cui: String(cui) });
    expect(series.body.map((r) => r.Year)).toEqual(rows.map((r) => r.year));
    expect(series.body.at(-1)!.Value).toBeCloseTo(rows.at(-1)!.s ?? NaN, 2);
    const one = await get<InsolvencyByYear>(getInsolvency, `/api/Company/getInsolvencyByYear/${cui}`, { year: rows[0].year }, { cui: String(cui) });
    expect(one.status).toBe(200);
    expect(one.body.Year).toBe(rows[0].year);
    expect(one.body.Growth).toBeNull(); // the first year has no previous one
  });
});

describe('GET /api/Company/getCompanyStatisticsType', () => {
  it('answers Turnover, Profit and Employees from the precomputed trend', async () => {
    const { status, body } = await get<Statistic[]>(getStats, '/api/Company/getCompanyStatisticsType', { cui });
    expect(status).toBe(200);
    expect(body.map((s) => s.Type)).toEqual(['Turnover', 'Profit', 'Employees']);
    const [t] = await sql<{ turnover_has_growth: boolean | null; profit_spike_year: number | null; profit_spike_up: boolean | null }>(
      `SELECT turnover_has_growth, profit_spike_year, profit_spike_up FROM company_trend WHERE cui = $1`,
      [cui],
    );
    expect(body[0].HasGrowth).toBe(t.turnover_has_growth);
    expect(body[1].SpikeYear).toBe(t.profit_spike_year);
    expect(body[1].HasUpwardSpike).toBe(t.profit_spike_year == null ? null : t.profit_spike_up);
    expect((await get(getStats, '/api/Company/getCompanyStatisticsType', {})).status).toBe(400);
  });
});

describe('contacts and social media', () => {
  it('getContactsByCompany answers only the public contacts (neither private nor deleted)', async () => {
    const [c] = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY cui LIMIT 1 OFFSET 3`);
    const [{ id: userId }] = await sql<{ id: number }>(
      `INSERT INTO app_user (user_name, user_name_norm, email, role_id)
       SELECT 'contact-test', 'contact-test-' || floor(random() * 1e9), 'contact-' || floor(random() * 1e9) || '@test.ro', id FROM role LIMIT 1 RETURNING id`,
    );
    await sql(
      `INSERT INTO contact (cui, user_id, name, phone, is_private, is_deleted, updated_at) VALUES
        ($1, NULL, 'Public Test', '0721000000', false, false, now()),
        ($1, NULL, 'Private Test', '0721000001', true, false, now()),
        ($1, NULL, 'Deleted Test', '0721000002', false, true, now()),
        ($1, $2, 'Own Test', '0721000003', false, false, now())`,
      [c.cui, userId],
    );
    const { status, body } = await get<PublicContact[]>(getContacts, '/api/Contact/getContactsByCompany', { cui: c.cui });
    expect(status).toBe(200);
    const names = body.map((x) => x.Name);
    expect(names).toContain('Public Test');
    expect(names).not.toContain('Private Test');
    expect(names).not.toContain('Deleted Test');
    // A user's contact that is not private is public (the contacts policy).
    expect(names).toContain('Own Test');
    const pub = body.find((x) => x.Name === 'Public Test')!;
    expect(pub).toEqual(expect.objectContaining({ CompanyId: c.cui, Phone: '0721000000', PhoneNumber: '0721000000', Private: false, IsOwn: false }));
    expect((await get(getContacts, '/api/Contact/getContactsByCompany', { cui: unknownCui })).status).toBe(404);
    // leave the shared database as it was
    await sql(`DELETE FROM contact WHERE cui = $1 AND name IN ('Public Test', 'Private Test', 'Deleted Test', 'Own Test')`, [c.cui]);
    await sql(`DELETE FROM app_user WHERE id = $1`, [userId]);
  });

  it('a known company without contacts or years answers empty (or its own 404 text); an unknown one is "not found"', async () => {
    // The existence check runs only when the read finds nothing (decision 075): both sides of it.
    const [bare] = await sql<{ cui: number }>(
      `INSERT INTO company (cui, name) SELECT max(cui) + 7, 'FARA DATE PROBA SRL' FROM company RETURNING cui`,
    );
    try {
      const params = { cui: String(bare.cui) };
      expect(await get(getContacts, '/api/Contact/getContactsByCompany', { cui: bare.cui })).toEqual({ status: 200, body: [] });
      expect(await get(getGraphs, `/api/Company/getDetailsForGraphs/${bare.cui}`, {}, params)).toEqual({ status: 200, body: [] });
      const years = await get<ErrorBody>(getByYear, `/api/Company/getDetailsByYear/${bare.cui}`, {}, params);
      expect([years.status, years.body.Message]).toEqual([404, 'Compania nu are date financiare.']);
      for (const [handler, path] of [
        [getContacts, `/api/Contact/getContactsByCompany?cui=${unknownCui}`],
        [getGraphs, `/api/Company/getDetailsForGraphs/${unknownCui}`],
        [getByYear, `/api/Company/getDetailsByYear/${unknownCui}`],
      ] as const) {
        const url = new URL(`http://localhost${path}`);
        const res = await get<ErrorBody>(handler, url.pathname, Object.fromEntries(url.searchParams), { cui: String(unknownCui) });
        expect([res.status, res.body.Message]).toEqual([404, 'Compania nu a fost găsită.']);
      }
    } finally {
      await sql('DELETE FROM company WHERE cui = $1', [bare.cui]);
    }
  });

  it('getSocialMediaForCompany answers the links in the fixed platform order', async () => {
    const { status, body } = await get<SocialMediaEntry[]>(getSocial, '/api/SocialMedia/getSocialMediaForCompany', { cui });
    expect(status).toBe(200);
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM social_media WHERE cui = $1`, [cui]);
    expect(body).toHaveLength(n);
    const order = ['Website', 'Instagram', 'Facebook', 'Twitter', 'LinkedIn', 'Youtube'];
    const idx = body.map((s) => order.indexOf(s.Platform));
    expect(idx).toEqual([...idx].sort((a, b) => a - b));
  });
});

describe('the page data', () => {
  it('derives the graph rows from the year details exactly as the endpoint answers them', async () => {
    const { getCompanyPageData } = await import('@/server/company/page');
    const data = await getCompanyPageData(cui);
    const { body } = await get<GraphRow[]>(getGraphs, `/api/Company/getDetailsForGraphs/${cui}`, {}, { cui: String(cui) });
    expect(data!.graph).toEqual(body);
    expect(data!.years.map((y) => y.Year)).toEqual(data!.details.Years);
    expect(await getCompanyPageData(unknownCui)).toBeNull();
  });

  it("names the viewer's group holding the company (CompanyGroupName)", async () => {
    const { getCompanyDetails } = await import('@/server/company/queries');
    const [{ id: userId }] = await sql<{ id: number }>(
      `INSERT INTO app_user (user_name, user_name_norm, email, role_id)
       SELECT 'group-test', 'group-test-' || floor(random() * 1e9), 'group-' || floor(random() * 1e9) || '@test.ro', id FROM role LIMIT 1 RETURNING id`,
    );
    const [{ id: groupId }] = await sql<{ id: number }>(`INSERT INTO company_group_list (name, owner_id) VALUES ('Clienți test', $1) RETURNING id`, [userId]);
    await sql(`INSERT INTO company_in_group (group_id, cui, added_by_id) VALUES ($1, $2, $3)`, [groupId, cui, userId]);
    try {
      expect((await getCompanyDetails(cui, userId)).CompanyGroupName).toBe('Clienți test');
      expect((await getCompanyDetails(cui, null)).CompanyGroupName).toBeNull();
      expect((await getCompanyDetails(cui, userId + 100000)).CompanyGroupName).toBeNull();
    } finally {
      await sql(`DELETE FROM company_group_list WHERE id = $1`, [groupId]);
      await sql(`DELETE FROM app_user WHERE id = $1`, [userId]);
    }
  });
});

describe('canonicalCompanyRedirect', () => {
  it('points a missing or wrong slug to the canonical path, and leaves the canonical one alone', async () => {
    const { canonicalCompanyRedirect } = await import('@/server/company/canonical');
    const { companyPath } = await import('@/lib/slug');
    const [{ name }] = await sql<{ name: string }>(`SELECT name FROM company WHERE cui = $1`, [cui]);
    const canonical = companyPath(cui, name);
    expect(await canonicalCompanyRedirect(`/company-details/${cui}`)).toBe(canonical);
    expect(await canonicalCompanyRedirect(`/company-details/${cui}/alt-nume`)).toBe(canonical);
    expect(await canonicalCompanyRedirect(`/company-details/0${cui}/x`)).toBe(canonical);
    expect(await canonicalCompanyRedirect(canonical)).toBeNull();
    expect(await canonicalCompanyRedirect(`/company-details/${unknownCui}/x`)).toBeNull();
    expect(await canonicalCompanyRedirect('/Coduri-caen/4711')).toBeNull();
  });
});
