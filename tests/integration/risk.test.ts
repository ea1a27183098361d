// The default score, credit limit and sector benchmarks as the import computes them (set-based in
// PostgreSQL) against the same arithmetic in TypeScript, and what the company page and the
// comparison read (decisions 100 and 101).
import ExcelJS from 'exceljs';
import { sql } from '@/server/kernel/db';
import { getCompanyRisk } from '@/server/risk/queries';
import { getComparison } from '@/server/risk/compare';
import { GET as compareExport } from '@/app/api/Company/compareExport/route';
import { RISK_INPUTS, bandOf, predictProbability, suggestCreditLimit, type FittedModel } from '@/lib/risk/model';
import { createCompany } from '../factories/companies';

type ModelRow = Record<string, number>;
let model: FittedModel;

/** percentile_cont: linear interpolation between the sorted values. */
function percentile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  const pos = q * (s.length - 1);
  const lo = Math.floor(pos);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (pos - lo);
}

beforeAll(async () => {
  // The seed ran rf_refresh_derived(); a new refresh brings the tables in step with whatever ran before.
  await sql('SELECT rf_refresh_risk()');
  const [m] = await sql<ModelRow>('SELECT * FROM risk_model');
  model = {
    intercept: m.intercept,
    coefficients: RISK_INPUTS.map((k) => m[`b_${k}`]),
    means: RISK_INPUTS.map((k) => m[`m_${k}`]),
    iterations: 0,
  };
});

describe('rf_refresh_risk()', () => {
  it('scores every company that has statements, on its latest year', async () => {
    const [c] = await sql<{ with_years: number; scored: number; on_last: number }>(
      `SELECT (SELECT count(*)::int FROM company WHERE last_year IS NOT NULL) AS with_years,
              (SELECT count(*)::int FROM company_risk) AS scored,
              (SELECT count(*)::int FROM company_risk r JOIN company c USING (cui) WHERE r.year = c.last_year) AS on_last`,
    );
    expect(c.with_years).toBeGreaterThan(500);
    expect(c.scored).toBe(c.with_years);
    expect(c.on_last).toBe(c.with_years);
  });

  it('computes the probability, band and credit limit the TypeScript model computes', async () => {
    const rows = await sql<Record<string, number | string | null>>(
      `SELECT r.*, f.net_turnover, f.total_capitals FROM company_risk r JOIN financial_year f ON f.cui = r.cui AND f.year = r.year
       ORDER BY r.cui LIMIT 300`,
    );
    expect(rows.length).toBe(300);
    for (const r of rows) {
      const x = RISK_INPUTS.map((k, j) => (r[k] === null ? model.means[j] : Number(r[k])));
      const p = predictProbability(model, x);
      expect(Number(r.probability)).toBeCloseTo(p, 5);
      expect(r.band).toBe(bandOf(Number(r.probability)));
      expect(Number(r.credit_limit)).toBe(suggestCreditLimit(Number(r.net_turnover), Number(r.total_capitals), r.band as 'A'));
      const sum = RISK_INPUTS.reduce((s, k) => s + Number(r[`c_${k}`]), model.intercept);
      expect(1 / (1 + Math.exp(-sum))).toBeCloseTo(p, 4);
    }
    // the demo set is not one band: the score separates companies
    const bands = await sql<{ band: string }>('SELECT DISTINCT band FROM company_risk');
    expect(bands.length).toBeGreaterThanOrEqual(2);
  });

  it('gives each class the quartiles of its companies, nationally and per county', async () => {
    const [cls] = await sql<{ caen_code: string; year: number; county_id: number }>(
      `SELECT caen_code, year, county_id FROM sector_benchmark WHERE county_id <> 0 ORDER BY companies DESC, caen_code LIMIT 1`,
    );
    const values = await sql<{ equity: number | null; county_id: number | null; net_turnover: string }>(
      'SELECT equity, county_id, net_turnover FROM v_risk_input WHERE caen_code = $1 AND year = $2',
      [cls.caen_code, cls.year],
    );
    const [nat] = await sql<{ equity: number[]; companies: number; turnover_total: number }>(
      'SELECT equity, companies, turnover_total FROM sector_benchmark WHERE caen_code = $1 AND year = $2 AND county_id = 0',
      [cls.caen_code, cls.year],
    );
    const eq = values.map((v) => v.equity).filter((v): v is number => v !== null);
    expect(nat.companies).toBe(values.length);
    expect(nat.turnover_total).toBe(values.reduce((s, v) => s + Math.max(Number(v.net_turnover), 0), 0));
    [0.25, 0.5, 0.75].forEach((q, i) => expect(nat.equity[i]).toBeCloseTo(percentile(eq, q), 4));
    const [cty] = await sql<{ equity: number[]; companies: number }>(
      'SELECT equity, companies FROM sector_benchmark WHERE caen_code = $1 AND year = $2 AND county_id = $3',
      [cls.caen_code, cls.year, cls.county_id],
    );
    const local = values.filter((v) => v.county_id === cls.county_id);
    expect(cty.companies).toBe(local.length);
    expect(cty.equity[1]).toBeCloseTo(percentile(local.map((v) => v.equity!).filter((v) => v !== null), 0.5), 4);
  });

  it('writes nothing when run again on the same data', async () => {
    const [r] = await sql<{ n: string }>('SELECT rf_refresh_risk() AS n');
    expect(Number(r.n)).toBe(0);
  });

  it('scores a new company once it has a year, and forgets it when the year goes', async () => {
    const [caen] = await sql<{ caen_code: string }>('SELECT caen_code FROM company_risk WHERE caen_code IS NOT NULL LIMIT 1');
    const c = await createCompany({ caenCode: caen.caen_code, countyId: 1 });
    await sql(
      `INSERT INTO financial_year (cui, year, caen_code, net_turnover, total_circulating_assets, debts, total_capitals, gross_profit, net_profit)
       VALUES ($1, 2023, $2, 800000, 400000, 100000, 300000, 50000, 42000), ($1, 2024, $2, 1000000, 500000, 100000, 400000, 60000, 50000)`,
      [c.cui, caen.caen_code],
    );
    await sql('SELECT rf_refresh_company_facts($1)', [c.cui]);
    await sql('SELECT rf_refresh_risk()');
    const [r] = await sql<{ liquidity: number; equity: number; trend: number; history: number; credit_limit: string; band: string }>(
      'SELECT liquidity, equity, trend, history, credit_limit, band FROM company_risk WHERE cui = $1',
      [c.cui],
    );
    expect(r.liquidity).toBeCloseTo(0.8, 6);
    expect(r.equity).toBeCloseTo(0.8, 6);
    expect(r.trend).toBeCloseTo(Math.log(1_001_000 / 801_000), 5);
    expect(r.history).toBe(0);
    expect(Number(r.credit_limit)).toBe(suggestCreditLimit(1_000_000, 400_000, r.band as 'A'));
    await sql('DELETE FROM financial_year WHERE cui = $1', [c.cui]);
    await sql('SELECT rf_refresh_company_facts($1)', [c.cui]);
    await sql('SELECT rf_refresh_risk()');
    expect(await sql('SELECT 1 FROM company_risk WHERE cui = $1', [c.cui])).toHaveLength(0);
  });
});

