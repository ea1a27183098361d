// The users administration at 360 px: cards with the result count instead of the table, the
// filters in a modal; axe reports nothing on the page and the modal.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const ADMIN = { email: process.env.ADMIN_EMAIL ?? 'admin@radarfirme.ro', password: process.env.ADMIN_PASSWORD ?? 'Admin#2026!' };

async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('cards with the count, the filters modal, no horizontal scroll', async ({ page }) => {
  await page.goto('/');
  const res = await page.request.post('/api/Auth/login', { data: { Email: ADMIN.email, Password: ADMIN.password } });
  const tokens = (await res.json()) as { AccessToken: string; RefreshToken: string };
  await page.evaluate((t) => {
    localStorage.setItem('AccessToken', t.AccessToken);
    localStorage.setItem('RefreshToken', t.RefreshToken);
  }, tokens);
  await page.goto('/Utilizatori');

  await expect(page.getByTestId('users-count')).toContainText(/Rezultate: \d+/);
  await expect(page.getByTestId('user-card').first()).toBeVisible();
  await expect(page.getByTestId('users-table')).toBeHidden();
  await expect(page.getByTestId('users-filters-panel')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: /^Filtre/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filtre' });
  await expect(dialog.getByRole('combobox', { name: 'Grupuri' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resetează' })).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Admin', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Resetează' })).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Caută' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filtre (1)' })).toBeVisible();
  await expect(page.getByTestId('user-card').filter({ hasText: ADMIN.email })).toBeVisible();
});
