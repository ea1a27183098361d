// Issue 48: a demo company's page shows "Verificare fiscală" from the stored ANAF check; the page
// never waits for ANAF: the first view asks for a check in the background, the worker (the cron
// endpoint here) makes it against the ANAF stand-in the e2e server runs, and the page then shows
// each status with "verificat la" (the checked block's accessibility: accessibility.spec.ts).
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { companyUrl } from './support/company';
import { readE2eState } from './support/e2e-state';

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

test('the fiscal block: not checked yet, checked in the background, then shown with its date', async ({ page, request }) => {
  // A demo company no other spec checks (its CUI a multiple of 5: the stand-in says its VAT registration ended).
  const [company] = await query<{ cui: number; name: string }>(
    `SELECT c.cui, c.name FROM company c WHERE c.cui % 5 = 0 AND c.cui % 13 <> 0 AND NOT EXISTS (SELECT 1 FROM fiscal_check f WHERE f.cui = c.cui) ORDER BY c.cui LIMIT 1`,
  );
  const url = companyUrl({ Cui: company.cui, Name: company.name });
  const started = Date.now();
  await page.goto(url);
  const block = page.getByTestId('fiscal-check');
  await expect(block.getByRole('heading', { name: 'Verificare fiscală' })).toBeVisible();
  await expect(block.getByTestId('fiscal-notice')).toHaveText(/nu a fost verificată încă la ANAF/);
  expect(Date.now() - started).toBeLessThan(15_000);

  await expect(async () => {
    const tick = await request.post('/api/cron/fiscal-checks', { headers: { authorization: `Bearer ${state.cronSecret}` } });
    expect(tick.status()).toBe(200);
    expect(await query(`SELECT 1 FROM fiscal_check WHERE cui = $1 AND checked_at IS NOT NULL`, [company.cui])).toHaveLength(1);
  }).toPass({ timeout: 60_000 });

  await expect(async () => {
    await page.reload();
    await expect(block.getByTestId('fiscal-vat')).toContainText('Nu (înregistrare anulată la', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(block.getByTestId('fiscal-inactive')).toContainText('Nu');
  await expect(block.getByTestId('fiscal-vat')).toContainText(/verificat la \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
  await expect(block.getByTestId('fiscal-notice')).toHaveCount(0);

  // Anonymous: "Verifică acum" opens the sign-in.
  await block.getByTestId('fiscal-check-now').click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
