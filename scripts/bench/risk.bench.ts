// `npm run bench -- risk`: the default model's backtest (decision 100). Fits the logistic
// regression on the earlier years of v_risk_observation and scores the later ones: prints the
// AUC (beside the Altman Z score's, the page's second opinion), the default rate by band and a
// calibration table, then fits on every year and prints the coefficients as the row of
// risk_model (a new migration adopts them). The database: RISK_BENCH_URL, or a throwaway
// cluster seeded with RISK_BENCH_COMPANIES demo companies (default 20,000, the demo's size).
// RISK_BENCH_TEST_YEARS: how many of the last observed years are held out (default 3).
// Benchmarks print figures; they never fail.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbedded } from '../db/embedded';
import { migrate } from '../db/migrate';
import { freePort } from '../db/test-cluster';
import { prepareDatabase } from '../data/prepare';
import {
  RISK_BANDS,
  RISK_INPUTS,
  bandOf,
  calibrationTable,
  computeAuc,
  fitLogistic,
  predictProbability,
  recalibrateIntercept,
  fitInterceptTrend,
  type FittedModel,
  type Observation,
} from '../../lib/risk/model';

/** Runs without the shared 1M-company benchmark database. */
export const standalone = true;

type Row = { year: number; defaulted: boolean; altman: number | null } & Record<(typeof RISK_INPUTS)[number], number | null>;

/** Replaces a missing ratio by the mean of the present ones (the SQL scores it at the model's mean). */
function toObservations(rows: readonly Row[]): { obs: Observation[]; fill: number[] } {
  const fill = RISK_INPUTS.map((k) => {
    let s = 0;
    let n = 0;
    for (const r of rows) if (r[k] !== null) {
      s += r[k]!;
      n++;
    }
    return n ? s / n : 0;
  });
  return { obs: rows.map((r) => ({ x: RISK_INPUTS.map((k, j) => r[k] ?? fill[j]), y: r.defaulted ? 1 : 0 })), fill };
}

const pct = (v: number, d = 2) => `${(v * 100).toFixed(d)} %`;

export function printModel(m: FittedModel) {
  console.log(`  intercept ${m.intercept.toFixed(4)}`);
  RISK_INPUTS.forEach((k, j) => console.log(`  ${k.padEnd(14)} b = ${m.coefficients[j].toFixed(4).padStart(9)}   medie = ${m.means[j].toFixed(4)}`));
}

