// Filter counts in the advanced-search panel (issue 18, decision 026): each option of a filter shows
// how many companies it gives under the other active filters, the numbers equal the API's.
import { test, expect } from '@playwright/test';

type Facets = { Available: boolean; Facets: { Count: number; Bids: Array<{ Value: boolean; Count: number }>; Counties: Array<{ Id: number; Count: number }> } };

/** lib/format formatNumber for whole numbers: dots between thousands. */
const ro = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

test('the panel shows the count of every option under the other filters; exact result count', async ({ page, request }) => {
  // Wait until the search engine of the server has loaded (it starts with the app).
  let api: Facets | null = null;
  await expect
    .poll(async () => {
      const r = await request.get('/api/Company/getCompanyFacets?MinTurnover=1&MaxTurnover=100000');
      api = (await r.json()) as Facets;
      return api.Available;
    }, { timeout: 30_000 })
    .toBe(true);
  const facets = api!.Facets;

  await page.goto('/Cautare-avansata/-/-/-/1/100000');
  await expect(page.locator('[data-slot="company-card"]').first()).toBeVisible();
  const filters = page.getByRole('complementary', { name: 'Filtre' });

  await test.step('The result count is exact (the engine), written in full', async () => {
    const heading = page.getByRole('heading', { level: 2 }).filter({ hasText: /rezultat/ });
    await expect(heading).toHaveText(new RegExp(`^${ro(facets.Count).replace(/\./g, '\\.')} (de )?rezultate?$`));
  });

  await test.step('Licitații', async () => {
    await filters.getByRole('combobox', { name: 'Licitații' }).click();
    // an option's name is its text and its count: what is seen is what is read
    const yes = page.getByRole('option', { name: `Da ${ro(facets.Bids.find((b) => b.Value)!.Count)}`, exact: true });
    const no = page.getByRole('option', { name: `Nu ${ro(facets.Bids.find((b) => !b.Value)!.Count)}`, exact: true });
    await expect(yes.locator('[data-facet-count]')).toHaveText(ro(facets.Bids.find((b) => b.Value)!.Count));
    await expect(no.locator('[data-facet-count]')).toHaveText(ro(facets.Bids.find((b) => !b.Value)!.Count));
    await no.click();
    await expect(page).toHaveURL(/HasBids=false/);
  });

  // After choosing "Nu", the turnover presets are counted under HasBids=false (their own range left out).
  const after = (await (await request.get('/api/Company/getCompanyFacets?MinTurnover=1&MaxTurnover=100000&HasBids=false')).json()) as {
    Facets: { Turnover: Array<{ Min: number; Max: number; Count: number }>; Counties: Array<{ Id: number; Count: number }> };
  };
  await filters.getByRole('combobox', { name: 'Cifra de afaceri: intervale predefinite' }).click();
  const preset = after.Facets.Turnover.find((t) => t.Min === 100000)!;
  await expect(page.getByRole('option', { name: '100.000 - 500.000' }).locator('[data-facet-count]')).toHaveText(ro(preset.Count));
  await page.keyboard.press('Escape');

  await test.step('Counties (a combobox)', async () => {
    await filters.getByRole('combobox', { name: 'Județ' }).click();
    const counted = page.locator('[cmdk-item] [data-facet-count]');
    await expect(counted.first()).toBeVisible();
    const top = after.Facets.Counties[0];
    await expect(page.locator(`[cmdk-item][data-value="${top.Id}"] [data-facet-count]`)).toHaveText(ro(top.Count));
    await page.keyboard.press('Escape');
  });
});
