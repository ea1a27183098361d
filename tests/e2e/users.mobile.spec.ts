// The users administration at 360 px: cards with the result count instead of the table, the
// filters in a modal.
import { expect, test } from '@playwright/test';
import { signInAs } from './support/accounts';
import { E2E_ADMIN as ADMIN } from './support/credentials';

test('cards with the count, the filters modal, no horizontal scroll', async ({ page }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/Utilizatori');

  await expect(page.getByTestId('users-count')).toContainText(/Rezultate: \d+/);
  await expect(page.getByTestId('user-card').first()).toBeVisible();
  await expect(page.getByTestId('users-table')).toBeHidden();
  await expect(page.getByTestId('users-filters-panel')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('button', { name: /^Filtre/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filtre' });
  await expect(dialog.getByRole('combobox', { name: 'Grupuri' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Resetează' })).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Rol' }).click();
  await page.getByRole('option', { name: 'Admin', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Resetează' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Caută' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filtre (1)' })).toBeVisible();
  await expect(page.getByTestId('user-card').filter({ hasText: ADMIN.email })).toBeVisible();
});
