// The password change at 360 px: reached from the mobile menu; axe reports nothing on the page.
import { expect, test } from '@playwright/test';
import { signInNewUser } from './support/accounts';
import { expectNoAxeViolations } from './support/a11y';

test('the mobile menu leads a signed-in user to Schimbă parola', async ({ page }) => {
  await signInNewUser(page, 'Parola Mobil', 'parola.mobil');
  await page.goto('/');
  const menu = page.getByRole('dialog', { name: 'Meniu' });
  // The menu's code loads on the first press; ask again until it opens.
  await expect(async () => {
    await page.getByRole('button', { name: 'Deschide meniul' }).click();
    await expect(menu).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await menu.getByRole('link', { name: 'Schimbă parola' }).click();
  await expect(page).toHaveURL(/\/Schimbare-parola$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('form', { name: 'Schimbarea parolei' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});
