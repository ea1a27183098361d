// The tab lists of the company page: tenders (POST with Date and Value filters), EU projects,
// collaborations and the collaboration network. Expectations come from plain SQL.
import { POST as getTenders } from '@/app/api/Company/getAcqusitions/route';
import { GET as getEu } from '@/app/api/Company/getEuropeanProjects/route';
import { GET as getCollabs } from '@/app/api/Company/getCollaborations/route';
import { GET as getTop10 } from '@/app/api/Company/getTop10Collaborations/route';
import { sql } from '@/server/kernel/db';
import type { CollaborationNode, CollaborationRow, EuProjectRow, PagedList, TenderRow } from '@/server/company/dto';
import { normalizeSearchText } from '@/lib/text';
import { get, post, type ErrorBody } from './support/company';

let tcui: number; // the company with the most tenders
let tenderCount: number;
let eucui: number;

beforeAll(async () => {
  const [t] = await sql<{ cui: number; n: number }>(
    `SELECT cui, count(*)::int AS n FROM (SELECT supplier_cui AS cui FROM tender UNION ALL SELECT authority_cui FROM tender WHERE authority_cui IS DISTINCT FROM supplier_cui) x
      WHERE EXISTS (SELECT 1 FROM company c WHERE c.cui = x.cui) GROUP BY cui ORDER BY n DESC, cui LIMIT 1`,
  );
  tcui = t.cui;
  tenderCount = t.n;
  const [e] = await sql<{ cui: number }>(`SELECT cui FROM eu_project GROUP BY cui ORDER BY count(*) DESC, cui LIMIT 1`);
  eucui = e.cui;
});

const tenders = (body: Record<string, unknown>) => post<PagedList<TenderRow>>(getTenders, '/api/Company/getAcqusitions', { companyCui: tcui, pageNumber: 1, pageSize: 6, ...body });

