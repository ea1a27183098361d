// Webhooks (issue 50) in Chromium against the production build: a signed-in user opens
// "Webhook-uri" from the user menu's neighbour page, is told in Romanian what is missing, is refused
// a plain-http address (production), adds an https endpoint and reads its secret once, sends a test
// that cannot be delivered (a name that does not resolve) and reads the failure in the delivery log,
// turns the endpoint off and deletes it. The accessibility of the empty page, the secret and the
// log at both widths: accessibility.spec.ts.
import { expect, test } from '@playwright/test';
import { signInNewUser } from './support/accounts';

test.describe.configure({ timeout: 120_000 });

test('add a webhook, read its secret once, test it, read the log, turn it off and delete it', async ({ page }) => {
  const form = page.getByRole('form', { name: 'Adaugă un webhook' });
  const row = page.getByTestId('webhook-row');

  await test.step('The empty page, its Romanian errors, plain http refused', async () => {
    await signInNewUser(page, 'Integrator', 'integrator');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/Webhook-uri');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhook-uri' })).toBeVisible();
    await expect(row).toHaveCount(0);
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
  });

  await test.step('An https endpoint: its secret shown once, then its row', async () => {
    await form.getByLabel('Adresa (URL)').fill('https://hooks.exemplu.invalid/radarfirme');
    await form.getByLabel('Descriere (opțional)').fill('CRM-ul echipei');
    await form.getByRole('button', { name: 'Adaugă webhook-ul' }).click();
    const secretBox = page.getByTestId('webhook-secret-box');
    await expect(secretBox).toBeVisible();
    expect((await page.getByTestId('webhook-secret').textContent())?.trim()).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await secretBox.getByRole('button', { name: 'Am salvat secretul' }).click();
    await expect(page.getByTestId('webhook-secret-box')).toHaveCount(0);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('webhook-state')).toHaveText('Activ');
    await expect(row).toContainText('company.changed');
  });

  await test.step('A test that cannot be delivered (the name does not resolve), and the log says why', async () => {
    await row.getByRole('button', { name: /Trimite un test/ }).click();
    await expect(page.getByText(/nu poate fi rezolvat|DNS/).first()).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: /^Jurnal/ }).click();
    const delivery = page.getByTestId('webhook-delivery-row');
    await expect(delivery).toHaveCount(1);
    await expect(delivery.getByTestId('webhook-delivery-status')).toHaveText('Eșuat');
    await expect(delivery).toContainText('webhook.test');
    await expect(delivery).toContainText(/adresă refuzată/);
  });

  await test.step('Turned off, then deleted', async () => {
    await row.getByRole('button', { name: /^Oprește/ }).click();
    await expect(row.getByTestId('webhook-state')).toHaveText('Dezactivat');
    await row.getByRole('button', { name: /^Șterge/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Da' }).click();
    await expect(row).toHaveCount(0);
  });
});
