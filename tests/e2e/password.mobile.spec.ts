// The password change at 360 px: reached from the mobile menu.
import { expect, test } from '@playwright/test';
import { signInNewUser } from './support/accounts';
import { openMobileMenu } from './support/mobile-menu';

test('the mobile menu leads a signed-in user to Schimbă parola', async ({ page }) => {
  await signInNewUser(page, 'Parola Mobil', 'parola.mobil');
  await page.goto('/');
  const menu = await openMobileMenu(page);
  await menu.getByRole('link', { name: 'Schimbă parola' }).click();
  await expect(page).toHaveURL(/\/Schimbare-parola$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('form', { name: 'Schimbarea parolei' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
