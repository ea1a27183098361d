// The CRM page (issue 50, decision 109) in Chromium against the production build and the e2e
// server's HubSpot and Pipedrive stand-ins (tests/stand-ins/crm-server.ts): a signed-in user opens
// "CRM" from the user menu, is refused a short token by the form, connects HubSpot with a private
// token, sends a group twice (HubSpot then holds one company per CUI, read from the stand-in
// itself), reads the CRM now and sees the log, finds the group's companies marked "deja în CRM",
// connects Pipedrive by OAuth (the stand-in's consent page sends the browser back) and disconnects
// HubSpot. Decision 117: the log names the group each push sent, the scheduled sync's groups are
// chosen on the page, and the send-to-groups dialog of the Grupuri page pushes the group too (still
// one HubSpot company per CUI). Behaviour only: the page's accessibility is checked in
// accessibility.spec.ts.
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { signInNewUser } from './support/accounts';
import { readE2eState } from './support/e2e-state';
import { seedCampaignGroup } from './support/campaign-mail';
import { E2E_CRM, crmStandInPorts } from '../stand-ins/crm-e2e';

test.describe.configure({ timeout: 120_000 });

const hubspotUrl = `http://127.0.0.1:${crmStandInPorts(process.env.E2E_PORT ?? 3100).hubspot}`;

/** The companies the HubSpot stand-in holds with these CUIs (its own API, with the private token). */
async function hubspotCompaniesWith(cuis: number[]): Promise<number[]> {
  const res = await fetch(`${hubspotUrl}/crm/v3/objects/companies?limit=100&properties=cui`, { headers: { authorization: `Bearer ${E2E_CRM.hubspotToken}` } });
  const body = (await res.json()) as { results: Array<{ properties: { cui: string | null } }> };
  return body.results.map((r) => Number(r.properties.cui)).filter((c) => cuis.includes(c));
}

