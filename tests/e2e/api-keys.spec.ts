// Public API keys (issue 29) in Chromium against the production build: a signed-in user creates a
// key on "Chei API", reads its secret (shown once, with a copy button), calls /api/v1 with it
// through Playwright's request, sees the day's requests in the list, revokes it after a
// confirmation and gets 401; an Admin sees every key and edits its limits. The page's and
// dialogs' accessibility: accessibility.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { registerAccount, signInAs, signInNewUser, tokensOf } from './support/accounts';
import { E2E_ADMIN as ADMIN } from './support/credentials';

// Long journeys through the UI: sign-ins verify argon2 hashes on a loaded 2-core machine.
test.describe.configure({ timeout: 240_000 });

/** The Admin's list of every key, searched by an owner's e-mail until their one key shows. */
async function findAdminRows(page: Page, email: string) {
  const admin = page.getByRole('region', { name: 'Toate cheile (administrare)' });
  await expect(async () => {
    await admin.getByLabel('Caută după nume, utilizator sau e-mail').fill(email);
    await admin.getByRole('button', { name: 'Caută' }).click();
    await expect(page.getByTestId('admin-api-key-row')).toHaveCount(1, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

test('create a key on Chei API, call /api/v1 with it, revoke it and get 401', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInNewUser(page, 'Dezvoltator', 'dezvoltator');
  await page.goto('/Chei-API');
  await expect(page.getByRole('heading', { level: 1, name: 'Chei API' })).toBeVisible();
  await expect(page.getByTestId('api-key-row')).toHaveCount(0);

  // Create: the form refuses an empty name in Romanian, then makes the key and shows its secret once.
  const form = page.getByRole('form', { name: 'Creează o cheie API' });
  await expect(async () => {
    await form.getByRole('button', { name: 'Creează cheia' }).click();
    await expect(form.getByText('Acest câmp este necesar.')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await form.getByLabel('Numele cheii').fill('Integrare e2e');
  await form.getByRole('button', { name: 'Creează cheia' }).click();
  const secretBox = page.getByTestId('api-key-secret-box');
  await expect(secretBox).toBeVisible();
  const secret = (await page.getByTestId('api-key-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^rfk_[A-Za-z0-9_-]{43}$/);
  await secretBox.getByRole('button', { name: 'Copiază cheia' }).click();
  await expect(page.getByText('Cheia a fost copiată.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Integrare e2e' });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText('Citire');
  await expect(row).toContainText('Niciodată');

  await test.step('The key at work', async () => {
    const search = await request.get('/api/v1/Company/getCompanies?PageNumber=1&PageSize=5', { headers: { 'X-API-Key': secret } });
    expect(search.status()).toBe(200);
    expect(search.headers()['ratelimit-limit']).toBe('60');
    expect(((await search.json()) as { Items: unknown[] }).Items.length).toBeGreaterThan(0);
    const counties = await request.get('/api/v1/Location/getCounties', { headers: { Authorization: `Bearer ${secret}` } });
    expect(counties.status()).toBe(200);
    const outside = await request.get('/api/Group/getGroupsForEdit', { headers: { 'X-API-Key': secret } });
    expect(outside.status()).toBe(403);
    await secretBox.getByRole('button', { name: 'Am salvat cheia' }).click();
    await expect(secretBox).toHaveCount(0);
    await page.reload();
    // After a reload the list waits for hydration and the session: on a loaded machine, far past 10 s.
    await expect(row.getByTestId('api-key-today')).toHaveText('2', { timeout: 90_000 });
    await expect(row).not.toContainText('Niciodată');
  });

  await test.step('Revoke after the confirmation', async () => {
    await row.getByRole('button', { name: 'Revocă cheia Integrare e2e' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Sigur doriți să revocați cheia „Integrare e2e”?');
    await confirm.getByRole('button', { name: 'Da' }).click();
    await expect(row).toContainText('Revocată');
    const refused = await request.get('/api/v1/Company/getCompanies', { headers: { 'X-API-Key': secret } });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { Message: string }).Message).toBe('Cheia API nu este validă sau a fost revocată.');
  });
});

test('an Admin sees every key with its owner and edits its limits', async ({ page, request }) => {
  // A developer's key, made through the API with their session.
  const user = await registerAccount(request, { name: 'Dezvoltator', emailPrefix: 'dezvoltator' });
  const tokens = await tokensOf(request, user.Email);
  const made = await request.post('/api/ApiKey/create', { headers: { Authorization: `Bearer ${tokens.AccessToken}` }, data: { Name: 'Integrare e2e' } });
  expect(made.status()).toBe(200);

  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/Chei-API');
  await findAdminRows(page, user.Email);
  const adminRow = page.getByTestId('admin-api-key-row').filter({ hasText: user.Email });
  await expect(adminRow).toContainText('60/min, 5000/zi');
  await adminRow.getByRole('button', { name: 'Limite pentru cheia Integrare e2e' }).click();
  const dialog = page.getByTestId('api-key-limits-dialog');
  await dialog.getByLabel('Cereri pe minut').fill('120');
  await dialog.getByLabel('Cereri pe zi (UTC)').fill('50');
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog.getByText('Limita pe zi nu poate fi mai mică decât cea pe minut.')).toBeVisible();
  await dialog.getByLabel('Cereri pe zi (UTC)').fill('20000');
  await dialog.getByRole('button', { name: 'Salvează' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(adminRow).toContainText('120/min, 20000/zi');
});

test('a key’s browser origins: set at creation, refused in Romanian when wrong, changed later by its owner and by an Admin; CORS follows them', async ({ page, request }) => {
  const user = await signInNewUser(page, 'Dezvoltator', 'origini');
  await page.goto('/Chei-API');
  const form = page.getByRole('form', { name: 'Creează o cheie API' });
  const tag = Date.now().toString(36);
  const first = `https://panou-${tag}.exemplu.ro`;
  const second = `https://crm-${tag}.exemplu.ro`;
  const foreign = `https://altul-${tag}.exemplu.ro`;

  // The form parses the server's schema: plain http outside localhost and wildcards are refused.
  await expect(async () => {
    await form.getByLabel('Numele cheii').fill('Panou din browser');
    await form.getByLabel('Origini permise din browser (opțional)').fill(`http://panou-${tag}.exemplu.ro`);
    await form.getByRole('button', { name: 'Creează cheia' }).click();
    await expect(form.getByText('Adresele http sunt permise doar pentru localhost; folosiți https.', { exact: false })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await form.getByLabel('Origini permise din browser (opțional)').fill('https://*.exemplu.ro');
  await form.getByRole('button', { name: 'Creează cheia' }).click();
  await expect(form.getByText('Nu sunt permise caractere joker (*)', { exact: false })).toBeVisible();
  await form.getByLabel('Origini permise din browser (opțional)').fill(`${first}\nhttp://localhost:5173`);
  await form.getByRole('button', { name: 'Creează cheia' }).click();
  const secret = (await page.getByTestId('api-key-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^rfk_/);
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Panou din browser' });
  await expect(row.getByTestId('api-key-origins')).toHaveText(`${first}, http://localhost:5173`);

  const preflight = (origin: string) =>
    request.fetch('/api/v1/Location/getCounties', { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' } });
  const fromOrigin = (origin: string) => request.get('/api/v1/Location/getCounties', { headers: { 'X-API-Key': secret, Origin: origin } });
  expect((await preflight(first)).headers()['access-control-allow-origin']).toBe(first);
  const allowed = await fromOrigin(first);
  expect([allowed.status(), allowed.headers()['access-control-allow-origin']]).toEqual([200, first]);
  expect((await preflight(foreign)).headers()['access-control-allow-origin']).toBeUndefined();
  expect((await fromOrigin(foreign)).status()).toBe(403);

  await test.step('The owner replaces the origins in the dialog (same rules, same messages)', async () => {
    await row.getByRole('button', { name: 'Origini pentru cheia Panou din browser' }).click();
    const dialog = page.getByTestId('api-key-origins-dialog');
    const field = dialog.getByLabel('Origini permise din browser');
    await expect(field).toHaveValue(`${first}\nhttp://localhost:5173`);
    await field.fill(`${second}/cale`);
    await dialog.getByRole('button', { name: 'Salvează' }).click();
    await expect(dialog.getByText('Originea trebuie să fie de forma https://app.exemplu.ro', { exact: false })).toBeVisible();
    await field.fill(second);
    await dialog.getByRole('button', { name: 'Salvează' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByTestId('api-key-origins')).toHaveText(second);
    expect((await fromOrigin(first)).status()).toBe(403);
    expect((await fromOrigin(second)).status()).toBe(200);
  });

  await test.step('An Admin changes them too (and the change is audited', async () => {
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/Chei-API');
    await findAdminRows(page, user.Email);
    const adminRow = page.getByTestId('admin-api-key-row');
    await adminRow.getByRole('button', { name: /^Origini pentru cheia Panou din browser/ }).click();
    const adminDialog = page.getByTestId('api-key-origins-dialog');
    await adminDialog.getByLabel('Origini permise din browser').fill(foreign);
    await adminDialog.getByRole('button', { name: 'Salvează' }).click();
    await expect(adminDialog).toHaveCount(0);
    await expect(adminRow.getByTestId('api-key-origins')).toHaveText(foreign);
    expect((await fromOrigin(foreign)).status()).toBe(200);
    expect((await fromOrigin(second)).status()).toBe(403);
    });
  });
