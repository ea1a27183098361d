// The search at 360 px: the filters modal (≤ 1200 px) and the hamburger menu.
import { test, expect } from '@playwright/test';
import { openMobileMenu } from './support/mobile-menu';

test('filters live in a modal: a change applies at once and survives in the address', async ({ page }) => {
  const facetRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/Company/getCompanyFacets')) facetRequests.push(r.url());
  });
  await page.goto('/Cautare-avansata', { waitUntil: 'networkidle' });
  await expect(page.getByRole('complementary', { name: 'Filtre' })).toBeHidden();
  // The option counts are asked for only when a filter form is on screen (decision 029).
  expect(facetRequests).toEqual([]);
  const asked = page.waitForRequest((r) => r.url().includes('/api/Company/getCompanyFacets'));
  await page.getByRole('button', { name: /^Filtre/ }).click();
  await asked;
  const dialog = page.getByRole('dialog', { name: 'Filtre' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Angajați: intervale predefinite' }).click();
  // the option's name is its text and, once loaded, its count of results ("1 - 100 1.234")
  await page.getByRole('option', { name: /^1 - 100( [\d.]+)?$/ }).click();
  await expect(page).toHaveURL(/\/Cautare-avansata\/-\/1\/100$/);
  await dialog.getByRole('button', { name: /^Vezi/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('active-filters')).toContainText('Angajați: între 1 și 100');
  await expect(page.getByRole('button', { name: 'Filtre (1)' })).toBeVisible();
});

test('the hamburger menu locks the page and closes on navigation', async ({ page }) => {
  await page.goto('/');
  const menu = await openMobileMenu(page);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await menu.getByRole('link', { name: 'Căutare avansată' }).click();
  await expect(page).toHaveURL(/\/Cautare-avansata$/);
  await expect(menu).toBeHidden();
});

test('the mobile search bar opens the suggestion box', async ({ page }) => {
  await page.goto('/Cautare-avansata');
  await page.getByRole('button', { name: 'Deschide căutarea' }).click();
  const box = page.locator('header').getByRole('combobox', { name: 'Caută o firmă după nume sau CUI' });
  await expect(box).toBeFocused();
  await box.fill('scoala');
  await expect(page.locator('header').getByRole('option').first()).toBeVisible();
});

test('the landing page fits 360 px without sideways scrolling', async ({ page }) => {
  await page.goto('/');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // the carousel is shown only from 768 px
  await expect(page.getByRole('region', { name: 'Ce găsiți pe RadarFirme' })).toHaveCount(0);
});
