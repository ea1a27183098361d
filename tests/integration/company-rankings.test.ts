// Rankings and similar companies: every list is compared with a brute-force SQL answer over the
// same population (active companies with a financial year and a main CAEN code, company_rank's).
import { GET as getRanking } from '@/app/api/Company/getCompanyRanking/route';
import { GET as getInsolvencyRanking } from '@/app/api/Company/getInsolvencyRanking/route';
import { GET as getSimilar } from '@/app/api/Company/getSimilarCompanies/route';
import { sql } from '@/server/kernel/db';
import type { CompanyCardItem, PagedList, Ranking } from '@/server/company/dto';
import { get, type ErrorBody } from './support/company';
import { callAs, dropActors, makeActors } from './support/authz';

type Co = { cui: number; caen_code: string; county_id: number; locality_id: number; turnover: number; profit: number; employees: number; insolvency_score: number | null };

let me: Co;
let group: Co[];

const RANKED = `is_active AND last_year IS NOT NULL AND caen_code IS NOT NULL`;

beforeAll(async () => {
  // A mid-table company of the largest CAEN group, so that it has neighbours on both sides.
  const [{ caen_code }] = await sql<{ caen_code: string }>(
    `SELECT caen_code FROM company WHERE ${RANKED} GROUP BY caen_code ORDER BY count(*) DESC, caen_code LIMIT 1`,
  );
  group = await sql<Co>(
    `SELECT cui, caen_code, county_id, locality_id, turnover, profit, employees, insolvency_score FROM company WHERE ${RANKED} AND caen_code = $1`,
    [caen_code],
  );
  const byTurnover = [...group].sort((a, b) => b.turnover - a.turnover || a.cui - b.cui);
  // pick one whose county holds several companies of the group
  const counts = new Map<number, number>();
  for (const c of group) counts.set(c.county_id, (counts.get(c.county_id) ?? 0) + 1);
  me = byTurnover.find((c, i) => i > 5 && (counts.get(c.county_id) ?? 0) >= 6)!;
});

const order = (metric: keyof Co) => (a: Co, b: Co) => Number(b[metric]) - Number(a[metric]) || a.cui - b.cui;

function expectedLists(pop: Co[], metric: keyof Co) {
  const sorted = [...pop].sort(order(metric));
  const i = sorted.findIndex((c) => c.cui === me.cui);
  const start = Math.max(0, Math.min(i - 2, sorted.length - 5));
  return { top: sorted.slice(0, 5).map((c) => c.cui), around: sorted.slice(start, start + 5).map((c) => c.cui), position: i + 1 };
}

