// The default model's arithmetic, shared by the backtest (scripts/bench/risk.bench.ts), the
// tests and the pages: a logistic regression fitted by Newton's method, its probability, the
// area under the ROC curve and a calibration table. The inputs themselves are computed in SQL
// (v_risk_input); this module never reads the database (decision 100).

/** The model's inputs, in the order of the coefficient vector (after the intercept). */
export const RISK_INPUTS = ['liquidity', 'equity', 'profitability', 'trend', 'size', 'age', 'history'] as const;
export type RiskInput = (typeof RISK_INPUTS)[number];

export type Observation = { x: readonly number[]; y: 0 | 1 };

export type FittedModel = {
  intercept: number;
  /** One coefficient per input, on the input's own scale (log-odds per unit). */
  coefficients: number[];
  /** The population mean of each input: a contribution is coefficient × (value − mean). */
  means: number[];
  iterations: number;
};

/** Solves A·x = b (A symmetric positive definite, small) by Gaussian elimination with pivoting. */
export function solveLinear(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    if (Math.abs(m[pivot][col]) < 1e-12) throw new Error('sistem singular: o variabilă nu variază');
    [m[col], m[pivot]] = [m[pivot], m[col]];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r][col] / m[col][col];
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r][c] -= f * m[col][c];
    }
  }
  return m.map((row, i) => row[n] / row[i]);
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));

/**
 * Maximum-likelihood logistic regression on mean-centred inputs (Newton–Raphson, a small ridge
 * penalty `l2` on the slopes only, so that a constant input cannot make the system singular).
 * Centring makes the intercept the log-odds of an average company and each contribution
 * b·(x − mean) readable on its own.
 */
export function fitLogistic(data: readonly Observation[], opts: { l2?: number; maxIterations?: number; tolerance?: number } = {}): FittedModel {
  if (data.length === 0) throw new Error('nicio observație');
  const k = data[0].x.length;
  const l2 = opts.l2 ?? 1e-4 * data.length;
  const means = new Array<number>(k).fill(0);
  for (const o of data) for (let j = 0; j < k; j++) means[j] += o.x[j];
  for (let j = 0; j < k; j++) means[j] /= data.length;
  const beta = new Array<number>(k + 1).fill(0);
  const rate = data.reduce((s, o) => s + o.y, 0) / data.length;
  beta[0] = Math.log(Math.max(rate, 1e-6) / Math.max(1 - rate, 1e-6));
  const row = new Array<number>(k + 1);
  let it = 0;
  for (; it < (opts.maxIterations ?? 50); it++) {
    const grad = new Array<number>(k + 1).fill(0);
    const hess = Array.from({ length: k + 1 }, () => new Array<number>(k + 1).fill(0));
    for (const o of data) {
      row[0] = 1;
      for (let j = 0; j < k; j++) row[j + 1] = o.x[j] - means[j];
      let z = 0;
      for (let j = 0; j <= k; j++) z += beta[j] * row[j];
      const p = sigmoid(z);
      const w = p * (1 - p);
      const r = o.y - p;
      for (let a = 0; a <= k; a++) {
        grad[a] += r * row[a];
        const wa = w * row[a];
        for (let b = 0; b <= a; b++) hess[a][b] += wa * row[b];
      }
    }
    for (let a = 0; a <= k; a++) for (let b = 0; b < a; b++) hess[b][a] = hess[a][b];
    for (let j = 1; j <= k; j++) {
      grad[j] -= l2 * beta[j];
      hess[j][j] += l2;
    }
    const step = solveLinear(hess, grad);
    let change = 0;
    for (let j = 0; j <= k; j++) {
      beta[j] += step[j];
      change = Math.max(change, Math.abs(step[j]));
    }
    if (change < (opts.tolerance ?? 1e-8)) {
      it++;
      break;
    }
  }
  return { intercept: beta[0], coefficients: beta.slice(1), means, iterations: it };
}

/**
 * The intercept that makes the model's mean probability on `data` equal the observed default rate
 * there, the slopes unchanged (Newton on one unknown). Applied on the latest observed year, it
 * carries the current base rate into the scores without moving the ranking (the AUC is the same):
 * the generator's default rate climbs year after year, and a fit over every year averages it away.
 */
export function recalibrateIntercept(model: FittedModel, data: readonly Observation[], maxIterations = 50): FittedModel {
  if (data.length === 0) throw new Error('nicio observație');
  const target = data.reduce((s, o) => s + o.y, 0);
  if (target === 0 || target === data.length) throw new Error('recalibrarea cere și firme în default, și firme fără');
  const offsets = data.map((o) => contributionsOf(model, o.x).reduce((s, c) => s + c, 0));
  let intercept = model.intercept;
  for (let it = 0; it < maxIterations; it++) {
    let f = -target;
    let df = 0;
    for (const z of offsets) {
      const p = sigmoid(intercept + z);
      f += p;
      df += p * (1 - p);
    }
    const step = f / df;
    intercept -= step;
    if (Math.abs(step) < 1e-10) break;
  }
  return { ...model, intercept };
}

