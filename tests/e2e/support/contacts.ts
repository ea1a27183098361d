// Helpers of the contacts and claims e2e specs.
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from './credentials';

export const ADMIN = E2E_ADMIN;

/** Signs in through the login tab of the modal (works on every viewport). */
export async function signIn(page: Page, email: string, password: string) {
  const dialog = page.getByTestId('auth-modal');
  // The listener exists once the page is hydrated: ask again until the modal shows.
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('rf:open-auth', { detail: { tab: 'login' } })));
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Parolă', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Autentificare', exact: true }).click();
  // A sign-in verifies an argon2 hash: on a busy 2-core machine (the app starting, the other
  // worker's journey) it has taken more than 10 s.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}
