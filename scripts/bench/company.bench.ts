// `npm run bench -- company`: the company pages on the large benchmark database.
//   1. p50/p95 of every details endpoint, calling the route handlers in-process with varied companies;
//   2. the company page's server time (p50/p95) under the production server, scripts/serve.mjs (production build in
//      NEXT_DIST_DIR, default .next-company), GET of varied company pages one at a time;
//   3. throughput of the company page with 20 concurrent clients (autocannon), req/s;
//   4. the JavaScript shipped to the company page: gzip size of the script chunks its HTML references;
//   5. the CAEN page, find customers and a sitemap file, for reference.
// Targets (issue 4): page p95 ≤ 100 ms, endpoints p95 ≤ 30 ms, JS ≤ 200 kB gzip. Prints figures;
// never fails a build.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { waitForHttp } from './production-server';
import { spawnServer } from '../server-runtime.mjs';

type Handler = (req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Stats = { n: number; p50: number; p95: number; max: number };

const ROOT = path.resolve(__dirname, '../..');

function stats(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s[s.length - 1] };
}

const fmt = (s: Stats) => `p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  max ${s.max.toFixed(1)} ms  (n=${s.n})`;

async function time(fn: () => Promise<Response>): Promise<number> {
  const t = performance.now();
  const res = await fn();
  await res.text();
  if (res.status >= 500) throw new Error(`status ${res.status}`);
  return performance.now() - t;
}

