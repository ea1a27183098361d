// `npm run bench -- bundles`: the JavaScript each page really downloads in Chromium (every script
// response, dynamic imports included), gzip level 9, and where the email editor's code
// (GrapesJS + mjml-browser) is loaded. Issue 14 asks for the editor bundle's gzip size and for the
// public pages' JavaScript not to grow: the editor must load on the template editor and draft pages
// only. Prints figures; never fails a build (tests/e2e/bundles.spec.ts is the guard that fails).
//
// Under `npm run bench` it starts the production server (scripts/serve.mjs) from the build in
// NEXT_DIST_DIR (default .next-company, like company.bench.ts) on the benchmark database. Against a
// server already running: npx tsx scripts/bench/bundles.bench.ts http://localhost:3000
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { withProductionServer } from './production-server';

/** Code only the email editor ships: GrapesJS's own name appears in its bundle, nowhere else. */
const EDITOR_SIGNATURE = 'grapesjs';
const PUBLIC_PAGES = ['/', '/Cautare-avansata', '/Coduri-caen', '/Coduri-caen/4120', '/Gaseste-clienti?q=ciment'];
const SIGNED_IN_PAGES = ['/Template-uri', '/Drafturi-email', '/Grupuri-email', '/Template-uri/Adauga'];

type Loaded = { page: string; scripts: Map<string, { gzip: number; editor: boolean }> };

async function loadedScripts(page: Page, base: string, p: string): Promise<Loaded> {
  const scripts = new Map<string, { gzip: number; editor: boolean }>();
  const pending: Promise<void>[] = [];
  const onResponse = (res: import('@playwright/test').Response) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (body) => void scripts.set(new URL(res.url()).pathname, { gzip: gzipSync(body, { level: 9 }).length, editor: body.includes(EDITOR_SIGNATURE) }),
        () => {},
      ),
    );
  };
  page.on('response', onResponse);
  await page.goto(base + p, { waitUntil: 'networkidle' });
  // The editor page loads its chunk after hydration (next/dynamic): give it time to arrive.
  await page.waitForTimeout(p.includes('Template-uri/') ? 3000 : 500);
  page.off('response', onResponse);
  await Promise.all(pending);
  return { page: p, scripts };
}

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const sum = (s: Loaded['scripts']) => [...s.values()].reduce((a, v) => a + v.gzip, 0);

async function companyPage(base: string): Promise<string> {
  const list = (await (await fetch(`${base}/api/Company/getCompanies?PageSize=1`)).json()) as { Items: Array<{ Cui: number }> };
  if (!list.Items[0]) throw new Error('no company in the database');
  return `/company-details/${list.Items[0].Cui}`;
}

async function measureBundles(base: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const results: Loaded[] = [];
    for (const p of [...PUBLIC_PAGES, await companyPage(base)]) results.push(await loadedScripts(page, base, p));

    // A new account for the signed-in pages (tokens in localStorage, as the app keeps them).
    const id = Date.now().toString(36);
    const user = { UserName: `Bench ${id}`, Email: `bench.${id}@exemplu.ro`, Password: 'Parola#2026', ConfirmPassword: 'Parola#2026' };
    await page.request.post('/api/Account/register', { data: user });
    const tokens = await (await page.request.post('/api/Auth/login', { data: { Email: user.Email, Password: user.Password } })).json();
    await page.goto(base + '/');
    await page.evaluate((t) => {
      localStorage.setItem('AccessToken', t.AccessToken);
      localStorage.setItem('RefreshToken', t.RefreshToken);
    }, tokens);
    for (const p of SIGNED_IN_PAGES) results.push(await loadedScripts(page, base, p));

    console.log('JavaScript downloaded per page (Chromium, every script response, gzip -9):');
    console.log('page'.padEnd(44) + 'scripts'.padStart(8) + 'gzip'.padStart(12) + '  editor code');
    for (const r of results) {
      const editor = [...r.scripts.values()].some((s) => s.editor);
      console.log(r.page.slice(0, 43).padEnd(44) + String(r.scripts.size).padStart(8) + kB(sum(r.scripts)).padStart(12) + `  ${editor ? 'yes' : 'no'}`);
    }
    const list = results.find((r) => r.page === '/Template-uri')!;
    const editorPage = results.find((r) => r.page === '/Template-uri/Adauga')!;
    const extra = [...editorPage.scripts].filter(([src]) => !list.scripts.has(src));
    const editorChunks = [...editorPage.scripts.values()].filter((s) => s.editor);
    console.log(
      `\nEditor page over the template list: +${kB(extra.reduce((a, [, v]) => a + v.gzip, 0))} in ${extra.length} scripts;` +
        ` chunks with the editor's code: ${editorChunks.length}, ${kB(editorChunks.reduce((a, v) => a + v.gzip, 0))} gzip.`,
    );
    const leaks = results.filter((r) => r.page !== '/Template-uri/Adauga' && [...r.scripts.values()].some((s) => s.editor));
    console.log(leaks.length ? `Editor code ALSO loaded on: ${leaks.map((r) => r.page).join(', ')}` : 'Editor code on no other page measured.');
  } finally {
    await browser.close();
  }
}

export default async function run({ url }: { url: string }) {
  await withProductionServer({ name: 'bundles', databaseUrl: url, port: Number(process.env.BENCH_PORT ?? 3132) }, measureBundles);
}

if (require.main === module) {
  const base = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
  measureBundles(base).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
