// The fiscal and risk filters in the phone's filters sheet (360 px, decision 107): labelled, a
// change applies at once and goes into the address. Their accessibility: accessibility.spec.ts.
import { test, expect } from '@playwright/test';

test('the filters sheet offers the fiscal and risk filters; a choice goes into the address', async ({ page }) => {
  await page.goto('/Cautare-avansata');
  await page.getByRole('button', { name: /^Filtre/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filtre' });
  await expect(dialog).toBeVisible();
  await test.step('The note and the fields', async () => {
    await expect(dialog.getByTestId('fiscal-filter-note')).toContainText('O firmă neverificată');
    await expect(dialog.getByRole('combobox', { name: 'Inactiv la ANAF' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Înregistrat în e-Factura' })).toBeVisible();
  });
  await test.step('"Inactiv la ANAF: Nu" applies and is in the address', async () => {
    await dialog.getByRole('combobox', { name: 'Inactiv la ANAF' }).click();
    await page.getByRole('option', { name: /^Nu( [\d.]+)?$/ }).click();
    await expect(page).toHaveURL(/[?&]IsInactive=false(&|$)/);
    await dialog.getByRole('button', { name: /^Vezi/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('active-filters')).toContainText('Inactiv la ANAF: nu');
  });
});
