// `npm run bench -- search`: suggestions, advanced search and landing statistics measured at the
// API (the route handlers called in-process, so the wrapper, zod parsing and JSON are included),
// over a few hundred varied requests built from the data itself. The same requests (a subset for
// the slow ones) also go through a naive implementation — ILIKE without an index, filters joined
// to the yearly table, COUNT(*) and OFFSET on every request, live GROUP BY — and the ratio is
// printed. Benchmarks print figures; they never fail. Targets and the raw-SQL floor of
// ../shared/PERFORMANCE.md (p50 / p95 ms, 1M companies): suggestions 2.4 / 11 (target p95 ≤ 20),
// search page + capped count 8.9 / 55 (target p95 ≤ 70), landing 0.3 / 2.9 (target p95 ≤ 10).
import pg from 'pg';
import { parseCuiQuery } from '../../lib/cui';

type Handler = (req: Request) => Promise<Response>;
type Sample = { cls: string; sub: string; ms: number; req?: Req };
type Req = { cls: 'suggestions' | 'search' | 'landing'; sub: string; path: string; handler: Handler; query: Record<string, string | number | boolean> };

const FLOOR: Record<Req['cls'], { p50: number; p95: number; target: number }> = {
  suggestions: { p50: 2.4, p95: 11, target: 20 },
  search: { p50: 8.9, p95: 55, target: 70 },
  landing: { p50: 0.3, p95: 2.9, target: 10 },
};

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

const fmt = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '-');