/**
 * The base rate's trend: the intercept recalibrated on each year apart, then a straight line
 * through those intercepts (least squares weighted by the year's observations), intercept(year) =
 * a + b·year. Extrapolated one or two years ahead it follows a default rate that keeps climbing;
 * it is a forecast, so the backtest prints it beside the plain recalibration.
 */
export function fitInterceptTrend(model: FittedModel, byYear: ReadonlyMap<number, readonly Observation[]>): { a: number; b: number } {
  const points = [...byYear.entries()]
    .filter(([, obs]) => obs.some((o) => o.y === 1) && obs.some((o) => o.y === 0))
    .map(([year, obs]) => ({ year, w: obs.length, c: recalibrateIntercept(model, obs).intercept }));
  if (points.length < 2) throw new Error('tendința cere cel puțin doi ani cu firme în default');
  const w = points.reduce((s, p) => s + p.w, 0);
  const my = points.reduce((s, p) => s + p.w * p.year, 0) / w;
  const mc = points.reduce((s, p) => s + p.w * p.c, 0) / w;
  const sxy = points.reduce((s, p) => s + p.w * (p.year - my) * (p.c - mc), 0);
  const sxx = points.reduce((s, p) => s + p.w * (p.year - my) ** 2, 0);
  const b = sxy / sxx;
  return { a: mc - b * my, b };
}

/** Each input's contribution to the log-odds: coefficient × (value − mean). */
export function contributionsOf(model: FittedModel, x: readonly number[]): number[] {
  return model.coefficients.map((b, j) => b * (x[j] - model.means[j]));
}

export function predictProbability(model: FittedModel, x: readonly number[]): number {
  return sigmoid(model.intercept + contributionsOf(model, x).reduce((s, c) => s + c, 0));
}

/**
 * Area under the ROC curve: the probability that a random default scores above a random
 * survivor (ties count one half), by the rank-sum (Mann–Whitney) formula.
 */
export function computeAuc(scores: readonly number[], labels: readonly (0 | 1)[]): number {
  const idx = scores.map((s, i) => [s, labels[i]] as const).sort((a, b) => a[0] - b[0]);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j < idx.length && idx[j][0] === idx[i][0]) j++;
    const midRank = (i + 1 + j) / 2; // ranks i+1..j share their mean
    for (let t = i; t < j; t++) if (idx[t][1] === 1) {
      positives++;
      rankSum += midRank;
    }
    i = j;
  }
  const negatives = idx.length - positives;
  if (positives === 0 || negatives === 0) return NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export type CalibrationRow = { from: number; to: number; count: number; defaults: number; predicted: number; observed: number };

/** Groups of equal size by predicted probability: mean prediction beside the observed rate. */
export function calibrationTable(probabilities: readonly number[], labels: readonly (0 | 1)[], groups = 10): CalibrationRow[] {
  const order = probabilities.map((p, i) => i).sort((a, b) => probabilities[a] - probabilities[b]);
  const rows: CalibrationRow[] = [];
  for (let g = 0; g < groups; g++) {
    const slice = order.slice(Math.floor((g * order.length) / groups), Math.floor(((g + 1) * order.length) / groups));
    if (slice.length === 0) continue;
    let p = 0;
    let y = 0;
    for (const i of slice) {
      p += probabilities[i];
      y += labels[i];
    }
    rows.push({
      from: probabilities[slice[0]],
      to: probabilities[slice[slice.length - 1]],
      count: slice.length,
      defaults: y,
      predicted: p / slice.length,
      observed: y / slice.length,
    });
  }
  return rows;
}

/** The bands by probability of default within the next year (the same cut-offs as the SQL). */
export const RISK_BANDS = [
  { band: 'A', below: 0.01, label: 'Risc foarte scăzut', creditFactor: 1 },
  { band: 'B', below: 0.03, label: 'Risc scăzut', creditFactor: 0.75 },
  { band: 'C', below: 0.08, label: 'Risc moderat', creditFactor: 0.5 },
  { band: 'D', below: 0.2, label: 'Risc ridicat', creditFactor: 0.25 },
  { band: 'E', below: Infinity, label: 'Risc foarte ridicat', creditFactor: 0 },
] as const;
export type RiskBand = (typeof RISK_BANDS)[number]['band'];

export function bandOf(probability: number): RiskBand {
  return RISK_BANDS.find((b) => probability < b.below)!.band;
}

export function bandInfo(band: string) {
  return RISK_BANDS.find((b) => b.band === band) ?? null;
}

/** The share of turnover and of positive equity the suggested trade-credit limit starts from. */
export const CREDIT_TURNOVER_SHARE = 0.1;
export const CREDIT_EQUITY_SHARE = 0.2;

/**
 * Suggested trade-credit limit in lei: min(10 % of turnover, 20 % of positive equity) × the band's
 * factor, rounded down to 100 lei (the same formula as rf_refresh_risk).
 */
export function suggestCreditLimit(turnover: number, equity: number, band: RiskBand): number {
  const factor = RISK_BANDS.find((b) => b.band === band)!.creditFactor;
  const base = Math.min(CREDIT_TURNOVER_SHARE * Math.max(turnover, 0), CREDIT_EQUITY_SHARE * Math.max(equity, 0));
  return Math.floor((base * factor) / 100) * 100;
}