export async function runRiskBacktest(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const t0 = Date.now();
    const { rows } = await client.query<Row>(
      `SELECT o.year, o.defaulted, f.insolvency_score AS altman, ${RISK_INPUTS.map((k) => `o.${k}`).join(', ')}
       FROM v_risk_observation o JOIN financial_year f ON f.cui = o.cui AND f.year = o.year`,
    );
    const companies = (await client.query<{ n: string }>('SELECT count(DISTINCT cui) AS n FROM v_risk_observation')).rows[0].n;
    console.log(`observații: ${rows.length.toLocaleString('ro-RO')} (firme × ani), ${Number(companies).toLocaleString('ro-RO')} de firme, citite în ${Date.now() - t0} ms`);
    const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b);
    const held = Number(process.env.RISK_BENCH_TEST_YEARS ?? 3);
    const split = years[years.length - held - 1];
    const train = rows.filter((r) => r.year <= split);
    const test = rows.filter((r) => r.year > split);
    const trainDefaults = train.filter((r) => r.defaulted).length;
    const testDefaults = test.filter((r) => r.defaulted).length;
    console.log(`ajustare: anii ${years[0]}–${split}, ${train.length} observații, ${trainDefaults} intrări în default`);
    console.log(`test:     anii ${split + 1}–${years[years.length - 1]}, ${test.length} observații, ${testDefaults} intrări în default`);

    // The large benchmark shape (`data:large`, every company filing every year of its window) has
    // no company that stops: nothing to fit on. Say so instead of printing a degenerate model.
    if (trainDefaults === 0 || testDefaults === 0) {
      console.log('fără intrări în default în anii de ajustare sau de test: setul nu are istoric pe care să se ajusteze modelul (folosiți setul demonstrativ)');
      return { auc: NaN, observations: rows.length, defaults: trainDefaults + testDefaults };
    }
    const t1 = Date.now();
    const { obs: trainObs, fill } = toObservations(train);
    const model = fitLogistic(trainObs);
    console.log(`model ajustat în ${Date.now() - t1} ms (${model.iterations} iterații Newton)`);
    printModel(model);

    // The base rate of the latest training year, not the average of the window: the slopes rank,
    // the intercept says how many default (decision 111).
    const latestTrain = trainObs.filter((o, i) => train[i].year === split);
    const recalibrated = recalibrateIntercept(model, latestTrain);
    console.log(`intercept recalibrat pe anul ${split} (${latestTrain.length} observații, rata ${pct(latestTrain.filter((o) => o.y === 1).length / latestTrain.length)}): ${model.intercept.toFixed(4)} → ${recalibrated.intercept.toFixed(4)}`);

    // The other way: a straight line through each training year's intercept, extrapolated to the
    // test row's year (a forecast of the base rate; printed beside, not adopted: decision 111).
    const trainByYear = new Map<number, Observation[]>();
    trainObs.forEach((o, i) => trainByYear.set(train[i].year, [...(trainByYear.get(train[i].year) ?? []), o]));
    const trend = fitInterceptTrend(model, trainByYear);
    console.log(`tendința interceptului pe anii de ajustare: ${trend.a.toFixed(3)} + ${trend.b.toFixed(4)} × an`);

    const testX = test.map((r) => RISK_INPUTS.map((k, j) => r[k] ?? fill[j]));
    const labels = test.map((r) => (r.defaulted ? 1 : 0) as 0 | 1);
    const raw = testX.map((x) => predictProbability(model, x));
    const probs = testX.map((x) => predictProbability(recalibrated, x));
    const trended = testX.map((x, i) => predictProbability({ ...model, intercept: trend.a + trend.b * test[i].year }, x));
    const auc = computeAuc(probs, labels);
    // Altman: a higher score is a lower risk, so its risk is the negated score (no score: the worst).
    const altman = test.map((r) => (r.altman === null ? Infinity : -r.altman));
    const testCompanies = (await client.query<{ n: string }>('SELECT count(DISTINCT cui) AS n FROM v_risk_observation WHERE year > $1', [split])).rows[0].n;
    console.log(`\nAUC pe anii de test (${Number(testCompanies).toLocaleString('ro-RO')} de firme, ${test.length} firme×ani, ${testDefaults} intrări în default): model ${auc.toFixed(3)} · Altman Z ${computeAuc(altman, labels).toFixed(3)}`);

    console.log('\npe an (anii de test): prezis fără recalibrare, recalibrat pe ultimul an, cu tendința ratei de bază, observat');
    console.log('  an    firme×ani  default  prezis brut  prezis recalibrat  cu tendință  observat');
    for (const y of years.filter((v) => v > split)) {
      const idx = test.map((r, i) => i).filter((i) => test[i].year === y);
      const d = idx.filter((i) => labels[i] === 1).length;
      const mean = (a: number[]) => idx.reduce((s, i) => s + a[i], 0) / Math.max(1, idx.length);
      console.log(`  ${y}  ${String(idx.length).padStart(9)}  ${String(d).padStart(7)}  ${pct(mean(raw)).padStart(11)}  ${pct(mean(probs)).padStart(17)}  ${pct(mean(trended)).padStart(11)}  ${pct(d / Math.max(1, idx.length)).padStart(8)}`);
    }

    console.log('\nrata de default pe bandă (anii de test, modelul recalibrat):');
    console.log('  bandă  firme×ani  default  rată observată  probabilitate medie');
    for (const b of RISK_BANDS) {
      const idx = probs.map((p, i) => i).filter((i) => bandOf(probs[i]) === b.band);
      const d = idx.filter((i) => labels[i] === 1).length;
      const mean = idx.reduce((s, i) => s + probs[i], 0) / Math.max(1, idx.length);
      console.log(`  ${b.band}      ${String(idx.length).padStart(9)}  ${String(d).padStart(7)}  ${(idx.length ? pct(d / idx.length) : '-').padStart(14)}  ${pct(mean).padStart(19)}`);
    }

    console.log('\ncalibrare (decile după probabilitate, anii de test, modelul recalibrat):');
    console.log('  decila  interval              firme×ani  default  prezis    observat');
    calibrationTable(probs, labels).forEach((c, i) =>
      console.log(`  ${String(i + 1).padStart(6)}  ${pct(c.from, 1).padStart(8)} – ${pct(c.to, 1).padEnd(9)}  ${String(c.count).padStart(9)}  ${String(c.defaults).padStart(7)}  ${pct(c.predicted).padStart(8)}  ${pct(c.observed).padStart(8)}`),
    );
    const observedRate = testDefaults / Math.max(1, test.length);
    const mean = (a: number[]) => a.reduce((s, p) => s + p, 0) / Math.max(1, a.length);
    console.log(`  total: prezis ${pct(mean(probs))} (fără recalibrare ${pct(mean(raw))}, cu tendința ratei de bază ${pct(mean(trended))}), observat ${pct(observedRate)}`);
    console.log('\ncalibrare cu tendința ratei de bază (decile, anii de test):');
    console.log('  decila  firme×ani  default  prezis    observat');
    calibrationTable(trended, labels).forEach((c, i) =>
      console.log(`  ${String(i + 1).padStart(6)}  ${String(c.count).padStart(9)}  ${String(c.defaults).padStart(7)}  ${pct(c.predicted).padStart(8)}  ${pct(c.observed).padStart(8)}`),
    );

    // The model the product uses: slopes fitted on every observed year, the intercept on the latest.
    const all = toObservations(rows);
    const fitted = fitLogistic(all.obs);
    const lastYear = years[years.length - 1];
    const full = recalibrateIntercept(fitted, all.obs.filter((o, i) => rows[i].year === lastYear));
    const fullAuc = computeAuc(all.obs.map((o) => predictProbability(full, o.x)), all.obs.map((o) => o.y));
    console.log(`\nmodelul de producție (pante pe toți anii ${years[0]}–${lastYear}, ${rows.length} observații, ${trainDefaults + testDefaults} default-uri, AUC în eșantion ${fullAuc.toFixed(3)}; intercept recalibrat pe ${lastYear}: ${fitted.intercept.toFixed(4)} → ${full.intercept.toFixed(4)}):`);
    printModel(full);
    const cols = RISK_INPUTS.flatMap((k) => [`b_${k}`, `m_${k}`]);
    const vals = RISK_INPUTS.flatMap((k, j) => [full.coefficients[j].toFixed(6), full.means[j].toFixed(6)]);
    console.log('\nrândul risk_model (pentru o migrație nouă):');
    console.log(
      `INSERT INTO risk_model (fitted_on, observations, defaults, auc, intercept, ${cols.join(', ')})\n` +
        `VALUES ('backtest ${new Date().toISOString().slice(0, 10)}: ${Number(companies)} firme, anii ${years[0]}-${lastYear}, intercept pe ${lastYear}', ${rows.length}, ${trainDefaults + testDefaults}, ${fullAuc.toFixed(3)}, ${full.intercept.toFixed(6)}, ${vals.join(', ')})`,
    );
    return { auc, observations: rows.length, defaults: trainDefaults + testDefaults };
  } finally {
    await client.end();
  }
}

export default async function run() {
  const given = process.env.RISK_BENCH_URL;
  if (given) {
    await runRiskBacktest(given);
    return;
  }
  const companies = Number(process.env.RISK_BENCH_COMPANIES ?? 20_000);
  const base = mkdtempSync(path.join(process.env.RF_TEST_TMP ?? os.tmpdir(), 'radarfirme-risk-bench-'));
  chmodSync(base, 0o755);
  const db = await startEmbedded({ dataDir: path.join(base, 'pg'), port: await freePort(), durable: false, sharedBuffers: '256MB' });
  try {
    await migrate(db.url);
    const t = Date.now();
    await prepareDatabase(db.url, { demoCompanies: companies, quiet: true });
    console.log(`set demonstrativ: ${companies.toLocaleString('ro-RO')} de firme, pregătit în ${((Date.now() - t) / 1000).toFixed(1)} s`);
    await runRiskBacktest(db.url);
  } finally {
    await db.stop().catch(() => {});
    rmSync(base, { recursive: true, force: true });
  }
}
