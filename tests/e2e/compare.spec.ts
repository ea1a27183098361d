// The comparison of up to five companies (issue 49): reached from a company page, companies added
// by CUI and removed, the address shared as it is, the XLSX export, and the risk and sector blocks
// of the company page (the 360 px run is compare.mobile.spec.ts). Their accessibility:
// accessibility.spec.ts (the scored company page, /Compara with three companies).
import { test, expect } from '@playwright/test';
import { companyUrl } from './support/company';
import { findScoredCompanies } from './support/risk';

test.use({ viewport: { width: 1280, height: 900 } });

test('the company page shows the score, its inputs, the limit and the sector benchmarks', async ({ page, request }) => {
  const [first] = await findScoredCompanies(request);
  await page.goto(companyUrl(first));
  const card = page.getByTestId('risk-card');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('risk-band')).toHaveText(/^[A-E]$/);
  await expect(card.getByTestId('risk-probability')).toContainText('%');
  await expect(card.getByTestId('credit-limit')).toContainText('RON');
  await expect(card.getByTestId('credit-limit-formula')).toContainText('cifra de afaceri');
  await expect(card.getByTestId('risk-inputs').locator('tbody tr')).toHaveCount(7);
  await expect(page.getByText('A doua opinie: scorul Altman')).toBeVisible();
  const sector = page.getByTestId('sector-benchmarks');
  await expect(sector.getByTestId('benchmark-table').locator('tbody tr')).toHaveCount(5);
  await expect(sector.getByTestId('market-share')).toContainText('%');
  await expect(sector.getByTestId('sector-chart').getByRole('figure')).toBeVisible();
  await expect(sector.getByTestId('sector-chart').locator('.recharts-line')).toHaveCount(2);
});

test('compare: from a company page, add and remove by CUI, share the address, export XLSX', async ({ page, request }) => {
  const [a, b, c] = await findScoredCompanies(request);
  await page.goto(companyUrl(a));
  await page.getByTestId('compare-link').click();
  await expect(page).toHaveURL(new RegExp(`/Compara\\?cui=${a.Cui}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Compară firme' })).toBeVisible();

  for (const next of [b, c]) {
    await page.getByLabel('Adăugați o firmă după CUI').fill(String(next.Cui));
    await page.getByRole('button', { name: 'Adaugă' }).click();
    await expect(page.getByTestId('compare-summary-table').locator('thead th')).toHaveCount(1 + [a, b, c].indexOf(next) + 1);
  }
  const summary = page.getByTestId('compare-summary-table');
  for (const x of [a, b, c]) await expect(summary.getByRole('link', { name: x.Name, exact: true })).toBeVisible();
  await expect(page.getByTestId('compare-years-table')).toBeVisible();

  // The address is the whole state: a new page opened on it shows the same companies.
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(other.getByTestId('compare-summary-table').locator('thead th')).toHaveCount(4);
  await other.close();

  const download = await request.get(`/api/Company/compareExport?cui=${a.Cui},${b.Cui},${c.Cui}&format=xlsx`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toContain('spreadsheetml');
  expect((await download.body()).subarray(0, 2).toString()).toBe('PK');

  await summary.getByRole('link', { name: `Scoate ${b.Name} din comparație` }).click();
  await expect(page).toHaveURL(new RegExp(`/Compara\\?cui=${a.Cui},${c.Cui}$`));
  await expect(page.getByTestId('compare-summary-table').locator('thead th')).toHaveCount(3);
});

test('compare: six CUIs or text answer with a Romanian message, never an error page', async ({ page, request }) => {
  await page.goto('/Compara?cui=1,2,3,4,5,6');
  await expect(page.getByTestId('compare-view').getByRole('alert')).toHaveText('Se pot compara cel mult 5 firme.');
  const res = await request.get('/api/Company/compareExport?cui=abc');
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { Message: string }).Message.length).toBeGreaterThan(0);
});
