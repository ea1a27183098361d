// The default score, credit limit and sector benchmarks as the import computes them (set-based in
// PostgreSQL) against the same arithmetic in TypeScript, and what the company page and the
// comparison read (decisions 100 and 101).
import ExcelJS from 'exceljs';
import { sql } from '@/server/kernel/db';
import { getCompanyRisk } from '@/server/risk/queries';
import { toStatementFigures } from '@/server/company/page';
import { getAllYearDetails } from '@/server/company/queries';
import { computeBenchmarkRatios } from '@/lib/risk/ratios';
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
    const values = await sql<{ equity: number | null; county_id: number | null; net_turnover: string; age: number; history: number }>(
      'SELECT equity, county_id, net_turnover, age, history FROM v_risk_input WHERE caen_code = $1 AND year = $2',
      [cls.caen_code, cls.year],
    );
    const [nat] = await sql<{ equity: number[]; age: number[]; history: number[]; companies: number; turnover_total: number }>(
      'SELECT equity, age, history, companies, turnover_total FROM sector_benchmark WHERE caen_code = $1 AND year = $2 AND county_id = 0',
      [cls.caen_code, cls.year],
    );
    const eq = values.map((v) => v.equity).filter((v): v is number => v !== null);
    expect(nat.companies).toBe(values.length);
    expect(nat.turnover_total).toBe(values.reduce((s, v) => s + Math.max(Number(v.net_turnover), 0), 0));
    [0.25, 0.5, 0.75].forEach((q, i) => expect(nat.equity[i]).toBeCloseTo(percentile(eq, q), 4));
    // age and history come from counts of their values, not from percentile_cont: the same figures
    [0.25, 0.5, 0.75].forEach((q, i) => expect(nat.age[i]).toBeCloseTo(percentile(values.map((v) => v.age), q), 5));
    [0.25, 0.5, 0.75].forEach((q, i) => expect(nat.history[i]).toBeCloseTo(percentile(values.map((v) => v.history), q), 5));
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
    const risk = await getCompanyRisk(pick.cui, getAllYearDetails(pick.cui).then(toStatementFigures));
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

  it("computes the company's own ratios as v_risk_input does (the page no longer reads the view)", async () => {
    const picks = await sql<{ cui: number }>('SELECT cui FROM company_risk ORDER BY cui LIMIT 150');
    let compared = 0;
    for (const { cui } of picks) {
      const own = computeBenchmarkRatios(toStatementFigures(await getAllYearDetails(cui)));
      const view = await sql<Record<string, number | null> & { year: number }>(
        'SELECT year, liquidity, equity, profitability, net_margin, trend FROM v_risk_input WHERE cui = $1 ORDER BY year',
        [cui],
      );
      expect(own.map((o) => o.year)).toEqual(view.map((v) => v.year));
      own.forEach((o, i) =>
        (['liquidity', 'equity', 'profitability', 'net_margin', 'trend'] as const).forEach((k) => {
          const want = view[i][k];
          expect(o[k] === null).toBe(want === null);
          expect(o[k] ?? 0).toBeCloseTo(want ?? 0, 10);
          compared++;
        }),
      );
    }
    expect(compared).toBeGreaterThan(150 * 5);
  });

  it('is null for a company without statements', async () => {
    const c = await createCompany({});
    expect(await getCompanyRisk(c.cui, [])).toBeNull();
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

// Hand-made companies whose inputs are computed here from their raw figures, by the definitions of
// decision 100 and without reading v_risk_input: a refresh that computed an input, a contribution,
// the probability, the band, the limit, a quartile or the market share wrongly fails here.
describe('rf_refresh_risk() on hand-made companies', () => {
  type Fy = { year: number; turnover: number; immobilised: number; circulating: number; advance: number; debts: number; incomeAdvance: number; capitals: number; grossProfit: number; grossLoss: number; netProfit: number; netLoss: number };
  type Made = { cui: number; countyId: number; established: string | null; years: Fy[] };
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const fy = (year: number, o: Partial<Fy>): Fy => ({
    year, turnover: 0, immobilised: 0, circulating: 0, advance: 0, debts: 0, incomeAdvance: 0, capitals: 0, grossProfit: 0, grossLoss: 0, netProfit: 0, netLoss: 0, ...o,
  });

  /** The latest year's inputs by the definitions of decision 100 (null: no balance sheet). */
  function expectedInputs(c: Made): (number | null)[] {
    const ys = [...c.years].sort((a, b) => a.year - b.year);
    const f = ys[ys.length - 1];
    const prev = ys.length > 1 ? ys[ys.length - 2] : null;
    const ta = f.immobilised + f.circulating + f.advance;
    const est = c.established ? Number(c.established.slice(0, 4)) : f.year;
    return [
      ta > 0 ? clamp((f.circulating + f.advance - f.debts - f.incomeAdvance) / ta, -1, 1) : null,
      ta > 0 ? clamp(f.capitals / ta, -1, 1) : null,
      ta > 0 ? clamp((f.grossProfit - f.grossLoss) / ta, -1, 1) : null,
      prev && prev.year === f.year - 1 ? clamp(Math.log((Math.max(f.turnover, 0) + 1000) / (Math.max(prev.turnover, 0) + 1000)), -3, 3) : 0,
      Math.log10(1 + Math.max(f.turnover, 0)),
      Math.log(1 + Math.max(0, f.year - est)),
      ys.slice(-3).filter((y) => y.netLoss > 0).length,
    ];
  }

  let last: number;
  let caen: string;
  const made: Made[] = [];

  beforeAll(async () => {
    [{ last }] = await sql<{ last: number }>('SELECT max(year)::int AS last FROM financial_year');
    // A class no other company has: its quartiles and market shares come from these companies only.
    [{ caen }] = await sql<{ caen: string }>(
      `SELECT lpad(n::text, 4, '0') AS caen FROM generate_series(9990, 9999) n
       WHERE NOT EXISTS (SELECT 1 FROM company WHERE caen_code = lpad(n::text, 4, '0')) LIMIT 1`,
    );
    const specs: Omit<Made, 'cui'>[] = [
      // sound: equity, profit, growing, old
      { countyId: 1, established: '2004-05-01', years: [
        fy(last - 2, { turnover: 4_000_000, immobilised: 1_000_000, circulating: 3_000_000, debts: 800_000, capitals: 3_100_000, grossProfit: 500_000, netProfit: 420_000 }),
        fy(last - 1, { turnover: 4_500_000, immobilised: 1_100_000, circulating: 3_200_000, debts: 900_000, capitals: 3_300_000, grossProfit: 600_000, netProfit: 500_000 }),
        fy(last, { turnover: 5_200_000, immobilised: 1_200_000, circulating: 3_500_000, advance: 20_000, debts: 1_000_000, incomeAdvance: 10_000, capitals: 3_600_000, grossProfit: 700_000, netProfit: 590_000 }),
      ] },
      // distressed: negative equity, three loss years, turnover collapsing, young
      { countyId: 1, established: `${last - 2}-03-01`, years: [
        fy(last - 2, { turnover: 900_000, circulating: 300_000, debts: 500_000, capitals: -200_000, grossLoss: 100_000, netLoss: 100_000 }),
        fy(last - 1, { turnover: 300_000, circulating: 200_000, debts: 700_000, capitals: -500_000, grossLoss: 300_000, netLoss: 300_000 }),
        fy(last, { turnover: 20_000, immobilised: 10_000, circulating: 90_000, debts: 2_000_000, capitals: -1_900_000, grossLoss: 1_400_000, netLoss: 1_400_000 }),
      ] },
      // no balance sheet: the ratios are missing and scored at the mean
      { countyId: 2, established: null, years: [fy(last - 1, { turnover: 0 }), fy(last, { turnover: 50_000, netLoss: 5_000 })] },
      // a gap in the filings: no trend, the losses counted over the records, not the calendar
      { countyId: 2, established: '2015-01-10', years: [
        fy(last - 6, { turnover: 100_000, circulating: 50_000, capitals: 40_000, netLoss: 1_000 }),
        fy(last - 5, { turnover: 120_000, circulating: 60_000, capitals: 45_000, netLoss: 2_000 }),
        fy(last, { turnover: 2_000_000, circulating: 400_000, immobilised: 100_000, debts: 100_000, capitals: 380_000, grossProfit: 90_000, netProfit: 80_000 }),
      ] },
    ];
    for (const s of specs) {
      const c = await createCompany({ caenCode: caen, countyId: s.countyId });
      await sql('UPDATE company SET establishment_date = $2 WHERE cui = $1', [c.cui, s.established]);
      for (const y of s.years)
        await sql(
          `INSERT INTO financial_year (cui, year, caen_code, net_turnover, total_immobilised_assets, total_circulating_assets, expenses_in_advance,
             debts, income_in_advance, total_capitals, gross_profit, gross_loss, net_profit, net_loss)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [c.cui, y.year, caen, y.turnover, y.immobilised, y.circulating, y.advance, y.debts, y.incomeAdvance, y.capitals, y.grossProfit, y.grossLoss, y.netProfit, y.netLoss],
        );
      await sql('SELECT rf_refresh_company_facts($1)', [c.cui]);
      made.push({ ...s, cui: c.cui });
    }
    await sql('SELECT rf_refresh_risk()');
  });

  it('stores the inputs, contributions, probability, band and limit computed from the raw figures', async () => {
    const rows = await sql<Record<string, number | string | null>>('SELECT * FROM company_risk WHERE cui = ANY($1::int[]) ORDER BY cui', [made.map((m) => m.cui)]);
    expect(rows).toHaveLength(made.length);
    const bands = new Set<string>();
    for (const c of made) {
      const r = rows.find((x) => x.cui === c.cui)!;
      const inputs = expectedInputs(c);
      const f = c.years.reduce((a, b) => (b.year > a.year ? b : a));
      expect(r.year).toBe(f.year);
      RISK_INPUTS.forEach((k, j) => (inputs[j] === null ? expect(r[k]).toBeNull() : expect(Number(r[k])).toBeCloseTo(inputs[j]!, 5)));
      const x = inputs.map((v, j) => v ?? model.means[j]);
      RISK_INPUTS.forEach((k, j) => expect(Number(r[`c_${k}`])).toBeCloseTo(model.coefficients[j] * (x[j] - model.means[j]), 5));
      const p = predictProbability(model, x);
      expect(Number(r.probability)).toBeCloseTo(p, 6);
      expect(r.band).toBe(bandOf(p));
      expect(Number(r.credit_limit)).toBe(suggestCreditLimit(f.turnover, f.capitals, bandOf(p)));
      bands.add(String(r.band));
    }
    // the sound and the distressed company are not scored alike
    const p = (i: number) => Number(rows.find((x) => x.cui === made[i].cui)!.probability);
    expect(p(1)).toBeGreaterThan(p(0));
    expect(bands.size).toBeGreaterThanOrEqual(2);
  });

  it('gives the class its quartiles, its total and each company its market share', async () => {
    const latest = made.filter((c) => c.years.some((y) => y.year === last));
    const [nat] = await sql<{ companies: number; turnover_total: number; equity: number[]; liquidity: number[] }>(
      'SELECT companies, turnover_total, equity, liquidity FROM sector_benchmark WHERE caen_code = $1 AND county_id = 0 AND year = $2',
      [caen, last],
    );
    const total = latest.reduce((s, c) => s + c.years.find((y) => y.year === last)!.turnover, 0);
    expect(nat.companies).toBe(latest.length);
    expect(nat.turnover_total).toBe(total);
    const eq = latest.map((c) => expectedInputs(c)[1]).filter((v): v is number => v !== null);
    [0.25, 0.5, 0.75].forEach((q, i) => expect(nat.equity[i]).toBeCloseTo(percentile(eq, q), 5));
    const [disc] = await sql<{ age: number[]; history: number[] }>('SELECT age, history FROM sector_benchmark WHERE caen_code = $1 AND county_id = 0 AND year = $2', [caen, last]);
    [0.25, 0.5, 0.75].forEach((q, i) => {
      expect(disc.age[i]).toBeCloseTo(percentile(latest.map((c) => expectedInputs(c)[5]!), q), 5);
      expect(disc.history[i]).toBeCloseTo(percentile(latest.map((c) => expectedInputs(c)[6]!), q), 5);
    });
    const [cty] = await sql<{ companies: number; liquidity: number[]; size: number[] | null }>(
      'SELECT companies, liquidity, size FROM sector_benchmark WHERE caen_code = $1 AND county_id = 1 AND year = $2',
      [caen, last],
    );
    const county1 = latest.filter((c) => c.countyId === 1);
    expect(cty.companies).toBe(county1.length);
    expect(cty.liquidity[1]).toBeCloseTo(percentile(county1.map((c) => expectedInputs(c)[0]!), 0.5), 5);
    const shares = await sql<{ cui: number; market_share: number }>('SELECT cui, market_share FROM company_risk WHERE cui = ANY($1::int[])', [latest.map((c) => c.cui)]);
    for (const c of latest) expect(shares.find((s) => s.cui === c.cui)!.market_share).toBeCloseTo(c.years.find((y) => y.year === last)!.turnover / total, 6);
  });

  it('rescores a company whose statement changes, and writes only that', async () => {
    const c = made[0];
    await sql('UPDATE financial_year SET gross_loss = $3, gross_profit = 0, net_loss = $4, net_profit = 0 WHERE cui = $1 AND year = $2', [c.cui, last, 3_000_000, 2_500_000]);
    const f = c.years.find((y) => y.year === last)!;
    Object.assign(f, { grossLoss: 3_000_000, grossProfit: 0, netLoss: 2_500_000, netProfit: 0 });
    const [w] = await sql<{ n: string }>('SELECT rf_refresh_risk() AS n');
    // the company's row and its class's national and county rows of that year
    expect(Number(w.n)).toBeGreaterThanOrEqual(1);
    expect(Number(w.n)).toBeLessThanOrEqual(3);
    const [r] = await sql<{ profitability: number; probability: number }>('SELECT profitability, probability FROM company_risk WHERE cui = $1', [c.cui]);
    const inputs = expectedInputs(c);
    expect(r.profitability).toBeCloseTo(inputs[2]!, 5);
    expect(r.probability).toBeCloseTo(predictProbability(model, inputs.map((v, j) => v ?? model.means[j])), 6);
  });
});