describe('GET /api/Company/getCompanyRanking', () => {
  it.each([
    ['All', 'NetTurnover', 'turnover'],
    ['County', 'NetTurnover', 'turnover'],
    ['Prefecture', 'NetTurnover', 'turnover'],
    ['All', 'NetProfit', 'profit'],
    ['County', 'Employees', 'employees'],
    ['All', 'Employees', 'employees'],
  ] as const)('location %s, %s: top 5 and the companies around it, as company_rank orders them', async (location, orderBy, metric) => {
    const { status, body } = await get<Ranking>(getRanking, '/api/Company/getCompanyRanking', { cui: me.cui, orderBy, location });
    expect(status).toBe(200);
    const pop = group.filter((c) => location === 'All' || (c.county_id === me.county_id && (location === 'County' || c.locality_id === me.locality_id)));
    const exp = expectedLists(pop, metric);
    expect(body.TopCompanies.map((c) => c.Cui)).toEqual(exp.top);
    expect(body.CompetitorCompanies.map((c) => c.Cui)).toEqual(exp.around);
    expect(body.TopCompanies.map((c) => c.Position)).toEqual(exp.top.map((_, i) => i + 1));
    const self = body.CompetitorCompanies.find((c) => c.IsCurrent)!;
    expect(self.Cui).toBe(me.cui);
    expect(self.Position).toBe(exp.position);
    expect(self.Value).toBe(Number(me[metric]));
    for (const item of [...body.TopCompanies, ...body.CompetitorCompanies]) {
      expect(Object.keys(item)).toEqual(expect.arrayContaining(['Cui', 'Name', 'Position', 'Value', 'NetTurnover', 'NetProfit']));
    }
    // positions are the precomputed ones
    const suffix = location === 'All' ? 'country' : location === 'County' ? 'county' : 'locality';
    const [r] = await sql<{ p: number }>(`SELECT ${metric}_${suffix} AS p FROM company_rank WHERE cui = $1`, [me.cui]);
    expect(self.Position).toBe(r.p);
  });

  it('companies with equal values keep company_rank order (CUI ascending) around the company', async () => {
    // a company in the middle of a run of equal employee counts in its county
    const byCounty = group.filter((c) => c.county_id === me.county_id).sort(order('employees'));
    const runs = byCounty.filter((c) => byCounty.filter((o) => o.employees === c.employees).length >= 5);
    const tied = runs[Math.floor(runs.length / 2)];
    expect(tied).toBeDefined();
    const { body } = await get<Ranking>(getRanking, '/api/Company/getCompanyRanking', { cui: tied.cui, orderBy: 'Employees', location: 'County' });
    const i = byCounty.findIndex((c) => c.cui === tied.cui);
    const start = Math.max(0, Math.min(i - 2, byCounty.length - 5));
    expect(body.CompetitorCompanies.map((c) => c.Cui)).toEqual(byCounty.slice(start, start + 5).map((c) => c.cui));
    expect(body.CompetitorCompanies.map((c) => c.Position)).toEqual(byCounty.slice(start, start + 5).map((_, k) => start + k + 1));
  });

  it('getInsolvencyRanking ranks by the insolvency score, highest (safest) first', async () => {
    const { status, body } = await get<Ranking>(getInsolvencyRanking, '/api/Company/getInsolvencyRanking', { cui: me.cui, location: 'County' });
    expect(status).toBe(200);
    const pop = group.filter((c) => c.county_id === me.county_id && c.insolvency_score != null);
    const sorted = [...pop].sort(order('insolvency_score'));
    expect(body.TopCompanies.map((c) => c.Cui)).toEqual(sorted.slice(0, 5).map((c) => c.cui));
  });

  it('a company without a group or without a value: the lists it can have, and no others', async () => {
    // One statement reads the company and walks its group (issue 25): a missing CAEN code, county,
    // locality or metric value must leave the same lists as when the walks were a second statement.
    const [{ m }] = await sql<{ m: number }>(`SELECT max(cui) AS m FROM company`);
    const noCaen = m + 11;
    const noLocality = m + 13;
    await sql(`INSERT INTO company (cui, name) VALUES ($1, 'FARA CAEN PROBA SRL')`, [noCaen]);
    await sql(
      `INSERT INTO company (cui, name, caen_code, county_id, locality_id, is_active, last_year, turnover, insolvency_score)
       VALUES ($1, 'FARA LOCALITATE PROBA SRL', $2, $3, NULL, true, 2023, 0, NULL)`,
      [noLocality, me.caen_code, me.county_id],
    );
    try {
      for (const location of ['All', 'County', 'Prefecture'] as const) {
        const { status, body } = await get<Ranking>(getRanking, '/api/Company/getCompanyRanking', { cui: noCaen, orderBy: 'NetTurnover', location });
        expect(status).toBe(200);
        expect([body.CaenCode, body.TopCompanies, body.CompetitorCompanies]).toEqual([null, [], []]);
        expect(body.LocationName).toBe(location === 'All' ? 'România' : null);
      }
      // No locality: nothing to rank among in the locality; the county's lists as usual.
      const prefecture = await get<Ranking>(getRanking, '/api/Company/getCompanyRanking', { cui: noLocality, orderBy: 'NetTurnover', location: 'Prefecture' });
      expect([prefecture.status, prefecture.body.LocationName, prefecture.body.TopCompanies, prefecture.body.CompetitorCompanies]).toEqual([200, null, [], []]);
      const county = await get<Ranking>(getRanking, '/api/Company/getCompanyRanking', { cui: noLocality, orderBy: 'NetTurnover', location: 'County' });
      const inCounty = group.filter((c) => c.county_id === me.county_id).sort(order('turnover'));
      expect(county.body.TopCompanies.map((c) => c.Cui)).toEqual(inCounty.slice(0, 5).map((c) => c.cui));
      const self = county.body.CompetitorCompanies.find((c) => c.IsCurrent);
      expect(self).toEqual(expect.objectContaining({ Cui: noLocality, Value: 0, Position: null }));
      // Its ranked neighbours: a turnover of 0 and a larger CUI than all puts it after every one of them.
      expect(county.body.CompetitorCompanies.map((c) => c.Cui)).toEqual([...inCounty.slice(-4).map((c) => c.cui), noLocality]);
      // No insolvency score: the county's top by score, and no place of its own among them.
      const insolvency = await get<Ranking>(getInsolvencyRanking, '/api/Company/getInsolvencyRanking', { cui: noLocality, location: 'County' });
      const scored = inCounty.filter((c) => c.insolvency_score != null).sort(order('insolvency_score'));
      expect(insolvency.body.TopCompanies.map((c) => c.Cui)).toEqual(scored.slice(0, 5).map((c) => c.cui));
      expect(insolvency.body.CompetitorCompanies).toEqual([]);
    } finally {
      await sql('DELETE FROM company WHERE cui = ANY($1)', [[noCaen, noLocality]]);
    }
  });

  it('the same rankings for anonymous, a user, another user and an Admin (a public answer)', async () => {
    const actors = await makeActors();
    try {
      for (const [handler, path] of [
        [getRanking, `/api/Company/getCompanyRanking?cui=${me.cui}&orderBy=NetProfit&location=County`],
        [getInsolvencyRanking, `/api/Company/getInsolvencyRanking?cui=${me.cui}&location=All`],
      ] as const) {
        const answers = [];
        for (const who of ['anonymous', 'owner', 'other', 'admin'] as const) {
          const r = await callAs(who, actors, () => ({ handler, path }));
          expect(r.status).toBe(200);
          answers.push(r.body);
        }
        expect((answers[0] as Ranking).TopCompanies.length).toBe(5);
        for (const a of answers.slice(1)) expect(a).toEqual(answers[0]);
      }
    } finally {
      await dropActors(actors);
    }
  });

  it('answers 400 for an unknown location and 404 for an unknown CUI', async () => {
    const bad = await get<ErrorBody>(getRanking, '/api/Company/getCompanyRanking', { cui: me.cui, location: 'Planet' });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors?.location).toEqual(['Valoare invalidă; valori acceptate: All, County, Prefecture.']);
    const [{ m }] = await sql<{ m: number }>(`SELECT max(cui) + 1 AS m FROM company`);
    expect((await get(getRanking, '/api/Company/getCompanyRanking', { cui: m })).status).toBe(404);
  });
});

