// Company pages in Chromium against the production build: the details page and its tabs, the
// HTML served without JavaScript, redirects, CAEN catalogue and pages, find customers (their accessibility: accessibility.spec.ts).
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { companyUrl, documentedSlug as slug } from './support/company';

type Card = { Cui: number; Name: string; CaenCode: string | null };
type Paged = { Items: Card[]; Count: number; NumberOfPages: number };
type Details = { Cui: number; Name: string; HasTenders: boolean; HasEuProjects: boolean; CaenCode: string | null };


/** Companies found through the public search API: one with several tenders and collaborations, one with EU projects. */
async function findCompanies(request: APIRequestContext): Promise<{ tenders: Details; eu: Details }> {
  const search = async (filter: string) => {
    const res = await request.get(`/api/Company/getCompanies?${filter}&OrderBy=Turnover_desc&PageNumber=1&PageSize=21`);
    expect(res.ok()).toBe(true);
    return ((await res.json()) as Paged).Items;
  };
  let tenders: Details | null = null;
  for (const c of await search('HasBids=true')) {
    const t = (await (await request.post('/api/Company/getAcqusitions', { data: { companyCui: c.Cui, pageNumber: 1, pageSize: 6 } })).json()) as Paged;
    const collab = (await (await request.get(`/api/Company/getCollaborations?companyCui=${c.Cui}&pageNumber=1&pageSize=8`)).json()) as Paged;
    if (t.Count >= 3 && collab.Count > 0) {
      tenders = (await (await request.get(`/api/Company/getDetails/${c.Cui}`)).json()) as Details;
      break;
    }
  }
  const euItems = await search('HasEuropeanProjects=true');
  expect(tenders, 'a company with tenders and collaborations').not.toBeNull();
  expect(euItems.length, 'a company with EU projects').toBeGreaterThan(0);
  const eu = (await (await request.get(`/api/Company/getDetails/${euItems[0].Cui}`)).json()) as Details;
  return { tenders: tenders!, eu };
}

let rich: Details;
let euCompany: Details;

test.beforeAll(async ({ request }) => {
  const found = await findCompanies(request);
  rich = found.tenders;
  euCompany = found.eu;
});


async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel', { name, exact: true });
}

