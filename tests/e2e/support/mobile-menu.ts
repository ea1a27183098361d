// The phone layout's hamburger menu: its code loads on the first press, and a press that lands
// before hydration does nothing, so the button is pressed again until the menu dialog shows.
import { expect, type Locator, type Page } from '@playwright/test';

export async function openMobileMenu(page: Page): Promise<Locator> {
  const menu = page.getByRole('dialog', { name: 'Meniu' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Deschide meniul' }).click();
    await expect(menu).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return menu;
}
