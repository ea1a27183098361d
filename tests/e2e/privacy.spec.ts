// Personal data (issue 30, docs/decisions/059) in Chromium against the production build: a visitor
// asks, from the company page, to hide a representative; the mail in the local mailbox confirms the
// request; an Admin accepts it on /Cereri-date-personale; the public page and the API no longer
// show the person. The pages' and dialogs' accessibility: accessibility.spec.ts.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInThroughModal } from './support/accounts';
import { E2E_ADMIN as ADMIN } from './support/credentials';

type Card = { Cui: number; Name: string };
type Details = { Cui: number; Name: string; Representatives: Array<{ Name: string }> };

test.describe.configure({ timeout: 240_000 });

/** A company of the seeded register with at least one representative. */
async function companyWithRepresentative(request: APIRequestContext): Promise<Details> {
  const res = await request.get('/api/Company/getCompanies?OrderBy=Turnover_desc&PageNumber=3&PageSize=21');
  expect(res.ok()).toBe(true);
  for (const c of ((await res.json()) as { Items: Card[] }).Items) {
    const d = (await (await request.get(`/api/Company/getDetails/${c.Cui}`)).json()) as Details;
    if (d.Representatives.length > 0) return d;
  }
  throw new Error('no company with representatives in the seeded data');
}

async function openRepresentatives(page: Page) {
  // A click before hydration does nothing: click again until the tab shows.
  await expect(async () => {
    await page.getByRole('tab', { name: 'Reprezentanți', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Ascunde datele unei persoane' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

test('takedown form → mailbox confirmation → Admin approval → the public page without the person', async ({ page, request, browser }) => {
  const company = await companyWithRepresentative(request);
  const person = company.Representatives[0].Name;
  const requester = `date.personale.${Date.now().toString(36)}@exemplu.ro`;
  await page.goto('/date-personale');
  await expect(page.getByRole('heading', { name: 'Date personale', level: 1 })).toBeVisible();

  await test.step('The form on the company page', async () => {
    await page.goto(`/company-details/${company.Cui}/x`);
    await openRepresentatives(page);
    await expect(page.getByTestId('representatives')).toContainText(person);
    await page.getByRole('button', { name: 'Ascunde datele unei persoane' }).click();
    const modal = page.getByTestId('takedown-modal');
    await expect(modal.getByRole('heading', { name: 'Ascunderea datelor personale' })).toBeVisible();
    await modal.getByRole('button', { name: 'Trimite cererea' }).click();
    await expect(modal.getByText('Acest câmp este necesar.').first()).toBeVisible();
    await modal.getByLabel('Numele persoanei').fill(person);
    await modal.getByLabel('E-mailul dumneavoastră (pentru confirmare)').fill(requester);
    await modal.getByLabel('Motivul (opțional)').fill('Nu mai fac parte din conducerea firmei.');
    await modal.getByLabel(/Sunt persoana vizată/).check();
    await modal.getByRole('button', { name: 'Trimite cererea' }).click();
    await expect(modal.getByTestId('takedown-sent')).toContainText('V-am trimis un e-mail');
    await page.keyboard.press('Escape');
  });

  await test.step('The confirmation link in the local mailbox', async () => {
    let link: string | null = null;
    await expect(async () => {
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(requester)}`);
      const message = page.getByTestId('mailbox-message').filter({ hasText: 'Confirmați cererea' });
      await expect(message).toHaveCount(1, { timeout: 2_000 });
      // The text part of the mail (the link list shows only <a> targets, and this mail has none).
      link = /\/date-personale\/confirmare\?token=[A-Za-z0-9_-]+/.exec((await message.locator('pre').textContent()) ?? '')?.[0] ?? null;
      expect(link).not.toBeNull();
    }).toPass({ timeout: 30_000 });
    await page.goto(link!);
    await expect(page.getByRole('button', { name: 'Confirmă cererea' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirmă cererea' }).click();
    await expect(page.getByTestId('takedown-confirmed')).toContainText('Cererea a fost confirmată');
  });

  // The Admin accepts it.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/');
  await signInThroughModal(admin, ADMIN.email, ADMIN.password, 'event');
  await admin.goto('/Cereri-date-personale');
  await expect(admin.getByRole('heading', { name: 'Cereri de date personale' })).toBeVisible();
  const row = admin.getByTestId('takedown-row').filter({ hasText: requester });
  await expect(row).toHaveCount(1);
  // Before deciding, the Admin sees the rows of that company the request matches (decision 085).
  await expect(row.getByTestId('takedown-matched')).toContainText(`Reprezentant #`);
  await expect(row.getByTestId('takedown-matched')).toContainText(person);
  await row.getByRole('button', { name: 'Acceptă' }).click();
  const confirm = admin.getByRole('alertdialog');
  await expect(confirm).toContainText(person);
  await confirm.getByRole('button', { name: 'Acceptă' }).click();
  await expect(admin.getByText('Decizia a fost salvată.')).toBeVisible();
  await expect(admin.getByTestId('takedown-row').filter({ hasText: requester })).toHaveCount(0);

  await test.step('The audit trail has the decision', async () => {
    await admin.goto('/Jurnal-audit');
    await expect(admin.getByTestId('audit-row').filter({ hasText: 'Decizie ștergere date personale' }).first()).toBeVisible();
    await context.close();
  });

  await test.step('The public page and the API, for an anonymous visitor, no longer show the person', async () => {
    const after = (await (await request.get(`/api/Company/getDetails/${company.Cui}`)).json()) as Details;
    expect(after.Representatives.map((r) => r.Name)).not.toContain(person);
    await page.goto(`/company-details/${company.Cui}/x`);
    await openRepresentatives(page);
    await expect(page.getByRole('tabpanel', { name: 'Reprezentanți', exact: true })).not.toContainText(person);
    const html = await (await request.get(`/company-details/${company.Cui}/x`)).text();
    expect(html).not.toContain(person);
  });
});
