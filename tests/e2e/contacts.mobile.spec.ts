// The admin contacts and claims pages and the edit-contacts modal at 360 px: usable (accessibility: accessibility.spec.ts).
import { expect, test } from '@playwright/test';
import { signInThroughModal } from './support/accounts';
import { E2E_ADMIN as ADMIN } from './support/credentials';

test.describe.configure({ timeout: 180_000 });

test('at 360 px: /Contacte (filters in a modal), /PretindereCompanie and the edit modal work', async ({ page, request }) => {
  await test.step('The Admin signs in from the phone', async () => {
    await page.goto('/');
    await signInThroughModal(page, ADMIN.email, ADMIN.password, 'event');
  });

  await test.step('/Contacte: cards, no sideways scroll, the two filter modals', async () => {
    await page.goto('/Contacte');
    await expect(page.getByTestId('contacts-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Filtre', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Filtre' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Filtre avansate/ }).click();
    await expect(page.getByRole('dialog', { name: 'Filtre avansate' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('The edit modal of a card', async () => {
    await page.getByTestId('contacts-card').first().getByRole('button', { name: /Modifică/ }).click();
    await expect(page.getByTestId('edit-contacts-modal').getByRole('tab', { name: 'Contacte' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('/PretindereCompanie loads, for the Admin only', async () => {
    await page.goto('/PretindereCompanie');
    await expect(page.getByTestId('claims-count')).not.toHaveText('Se încarcă…');
    expect((await request.get('/PretindereCompanie', { maxRedirects: 0 })).status()).toBe(307);
  });
});
