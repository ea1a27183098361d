// The fiscal and risk filters of the advanced search (decision 107) on the demo: a risk band chosen
// in the panel filters the results, goes into the address and reads back from it; a VAT filter from
// a shared address shows in the summary with the honest note. Signed in, two ticked cards open the
// comparison. Their accessibility: accessibility.spec.ts.
import { test, expect, type Page } from '@playwright/test';
import { signInNewUser } from './support/accounts';
import { RISK_BAND_OPTIONS } from '../../lib/filters';

/** lib/format formatNumber for whole numbers: dots between thousands. */
const ro = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
const countHeading = (page: Page) => page.getByRole('heading', { level: 2 }).filter({ hasText: /rezultat/ });

test('a risk band from the panel filters the results and lives in the address; a shared VAT filter reads back', async ({ page, request }) => {
  // The exact counts come from the search engine, which loads after the server starts.
  await expect
    .poll(async () => ((await (await request.get('/api/Company/getCompanyFacets?RiskBand=C')).json()) as { Available: boolean }).Available, { timeout: 30_000 })
    .toBe(true);
  // The band with the most companies on this data (the model's calibration decides which bands fill).
  const counts = await Promise.all(
    RISK_BAND_OPTIONS.map(async (o) => ({ ...o, api: (await (await request.get(`/api/Company/getCompanies?RiskBand=${o.value}&PageSize=1`)).json()) as { Count: number; IsCountCapped?: boolean } })),
  );
  const band = counts.reduce((a, b) => (b.api.Count > a.api.Count ? b : a));
  const api = band.api;
  expect(api.Count).toBeGreaterThan(0);
  expect(api.IsCountCapped ?? false).toBe(false);

  await test.step(`Choose "Clasă de risc: ${band.value}" in the side panel`, async () => {
    await page.goto('/Cautare-avansata');
    await expect(page.locator('[data-slot="company-card"]').first()).toBeVisible();
    const filters = page.getByRole('complementary', { name: 'Filtre' });
    await expect(filters.getByTestId('fiscal-filter-note')).toContainText('O firmă neverificată nu apare nici la „Da”, nici la „Nu”.');
    await filters.getByRole('combobox', { name: 'Clasă de risc' }).click();
    const option = page.getByRole('option', { name: band.label });
    // The option's count (decision 115) is the count of the search it gives, with no other filter.
    await expect(option.locator('[data-facet-count]')).toHaveText(ro(api.Count));
    await option.click();
    await expect(page).toHaveURL(new RegExp(`[?&]RiskBand=${band.value}(&|$)`));
    await expect(page.getByTestId('active-filters')).toContainText(`Clasă de risc: ${band.label}`);
    await expect(countHeading(page)).toHaveText(new RegExp(`^${ro(api.Count).replace(/\./g, '\\.')} `));
  });

  await test.step('The address opened again gives the same filter', async () => {
    await page.reload();
    await expect(page.getByTestId('active-filters')).toContainText(`Clasă de risc: ${band.label}`);
    await expect(page.getByRole('complementary', { name: 'Filtre' }).getByRole('combobox', { name: 'Clasă de risc' })).toHaveText(band.label);
  });

  await test.step('A shared address with the VAT filter', async () => {
    const vat = (await (await request.get('/api/Company/getCompanies?IsVatPayer=false&PageSize=1')).json()) as { Count: number };
    await page.goto('/Cautare-avansata?IsVatPayer=false');
    await expect(page.getByTestId('active-filters')).toContainText('Plătitor de TVA: nu');
    await expect(page.getByRole('complementary', { name: 'Filtre' }).getByRole('combobox', { name: 'Plătitor de TVA' })).toHaveText('Nu');
    // The demo's checks are made as pages are opened: the count may be 0, and is the API's.
    await expect(countHeading(page)).toHaveText(new RegExp(`^${ro(vat.Count).replace(/\./g, '\\.')} `));
  });
});

test('two ticked cards open the comparison of those two companies; its address works for a visitor who is not signed in', async ({ page, browser }) => {
  await signInNewUser(page, 'Comparator', 'comparator');
  await page.goto('/Cautare-avansata');
  const cards = page.locator('[data-slot="company-card"]');
  await expect(cards.nth(1)).toBeVisible();
  const names: string[] = [];
  await test.step('Tick two cards', async () => {
    for (const i of [0, 1]) {
      const tick = cards.nth(i).getByRole('checkbox');
      const label = (await tick.evaluate((el) => el.closest('label')?.textContent ?? '')).replace(/^Selectează /, '').trim();
      names.push(label);
      await tick.check();
    }
  });
  await test.step('Compară (2) opens /Compara with both', async () => {
    await page.getByRole('link', { name: 'Compară (2)' }).click();
    await expect(page).toHaveURL(/\/Compara\?cui=\d+,\d+$/);
    for (const name of names) await expect(page.locator('main')).toContainText(name);
  });
  await test.step('The address, sent to someone without an account, shows the same comparison (decision 116)', async () => {
    const visitor = await browser.newContext();
    try {
      const other = await visitor.newPage();
      await other.goto(page.url());
      await expect(other).toHaveURL(/\/Compara\?cui=\d+,\d+$/);
      await expect(other.getByTestId('compare-summary-table').locator('thead th')).toHaveCount(3);
      for (const name of names) await expect(other.locator('main')).toContainText(name);
      await expect(other.getByTestId('compare-export-xlsx')).toBeVisible();
    } finally {
      await visitor.close();
    }
  });
});
