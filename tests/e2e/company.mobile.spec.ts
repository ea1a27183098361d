// The company page and the CAEN pages at 360 px: nothing wider than the screen.
import { test, expect } from '@playwright/test';

for (const path of ['/Coduri-caen', '/Coduri-caen/4711', '/Gaseste-clienti?q=paine']) {
  test(`${path} fits a 360 px screen`, async ({ page }) => {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('a company page fits a 360 px screen and its tabs scroll sideways', async ({ page, request }) => {
  const list = await (await request.get('/api/Company/getCompanyByCaen/4711/20?pageNumber=1')).json();
  const c = list.Items[0];
  await page.goto(`/company-details/${c.Cui}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Colaborări' }).click();
  await expect(page.getByRole('tab', { name: 'Colaborări' })).toHaveAttribute('aria-selected', 'true');
});
