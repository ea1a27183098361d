// What the search benchmarks share (search-large, search-load): the 3.5M-company database, a seeded
// random generator, percentiles, and the random filters of the advanced search drawn from the data
// (every filter field, both sorts, pages 1–50, a quarter with text; the same every run on the same
// data and seed).
import { loadavg } from 'node:os';
import pg from 'pg';
import { migrate } from '../db/migrate';
import { loadLargeDataset, startBenchCluster } from '../data/large';

export type Query = Record<string, string | number | boolean>;

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
export const fmt = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '-');
export const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * The 3.5M-company database: BENCH_LARGE_URL, or the embedded cluster BENCH_LARGE_DIR (default
 * /var/tmp/radarfirme-bench-large/pg) on BENCH_LARGE_PORT (54341), loaded with
 * BENCH_LARGE_COMPANIES (3,500,000) companies the first time (about 15 minutes and 11 GB).
 */
export async function openLargeDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  return openOwnBenchDatabase({
    url: process.env.BENCH_LARGE_URL,
    dir: process.env.BENCH_LARGE_DIR ?? '/var/tmp/radarfirme-bench-large/pg',
    port: Number(process.env.BENCH_LARGE_PORT ?? 54341),
    companies: Number(process.env.BENCH_LARGE_COMPANIES ?? 3_500_000),
  });
}

/**
 * A benchmark's own database: `url` when given (migrated), otherwise an embedded cluster in `dir`
 * on `port`, loaded the first time with `companies` (× `years`) by scripts/data/large.ts.
 */
export async function openOwnBenchDatabase(o: { url?: string; dir: string; port: number; companies: number; years?: number }): Promise<{ url: string; stop: () => Promise<void> }> {
  if (o.url) {
    await migrate(o.url);
    return { url: o.url, stop: async () => {} };
  }
  const db = await startBenchCluster(o.dir, o.port);
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const { rows } = await c.query(`SELECT to_regclass('_rf_bulk_load_ddl') IS NOT NULL OR NOT EXISTS (SELECT 1 FROM company) AS load`);
  await c.end();
  if (rows[0].load) {
    console.log(`[bench] se încarcă ${o.companies.toLocaleString('ro-RO')} de firme în ${o.dir} (o singură dată)…`);
    await loadLargeDataset(db.url, { companies: o.companies, ...(o.years ? { years: o.years } : {}) });
  }
  return db;
}

export type FilterSource = {
  random: () => number;
  sample: Array<{ cui: number; name: string; locality_id: number | null }>;
  words: string[];
  /** One random filter of the advanced search. */
  next: () => Query;
};

/** Reads what the filters are drawn from (counties, CAEN classes, statuses, a sample of companies). */
export async function filterSource(q: <T extends pg.QueryResultRow>(text: string) => Promise<T[]>, seed: number): Promise<FilterSource> {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const sample = await q<{ cui: number; name: string; locality_id: number | null }>(
    `SELECT cui, name, locality_id FROM company TABLESAMPLE SYSTEM (0.2) REPEATABLE (11) LIMIT 400`,
  );
  // A small set (the demo data) has too few rows for a 0.2 % sample.
  if (sample.length < 50) sample.push(...(await q<{ cui: number; name: string; locality_id: number | null }>(`SELECT cui, name, locality_id FROM company ORDER BY cui LIMIT 400`)));
  const counties = (await q<{ id: number }>('SELECT id FROM county')).map((r) => r.id);
  const caens = (await q<{ caen_code: string }>('SELECT caen_code FROM mv_caen_stats ORDER BY companies DESC LIMIT 200')).map((r) => r.caen_code);
  const statuses = (await q<{ code: number }>('SELECT code FROM company_status')).map((r) => r.code);
  const words = ['construct', 'transport', 'servicii', 'comert', 'impex', 'consulting', 'agro', 'auto', 'farmacia', 'dental', 'logistic', 'invest',
    'grup', 'prod', 'trans', 'design', 'medical', 'tech', 'soft', 'energy', 'mobila', 'food', 'green', 'euro', 'nord', 'vest', 'prima', 'nova', 'sc impex srl', 'con'];
  const empRanges = [[1, 9], [10, 49], [50, 249], [250, 100000], [1, 100], [100, 500], [0, 0], [5, 20]] as const;
  const money = [1, 50_000, 100_000, 500_000, 1_000_000, 3_000_000, 10_000_000, 50_000_000];
  const localities = sample.map((s) => s.locality_id).filter((x): x is number => x != null);
  const fields: Array<() => Query> = [
    () => ({ CountyId: pick(counties) }),
    () => ({ CountyId: 12 }),
    () => ({ PrefectureId: pick(localities) }),
    () => ({ CaenCode: random() < 0.5 ? caens[Math.floor(random() * 5)] : pick(caens) }),
    () => ({ StatusCode: random() < 0.7 ? 1048 : pick(statuses) }),
    () => ({ StatusCode: 1048 }),
    () => { const [a, b] = pick(empRanges); return { MinEmployees: a, MaxEmployees: b }; },
    () => { const a = pick(money); return random() < 0.3 ? { MinTurnover: a, MaxTurnover: 0 } : { MinTurnover: a, MaxTurnover: a * pick([2, 10, 100]) }; },
    () => { const a = pick(money); return random() < 0.3 ? { MinProfit: a, MaxProfit: 0 } : { MinProfit: a, MaxProfit: a * pick([2, 5, 10]) }; },
    () => ({ HasEmail: random() < 0.7 }),
    () => ({ HasPhone: random() < 0.7 }),
    () => ({ HasInsolvencyRisk: random() < 0.5 }),
    () => ({ HasEuropeanProjects: random() < 0.6 }),
    () => ({ HasBids: random() < 0.6 }),
  ];
  const pages = [1, 1, 1, 1, 2, 3, 5, 10, 20, 26, 35, 50];
  const next = (): Query => {
    const query: Query = { OrderBy: random() < 0.5 ? 'Profit_desc' : 'Turnover_desc', PageNumber: pick(pages) };
    const k = Math.floor(random() * 5); // 0–4 filter fields
    for (let j = 0; j < k; j++) Object.assign(query, pick(fields)());
    if (random() < 0.25) query.SearchText = random() < 0.2 ? String(pick(sample).cui).slice(0, 5) : random() < 0.6 ? pick(words) : pick(sample).name.split(/\s+/)[0];
    return query;
  };
  return { random, sample, words, next };
}

/** The five slowest requests of issue 18, always in the single-client set. */
export const SLOW_FILTERS: Query[] = [
  { StatusCode: 1048, CountyId: 12, MinTurnover: 100000, MaxTurnover: 1000000, OrderBy: 'Profit_desc', PageNumber: 26 },
  { StatusCode: 1048, MinEmployees: 1, MaxEmployees: 100, SearchText: 'construct', OrderBy: 'Turnover_desc', PageNumber: 3 },
  { StatusCode: 1048, MinEmployees: 10, MaxEmployees: 49, MinProfit: 100000, OrderBy: 'Turnover_desc', PageNumber: 5 },
  { StatusCode: 1048, MinEmployees: 1, MaxEmployees: 9, MinTurnover: 100000, MaxTurnover: 1000000, MinProfit: 100000, MaxProfit: 500000, OrderBy: 'Profit_desc' },
  { StatusCode: 1048, MinProfit: 100000, HasEmail: true, OrderBy: 'Turnover_desc' },
];

export const queryString = (query: Query) => new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
