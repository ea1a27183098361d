// `npm run bench -- lighthouse`: Lighthouse (run locally in Chromium) on one company page, mobile
// (Lighthouse's default: Moto G Power, slow 4G, 4× CPU slowdown) and desktop (its desktop preset).
// Prints the performance, accessibility, best-practices and SEO scores, the main metrics, and the
// audits that cost points. Targets (issue 4): performance ≥ 90, accessibility ≥ 95, SEO 100. Then the other
// public pages (landing, search, CAEN catalogue and class page, find customers), figures only.
// Last, since one run varies by several points on this machine: the mobile performance of the two
// pages with a target (company page; advanced search, issue 17) over LIGHTHOUSE_RUNS runs (default
// 5), every score and the median. Prints figures; never fails a build.
//
// Under `npm run bench` it starts the production server (scripts/serve.mjs) on the benchmark database (production build in
// NEXT_DIST_DIR, default .next-company, like company.bench.ts). Against a server already running
// (e.g. the e2e server with the demo data):
//   npx tsx scripts/bench/lighthouse.bench.ts http://localhost:3140 [/Cautare-avansata]
// Chromium: CHROME_PATH, default /usr/bin/chromium.
//
// Signed in (issue 52, decision 093): the workspace pages a salesperson opens on a phone, mobile
// accessibility and best practices (target ≥ 95 each), as the demo account Ana:
//   npx tsx scripts/bench/lighthouse.bench.ts http://localhost:3400 --signed-in [/Companii /Emailuri-trimise]
// It signs in through the API (POST /api/Auth/login: the tokens the app keeps in localStorage and
// the page-session cookie), in a Chromium profile Lighthouse then drives with its storage kept.
// LIGHTHOUSE_EMAIL / LIGHTHOUSE_PASSWORD pick another account (default: Ana, DEMO_PASSWORD or the
// e2e server's demo password). The e2e server seeds no demo accounts: add them first with
//   DATABASE_URL=<its [e2e] DATABASE_URL> DEMO_PASSWORD='E2e-Demo#2026' npx tsx --conditions=react-server scripts/data/demo-accounts.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { withProductionServer } from './production-server';
import { E2E_DEMO_PASSWORD } from '../../tests/e2e/support/credentials';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Public pages measured after the company page (no targets, figures only). */
const OTHER_PAGES = ['/', '/Cautare-avansata', '/Coduri-caen', '/Coduri-caen/4120', '/Gaseste-clienti?q=ciment'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

type Audit = { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string };
type Lhr = {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
};


/** A company page with figures: the first company of the list, at its canonical address. */
async function companyPage(base: string): Promise<string> {
  const list = (await (await fetch(`${base}/api/Company/getCompanies?PageSize=1`)).json()) as { Items: Array<{ Cui: number }> };
  const cui = list.Items[0]?.Cui;
  if (!cui) throw new Error('no company in the database');
  const res = await fetch(`${base}/company-details/${cui}`, { redirect: 'manual' });
  return new URL(res.headers.get('location') ?? `/company-details/${cui}`, base).href;
}

/** Lighthouse mobile, performance only, `runs` times on each page: every score and the medians. */
async function mobileMedians(urls: string[], runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5)) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  console.log(`\nLighthouse mobile, performance over ${runs} runs (target ≥ 90 on the median):`);
  for (const url of urls) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const rows: Array<{ score: number; lcp: number; tbt: number; fcp: number }> = [];
    try {
      await fetch(url).then((r) => r.text());
      for (let i = 0; i < runs; i++) {
        const lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))?.lhr as unknown as Lhr & {
          audits: Record<string, Audit & { numericValue?: number }>;
        };
        const n = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        rows.push({ score: Math.round((lhr.categories.performance.score ?? 0) * 100), lcp: n('largest-contentful-paint'), tbt: n('total-blocking-time'), fcp: n('first-contentful-paint') });
      }
    } finally {
      chrome.kill();
    }
    const median = (k: keyof (typeof rows)[number]) => [...rows.map((r) => r[k])].sort((a, b) => a - b)[Math.floor(rows.length / 2)];
    console.log(`  ${url}\n    runs ${rows.map((r) => r.score).join(' ')} → median ${median('score')}; LCP ${(median('lcp') / 1000).toFixed(1)} s, TBT ${Math.round(median('tbt'))} ms, FCP ${(median('fcp') / 1000).toFixed(1)} s`);
  }
}