describe('POST /api/Company/getAcqusitions', () => {
  it('pages the tenders of the company as supplier or authority, sorted by title by default', async () => {
    const { status, body } = await tenders({});
    expect(status).toBe(200);
    expect(body.Count).toBe(tenderCount);
    expect(body.NumberOfPages).toBe(Math.ceil(tenderCount / 6));
    expect(body.Items.length).toBe(Math.min(6, tenderCount));
    const titles = body.Items.map((t) => t.Title);
    const all = await sql<{ title: string }>(
      `SELECT title FROM tender WHERE supplier_cui = $1 OR authority_cui = $1 ORDER BY title, id LIMIT 6`,
      [tcui],
    );
    expect(titles).toEqual(all.map((r) => r.title));
    for (const f of ['Title', 'Company', 'ColaboratorCUI', 'CompanyIsSupplier', 'CPV', 'EstimatedValue', 'FinalValue', 'PublishDate', 'FinishDate']) {
      expect(body.Items[0]).toHaveProperty(f);
    }
  });

  it('CompanyIsSupplier and the partner follow the side the company is on', async () => {
    const { body } = await tenders({ pageSize: 100 });
    for (const t of body.Items) {
      const [row] = await sql<{ supplier_cui: number; authority_cui: number; authority_name: string; supplier_name: string }>(
        `SELECT supplier_cui, authority_cui, authority_name, supplier_name FROM tender WHERE id = $1`,
        [t.Id],
      );
      expect(t.CompanyIsSupplier).toBe(row.supplier_cui === tcui);
      expect(t.ColaboratorCUI).toBe(t.CompanyIsSupplier ? row.authority_cui : row.supplier_cui);
      expect(t.Company).toBe(t.CompanyIsSupplier ? row.authority_name : row.supplier_name);
    }
  });

  it('sorts by any column, descending with _desc', async () => {
    const { body } = await tenders({ orderBy: 'EstimatedValue_desc', pageSize: 100 });
    const values = body.Items.map((t) => t.EstimatedValue).filter((v): v is number => v != null);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const asc = await tenders({ orderBy: 'PublishDate', pageSize: 100 });
    const dates = asc.body.Items.map((t) => t.PublishDate).filter(Boolean) as string[];
    expect(dates).toEqual([...dates].sort());
  });

  it('Value filter: a range, and one bound with the other at 0 means no upper bound', async () => {
    const { body: all } = await tenders({ pageSize: 100 });
    const values = all.Items.map((t) => t.EstimatedValue ?? 0).sort((a, b) => a - b);
    const mid = values[Math.floor(values.length / 2)];
    const atLeast = await tenders({ pageSize: 100, Value: { ValueName: 'valoare-estimata', MinValue: mid, MaxValue: 0 } });
    expect(atLeast.body.Count).toBe(all.Items.filter((t) => (t.EstimatedValue ?? -1) >= mid).length);
    expect(atLeast.body.Items.every((t) => (t.EstimatedValue ?? 0) >= mid)).toBe(true);
    const atMost = await tenders({ pageSize: 100, Value: { ValueName: 'valoare-finala', MinValue: 0, MaxValue: mid } });
    expect(atMost.body.Count).toBe(all.Items.filter((t) => t.FinalValue != null && t.FinalValue <= mid).length);
  });

  it('Date filter on the publication or the finish date', async () => {
    const { body: all } = await tenders({ pageSize: 100 });
    const dates = all.Items.map((t) => t.PublishDate!).filter(Boolean).sort();
    const from = dates[Math.floor(dates.length / 2)];
    const r = await tenders({ pageSize: 100, Date: { DateName: 'data-publicarii', MinDate: from, MaxDate: null } });
    expect(r.body.Count).toBe(dates.filter((d) => d >= from).length);
    const f = await tenders({ pageSize: 100, Date: { DateName: 'data-finalizarii', MinDate: null, MaxDate: '2000-01-01' } });
    expect(f.body.Count).toBe(0);
  });

  it('search text matches words of the title, diacritics-insensitive', async () => {
    const { body: all } = await tenders({ pageSize: 100 });
    const word = normalizeSearchText(all.Items[0].Title).split(' ').find((w) => w.length >= 5)!;
    const r = await tenders({ pageSize: 100, searchText: word.toUpperCase() });
    expect(r.body.Count).toBeGreaterThan(0);
    expect(r.body.Count).toBeLessThanOrEqual(tenderCount);
    for (const t of r.body.Items) expect(normalizeSearchText(`${t.Title} ${t.Company} ${t.CPV ?? ''} ${t.ColaboratorCUI}`)).toContain(word);
  });

  it('answers 400 naming the field for bad input and 404 for an unknown company', async () => {
    const bad = await post<ErrorBody>(getTenders, '/api/Company/getAcqusitions', { companyCui: tcui, Value: { ValueName: 'colour' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.Errors ?? {}).join(' ')).toContain('Value.ValueName');
    const noCui = await post<ErrorBody>(getTenders, '/api/Company/getAcqusitions', { pageNumber: 1 });
    expect(Object.keys(noCui.body.Errors ?? {})).toContain('companyCui');
    const [{ m }] = await sql<{ m: number }>(`SELECT max(cui) + 1 AS m FROM company`);
    expect((await post(getTenders, '/api/Company/getAcqusitions', { companyCui: m })).status).toBe(404);
    // zod's defaults answer in Romanian (lib/zod-ro.ts), never in English
    const paging = await get<ErrorBody>(getCollabs, '/api/Company/getCollaborations', { companyCui: tcui, pageNumber: 0, pageSize: 100000 });
    expect(paging.status).toBe(400);
    expect(paging.body.Errors?.pageNumber).toEqual(['Valoarea minimă este 1.']);
    expect(paging.body.Errors?.pageSize?.[0]).toMatch(/^Valoarea maximă este \d+\.$/);
  });
});

describe('GET /api/Company/getEuropeanProjects', () => {
  it('pages the projects with Items, Count, NumberOfPages', async () => {
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM eu_project WHERE cui = $1`, [eucui]);
    const { status, body } = await get<PagedList<EuProjectRow>>(getEu, '/api/Company/getEuropeanProjects', { companyCui: eucui, pageNumber: 1, pageSize: 6 });
    expect(status).toBe(200);
    expect(body.Count).toBe(n);
    expect(body.NumberOfPages).toBe(Math.ceil(n / 6));
    const p = body.Items[0];
    for (const f of ['Name', 'StartDate', 'EndDate', 'TotalCost', 'EcContribution', 'Urls', 'Status', 'Topic', 'Objective']) expect(p).toHaveProperty(f);
    expect(Array.isArray(p.Urls)).toBe(true);
  });

  it('sorts and searches', async () => {
    const { body } = await get<PagedList<EuProjectRow>>(getEu, '/api/Company/getEuropeanProjects', { companyCui: eucui, pageSize: 50, orderBy: 'TotalCost_desc' });
    const costs = body.Items.map((p) => p.TotalCost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    const none = await get<PagedList<EuProjectRow>>(getEu, '/api/Company/getEuropeanProjects', { companyCui: eucui, searchText: 'zzzqqq' });
    expect(none.body.Count).toBe(0);
    expect(none.body.Items).toEqual([]);
  });
});

describe('collaborations', () => {
  it('getCollaborations: partners by number of collaborations (default desc), page size 8', async () => {
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM collaboration WHERE cui = $1`, [tcui]);
    const { status, body } = await get<PagedList<CollaborationRow>>(getCollabs, '/api/Company/getCollaborations', { companyCui: tcui, pageNumber: 1, pageSize: 8 });
    expect(status).toBe(200);
    expect(body.Count).toBe(n);
    expect(body.Items.length).toBe(Math.min(8, n));
    const nums = body.Items.map((c) => c.NumberOfCollaborations);
    expect(nums).toEqual([...nums].sort((a, b) => b - a));
    expect(Object.keys(body.Items[0])).toEqual(expect.arrayContaining(['Name', 'Cui', 'NumberOfCollaborations']));
    const byName = await get<PagedList<CollaborationRow>>(getCollabs, '/api/Company/getCollaborations', { companyCui: tcui, pageSize: 100, orderBy: 'Name' });
    const names = byName.body.Items.map((c) => c.Name);
    const search = normalizeSearchText(names[0]).split(' ')[0];
    const found = await get<PagedList<CollaborationRow>>(getCollabs, '/api/Company/getCollaborations', { companyCui: tcui, searchText: search });
    expect(found.body.Items.some((c) => c.Name === names[0])).toBe(true);
  });

  it('getTop10Collaborations: 10 direct partners at level 1, each company once, levels 1 to 3', async () => {
    const { status, body } = await get<CollaborationNode[]>(getTop10, '/api/Company/getTop10Collaborations', { companyCui: tcui, companyName: 'X' });
    expect(status).toBe(200);
    const level1 = body.filter((n) => n.Level === 1);
    const top = await sql<{ p: number }>(
      `SELECT partner_cui AS p FROM collaboration WHERE cui = $1 ORDER BY number_of_collaborations DESC, partner_cui LIMIT 10`,
      [tcui],
    );
    expect(level1.map((n) => n.CompanyTargetCui).sort()).toEqual(top.map((r) => r.p).sort());
    expect(level1.every((n) => n.CompanySourceCui === tcui)).toBe(true);
    expect(body.every((n) => n.Level >= 1 && n.Level <= 3)).toBe(true);
    expect(body.some((n) => n.CompanyTargetCui === tcui)).toBe(false);
    for (const n of body) expect(Object.keys(n)).toEqual(expect.arrayContaining(['CompanySourceCui', 'CompanyTargetCui', 'CompanyTargetName', 'Level']));
  });
});
