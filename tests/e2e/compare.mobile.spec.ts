// The comparison and the company page's risk blocks at 360 px: nothing wider than the screen but
// the tables' own scrolling regions. Their accessibility at 360 px: accessibility.spec.ts.
import { test, expect } from '@playwright/test';
import { companyUrl } from './support/company';
import { findScoredCompanies } from './support/risk';

test('compare at 360 px: the page does not scroll sideways', async ({ page, request }) => {
  const [a, b, c] = await findScoredCompanies(request);
  await page.goto(`/Compara?cui=${a.Cui},${b.Cui},${c.Cui}`);
  await expect(page.getByTestId('compare-summary-table')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the risk blocks of the company page at 360 px', async ({ page, request }) => {
  const [a] = await findScoredCompanies(request);
  await page.goto(companyUrl(a));
  await expect(page.getByTestId('risk-card')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
