// Webhooks (issue 50) in Chromium against the production build: a signed-in user opens
// "Webhook-uri" from the user menu's neighbour page, is told in Romanian what is missing, is refused
// a plain-http address (production), adds an https endpoint and reads its secret once, sends a test
// that cannot be delivered (a name that does not resolve) and reads the failure in the delivery log,
// turns the endpoint off and deletes it. Axe at zero at 1280 and 360 px.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { signInNewUser } from './support/accounts';

test.describe.configure({ timeout: 120_000 });

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
];

async function axeAtBothWidths(page: Page, label: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page, { label: `${label} ${size.width} px` });
  }
  await page.setViewportSize(WIDTHS[0]);
}

test('add a webhook, read its secret once, test it, read the log, turn it off and delete it', async ({ page }) => {
  await signInNewUser(page, 'Integrator', 'integrator');
  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/Webhook-uri');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhook-uri' })).toBeVisible();
  await expect(page.getByTestId('webhook-row')).toHaveCount(0);
  await axeAtBothWidths(page, 'empty');

  const form = page.getByRole('form', { name: 'Adaugă un webhook' });
  await expect(async () => {
    await form.getByRole('button', { name: 'Adaugă webhook-ul' }).click();
    await expect(form.getByText('Acest câmp este necesar.')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(form.getByText('Alegeți cel puțin un eveniment.')).toBeVisible();

  // Production: plain http is refused by the server, with its reason.
  await form.getByLabel('Adresa (URL)').fill('http://hooks.exemplu.invalid/radarfirme');
  await form.getByLabel(/O firmă urmărită s-a schimbat/).check();
  await form.getByRole('button', { name: 'Adaugă webhook-ul' }).click();
  await expect(form.getByText(/sunt permise doar adrese https/).first()).toBeVisible();

  await form.getByLabel('Adresa (URL)').fill('https://hooks.exemplu.invalid/radarfirme');
  await form.getByLabel('Descriere (opțional)').fill('CRM-ul echipei');
  await form.getByRole('button', { name: 'Adaugă webhook-ul' }).click();
  const secretBox = page.getByTestId('webhook-secret-box');
  await expect(secretBox).toBeVisible();
  expect((await page.getByTestId('webhook-secret').textContent())?.trim()).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  await axeAtBothWidths(page, 'secret');
  await secretBox.getByRole('button', { name: 'Am salvat secretul' }).click();
  await expect(page.getByTestId('webhook-secret-box')).toHaveCount(0);

  const row = page.getByTestId('webhook-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('webhook-state')).toHaveText('Activ');
  await expect(row).toContainText('company.changed');

  // The test event cannot be delivered (the name does not resolve): an error, then the log says why.
  await row.getByRole('button', { name: /Trimite un test/ }).click();
  await expect(page.getByText(/nu poate fi rezolvat|DNS/).first()).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: /^Jurnal/ }).click();
  const delivery = page.getByTestId('webhook-delivery-row');
  await expect(delivery).toHaveCount(1);
  await expect(delivery.getByTestId('webhook-delivery-status')).toHaveText('Eșuat');
  await expect(delivery).toContainText('webhook.test');
  await expect(delivery).toContainText(/adresă refuzată/);
  await axeAtBothWidths(page, 'log');

  await row.getByRole('button', { name: /^Oprește/ }).click();
  await expect(row.getByTestId('webhook-state')).toHaveText('Dezactivat');
  await row.getByRole('button', { name: /^Șterge/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Da' }).click();
  await expect(page.getByTestId('webhook-row')).toHaveCount(0);
});