describe('GET /api/Company/getSimilarCompanies', () => {
  const similar = (OrderBy: string, PageNumber = 1) =>
    get<PagedList<CompanyCardItem>>(getSimilar, '/api/Company/getSimilarCompanies', { PageNumber, PageSize: 20, CompanyCui: me.cui, OrderBy });

  it('County: same CAEN and county, largest turnover first, without the company itself', async () => {
    const { status, body } = await similar('County');
    expect(status).toBe(200);
    const exp = group.filter((c) => c.county_id === me.county_id && c.cui !== me.cui).sort(order('turnover')).slice(0, 20);
    expect(body.Items.map((c) => c.Cui)).toEqual(exp.map((c) => c.cui));
    expect(body.Count).toBe(Math.min(100, group.filter((c) => c.county_id === me.county_id).length - 1));
    expect(body.PageNumber).toBe(1);
    expect(Object.keys(body.Items[0])).toEqual(expect.arrayContaining(['Cui', 'Name', 'CaenCode', 'NetTurnover', 'NetProfit', 'AverageNumberOfEmployees', 'Address']));
  });

  it('CaenCode: same CAEN in Romania by turnover; Turnover/Employees: nearest values first', async () => {
    const caen = await similar('CaenCode');
    expect(caen.body.Items.map((c) => c.Cui)).toEqual(group.filter((c) => c.cui !== me.cui).sort(order('turnover')).slice(0, 20).map((c) => c.cui));
    for (const [o, metric] of [['Turnover', 'turnover'], ['Employees', 'employees']] as const) {
      const { body } = await similar(o);
      const dist = (c: Co) => Math.abs(Number(c[metric]) - Number(me[metric]));
      const exp = group.filter((c) => c.cui !== me.cui).sort((a, b) => dist(a) - dist(b) || a.cui - b.cui).slice(0, 20);
      expect(body.Items.map((c) => dist(group.find((g) => g.cui === c.Cui)!))).toEqual(exp.map(dist));
    }
  });

  it('rejects an unknown order', async () => {
    const bad = await similar('Colour');
    expect(bad.status).toBe(400);
  });
});
