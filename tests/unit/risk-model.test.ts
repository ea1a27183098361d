// The default model's arithmetic: the fit recovers known coefficients, the AUC and the
// calibration table match hand-computed values, bands and the credit limit follow their cut-offs.
import {
  bandOf,
  calibrationTable,
  computeAuc,
  contributionsOf,
  fitLogistic,
  predictProbability,
  recalibrateIntercept,
  fitInterceptTrend,
  sigmoid,
  solveLinear,
  suggestCreditLimit,
  type Observation,
} from '@/lib/risk/model';
import { comparedCuisSchema } from '@/lib/risk/schemas';
import { computeBenchmarkRatios, type StatementFigures } from '@/lib/risk/ratios';
import { formatContribution, formatInput, toReadable } from '@/lib/risk/inputs';

/** A deterministic generator (mulberry32): the same data on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('solveLinear', () => {
  it('solves a small system', () => {
    const x = solveLinear([[2, 1], [1, 3]], [3, 5]);
    expect(x[0]).toBeCloseTo(0.8, 10);
    expect(x[1]).toBeCloseTo(1.4, 10);
  });
  it('refuses a singular system', () => {
    expect(() => solveLinear([[1, 2], [2, 4]], [1, 2])).toThrow();
  });
});

describe('fitLogistic', () => {
  it('recovers the coefficients that generated the data', () => {
    const r = rng(7);
    const truth = { intercept: -2, b: [1.5, -0.8] };
    const data: Observation[] = [];
    for (let i = 0; i < 40_000; i++) {
      const x = [r() * 2 - 1, r() * 4];
      const z = truth.intercept + truth.b[0] * x[0] + truth.b[1] * x[1];
      data.push({ x, y: r() < sigmoid(z) ? 1 : 0 });
    }
    const m = fitLogistic(data, { l2: 0 });
    expect(m.coefficients[0]).toBeCloseTo(1.5, 1);
    expect(m.coefficients[1]).toBeCloseTo(-0.8, 1);
    // the intercept is the log-odds at the means: undo the centring to compare
    const raw = m.intercept - m.coefficients[0] * m.means[0] - m.coefficients[1] * m.means[1];
    expect(raw).toBeCloseTo(-2, 1);
    expect(m.iterations).toBeLessThan(15);
  });

  it('makes contributions sum to the log-odds above the intercept', () => {
    const m = { intercept: -1, coefficients: [2, -1], means: [0.5, 1], iterations: 1 };
    const x = [1, 3];
    expect(contributionsOf(m, x)).toEqual([1, -2]);
    expect(predictProbability(m, x)).toBeCloseTo(sigmoid(-2), 12);
  });
});

describe('computeAuc', () => {
  it('is 1 for a perfect ranking, 0 for a reversed one and 0.5 for ties', () => {
    expect(computeAuc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1])).toBe(1);
    expect(computeAuc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1])).toBe(0);
    expect(computeAuc([0.5, 0.5, 0.5, 0.5], [0, 1, 0, 1])).toBe(0.5);
  });
  it('counts pairs as Mann–Whitney does', () => {
    // positives 0.4 and 0.7, negatives 0.1, 0.5, 0.6: pairs won 1 + 3 of 6
    expect(computeAuc([0.1, 0.4, 0.5, 0.6, 0.7], [0, 1, 0, 0, 1])).toBeCloseTo(4 / 6, 12);
  });
  it('is undefined without one of the classes', () => {
    expect(computeAuc([0.1, 0.2], [0, 0])).toBeNaN();
  });
});

describe('calibrationTable', () => {
  it('splits by predicted probability into groups of equal size', () => {
    const p = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
    const y: (0 | 1)[] = [0, 0, 0, 1, 0, 1, 1, 1];
    const t = calibrationTable(p, y, 2);
    expect(t).toHaveLength(2);
    expect(t[0]).toMatchObject({ count: 4, defaults: 1, from: 0.1, to: 0.4, observed: 0.25 });
    expect(t[0].predicted).toBeCloseTo(0.25, 12);
    expect(t[1]).toMatchObject({ count: 4, defaults: 3, from: 0.5, to: 0.8, observed: 0.75 });
  });
});

describe('recalibrateIntercept', () => {
  it('moves the mean prediction onto the observed rate and keeps the slopes and the ranking', () => {
    const r = rng(11);
    // the same slope, but a base rate much higher than the model's intercept says
    const m = { intercept: -4, coefficients: [1.2], means: [0], iterations: 1 };
    const data: Observation[] = [];
    for (let i = 0; i < 20_000; i++) {
      const x = [r() * 4 - 2];
      data.push({ x, y: r() < sigmoid(-1.5 + 1.2 * x[0]) ? 1 : 0 });
    }
    const observed = data.reduce((s, o) => s + o.y, 0) / data.length;
    const before = data.reduce((s, o) => s + predictProbability(m, o.x), 0) / data.length;
    const c = recalibrateIntercept(m, data);
    const after = data.reduce((s, o) => s + predictProbability(c, o.x), 0) / data.length;
    expect(before).toBeLessThan(observed / 2);
    expect(after).toBeCloseTo(observed, 8);
    expect(c.intercept).toBeCloseTo(-1.5, 1);
    expect(c.coefficients).toEqual(m.coefficients);
    const labels = data.map((o) => o.y);
    expect(computeAuc(data.map((o) => predictProbability(c, o.x)), labels)).toBeCloseTo(computeAuc(data.map((o) => predictProbability(m, o.x)), labels), 12);
  });
  it('refuses a year with no default', () => {
    const m = { intercept: -2, coefficients: [1], means: [0], iterations: 1 };
    expect(() => recalibrateIntercept(m, [{ x: [1], y: 0 }, { x: [0], y: 0 }])).toThrow();
  });
});

describe('fitInterceptTrend', () => {
  it('finds the yearly climb of the base rate', () => {
    const r = rng(5);
    const m = { intercept: -3, coefficients: [1], means: [0], iterations: 1 };
    const byYear = new Map<number, Observation[]>();
    for (const year of [2016, 2017, 2018, 2019, 2020]) {
      const obs: Observation[] = [];
      for (let i = 0; i < 8_000; i++) {
        const x = [r() * 2 - 1];
        obs.push({ x, y: r() < sigmoid(-4 + 0.4 * (year - 2016) + x[0]) ? 1 : 0 });
      }
      byYear.set(year, obs);
    }
    const t = fitInterceptTrend(m, byYear);
    expect(t.b).toBeCloseTo(0.4, 1);
    expect(t.a + t.b * 2016).toBeCloseTo(-4, 0);
  });
});

describe('bands and credit limit', () => {
  it('cuts bands at 1, 3, 8 and 20 %', () => {
    expect([0.005, 0.01, 0.029, 0.05, 0.1, 0.2, 0.9].map(bandOf)).toEqual(['A', 'B', 'B', 'C', 'D', 'E', 'E']);
  });
  it('takes the smaller of 10 % of turnover and 20 % of equity, times the band factor', () => {
    expect(suggestCreditLimit(1_000_000, 2_000_000, 'A')).toBe(100_000);
    expect(suggestCreditLimit(1_000_000, 200_000, 'C')).toBe(20_000);
    expect(suggestCreditLimit(1_000_000, -50_000, 'A')).toBe(0);
    expect(suggestCreditLimit(123_457, 10_000_000, 'B')).toBe(9_200);
    expect(suggestCreditLimit(10_000_000, 10_000_000, 'E')).toBe(0);
  });
});

describe('readable inputs', () => {
  it('turns the model scales back into percent, lei and years', () => {
    expect(toReadable('equity', 0.42)).toBeCloseTo(42, 10);
    expect(toReadable('trend', Math.log(1.5))).toBeCloseTo(50, 10);
    expect(toReadable('size', Math.log10(1_000_001))).toBeCloseTo(1_000_000, 3);
    expect(formatInput('age', Math.log(11))).toBe('10 ani');
    expect(formatInput('liquidity', null)).toBe('-');
    expect(formatContribution(0.4567)).toBe('+0,46');
    expect(formatContribution(-0.3)).toBe('−0,30');
  });
});

describe('comparedCuisSchema', () => {
  it('reads a comma list or repeated fields, drops duplicates and RO prefixes', () => {
    expect(comparedCuisSchema.parse('14399840, RO8,14399840')).toEqual([14399840, 8]);
    expect(comparedCuisSchema.parse(['1', '2,3'])).toEqual([1, 2, 3]);
  });
  it('refuses more than five, none, or text that is not a CUI', () => {
    expect(comparedCuisSchema.safeParse('1,2,3,4,5,6').error?.issues[0].message).toBe('Se pot compara cel mult 5 firme.');
    expect(comparedCuisSchema.safeParse('').success).toBe(false);
    expect(comparedCuisSchema.safeParse('1,abc').error?.issues[0].message).toContain('nu este un CUI');
    expect(comparedCuisSchema.safeParse('99999999999').success).toBe(false);
  });
});

describe('computeBenchmarkRatios (the page\'s own ratios)', () => {
  const zero: Omit<StatementFigures, 'year'> = {
    turnover: 0, immobilised: 0, circulating: 0, advance: 0, debts: 0, incomeAdvance: 0, capitals: 0, grossProfit: 0, grossLoss: 0, netProfit: 0, netLoss: 0,
  };
  it('reads the ratios of each year, oldest first, with the trend against the year before', () => {
    const r = computeBenchmarkRatios([
      { ...zero, year: 2024, turnover: 1_000_000, circulating: 500_000, debts: 100_000, capitals: 400_000, grossProfit: 60_000, netProfit: 50_000 },
      { ...zero, year: 2023, turnover: 800_000, circulating: 400_000, capitals: 300_000 },
    ]);
    expect(r.map((y) => y.year)).toEqual([2023, 2024]);
    expect(r[0].trend).toBe(0);
    expect(r[1].liquidity).toBeCloseTo(0.8, 12);
    expect(r[1].equity).toBeCloseTo(0.8, 12);
    expect(r[1].profitability).toBeCloseTo(0.12, 12);
    expect(r[1].net_margin).toBeCloseTo(0.05, 12);
    expect(r[1].trend).toBeCloseTo(Math.log(1_001_000 / 801_000), 12);
  });
  it('has no ratio without a balance sheet, clamps extremes and gives no trend across a gap', () => {
    const r = computeBenchmarkRatios([
      { ...zero, year: 2020, turnover: 10 },
      { ...zero, year: 2022, turnover: 5_000, circulating: 10, debts: 1_000_000, netLoss: 90_000 },
    ]);
    expect(r[0]).toMatchObject({ liquidity: null, equity: null, profitability: null });
    expect(r[1].liquidity).toBe(-1);
    expect(r[1].net_margin).toBe(-1);
    expect(r[1].trend).toBe(0);
  });
});
