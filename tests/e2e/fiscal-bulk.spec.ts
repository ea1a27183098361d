// Issue 48, decision 108, in Chromium against the production build and the ANAF and courts'
// stand-ins the e2e server runs: a signed-in user checks a CUI list in one job on "Verificări
// fiscale" (the form refuses a bad CUI first), follows its progress bar while the worker (the cron
// endpoint here) checks it, downloads the XLSX report and finds the job in their list; on a company
// page "Caută dosare" finds its cases now, the insolvency case flagged and matched by CUI; a list
// of debtors imported by the npm script shows "Obligații restante la bugete".
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { signInNewUser } from './support/accounts';
import { companyUrl } from './support/company';
import { readE2eState } from './support/e2e-state';
import { runArrearsImporter } from './support/import';

test.describe.configure({ timeout: 120_000 });
const state = readE2eState();

async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: state.databaseUrl });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

test('a bulk check: a list becomes a job, its bar reaches 100 %, the report downloads', async ({ page, request }) => {
  await signInNewUser(page, 'Contabil Verificări', 'verificari');
  const companies = await query<{ cui: number }>(`SELECT cui FROM company WHERE cui % 3 = 1 ORDER BY cui LIMIT 3`);

  await test.step('the page from the Grupuri menu, and a bad CUI refused in the form', async () => {
    await page.goto('/Verificari-fiscale');
    await expect(page.getByRole('heading', { level: 1, name: 'Verificări fiscale' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Verificare în masă' });
    await form.getByLabel(/^CUI-uri/).fill('123 nu-e-cui');
    await expect(async () => {
      await form.getByRole('button', { name: 'Pornește verificarea' }).click();
      await expect(form.getByText('CUI-uri invalide: nu-e-cui.')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });

  await test.step('a list of three CUIs starts one job', async () => {
    const form = page.getByRole('form', { name: 'Verificare în masă' });
    await form.getByLabel(/^CUI-uri/).fill(companies.map((c) => `RO${c.cui}`).join('\n'));
    await form.getByRole('button', { name: 'Pornește verificarea' }).click();
    await expect(page.getByTestId('bulk-active')).toBeVisible();
    await expect(page.getByTestId('bulk-active').getByTestId('bulk-progress-text')).toContainText('din 3 verificate');
  });

  await test.step('the worker checks it in the shared rate; the polled bar reaches 100 %', async () => {
    await expect(async () => {
      const tick = await request.post('/api/cron/fiscal-checks', { headers: { authorization: `Bearer ${state.cronSecret}` } });
      expect(tick.status()).toBe(200);
      await expect(page.getByTestId('bulk-active-status')).toHaveText('Terminată', { timeout: 4_000 });
    }).toPass({ timeout: 90_000 });
    await expect(page.getByTestId('bulk-active').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  await test.step('the XLSX report downloads; the job is in the list', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descarcă raportul XLSX' }).click();
    expect((await download).suggestedFilename()).toMatch(/^radarfirme-verificare-anaf-\d+-[\d-]+\.xlsx$/);
    await page.reload();
    await expect(page.getByTestId('bulk-row')).toHaveCount(1);
    await expect(page.getByTestId('bulk-row').getByTestId('bulk-status')).toHaveText('Terminată');
  });
});

test('court cases on demand and the arrears block on a company page', async ({ page }) => {
  // A company the demo portal gives one insolvency case (its CUI written in the debtor's name) and no other.
  const [company] = await query<{ cui: number; name: string }>(
    `SELECT c.cui, c.name FROM company c WHERE c.cui % 11 = 0 AND c.cui % 7 <> 0 AND c.cui % 13 <> 0
        AND NOT EXISTS (SELECT 1 FROM court_check k WHERE k.cui = c.cui)
        AND (SELECT count(*) FROM company o WHERE o.name = c.name) = 1
      ORDER BY c.cui LIMIT 1`,
  );
  await signInNewUser(page, 'Analist Credit', 'dosare');

  await test.step('"Caută dosare" finds the case now, flagged and matched by CUI', async () => {
    await page.goto(companyUrl({ Cui: company.cui, Name: company.name }));
    const block = page.getByTestId('court-cases');
    await expect(block).toContainText('nu au fost căutate încă');
    await expect(async () => {
      await block.getByTestId('court-lookup-now').click();
      await expect(block.getByTestId('court-case')).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    await expect(block.getByTestId('court-case')).toContainText('Insolvență');
    await expect(block.getByTestId('court-case-match')).toHaveText('Potrivit după CUI: partea din dosar poartă codul fiscal al firmei.');
    await expect(block.getByTestId('court-lookup-now')).toHaveText('Caută din nou dosarele');
  });

  await test.step('a list of debtors imported by the npm script shows the arrears by budget and the list date', async () => {
    const out = runArrearsImporter([{ cui: company.cui, name: company.name, stat: 250_000, social: 40_000 }], '2026-09-30');
    expect(out).toMatch(/1 firme cunoscute/);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('tax-arrears-total')).toHaveText('290.000 RON restanțe în lista din 30.09.2026 (mari contribuabili)', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('tax-arrears-stat')).toContainText('Bugetul de stat');
    await expect(page.getByTestId('tax-arrears-asigurari_sociale')).toContainText('principal 40.000 RON');
  });
});
