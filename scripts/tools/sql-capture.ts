// Compares two checkouts' public read paths (issue 10: a refactor must not change what reaches
// PostgreSQL). Runs a fixed, data-drawn list of public requests (suggestions, search, company page
// and its APIs, CAEN lists, rankings) through the route handlers of the checkout in the current
// directory and writes every SQL statement (text + values) and each answer's status and size:
//   DATABASE_URL=… npx tsx --conditions=react-server <this file> out.json        (in each checkout)
//   DATABASE_URL=… TIME=label [CPU=1] npx tsx --conditions=react-server <this file>  (timings)
// Then diff the two JSON files. Copy this file outside both checkouts to run it on an old commit.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
const root = process.cwd();
const url = process.env.DATABASE_URL ?? '';
if (!url) throw new Error('DATABASE_URL is required');
const pg = require(path.join(root, 'node_modules/pg'));
let log: Array<{ text: string; values: unknown }> | null = null;
const orig = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: unknown, ...args: any[]) {
  if (log) {
    const a = args[0];
    const text = typeof a === 'string' ? a : a?.text;
    const values = typeof a === 'string' ? args[1] : a?.values ?? args[1];
    log.push({ text: String(text).replace(/\s+/g, ' ').trim(), values: values ?? null });
  }
  return orig.apply(this, args);
};
function rng(seed: number) { let s = seed >>> 0; return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; }; }
type H = (req: Request, ctx?: any) => Promise<Response>;
(async () => {
  const imp = (p: string) => import(path.join(root, p));
  const top5: H = (await imp('app/api/Company/getTop5Companies/route.ts')).GET;
  const companies: H = (await imp('app/api/Company/getCompanies/route.ts')).GET;
  const details: H = (await imp('app/api/Company/getDetails/[cui]/route.ts')).GET;
  const graphs: H = (await imp('app/api/Company/getDetailsForGraphs/[cui]/route.ts')).GET;
  const byCaen: H = (await imp('app/api/Company/getCompanyByCaen/[caenCode]/[pageSize]/route.ts')).GET;
  const ranking: H = (await imp('app/api/Company/getCompanyRanking/route.ts')).GET;
  const page = (await imp('server/company/page.ts')).getCompanyPageData as (cui: number) => Promise<unknown>;
  const suggest = await imp('server/search/suggest.ts');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = async (t: string) => (await c.query(t)).rows;
  const sample: any[] = await q(`SELECT cui, name, county_id, locality_id, caen_code FROM company ORDER BY cui LIMIT 400`);
  const counties = (await q('SELECT id FROM county ORDER BY id')).map((r: any) => r.id);
  const statuses = (await q('SELECT code FROM company_status ORDER BY code')).map((r: any) => r.code);
  const caens = (await q('SELECT DISTINCT caen_code FROM company WHERE caen_code IS NOT NULL ORDER BY 1 LIMIT 50')).map((r: any) => r.caen_code);
  await c.end();
  const random = rng(20261123);
  const pick = <T,>(l: T[]) => l[Math.floor(random() * l.length)];
  const reqs: Array<{ name: string; run: () => Promise<unknown> }> = [];
  const get = (h: H, p: string, query: Record<string, unknown>, params?: Record<string, string>) => async () => {
    const u = new URL(`http://cap.local${p}`);
    for (const [k, v] of Object.entries(query)) u.searchParams.set(k, String(v));
    const res = await h(new Request(u), params ? { params: Promise.resolve(params) } : undefined);
    return `${res.status} ${(await res.text()).length}`;
  };
  const words = ['con', 'tra', 'construct', 'transport', 'servicii', 'comert', 'impex', 'agro', 'școala', 'şcoala', 'brașov', 'invest', 'grup', 'srl construct', 'sc', 'nova'];
  for (const s of sample.slice(0, 40)) words.push(s.name.toLowerCase().slice(0, 4), String(s.cui).slice(0, 5));
  for (const w of words) reqs.push({ name: `top5 ${w}`, run: get(top5, '/api/Company/getTop5Companies', { searchText: w }) });
  const single = (): Record<string, unknown>[] => [
    {}, { CountyId: pick(counties) }, { CaenCode: pick(caens) }, { PrefectureId: pick(sample).locality_id }, { StatusCode: pick(statuses) },
    { HasEmail: true }, { HasPhone: true }, { HasInsolvencyRisk: true }, { HasEuropeanProjects: false }, { HasBids: true },
    { MinEmployees: 1, MaxEmployees: 100 }, { MinTurnover: 100000, MaxTurnover: 1000000 }, { MinProfit: 100000 }, { SearchText: pick(words) },
  ];
  for (const order of ['Profit_desc', 'Turnover_desc']) for (const f of single()) reqs.push({ name: `search ${JSON.stringify({ ...f, OrderBy: order })}`, run: get(companies, '/api/Company/getCompanies', { ...f, OrderBy: order }) });
  for (let i = 0; i < 80; i++) {
    const combo: Record<string, unknown> = { OrderBy: random() < 0.5 ? 'Profit_desc' : 'Turnover_desc', PageNumber: pick([1, 1, 2, 5, 20]) };
    for (let k = 0; k < 2 + Math.floor(random() * 3); k++) Object.assign(combo, pick(single().slice(1)));
    reqs.push({ name: `search ${JSON.stringify(combo)}`, run: get(companies, '/api/Company/getCompanies', combo) });
  }
  for (const s of sample.slice(0, 30)) {
    reqs.push({ name: `page ${s.cui}`, run: () => page(s.cui).then((r) => JSON.stringify(r).length) });
    reqs.push({ name: `details ${s.cui}`, run: get(details, `/api/Company/getDetails/${s.cui}`, {}, { cui: String(s.cui) }) });
    reqs.push({ name: `graphs ${s.cui}`, run: get(graphs, `/api/Company/getDetailsForGraphs/${s.cui}`, {}, { cui: String(s.cui) }) });
  }
  for (const code of caens.slice(0, 10)) reqs.push({ name: `byCaen ${code}`, run: get(byCaen, `/api/Company/getCompanyByCaen/${code}/10`, {}, { caenCode: code, pageSize: '10' }) });
  for (const s of sample.slice(0, 10)) reqs.push({ name: `ranking ${s.cui}`, run: get(ranking, '/api/Company/getCompanyRanking', { cui: s.cui }) });
  if (process.env.TIME) {
    const times: Record<string, number[]> = {};
    for (let round = 0; round < 3; round++) for (const r of reqs) {
      suggest.clearSuggestionCache?.();
      const t = process.env.CPU ? process.cpuUsage() : null;
      const t0 = performance.now();
      await r.run();
      const ms = t ? (() => { const d = process.cpuUsage(t); return (d.user + d.system) / 1000; })() : performance.now() - t0;
      if (round > 0) (times[r.name.split(' ')[0]] ??= []).push(ms);
    }
    const pct = (v: number[], p: number) => { const s = [...v].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
    const line = Object.entries(times).map(([k, v]) => `${k} p50 ${pct(v, 50).toFixed(2)} p95 ${pct(v, 95).toFixed(2)}`).join(' | ');
    console.log(`${process.env.TIME} ${line}`);
    process.exit(0);
  }
  const out: unknown[] = [];
  for (const r of reqs) {
    suggest.clearSuggestionCache?.();
    log = [];
    let result: unknown;
    try { result = await r.run(); } catch (e) { result = `THROW ${(e as Error).message}`; }
    out.push({ name: r.name, result, queries: log });
    log = null;
  }
  writeFileSync(process.argv[2], JSON.stringify(out, null, 1));
  console.log('requests', reqs.length, 'queries', out.reduce((n: number, o: any) => n + o.queries.length, 0));
  process.exit(0);
})();
