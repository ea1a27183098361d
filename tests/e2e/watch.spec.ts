// Monitoring (issue 26) in Chromium against the production build: a signed-in user follows a
// company from its page, finds it on "Companii urmărite", stops following it there; the
// notification feed, its settings and the bell are reachable (their accessibility:
// accessibility.spec.ts). (The import-driven journey of the issue is not here yet: see the closing note.)
import { expect, test } from '@playwright/test';
import { signInNewUser } from './support/accounts';
import { companyUrl } from './support/company';
import { followFromCompanyPage } from './support/watch';

test.describe.configure({ timeout: 240_000 });

test('follow a company from its page, see it on Companii urmărite, unfollow; the feed and its settings', async ({ page, request }) => {
  const res = await request.get('/api/Company/getCompanies?OrderBy=Turnover_desc&PageNumber=2');
  expect(res.ok()).toBe(true);
  const company = ((await res.json()) as { Items: Array<{ Cui: number; Name: string }> }).Items[0];
  await signInNewUser(page, 'Urmaritor', 'urmaritor');

  // The company page: "Urmărește" becomes "Nu mai urmări" (asked again until the page is hydrated).
  await page.goto(companyUrl(company));
  await followFromCompanyPage(page);

  // "Companii urmărite": the company, then unfollowed from the table.
  await page.goto('/companii-urmarite');
  const row = page.getByRole('row').filter({ hasText: company.Name });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Nu mai urmări ${company.Name}` }).click();
  await expect(row).toHaveCount(0);

  // The bell in the header leads to the feed; then the settings.
  const bell = page.getByTestId('notification-bell').filter({ visible: true }).first();
  await expect(bell).toHaveAccessibleName(/^Notificări/);
  await bell.click();
  await page.waitForURL('**/notificari');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/notificari/setari');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
