// Monitoring in the browser (issue 26), shared by watch.spec.ts and monitoring-journey.spec.ts:
// following a company from its page.
import { expect, type Page } from '@playwright/test';

/** "Urmărește" on the open company page becomes "Nu mai urmări" (asked again until the page is hydrated). */
export async function followFromCompanyPage(page: Page) {
  const button = page.getByTestId('watch-button');
  await expect(async () => {
    // The signed-in button carries aria-pressed; the anonymous one (server HTML, session not yet
    // known) opens the login modal instead.
    await expect(button).toHaveAttribute('aria-pressed', 'false', { timeout: 3_000 });
    await expect(button).toHaveText('Urmărește', { timeout: 3_000 });
    await expect(button).toBeEnabled({ timeout: 3_000 });
    await button.click();
    await expect(button).toHaveText('Nu mai urmări', { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}
