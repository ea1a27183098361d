// Monitoring (issue 26) in Chromium against the production build: a signed-in user follows a
// company from its page, finds it on "Companii urmărite", stops following it there; the
// notification feed, its settings and the bell are reachable; axe at zero on each page at 1280
// and 360 px. (The import-driven journey of the issue is not here yet: see the closing note.)
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { signInNewUser } from './support/accounts';
import { companyUrl } from './support/company';

test.describe.configure({ timeout: 240_000 });

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
];

async function axeAtBothWidths(page: Page) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, { label: `${size.width} px` });
  }
  await page.setViewportSize(WIDTHS[0]);
}

test('follow a company from its page, see it on Companii urmărite, unfollow; the feed and its settings', async ({ page, request }) => {
  const res = await request.get('/api/Company/getCompanies?OrderBy=Turnover_desc&PageNumber=2');
  expect(res.ok()).toBe(true);
  const company = ((await res.json()) as { Items: Array<{ Cui: number; Name: string }> }).Items[0];
  await signInNewUser(page, 'Urmaritor', 'urmaritor');
  await page.setViewportSize(WIDTHS[0]);

  // The company page: "Urmărește" becomes "Nu mai urmări" (asked again until the page is hydrated).
  await page.goto(companyUrl(company));
  const button = page.getByTestId('watch-button');
  await expect(async () => {
    await expect(button).toHaveText('Urmărește', { timeout: 3_000 });
    await expect(button).toBeEnabled({ timeout: 3_000 });
    await button.click();
    await expect(button).toHaveText('Nu mai urmări', { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(page, { label: 'company page' });

  // "Companii urmărite": the company, then unfollowed from the table.
  await page.goto('/companii-urmarite');
  const row = page.getByRole('row').filter({ hasText: company.Name });
  await expect(row).toBeVisible();
  await axeAtBothWidths(page);
  await row.getByRole('button', { name: `Nu mai urmări ${company.Name}` }).click();
  await expect(row).toHaveCount(0);

  // The bell in the header leads to the feed; the feed and the settings pass axe at both widths.
  const bell = page.getByTestId('notification-bell').filter({ visible: true }).first();
  await expect(bell).toHaveAccessibleName(/^Notificări/);
  await bell.click();
  await page.waitForURL('**/notificari');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await axeAtBothWidths(page);
  await page.goto('/notificari/setari');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await axeAtBothWidths(page);
});