test('connect HubSpot by token and Pipedrive by OAuth, push a group twice, read the CRM, see "deja în CRM", disconnect', async ({ page, baseURL }) => {
  const user = await signInNewUser(page, 'Vânzări CRM', 'crm');
  const db = new pg.Client({ connectionString: readE2eState().databaseUrl });
  await db.connect();
  let group: { id: number; name: string; cuis: number[] };
  try {
    const { rows: [u] } = await db.query<{ id: number }>(`SELECT id FROM app_user WHERE email = $1`, [user.Email.toLowerCase()]);
    const { rows: companies } = await db.query<{ cui: number }>(`SELECT cui FROM company ORDER BY cui DESC LIMIT 2 OFFSET 40`);
    const name = `Grup CRM ${user.Suffix}`;
    const { groupId } = await seedCampaignGroup(db, { userId: u.id, name, companies, prefix: 'crm', id: user.Suffix, baseURL });
    group = { id: groupId, name, cuis: companies.map((c) => c.cui) };
  } finally {
    await db.end();
  }

  await test.step('the user menu leads to the CRM page', async () => {
    await page.goto('/Chei-API');
    await page.getByRole('button', { name: user.UserName }).first().click();
    await page.getByRole('menuitem', { name: 'CRM' }).click();
    await expect(page).toHaveURL(/\/CRM$/);
    await expect(page.getByRole('heading', { level: 1, name: 'CRM' })).toBeVisible();
    await expect(page.getByTestId('crm-row')).toHaveCount(0);
  });

  const form = page.getByRole('form', { name: 'Conectare cu token privat' });
  await test.step('a short token is refused by the form, the right one connects HubSpot', async () => {
    await expect(async () => {
      await form.getByLabel('Token privat').fill('scurt');
      await form.getByRole('button', { name: 'Conectează' }).click();
      await expect(form.getByText('Tokenul pare incomplet.')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await form.getByLabel('Token privat').fill(E2E_CRM.hubspotToken);
    await form.getByRole('button', { name: 'Conectează' }).click();
    await expect(page.getByTestId('crm-row')).toHaveCount(1);
    await expect(page.getByTestId('crm-row')).toContainText('HubSpot');
    await expect(page.getByTestId('crm-row')).toContainText('Token privat');
    await expect(form.getByLabel('Token privat')).toHaveValue('');
    await expect(page.locator('body')).not.toContainText(E2E_CRM.hubspotToken);
  });

  await test.step('pushing the group twice leaves one HubSpot company per CUI', async () => {
    await page.getByLabel('Grup', { exact: true }).click();
    await page.getByRole('option', { name: group.name }).click();
    await page.getByRole('button', { name: 'Trimite grupul în HubSpot' }).click();
    await expect(page.getByText('HubSpot: 2 firme create, 0 actualizate.')).toBeVisible();
    await page.getByRole('button', { name: 'Trimite grupul în HubSpot' }).click();
    await expect(page.getByText('HubSpot: 0 firme create, 2 actualizate.')).toBeVisible();
    expect((await hubspotCompaniesWith(group.cuis)).sort()).toEqual([...group.cuis].sort());
  });

  await test.step('reading the CRM now is logged', async () => {
    await page.getByRole('button', { name: 'Citește acum firmele din HubSpot' }).click();
    await expect(page.getByText(/HubSpot: \d+ firme citite\./)).toBeVisible();
    const log = page.getByTestId('crm-log-row');
    await expect(log.filter({ hasText: 'Citire' }).first().getByTestId('crm-log-status')).toHaveText('Reușită');
    await expect(log.filter({ hasText: 'Trimitere' })).toHaveCount(2);
    await expect(log.filter({ hasText: 'Trimitere' }).first().getByTestId('crm-log-groups')).toHaveText(group.name);
  });

  await test.step('the scheduled sync pushes the groups chosen on the page', async () => {
    const schedule = page.getByRole('form', { name: 'Sincronizarea programată cu HubSpot' });
    const box = schedule.getByRole('checkbox', { name: group.name });
    await expect(box).not.toBeChecked();
    await box.click();
    await schedule.getByRole('button', { name: 'Salvează grupurile' }).click();
    await expect(page.getByText('HubSpot: grupurile sincronizării programate au fost salvate.')).toBeVisible();
    // The page reloads the connection: the saved choice comes back from the server.
    await expect(page.getByRole('form', { name: 'Sincronizarea programată cu HubSpot' }).getByRole('checkbox', { name: group.name })).toBeChecked();
    await expect(page.getByRole('form', { name: 'Sincronizarea programată cu HubSpot' }).getByRole('button', { name: 'Salvează grupurile' })).toBeDisabled();
  });

  await test.step('the send-to-groups dialog of the Grupuri page pushes the group into HubSpot, without duplicates', async () => {
    await page.goto('/Grupuri-email');
    const row = page.getByTestId('group-row').filter({ hasText: group.name });
    await row.getByRole('button', { name: `Trimite email grupului ${group.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Trimite email grupurilor' });
    await dialog.getByRole('button', { name: 'Trimite în HubSpot' }).click();
    await expect(page.getByText('HubSpot: 0 firme create, 2 actualizate.')).toBeVisible();
    expect((await hubspotCompaniesWith(group.cuis)).sort()).toEqual([...group.cuis].sort());
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the group’s companies are marked "deja în CRM"', async () => {
    await page.goto(`/Companii/${group.id}`);
    await expect(page.getByTestId('in-crm')).toHaveCount(2, { timeout: 30_000 });
  });

  await test.step('Pipedrive connects by OAuth and the page says so', async () => {
    await page.goto('/CRM');
    await page.getByRole('button', { name: 'Conectare cu Pipedrive' }).click();
    await expect(page).toHaveURL(/\/CRM$/, { timeout: 30_000 });
    await expect(page.getByText('Pipedrive a fost conectat.')).toBeVisible();
    const pipedrive = page.getByTestId('crm-row').filter({ hasText: 'Pipedrive' });
    await expect(pipedrive).toContainText('OAuth');
  });

  await test.step('disconnecting HubSpot keeps Pipedrive', async () => {
    await page.getByRole('button', { name: 'Deconectează HubSpot' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Da' }).click();
    await expect(page.getByTestId('crm-row')).toHaveCount(1);
    await expect(page.getByTestId('crm-row')).toContainText('Pipedrive');
  });
});