/** Deterministic pseudo-random choice (the same requests every run on the same data). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function timeRequest(r: Req): Promise<number> {
  const url = new URL(`http://bench.local${r.path}`);
  for (const [k, v] of Object.entries(r.query)) url.searchParams.set(k, String(v));
  const t = performance.now();
  const res = await r.handler(new Request(url));
  await res.text();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${r.path}?${url.searchParams} → ${res.status}`);
  return ms;
}

export default async function run({ url }: { url: string }) {
  process.env.DATABASE_URL = url;
  const { GET: top5 } = await import('../../app/api/Company/getTop5Companies/route');
  const { GET: companies } = await import('../../app/api/Company/getCompanies/route');
  const { GET: statistics } = await import('../../app/api/Company/getCompanyStatistics/route');
  const { GET: byDimension } = await import('../../app/api/Company/getCompaniesNumberByDimension/route');
  const { GET: topCounties } = await import('../../app/api/Location/getTopCounties/route');
  const { GET: topCaens } = await import('../../app/api/CAEN/getTopCaens/route');
  const { clearSuggestionCache } = await import('../../server/search/suggest');
  const { clearLandingCache } = await import('../../server/landing/queries');
  const { closeDb } = await import('../../server/kernel/db');

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
  const [{ n: total }] = await q<{ n: string }>('SELECT count(*) AS n FROM company');
  console.log(`Date: ${Number(total).toLocaleString('ro-RO')} firme (${url.replace(/:[^:@/]+@/, ':***@')})`);

  // ── inputs drawn from the data ──
  const random = rng(20261121);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const sample = await q<{ cui: number; name: string; county_id: number; locality_id: number; caen_code: string }>(
    `SELECT cui, name, county_id, locality_id, caen_code FROM company TABLESAMPLE SYSTEM (0.5) REPEATABLE (7) LIMIT 400`,
  );
  const big = await q<{ cui: number; name: string }>(`SELECT cui, name FROM company ORDER BY importance DESC LIMIT 300`);
  const counties = (await q<{ id: number }>('SELECT id FROM county')).map((r) => r.id);
  const caens = (await q<{ caen_code: string }>('SELECT caen_code FROM mv_caen_stats ORDER BY companies DESC')).map((r) => r.caen_code);
  const statuses = (await q<{ code: number }>('SELECT code FROM company_status')).map((r) => r.code);
  const localities = sample.map((r) => r.locality_id).filter(Boolean);

  const words = ['con', 'tra', 'ser', 'med', 'agr', 'dez', 'construct', 'transport', 'servicii', 'comert', 'impex', 'consulting', 'agro', 'auto',
    'școala', 'scoala', 'şcoala', 'construcții', 'construcţii', 'instalații', 'farmacia', 'brașov', 'timișoara', 'iași', 'cluj', 'dental', 'logistic',
    'invest', 'grup', 'prod', 'trans', 'design', 'medical', 'tech', 'soft', 'energy', 'mobila', 'food', 'green', 'euro', 'nord', 'vest', 'prima', 'nova'];
  const suggestions: string[] = [...words];
  for (const c of [...sample.slice(0, 70), ...big.slice(0, 40)]) {
    const norm = c.name.toLowerCase();
    const parts = norm.split(/\s+/);
    suggestions.push(norm.slice(0, 3), parts[0], parts.slice(0, 2).join(' ').slice(0, parts[0].length + 3));
  }
  for (const c of sample.slice(100, 130)) {
    const cui = String(c.cui);
    suggestions.push(cui.slice(0, 3), cui.slice(0, 5), cui, `RO${cui.slice(0, 6)}`);
  }
  for (const c of sample.slice(130, 150)) {
    const w = c.name.split(/\s+/)[0].toLowerCase();
    if (w.length >= 6) suggestions.push(w.slice(0, 3) + w.slice(4)); // a typo
  }
  const typeahead = [...new Set(suggestions.filter((s) => s.trim().length > 0))].slice(0, 220);

  const searchRequests: Array<{ sub: string; query: Record<string, string | number | boolean> }> = [];
  const presetsEmp = [[1, 100], [100, 500], [500, 1000], [1000, 3000], [3000, 5000], [5000, 10000]];
  const presetsMoney = [[1, 100000], [100000, 500000], [500000, 1000000], [1000000, 3000000], [3000000, 5000000], [5000000, 10000000]];
  const sizeCards = [[0, 1999999], [2000001, 10000000], [10000001, 50000000], [50000001, 0]];
  const single = (): Record<string, string | number | boolean>[] => [
    {},
    { CountyId: pick(counties) },
    { CountyId: 40 },
    { CaenCode: caens[0] },
    { CaenCode: pick(caens) },
    { PrefectureId: pick(localities) },
    { StatusCode: pick(statuses) },
    { StatusCode: 1048 },
    { HasEmail: true },
    { HasEmail: false },
    { HasPhone: true },
    { HasInsolvencyRisk: true },
    { HasInsolvencyRisk: false },
    { HasEuropeanProjects: true },
    { HasEuropeanProjects: false },
    { HasBids: true },
    { HasBids: false },
    (() => { const [a, b] = pick(presetsEmp); return { MinEmployees: a, MaxEmployees: b }; })(),
    (() => { const [a, b] = pick(presetsMoney); return { MinTurnover: a, MaxTurnover: b }; })(),
    (() => { const [a, b] = pick(presetsMoney); return { MinProfit: a, MaxProfit: b }; })(),
    (() => { const [a, b] = pick(sizeCards); return { MinTurnover: a, MaxTurnover: b }; })(),
  ];
  for (const order of ['Profit_desc', 'Turnover_desc']) {
    for (let round = 0; round < 3; round++) for (const f of single()) searchRequests.push({ sub: 'un filtru', query: { ...f, OrderBy: order } });
  }
  for (let i = 0; i < 60; i++) {
    const pool = single().slice(1);
    const n = 2 + Math.floor(random() * 3);
    const combo: Record<string, string | number | boolean> = { OrderBy: random() < 0.5 ? 'Profit_desc' : 'Turnover_desc' };
    for (let k = 0; k < n; k++) Object.assign(combo, pick(pool));
    searchRequests.push({ sub: 'combinații', query: combo });
  }
  for (let i = 0; i < 30; i++) {
    const f = pick(single());
    searchRequests.push({ sub: 'pagini adânci', query: { ...f, OrderBy: random() < 0.5 ? 'Profit_desc' : 'Turnover_desc', PageNumber: pick([5, 20, 50, 100, 250, 470]) } });
  }
  for (let i = 0; i < 36; i++) {
    const text = i % 4 === 0 ? String(pick(sample).cui).slice(0, 5) : i % 4 === 1 ? pick(words) : pick(sample).name.split(/\s+/)[0];
    const extra: Record<string, string | number | boolean> = i % 3 === 0 ? { CountyId: pick(counties) } : i % 3 === 1 ? { HasPhone: true } : {};
    searchRequests.push({ sub: 'text', query: { SearchText: text, ...extra, OrderBy: i % 2 ? 'Turnover_desc' : 'Profit_desc' } });
  }

  const landingHandlers: Array<[string, Handler, string]> = [
    ['/api/Company/getCompanyStatistics', statistics, 'totaluri'],
    ['/api/Company/getCompaniesNumberByDimension', byDimension, 'mărimi'],
    ['/api/Location/getTopCounties', topCounties, 'județe'],
    ['/api/CAEN/getTopCaens', topCaens, 'CAEN'],
  ];

  const requests: Req[] = [
    ...typeahead.map((t) => ({ cls: 'suggestions' as const, sub: parseCuiQuery(t) != null ? 'CUI' : t.length <= 3 ? '3 litere' : 'cuvinte', path: '/api/Company/getTop5Companies', handler: top5, query: { searchText: t } })),
    ...searchRequests.map((r) => ({ cls: 'search' as const, sub: r.sub, path: '/api/Company/getCompanies', handler: companies, query: r.query })),
    ...Array.from({ length: 25 }, () => landingHandlers).flat().map(([path, handler, sub]) => ({ cls: 'landing' as const, sub, path, handler, query: {} })),
  ];

  // ── warm-up (connections, plans, caches of the catalog), then the measured pass ──
  for (const r of requests.filter((_, i) => i % 25 === 0)) await timeRequest(r).catch(() => 0);
  clearSuggestionCache();
  const samples: Sample[] = [];
  for (const r of requests) {
    // Cold caches: every type-ahead input is new, every landing call reads the views.
    if (r.cls === 'landing') clearLandingCache();
    try {
      samples.push({ cls: r.cls, sub: r.sub, ms: await timeRequest(r), req: r });
    } catch (e) {
      console.error(String(e));
    }
  }

  // ── the naive implementation, same inputs (a subset where one call takes seconds) ──
  const naiveSamples: Sample[] = [];
  const time = async (cls: string, sub: string, fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    naiveSamples.push({ cls, sub, ms: performance.now() - t });
  };
  const itemCols = 'c.cui, c.name, c.registration_code, c.caen_code, k.name AS caen_name, c.full_address';
  // BENCH_NAIVE=0 skips the naive pass (minutes at 3.5M).
  const naiveOn = process.env.BENCH_NAIVE !== '0';
  for (const text of typeahead.filter((_, i) => naiveOn && i % 5 === 0)) {
    await time('suggestions', '', () =>
      q(
        `SELECT ${itemCols} FROM company c LEFT JOIN caen k ON k.revision = 2 AND k.code = c.caen_code
          WHERE c.name ILIKE '%' || $1 || '%' OR c.cui::text LIKE $1 || '%' ORDER BY c.importance DESC LIMIT 5`,
        [text],
      ),
    );
  }
  const naiveWhere = (f: Record<string, string | number | boolean>, params: unknown[]) => {
    const w: string[] = [];
    const add = (sql: string, v: unknown) => {
      params.push(v);
      w.push(sql.replace('?', `$${params.length}`));
    };
    if (f.SearchText) add(`(c.name ILIKE '%' || ? || '%')`, f.SearchText);
    if (f.CountyId !== undefined) add('c.county_id = ?', f.CountyId);
    if (f.PrefectureId !== undefined) add('c.locality_id = ?', f.PrefectureId);
    if (f.CaenCode !== undefined) add('c.caen_code = ?', f.CaenCode);
    if (f.StatusCode !== undefined) add('c.status_code = ?', f.StatusCode);
    if (f.MinEmployees !== undefined) add('y.employees >= ?', f.MinEmployees);
    if (f.MaxEmployees !== undefined) add('y.employees <= ?', f.MaxEmployees);
    if (f.MinTurnover !== undefined) add('y.net_turnover >= ?', f.MinTurnover);
    if (f.MaxTurnover !== undefined && Number(f.MaxTurnover) > 0) add('y.net_turnover <= ?', f.MaxTurnover);
    if (f.MinProfit !== undefined) add('(y.net_profit - y.net_loss) >= ?', f.MinProfit);
    if (f.MaxProfit !== undefined) add('(y.net_profit - y.net_loss) <= ?', f.MaxProfit);
    if (f.HasEmail !== undefined) add(`EXISTS (SELECT 1 FROM contact t WHERE t.cui = c.cui AND t.email <> '') = ?`, f.HasEmail);
    if (f.HasPhone !== undefined) add(`EXISTS (SELECT 1 FROM contact t WHERE t.cui = c.cui AND t.phone <> '') = ?`, f.HasPhone);
    if (f.HasBids !== undefined) add('EXISTS (SELECT 1 FROM tender t WHERE t.supplier_cui = c.cui) = ?', f.HasBids);
    if (f.HasEuropeanProjects !== undefined) add('EXISTS (SELECT 1 FROM eu_project e WHERE e.cui = c.cui) = ?', f.HasEuropeanProjects);
    if (f.HasInsolvencyRisk !== undefined) add('(coalesce(y.insolvency_score, 99) < 1.8) = ?', f.HasInsolvencyRisk);
    return w.length ? `WHERE ${w.join(' AND ')}` : '';
  };
  const naiveFrom = `company c JOIN financial_year y ON y.cui = c.cui AND y.year = (SELECT max(y2.year) FROM financial_year y2 WHERE y2.cui = c.cui)`;
  for (const r of searchRequests.filter((_, i) => naiveOn && i % 8 === 0)) {
    await time('search', r.sub, async () => {
      const params: unknown[] = [];
      const where = naiveWhere(r.query, params);
      const order = r.query.OrderBy === 'Turnover_desc' ? 'y.net_turnover' : '(y.net_profit - y.net_loss)';
      const page = Number(r.query.PageNumber ?? 1);
      await q(`SELECT count(*) FROM ${naiveFrom} ${where}`, params);
      await q(`SELECT ${itemCols}, y.net_turnover, y.employees FROM ${naiveFrom} LEFT JOIN caen k ON k.revision = 2 AND k.code = c.caen_code ${where}
               ORDER BY ${order} DESC OFFSET ${(page - 1) * 21} LIMIT 21`, params);
    });
  }
  for (let i = 0; naiveOn && i < 3; i++) {
    await time('landing', 'totaluri', () => q(`SELECT (SELECT count(*) FROM company), (SELECT count(*) FROM company WHERE is_active), (SELECT count(*) FROM representative),
      (SELECT count(*) FROM contact), (SELECT count(*) FROM tender), (SELECT count(*) FROM eu_project)`));
    await time('landing', 'județe', () => q(`SELECT k.id, k.name, count(*) FROM company c JOIN county k ON k.id = c.county_id GROUP BY k.id, k.name ORDER BY 3 DESC`));
    await time('landing', 'CAEN', () => q(`SELECT c.caen_code, k.name, count(*) FROM company c LEFT JOIN caen k ON k.revision = 2 AND k.code = c.caen_code GROUP BY 1, 2 ORDER BY 3 DESC`));
    await time('landing', 'mărimi', () => q(`SELECT count(*) FILTER (WHERE turnover < 2000000), count(*) FILTER (WHERE turnover BETWEEN 2000001 AND 10000000),
      count(*) FILTER (WHERE turnover BETWEEN 10000001 AND 50000000), count(*) FILTER (WHERE turnover > 50000000) FROM company`));
  }

  // ── report ──
  const rows: string[][] = [['clasă', 'n', 'p50 ms', 'p95 ms', 'max ms', 'prag PERFORMANCE.md p50/p95', 'țintă p95', 'naiv p50/p95 (n)', 'naiv/noi p95']];
  for (const cls of ['suggestions', 'search', 'landing'] as const) {
    const ours = samples.filter((s) => s.cls === cls).map((s) => s.ms);
    const naive = naiveSamples.filter((s) => s.cls === cls).map((s) => s.ms);
    const f = FLOOR[cls];
    rows.push([
      cls,
      String(ours.length),
      fmt(percentile(ours, 50)),
      fmt(percentile(ours, 95)),
      fmt(Math.max(...ours)),
      `${f.p50} / ${f.p95}`,
      `≤ ${f.target}`,
      `${fmt(percentile(naive, 50))} / ${fmt(percentile(naive, 95))} (${naive.length})`,
      `${fmt(percentile(naive, 95) / percentile(ours, 95))}x`,
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log('| ' + r.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |');

  console.log('\nPe subclase (p50 / p95 / max, ms):');
  const subs = [...new Set(samples.map((s) => `${s.cls}:${s.sub}`))];
  for (const key of subs) {
    const [cls, sub] = key.split(':');
    const v = samples.filter((s) => s.cls === cls && s.sub === sub).map((s) => s.ms);
    console.log(`  ${cls.padEnd(12)} ${sub.padEnd(14)} n=${String(v.length).padStart(3)}  ${fmt(percentile(v, 50))} / ${fmt(percentile(v, 95))} / ${fmt(Math.max(...v))}`);
  }
  const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.BENCH_SLOWEST ?? 8));
  console.log('\nCele mai lente cereri:');
  for (const s of slowest) console.log(`  ${fmt(s.ms).padStart(7)} ms  ${s.req?.path} ${JSON.stringify(s.req?.query)}`);

  await client.end();
  await closeDb();
}
