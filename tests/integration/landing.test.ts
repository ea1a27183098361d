// Landing statistics endpoints: figures read from the materialized views, checked against live SQL.
import { GET as getStatistics } from '@/app/api/Company/getCompanyStatistics/route';
import { GET as getByDimension } from '@/app/api/Company/getCompaniesNumberByDimension/route';
import { GET as getTopCounties } from '@/app/api/Location/getTopCounties/route';
import { GET as getTopCaens } from '@/app/api/CAEN/getTopCaens/route';
import { sql } from '@/server/kernel/db';
import { clearLandingCache } from '@/server/landing/queries';

async function call<T>(handler: (req: Request) => Promise<Response>, path: string): Promise<T> {
  const res = await handler(new Request(`http://localhost${path}`));
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const count = async (where: string, table = 'company') => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`))[0].n;

beforeAll(async () => {
  // Other suites may have written companies or contacts since the seed refreshed the views.
  for (const view of ['mv_landing_totals', 'mv_county_stats', 'mv_caen_stats', 'mv_size_band_stats']) {
    await sql(`REFRESH MATERIALIZED VIEW ${view}`);
  }
  clearLandingCache();
});

test('getCompanyStatistics: the six figures of the strip, in order, equal to live counts', async () => {
  const stats = await call<{ Name: string; CompaniesNr: number; MaxTurnover: number | null; MinTurnover: number | null }[]>(
    getStatistics,
    '/api/Company/getCompanyStatistics',
  );
  expect(stats.map((s) => s.Name)).toEqual(['Firme', 'Firme active', 'Reprezentanți', 'Contacte', 'Licitații', 'Proiecte europene']);
  for (const s of stats) expect(Object.keys(s).sort()).toEqual(['CompaniesNr', 'MaxTurnover', 'MinTurnover', 'Name']);
  const want = [
    await count('true'),
    await count('is_active'),
    await count('NOT is_deleted', 'representative'),
    await count('NOT is_private AND NOT is_deleted', 'contact'),
    await count('true', 'tender'),
    await count('true', 'eu_project'),
  ];
  expect(stats.map((s) => s.CompaniesNr)).toEqual(want);
  expect(want[0]).toBeGreaterThan(want[1]);
  expect(want.every((n) => n > 0)).toBe(true);
});

test('getCompaniesNumberByDimension: four size cards with bounds (-1 = open) and their counts', async () => {
  const groups = await call<{ Name: string; Icon: string; MinTurnover: number; MaxTurnover: number; CompaniesNr: number }[]>(
    getByDimension,
    '/api/Company/getCompaniesNumberByDimension',
  );
  expect(groups).toHaveLength(4);
  for (const g of groups) {
    expect(Object.keys(g).sort()).toEqual(['CompaniesNr', 'Icon', 'MaxTurnover', 'MinTurnover', 'Name']);
    expect(g.Icon).not.toBe('');
    const where = `turnover >= ${g.MinTurnover}` + (g.MaxTurnover >= 0 ? ` AND turnover <= ${g.MaxTurnover}` : '');
    expect(g.CompaniesNr).toBe(await count(where));
  }
  expect(groups[0].MinTurnover).toBe(0);
  expect(groups[3].MaxTurnover).toBe(-1);
  for (let i = 1; i < 4; i++) expect(groups[i].MinTurnover).toBeGreaterThan(groups[i - 1].MaxTurnover);
});

test('getTopCounties: every county, most companies first', async () => {
  const counties = await call<{ Id: number; Name: string; CompaniesNr: number }[]>(getTopCounties, '/api/Location/getTopCounties');
  expect(counties).toHaveLength(42);
  expect(Object.keys(counties[0]).sort()).toEqual(['CompaniesNr', 'Id', 'Name']);
  const n = counties.map((c) => c.CompaniesNr);
  expect([...n].sort((a, b) => b - a)).toEqual(n);
  for (const c of counties.slice(0, 6)) expect(c.CompaniesNr).toBe(await count(`county_id = ${c.Id}`));
  expect(counties[0].Name).toBe('București');
});

test('getTopCaens: CAEN classes with companies, most first, with their description', async () => {
  const caens = await call<{ Code: string; Description: string; CompaniesNr: number }[]>(getTopCaens, '/api/CAEN/getTopCaens');
  expect(caens.length).toBeGreaterThan(3);
  expect(Object.keys(caens[0]).sort()).toEqual(['Code', 'CompaniesNr', 'Description']);
  const n = caens.map((c) => c.CompaniesNr);
  expect([...n].sort((a, b) => b - a)).toEqual(n);
  for (const c of caens.slice(0, 3)) {
    expect(c.CompaniesNr).toBe(await count(`caen_code = '${c.Code}'`));
    expect(c.Description.length).toBeGreaterThan(3);
  }
  expect(caens.reduce((a, c) => a + c.CompaniesNr, 0)).toBe(await count('caen_code IS NOT NULL'));
});