describe('getCompanyRisk (the company page)', () => {
  it('returns the row with the class median of each input, the market share and the model note', async () => {
    const [pick] = await sql<{ cui: number }>(
      `SELECT r.cui FROM company_risk r JOIN company c USING (cui) WHERE c.is_active AND r.market_share > 0 ORDER BY r.market_share DESC LIMIT 1`,
    );
    const risk = await getCompanyRisk(pick.cui);
    expect(risk).not.toBeNull();
    const [row] = await sql<{ probability: number; band: string; caen_code: string; year: number; market_share: number }>(
      'SELECT probability, band, caen_code, year, market_share FROM company_risk WHERE cui = $1',
      [pick.cui],
    );
    expect(risk!.Probability).toBeCloseTo(row.probability, 6);
    expect(risk!.Band).toBe(row.band);
    expect(risk!.Inputs.map((i) => i.Key)).toEqual([...RISK_INPUTS]);
    const [median] = await sql<{ m: number }>('SELECT equity[2] AS m FROM sector_benchmark WHERE caen_code = $1 AND year = $2 AND county_id = 0', [row.caen_code, row.year]);
    expect(risk!.Inputs.find((i) => i.Key === 'equity')!.Sector).toBeCloseTo(median.m, 6);
    expect(risk!.MarketShare).toBeCloseTo(row.market_share, 6);
    expect(risk!.Rank).toBeGreaterThanOrEqual(1);
    expect(risk!.Benchmarks.every((b) => b.National !== null)).toBe(true);
    expect(risk!.Series.length).toBeGreaterThan(0);
    expect(risk!.Series.at(-1)!.Year).toBe(row.year);
    expect(risk!.Model.Observations).toBeGreaterThan(0);
  });

  it('is null for a company without statements', async () => {
    const c = await createCompany({});
    expect(await getCompanyRisk(c.cui)).toBeNull();
  });
});

describe('the comparison', () => {
  it('keeps the order asked and leaves out unknown CUIs', async () => {
    const picks = await sql<{ cui: number }>('SELECT cui FROM company_risk ORDER BY cui DESC LIMIT 2');
    const got = await getComparison([picks[1].cui, 1, picks[0].cui]);
    expect(got.map((c) => c.Cui)).toEqual([picks[1].cui, picks[0].cui]);
    expect(got[0].Years.length).toBeGreaterThan(0);
    expect(got[0].Band).not.toBeNull();
  });

  it('exports one row per company and year as XLSX', async () => {
    const picks = await sql<{ cui: number; n: number }>(
      `SELECT r.cui, (SELECT count(*)::int FROM financial_year f WHERE f.cui = r.cui) AS n FROM company_risk r ORDER BY r.cui LIMIT 2`,
    );
    const res = await compareExport(new Request(`http://localhost/api/Company/compareExport?cui=${picks.map((p) => p.cui).join(',')}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Comparație')!;
    expect(ws.rowCount).toBe(1 + picks[0].n + picks[1].n);
    expect(ws.getRow(2).getCell(1).value).toBe(picks[0].cui);
  });

  it('answers 400 with a Romanian message for six companies or text', async () => {
    const six = await compareExport(new Request('http://localhost/api/Company/compareExport?cui=1,2,3,4,5,6'));
    expect(six.status).toBe(400);
    expect(JSON.stringify(await six.json())).toContain('cel mult 5 firme');
    const bad = await compareExport(new Request('http://localhost/api/Company/compareExport?cui=abc'));
    expect(bad.status).toBe(400);
  });
});