test('a company opened from the find-customers results shows every tab', async ({ page, context }) => {
  await test.step('Find customers opens a company in a new tab', async () => {
    await page.goto('/Gaseste-clienti');
    await page.getByRole('searchbox').fill('construcții clădiri');
    await page.getByRole('button', { name: 'Caută clienți' }).click();
    const first = page.getByTestId('company-grid').locator('article').first();
    await expect(first).toBeVisible();
    const [popup] = await Promise.all([context.waitForEvent('page'), first.getByRole('link').first().click()]);
    await popup.waitForLoadState();
    await expect(popup).toHaveURL(/\/company-details\/\d+\/[a-z0-9_-]+$/);
    await expect(popup.getByRole('heading', { level: 1 })).toBeVisible();
  });

  await test.step('The company page: title, last searched, tabs, the year picker', async () => {
    await page.goto(companyUrl(rich));
    await expect(page).toHaveTitle(slug(rich.Name).split('-').filter(Boolean).join(' ').toUpperCase());
    // opening a company puts it first in the last searched companies
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('lastSearchedCompanies') ?? '[]')[0]?.Cui)).toBe(rich.Cui);
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Date financiare', 'Grafice', 'Contacte', 'Reprezentanți', 'Licitații', 'Proiecte europene', 'Colaborări']);
    await expect(page.getByRole('tab', { name: 'Date financiare' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('annual-indicators').locator('li')).toHaveCount(12);
    // The charts load when their place nears the viewport (financial-tab.tsx); the risk blocks (issue 49) put it below the fold.
    await expect(async () => {
      await page.mouse.wheel(0, 700);
      await expect(page.getByTestId('financial-charts')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    // the year picker changes the indicators
    const picker = page.getByLabel('Anul', { exact: true });
    const years = await picker.locator('option').allTextContents();
    expect(years.length, 'the company has several financial years').toBeGreaterThan(1);
    const before = await page.getByTestId('annual-indicators').textContent();
    await picker.selectOption(years[years.length - 1]);
    await expect(page.getByTestId('annual-indicators')).not.toHaveText(before ?? '');
  });

  await test.step('Grafice: metric cards, the comparison, the ranking', async () => {
    const charts = await openTab(page, 'Grafice');
    await expect(charts.getByTestId('metric-cards').locator('li').first()).toBeVisible();
    await expect(charts.getByTestId('comparison-counter')).toHaveText('1/5');
    await charts.getByTestId('metric-cards').getByRole('checkbox').nth(1).check();
    await expect(charts.getByTestId('comparison-counter')).toHaveText('2/5');
    await expect(charts.getByTestId('ranking').locator('ol li').first()).toBeVisible();
  });

  await test.step('The other tabs show their content', async () => {
    const contacts = await openTab(page, 'Contacte');
    await expect(contacts.getByTestId('contacts')).toBeVisible();

    const reps = await openTab(page, 'Reprezentanți');
    await expect(reps.getByRole('heading', { name: 'Companii similare' })).toBeVisible();

    const tenders = await openTab(page, 'Licitații');
    await expect(tenders.getByTestId('tenders-table').locator('tbody tr').first()).toBeVisible();

    const eu = await openTab(page, 'Proiecte europene');
    await expect(eu.getByTestId('eu-projects-table').or(eu.getByText('Nu există proiecte europene!'))).toBeVisible();

    const collab = await openTab(page, 'Colaborări');
    await expect(collab.getByTestId('collaborations-table').locator('tbody tr').first()).toBeVisible();
  });
});

const ron = (text: string) => (text.trim() === '-' ? null : Number(text.replace(/[^\d-]/g, '')));

test('tenders: sort by a column header and filter by amount', async ({ page }) => {
  await page.goto(companyUrl(rich));
  const panel = await openTab(page, 'Licitații');
  const table = panel.getByTestId('tenders-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const header = panel.getByRole('columnheader', { name: /Valoare estimată/ });
  await header.getByRole('button').click(); // after the default ascending title sort: descending
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(table).not.toHaveClass(/opacity-60/);
  const col = async () => (await table.locator('tbody tr td:nth-child(6)').allTextContents()).map(ron).filter((v): v is number => v != null);
  await expect.poll(async () => {
    const v = await col();
    return v.length > 0 && v.every((x, i) => i === 0 || v[i - 1] >= x);
  }).toBe(true);
  const values = await col();
  const min = values[Math.min(1, values.length - 1)];
  await panel.getByLabel('Valoare minimă').fill(String(min));
  await panel.getByRole('button', { name: 'Caută', exact: true }).last().click();
  // the one-bound rule: the maximum becomes 0 (no upper bound)
  await expect(panel.getByLabel('Valoare maximă')).toHaveValue('0');
  await expect.poll(async () => {
    const v = await col();
    return v.length > 0 && v.every((x) => x >= min);
  }).toBe(true);
});

test('EU projects: a row opens the project modal with the own contribution', async ({ page }) => {
  await page.goto(companyUrl(euCompany));
  const panel = await openTab(page, 'Proiecte europene');
  const row = panel.getByTestId('eu-projects-table').locator('tbody tr').first();
  await expect(row).toBeVisible();
  const cells = await row.locator('td').allTextContents();
  await row.locator('td').first().getByRole('button').click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  const total = ron(cells[2])!;
  const ec = ron(cells[3])!;
  await expect(modal.getByTestId('own-contribution')).toHaveText(new RegExp(`^${(total - ec).toLocaleString('de-DE')} EUR$`));
  await expect(modal.getByText(/Închis|În desfășurare/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});

test('collaborations: the network graph draws on a canvas', async ({ page }) => {
  await page.goto(companyUrl(rich));
  const panel = await openTab(page, 'Colaborări');
  await expect(panel.getByTestId('collaboration-graph').locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByTestId('network-list').locator('li').first()).toBeAttached();
});

test('without JavaScript the HTML carries the name, the CUI and the JSON-LD', async ({ request }) => {
  const res = await request.get(companyUrl(rich));
  expect(res.status()).toBe(200);
  const html = await res.text();
  const escaped = rich.Name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  expect(html.includes(rich.Name) || html.includes(escaped)).toBe(true);
  expect(html).toContain(String(rich.Cui));
  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  expect(ld).not.toBeNull();
  const data = JSON.parse(ld![1]);
  expect(data).toEqual(expect.objectContaining({ '@type': 'Organization', name: rich.Name, taxID: String(rich.Cui) }));
  expect(data.address).toEqual(expect.objectContaining({ addressCountry: 'RO' }));
  expect(html).toMatch(/<link rel="canonical" href="[^"]+\/company-details\/\d+\/[a-z0-9_-]+"/);
  expect(html).toContain('og:title');
});

test('a wrong slug or a missing one answers 301 to the canonical address', async ({ request }) => {
  for (const path of [`/company-details/${rich.Cui}/nume-gresit`, `/company-details/${rich.Cui}`]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(new URL(res.headers()['location'], 'http://x').pathname).toBe(companyUrl(rich));
  }
  // A name ending in punctuation ('… S.R.L.'): the rule's slug is canonical, the trimmed one redirects.
  const dotted = (await (await request.get('/api/Company/getCompanies?SearchText=s.r.l.&PageSize=20')).json()).Items.find((c: Details) => /\W$/.test(c.Name)) as Details;
  expect(dotted).toBeTruthy();
  expect(companyUrl(dotted)).toMatch(/-$/);
  expect((await request.get(companyUrl(dotted), { maxRedirects: 0 })).status()).toBe(200);
  const trimmed = await request.get(companyUrl(dotted).replace(/-+$/, ''), { maxRedirects: 0 });
  expect(trimmed.status()).toBe(301);
  expect(new URL(trimmed.headers()['location'], 'http://x').pathname).toBe(companyUrl(dotted));
  const missing = await request.get('/company-details/1/firma', { maxRedirects: 0 });
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Compania nu a fost găsită');
});

test('CAEN catalogue: the accordion search finds a class by words without diacritics, the class page lists its companies', async ({ page }) => {
  await page.goto('/Coduri-caen');
  await expect(page.getByRole('heading', { level: 1, name: 'Coduri CAEN' })).toBeVisible();
  await expect(page.getByTestId('caen-tree').locator(':scope > li')).toHaveCount(21);
  await page.getByRole('searchbox').fill('cultivarea orezului');
  const link = page.getByRole('link', { name: /0112\s*Cultivarea orezului/ });
  await expect(link).toBeVisible();
  await expect(page.getByTestId('caen-count')).toHaveText('1 clasă găsită');
  await page.getByRole('searchbox').fill('4711');
  await expect(page.getByRole('link', { name: /^4711/ })).toBeVisible();
  await page.getByRole('link', { name: /^4711/ }).click();
  await expect(page).toHaveURL(/\/Coduri-caen\/4711$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('4711');
  await expect(page.getByTestId('result-count')).toHaveText(/^Rezultate: [\d.]+$/);
  const cards = page.getByTestId('company-grid').locator('article');
  await expect(cards.first()).toBeVisible();
  const n = await cards.count();
  expect(n).toBeLessThanOrEqual(20);
  // 4711 (retail) is the largest class of the demo set: far more than one page of 20.
  expect(n).toBe(20);
  const more = page.getByRole('button', { name: 'Încarcă mai multe companii' });
  await expect(more).toBeVisible();
  await more.click();
  await expect.poll(() => cards.count()).toBeGreaterThan(n);
  await page.getByRole('button', { name: /Firme mici/ }).click();
  await expect(page.getByRole('button', { name: /Firme mici/ })).toHaveAttribute('aria-pressed', 'true');
});

test('find customers returns plausible companies for a product description', async ({ page }) => {
  await page.goto('/Gaseste-clienti');
  await expect(page.getByRole('heading', { level: 1, name: 'Găsește-ți clienții' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveAttribute('placeholder', 'Produsele / serviciile tale ...');
  await page.getByRole('searchbox').fill('Pâine și produse de patiserie');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('matched-caen')).toContainText('1071');
  const cards = page.getByTestId('company-grid').locator('article');
  await expect(cards.first()).toBeVisible();
  const texts = await cards.allTextContents();
  const codes = (await page.getByTestId('matched-caen').getByRole('link').allTextContents()).map((t) => t.slice(0, 4));
  // The loop checks nothing on an empty list: both lists must have entries first.
  expect(texts.length).toBeGreaterThan(0);
  expect(codes.length).toBeGreaterThan(0);
  for (const t of texts) expect(codes.some((c) => t.includes(`CAEN ${c}`)) || /p[aâ]ine|patiser/i.test(t)).toBe(true);
  await expect(page.getByTestId('result-count')).toHaveText(/^Rezultate: [1-9][\d.]*$/);
  await page.getByRole('searchbox').fill('zzqqxx');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Nu există elemente!')).toBeVisible();
});

test('similar companies: the carousel loads with its tab and the arrow moves it', async ({ page, request }) => {
  // A company with at least two similar companies in its county.
  const list = (await (await request.get('/api/Company/getCompanies?PageSize=40')).json()) as { Items: Array<{ Cui: number; Name: string }> };
  let target: { Cui: number; Name: string } | undefined;
  for (const c of list.Items) {
    const similar = await (await request.get(`/api/Company/getSimilarCompanies?PageNumber=1&PageSize=20&CompanyCui=${c.Cui}&OrderBy=County`)).json();
    if (similar.Items.length >= 2) {
      target = c;
      break;
    }
  }
  expect(target, 'a company with two similar companies').toBeTruthy();
  await page.goto(`/company-details/${target!.Cui}`);
  const reps = await openTab(page, 'Reprezentanți');
  const slides = reps.getByTestId('similar-carousel').locator('ul');
  await expect(slides.locator('li').nth(1)).toBeAttached();
  // Embla (fetched when the tab opened) moves the slides with a transform.
  await expect
    .poll(async () => {
      await reps.getByRole('button', { name: 'Companiile următoare' }).click();
      return slides.evaluate((el) => getComputedStyle(el).transform);
    })
    .not.toBe('none');
});