/** Runs Lighthouse on `pageUrl` (mobile default and desktop preset) and prints the scores. */
async function lighthouseScores(pageUrl: string, withTargets = true) {
  // ESM-only packages, loaded from this CommonJS script.
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');

  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results: Record<string, Record<string, number | null>> = {};
  try {
    for (const [form, config] of [['mobile', undefined], ['desktop', desktopConfig]] as const) {
      // One warm-up load (compiles nothing in production, but fills the server's and the OS caches).
      await fetch(pageUrl).then((r) => r.text());
      const result = await lighthouse(pageUrl, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }, config);
      const lhr = result?.lhr as unknown as Lhr | undefined;
      if (!lhr) throw new Error('Lighthouse returned no result');
      // LIGHTHOUSE_OUT=dir keeps the full reports (lighthouse-mobile.json, lighthouse-desktop.json).
      if (process.env.LIGHTHOUSE_OUT) writeFileSync(path.join(process.env.LIGHTHOUSE_OUT, `lighthouse-${form}.json`), JSON.stringify(lhr));
      if (lhr.runtimeError) console.log(`  ${form}: runtime error: ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score! * 100)]));
      results[form] = scores;
      console.log(`\nLighthouse ${form} — ${lhr.finalDisplayedUrl}`);
      console.log(`  ${CATEGORIES.map((c) => `${c} ${scores[c] ?? '–'}`).join('   ')}`);
      console.log(`  ${METRICS.map((m) => `${lhr.audits[m]?.title ?? m}: ${lhr.audits[m]?.displayValue ?? '–'}`).join('; ')}`);
      // What costs points: failed weighted audits of every category, and the performance opportunities.
      for (const c of CATEGORIES) {
        const failed = lhr.categories[c].auditRefs
          .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
          .filter(({ ref, audit }) => audit && audit.score !== null && audit.score < 0.9 && (ref.weight > 0 || c === 'performance') && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'manual');
        for (const { audit } of failed) console.log(`    [${c}] ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''} — score ${audit.score}`);
      }
    }
  } finally {
    chrome.kill();
  }
  const targets = (s: Record<string, number | null>) =>
    [(s.performance ?? 0) >= 90 ? null : 'performance < 90', (s.accessibility ?? 0) >= 95 ? null : 'accessibility < 95', s.seo === 100 ? null : 'SEO < 100'].filter(Boolean).join(', ') || 'all targets met';
  if (withTargets) for (const [form, s] of Object.entries(results)) console.log(`\n${form}: ${targets(s)} (targets: performance ≥ 90, accessibility ≥ 95, SEO 100)`);
  return results;
}

/** The signed-in pages of issue 52 with targets, and the categories measured there. */
const SIGNED_IN_PAGES = ['/Companii', '/Emailuri-trimise'];
const SIGNED_IN_CATEGORIES = ['accessibility', 'best-practices'] as const;

/**
 * Lighthouse mobile (accessibility, best practices) on `paths` as a signed-in user. Playwright's
 * Chromium holds the session in a persistent profile with a debugging port; Lighthouse attaches
 * to that port and is told not to clear the storage, so its tab opens the page signed in.
 */
async function signedInScores(base: string, paths: string[]) {
  const { default: lighthouse } = await import('lighthouse');
  const { chromium } = await import('@playwright/test');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const email = process.env.LIGHTHOUSE_EMAIL ?? 'ana.popescu@demo.radarfirme.ro';
  const password = process.env.LIGHTHOUSE_PASSWORD ?? process.env.DEMO_PASSWORD ?? E2E_DEMO_PASSWORD;
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = mkdtempSync(path.join(tmpdir(), 'rf-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results: Record<string, Record<string, number | null>> = {};
  try {
    const login = await context.request.post(`${base}/api/Auth/login`, { data: { Email: email, Password: password } });
    if (!login.ok()) throw new Error(`sign-in of ${email}: HTTP ${login.status()}`);
    const tokens = (await login.json()) as { AccessToken: string; RefreshToken: string };
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.evaluate((t) => {
      localStorage.setItem('AccessToken', t.AccessToken);
      localStorage.setItem('RefreshToken', t.RefreshToken);
    }, tokens);
    console.log(`\nLighthouse mobile, signed in as ${email} (targets: accessibility ≥ 95, best practices ≥ 95):`);
    for (const p of paths) {
      const url = base + p;
      const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...SIGNED_IN_CATEGORIES], disableStorageReset: true });
      const lhr = result?.lhr as unknown as Lhr | undefined;
      if (!lhr) throw new Error('Lighthouse returned no result');
      if (process.env.LIGHTHOUSE_OUT) writeFileSync(path.join(process.env.LIGHTHOUSE_OUT, `lighthouse-signed-in${p.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
      if (lhr.runtimeError) console.log(`  ${p}: runtime error: ${lhr.runtimeError.message}`);
      const scores = Object.fromEntries(SIGNED_IN_CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score! * 100)]));
      results[p] = scores;
      // A redirect to the home page means the session did not hold: the scores would be the public page's.
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      console.log(`  ${p}${landed === p ? '' : ` (ended on ${landed}: NOT signed in?)`}: ${SIGNED_IN_CATEGORIES.map((c) => `${c} ${scores[c] ?? '–'}`).join('   ')}`);
      for (const c of SIGNED_IN_CATEGORIES) {
        for (const ref of lhr.categories[c].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (audit && audit.score !== null && audit.score < 1 && ref.weight > 0 && !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) {
            console.log(`    [${c}] ${audit.id}: ${audit.title} — score ${audit.score}`);
          }
        }
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  const missed = Object.entries(results).flatMap(([p, s]) => SIGNED_IN_CATEGORIES.filter((c) => (s[c] ?? 0) < 95).map((c) => `${p} ${c}`));
  console.log(missed.length ? `\nbelow 95: ${missed.join(', ')}` : '\nall signed-in targets met');
  return results;
}

export default async function run({ url }: { url: string }) {
  await withProductionServer({ name: 'lighthouse', databaseUrl: url, port: Number(process.env.BENCH_PORT ?? 3131) }, async (base) => {
    const company = await companyPage(base);
    await lighthouseScores(company);
    // The other public pages, for information (the issue's targets are set for the company page).
    for (const p of OTHER_PAGES) await lighthouseScores(base + p, false);
    await mobileMedians([company, `${base}/Cautare-avansata`]);
  });
}

// Standalone, against a running server: npx tsx scripts/bench/lighthouse.bench.ts http://localhost:3140
if (require.main === module) {
  // A path after the address measures that page only: … http://localhost:3140 /Cautare-avansata
  const base = (process.argv[2] ?? process.env.LIGHTHOUSE_BASE ?? 'http://localhost:3140').replace(/\/$/, '');
  const only = process.argv[3];
  const signedIn = only === '--signed-in';
  const signedInPaths = process.argv.slice(4);
  (signedIn
    ? signedInScores(base, signedInPaths.length ? signedInPaths : SIGNED_IN_PAGES)
    : only
      ? lighthouseScores(base + only, false)
      : companyPage(base).then(lighthouseScores))
    .then(() => process.exit(0))
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