function req(pathAndQuery: string, body?: unknown): Request {
  return body === undefined
    ? new Request(`http://localhost${pathAndQuery}`)
    : new Request(`http://localhost${pathAndQuery}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

const params = (p: Record<string, string>) => ({ params: Promise.resolve(p) });


type PageScripts = {
  chunks: number;
  raw: number;
  /** Every <script src> of the HTML, gzip level 9. */
  gzip: number;
  /** Of which `<script noModule>` (Next's polyfills): never downloaded by browsers with ES modules. */
  noModule: number;
  /** What the landing page and the CAEN catalogue do not also load (the shell every page loads). */
  own: number;
  sizes: Array<{ src: string; gzip: number; noModule: boolean }>;
};

/**
 * The JavaScript a page ships: the script chunks its HTML references (<script src>), gzip level 9.
 * Reusable on any running server: `measurePageScripts('http://localhost:3140', '/company-details/…')`.
 */
async function measurePageScripts(base: string, page: string): Promise<PageScripts> {
  const tags = async (p: string) => {
    const html = await (await fetch(base + p)).text();
    const found = new Map<string, boolean>();
    for (const m of html.matchAll(/<script([^>]+)>/g)) {
      const src = /\ssrc="([^"]+\.js[^"]*)"/.exec(m[1])?.[1];
      if (src) found.set(src, /\snomodule/i.test(m[1]));
    }
    return found;
  };
  const srcs = await tags(page);
  const landing = await tags('/');
  const caen = await tags('/Coduri-caen');
  const out: PageScripts = { chunks: srcs.size, raw: 0, gzip: 0, noModule: 0, own: 0, sizes: [] };
  for (const [src, noModule] of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    const size = gzipSync(body, { level: 9 }).length;
    out.raw += body.length;
    out.gzip += size;
    if (noModule) out.noModule += size;
    out.sizes.push({ src, gzip: size, noModule });
    if (!(landing.has(src) && caen.has(src))) out.own += size;
  }
  return out;
}

export default async function run({ url }: { url: string }) {
  process.env.DATABASE_URL = url;
  const { sql, closeDb } = await import('../../server/kernel/db');
  const { slugify } = await import('../../lib/slug');

  const [{ companies }] = await sql<{ companies: number }>(`SELECT count(*)::int AS companies FROM company`);
  console.log(`data: ${companies.toLocaleString('en')} companies`);

  // Varied inputs: a random sample of companies (any size), plus companies with tenders / EU projects.
  const sample = await sql<{ cui: number; name: string; year: number | null }>(
    `SELECT cui, name, last_year AS year FROM company TABLESAMPLE SYSTEM (0.2) REPEATABLE (7) WHERE caen_code IS NOT NULL LIMIT 400`,
  );
  const withTenders = await sql<{ cui: number }>(`SELECT cui FROM company WHERE has_tenders ORDER BY importance DESC LIMIT 100`);
  const withEu = await sql<{ cui: number }>(`SELECT cui FROM company WHERE has_eu_projects ORDER BY cui LIMIT 100`);
  const pick = <T,>(a: T[], i: number) => a[i % a.length];

  const routes = {
    details: (await import('../../app/api/Company/getDetails/[cui]/route')).GET as Handler,
    byYear: (await import('../../app/api/Company/getDetailsByYear/[cui]/route')).GET as Handler,
    graphs: (await import('../../app/api/Company/getDetailsForGraphs/[cui]/route')).GET as Handler,
    graph: (await import('../../app/api/Company/getDetailsForGraph/[cui]/route')).GET as Handler,
    stats: (await import('../../app/api/Company/getCompanyStatisticsType/route')).GET as Handler,
    insolvency: (await import('../../app/api/Company/getInsolvencyByYear/[cui]/route')).GET as Handler,
    insolvencyGraph: (await import('../../app/api/Company/getInsolvencyRiskForGraph/[cui]/route')).GET as Handler,
    ranking: (await import('../../app/api/Company/getCompanyRanking/route')).GET as Handler,
    insolvencyRanking: (await import('../../app/api/Company/getInsolvencyRanking/route')).GET as Handler,
    similar: (await import('../../app/api/Company/getSimilarCompanies/route')).GET as Handler,
    tenders: (await import('../../app/api/Company/getAcqusitions/route')).POST as Handler,
    eu: (await import('../../app/api/Company/getEuropeanProjects/route')).GET as Handler,
    collaborations: (await import('../../app/api/Company/getCollaborations/route')).GET as Handler,
    top10: (await import('../../app/api/Company/getTop10Collaborations/route')).GET as Handler,
    contacts: (await import('../../app/api/Contact/getContactsByCompany/route')).GET as Handler,
    social: (await import('../../app/api/SocialMedia/getSocialMediaForCompany/route')).GET as Handler,
    byCaen: (await import('../../app/api/Company/getCompanyByCaen/[caenCode]/[pageSize]/route')).GET as Handler,
    customers: (await import('../../app/api/Company/getCompanyForCustomers/route')).GET as Handler,
  };

  const LOCATIONS = ['All', 'County', 'Prefecture'];
  const SIMILAR = ['County', 'Turnover', 'Profit', 'Employees', 'CaenCode'];
  const METRICS = ['NetTurnover', 'NetProfit', 'Employees', 'Debts'];
  const cases: Array<[string, (i: number) => Promise<Response>]> = [
    ['getDetails/{cui}', (i) => { const c = pick(sample, i).cui; return routes.details(req(`/api/Company/getDetails/${c}`), params({ cui: String(c) })); }],
    ['getDetailsByYear/{cui}', (i) => { const c = pick(sample, i); return routes.byYear(req(`/api/Company/getDetailsByYear/${c.cui}${c.year ? `?year=${c.year}` : ''}`), params({ cui: String(c.cui) })); }],
    ['getDetailsForGraphs/{cui}', (i) => { const c = pick(sample, i).cui; return routes.graphs(req(`/api/Company/getDetailsForGraphs/${c}`), params({ cui: String(c) })); }],
    ['getDetailsForGraph/{cui}', (i) => { const c = pick(sample, i).cui; return routes.graph(req(`/api/Company/getDetailsForGraph/${c}?type=Debts`), params({ cui: String(c) })); }],
    ['getCompanyStatisticsType', (i) => routes.stats(req(`/api/Company/getCompanyStatisticsType?cui=${pick(sample, i).cui}`))],
    ['getInsolvencyByYear/{cui}', (i) => { const c = pick(sample, i).cui; return routes.insolvency(req(`/api/Company/getInsolvencyByYear/${c}`), params({ cui: String(c) })); }],
    ['getInsolvencyRiskForGraph/{cui}', (i) => { const c = pick(sample, i).cui; return routes.insolvencyGraph(req(`/api/Company/getInsolvencyRiskForGraph/${c}`), params({ cui: String(c) })); }],
    ['getCompanyRanking', (i) => routes.ranking(req(`/api/Company/getCompanyRanking?cui=${pick(sample, i).cui}&orderBy=${METRICS[i % 4]}&location=${LOCATIONS[Math.floor(i / 4) % 3]}`))],
    ['getInsolvencyRanking', (i) => routes.insolvencyRanking(req(`/api/Company/getInsolvencyRanking?cui=${pick(sample, i).cui}&orderBy=InsolvencyRisk&location=${LOCATIONS[i % 3]}`))],
    ['getSimilarCompanies', (i) => routes.similar(req(`/api/Company/getSimilarCompanies?PageNumber=1&PageSize=20&CompanyCui=${pick(sample, i).cui}&OrderBy=${SIMILAR[i % 5]}`))],
    ['getAcqusitions', (i) => routes.tenders(req('/api/Company/getAcqusitions', { companyCui: pick(withTenders, i).cui, pageNumber: 1 + (i % 2), pageSize: 6, searchText: '', orderBy: i % 3 ? 'Title' : 'EstimatedValue_desc', ...(i % 4 === 0 ? { Value: { ValueName: 'valoare-estimata', MinValue: 100000, MaxValue: 0 } } : {}) }))],
    ['getEuropeanProjects', (i) => routes.eu(req(`/api/Company/getEuropeanProjects?companyCui=${pick(withEu, i).cui}&pageNumber=1&pageSize=6&searchText=&orderBy=Name`))],
    ['getCollaborations', (i) => routes.collaborations(req(`/api/Company/getCollaborations?companyCui=${pick(withTenders, i).cui}&pageNumber=1&pageSize=8&searchText=&orderBy=NumberOfCollaborations_desc`))],
    ['getTop10Collaborations', (i) => routes.top10(req(`/api/Company/getTop10Collaborations?companyCui=${pick(withTenders, i).cui}&companyName=x`))],
    ['Contact/getContactsByCompany', (i) => routes.contacts(req(`/api/Contact/getContactsByCompany?cui=${pick(sample, i).cui}`))],
    ['SocialMedia/getSocialMediaForCompany', (i) => routes.social(req(`/api/SocialMedia/getSocialMediaForCompany?cui=${pick(sample, i).cui}`))],
  ];

  console.log('\nendpoints (route handlers in-process, sequential, after 50 warm-up calls each):');
  const endpointP95: number[] = [];
  for (const [name, call] of cases) {
    for (let i = 0; i < 50; i++) await call(i + 1000);
    const ms: number[] = [];
    for (let i = 0; i < 300; i++) ms.push(await time(() => call(i)));
    const s = stats(ms);
    endpointP95.push(s.p95);
    console.log(`  ${name.padEnd(38)} ${fmt(s)}${s.p95 > 30 ? '   ← above 30 ms' : ''}`);
  }
  console.log(`  worst endpoint p95: ${Math.max(...endpointP95).toFixed(1)} ms (target ≤ 30 ms)`);

  // Lists that are not details endpoints, for reference.
  const caens = await sql<{ caen_code: string }>(`SELECT caen_code FROM company WHERE caen_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 40`);
  const { CUSTOMER_ORDER_VALUES: ORDERS } = await import('../../lib/company-rules');
  const caenCall = (i: number) => { const c = pick(caens, i).caen_code; return routes.byCaen(req(`/api/Company/getCompanyByCaen/${c}/20?pageNumber=${1 + (i % 3)}&orderBy=${ORDERS[i % 4]}`), params({ caenCode: c, pageSize: '20' })); };
  const TEXTS = ['mobilier de birou', 'pâine', 'software de contabilitate', 'servicii de curățenie', 'ciment', 'transport marfă', 'echipamente medicale', 'carne', 'materiale de construcții', 'îngrășăminte'];
  const custCall = (i: number) => routes.customers(req(`/api/Company/getCompanyForCustomers?SearchText=${encodeURIComponent(TEXTS[i % TEXTS.length])}&PageNumber=1&PageSize=21&OrderBy=${ORDERS[Math.floor(i / 10) % 4]}`));
  for (const [name, call] of [['getCompanyByCaen (40 largest classes)', caenCall], ['getCompanyForCustomers (10 texts × 4 orders)', custCall]] as const) {
    for (let i = 0; i < 20; i++) await call(i);
    const ms: number[] = [];
    for (let i = 0; i < 120; i++) ms.push(await time(() => call(i)));
    console.log(`  ${name.padEnd(38)} ${fmt(stats(ms))}`);
  }

  // The page under the production server (scripts/serve.mjs: Next behind the page cache's front).
  const distDir = process.env.NEXT_DIST_DIR ?? '.next-company';
  if (!existsSync(path.join(ROOT, distDir, 'BUILD_ID'))) {
    console.log(`\npage: no production build in ${distDir} (run NEXT_DIST_DIR=${distDir} npx next build); page figures skipped`);
    await closeDb();
    return;
  }
  const port = Number(process.env.BENCH_PORT ?? 3130);
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawnServer(ROOT, ['-p', String(port)], {
    env: { ...process.env, ANON_API_PER_MINUTE: '0', ANON_API_PER_DAY: '0', DATABASE_URL: url, NEXT_DIST_DIR: distDir, NODE_ENV: 'production', APP_URL: base, DATABASE_POOL_SIZE: '20', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHttp(`${base}/api/health`, 60_000);
    const pages = sample.map((c) => `/company-details/${c.cui}/${slugify(c.name) || 'firma'}`);
    for (let i = 0; i < 40; i++) await (await fetch(base + pick(pages, i))).text();
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      const r = await fetch(base + pick(pages, i + 40));
      const html = await r.text();
      ms.push(performance.now() - t);
      bytes += html.length;
      if (r.status !== 200) throw new Error(`page ${pick(pages, i + 40)} → ${r.status}`);
    }
    const s = stats(ms);
    console.log(`\ncompany page, server time (GET, full HTML, one at a time, first visit = cold cache): ${fmt(s)}${s.p95 > 60 ? '   ← above 60 ms' : ''} (target cold p95 ≤ 60 ms); HTML ${(bytes / 300 / 1024).toFixed(0)} kB average`);

    // autocannon ships no types; only what is used here is declared.
    type AcResult = { requests: { average: number }; latency: { p50: number; p97_5: number; p99: number }; non2xx: number; errors: number };
    const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AcResult>;
    // The page cache (docs/decisions/023): every sampled page visited once, then random pages from
    // it, as a crawler asks (gzip); then the same pages as conditional requests (If-None-Match).
    const etags = new Map<string, string>();
    for (const p of pages) {
      const r = await fetch(base + p, { headers: { 'accept-encoding': 'gzip' } });
      await r.text();
      etags.set(p, r.headers.get('etag') ?? '');
    }
    const random = () => pages[Math.floor(Math.random() * pages.length)];
    const result = await autocannon({
      url: base,
      connections: 20,
      duration: 20,
      headers: { 'accept-encoding': 'gzip' },
      requests: [{ method: 'GET', setupRequest: (r: Record<string, unknown>) => ({ ...r, path: random() }) }],
    });
    console.log(
      `company page, warm cache, 20 concurrent clients for 20 s over ${pages.length} random companies: ${result.requests.average.toFixed(0)} req/s average (target ≥ 300), latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
    let notModified = 0;
    const conditional = await autocannon({
      url: base,
      connections: 20,
      duration: 15,
      requests: [
        {
          method: 'GET',
          setupRequest: (r: Record<string, unknown>) => {
            const p = random();
            return { ...r, path: p, headers: { 'if-none-match': etags.get(p) ?? '' } };
          },
          onResponse: (status: number) => {
            if (status === 304) notModified++;
          },
        },
      ],
    });
    console.log(
      `company page, conditional requests (If-None-Match), 20 clients for 15 s: ${conditional.requests.average.toFixed(0)} req/s average (target ≥ 2,000), ${notModified} answered 304, latency p50 ${conditional.latency.p50} ms, p99 ${conditional.latency.p99} ms, errors ${conditional.errors}`,
    );

    // JavaScript shipped to the company page: the script chunks its HTML references, gzipped.
    const js = await measurePageScripts(base, pages[0]);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    console.log(
      `company page JavaScript: ${js.chunks} script chunks, ${(js.raw / 1024).toFixed(0)} kB raw, ${kb(js.gzip)} gzip in all, ` +
        `${kb(js.gzip - js.noModule)} without the noModule polyfills (${kb(js.noModule)}, not downloaded by browsers with ES modules)` +
        `${js.gzip - js.noModule > 200 * 1024 ? '   ← above 200 kB' : ''} (target ≤ 200 kB); ` +
        `${kb(js.own)} of it is the company page's own, the rest the shell every page loads`,
    );

    const t = performance.now();
    const idx = await (await fetch(`${base}/sitemap.xml`)).text();
    const first = /<loc>[^<]*\/sitemaps\/(companies-\d+\.xml)<\/loc>/.exec(idx)?.[1];
    const tIndex = performance.now() - t;
    if (first) {
      const t2 = performance.now();
      const xml = await (await fetch(`${base}/sitemaps/${first}`)).text();
      console.log(`sitemap: index ${tIndex.toFixed(0)} ms (${(idx.match(/<sitemap>/g) ?? []).length} files); ${first}: ${(xml.match(/<url>/g) ?? []).length} URLs in ${(performance.now() - t2).toFixed(0)} ms`);
    }
  } finally {
    server.kill('SIGTERM');
    await closeDb();
  }
}
