// Users administration in a real Chromium against the production build: an Admin finds users,
// changes a role (effective on the user's next request), blocks a user who is signed in in another
// browser (that session ends at its next request), edits (409 on a taken name), opens a user's
// contacts and deletes; axe reports nothing on the page and its modals.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const PASSWORD = 'Parola#2026';
const ADMIN = { email: process.env.ADMIN_EMAIL ?? 'admin@radarfirme.ro', password: process.env.ADMIN_PASSWORD ?? 'Admin#2026!' };
// Calls minutes apart on one request context: a kept-alive socket the server already closed answers
// ECONNRESET, so these calls do not keep theirs.
const FRESH = { connection: 'close' };
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function register(request: APIRequestContext, prefix: string) {
  const id = uniq();
  const user = { UserName: `${prefix} ${id}`, Email: `${prefix.toLowerCase()}.${id}@exemplu.ro`, Password: PASSWORD, ConfirmPassword: PASSWORD };
  expect((await request.post('/api/Account/register', { data: user, headers: FRESH })).status()).toBe(200);
  return user;
}

/** Signs a browser in as the app does (tokens in localStorage, the page-session cookie in the jar). */
async function signIn(page: Page, email: string, password: string) {
  await page.goto('/');
  const res = await page.request.post('/api/Auth/login', { data: { Email: email, Password: password } });
  expect(res.status()).toBe(200);
  const tokens = (await res.json()) as { AccessToken: string; RefreshToken: string };
  await page.evaluate((t) => {
    localStorage.setItem('AccessToken', t.AccessToken);
    localStorage.setItem('RefreshToken', t.RefreshToken);
  }, tokens);
  return tokens;
}

const header = (page: Page) => page.locator('header[data-slot="site-header"]');
const row = (page: Page, name: string) => page.getByTestId('users-table').getByRole('row').filter({ hasText: name });

async function searchUser(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Caută un utilizator' });
  await box.fill(text);
  await box.press('Enter');
}

test('an Admin changes a role, blocks a signed-in user (their next request ends the session), edits, opens contacts and deletes', async ({ page, browser, request }) => {
  // One journey with many steps on a shared, busy machine.
  test.setTimeout(180_000);
  const victim = await register(request, 'Blocat');
  const target = await register(request, 'Tinta');

  // The victim is signed in in another browser.
  const victimContext = await browser.newContext();
  const victimPage = await victimContext.newPage();
  await signIn(victimPage, victim.Email, victim.Password);
  await victimPage.reload();
  await expect(header(victimPage).getByRole('button', { name: victim.UserName })).toBeVisible();

  // The target holds a token from before the promotion.
  const targetTokens = await (await request.post('/api/Auth/login', { data: { Email: target.Email, Password: target.Password }, headers: FRESH })).json();
  const rolesAsTarget = () => request.get('/api/Role/getRoles', { headers: { ...FRESH, authorization: `Bearer ${targetTokens.AccessToken}` } });
  expect((await rolesAsTarget()).status()).toBe(403);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/Utilizatori');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrarea utilizatorilor' })).toBeVisible();
  await expect(page.getByTestId('users-count')).toContainText('Rezultate:');
  await expectNoAxeViolations(page);

  // Role: changes at once, with its toast; the user's next request has it.
  await searchUser(page, target.UserName);
  await expect(page.getByTestId('users-count')).toHaveText('Rezultate: 1');
  await row(page, target.UserName).getByRole('combobox', { name: `Rolul utilizatorului ${target.UserName}` }).click();
  await page.getByRole('option', { name: 'Admin', exact: true }).click();
  await expect(page.getByText('Rolul utilizatorului a fost modificat cu succes!')).toBeVisible();
  await expect(row(page, target.UserName).getByRole('combobox')).toHaveText('Admin');
  expect((await rolesAsTarget()).status()).toBe(200);

  // Blocking, after the confirmation.
  await searchUser(page, victim.Email);
  await row(page, victim.UserName).getByRole('switch', { name: `Acces restricționat: ${victim.UserName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Avertisment' });
  await expect(confirm).toContainText('Sigur doriți să restricționați accesul acestui utilizator?');
  await expectNoAxeViolations(page, '[role="alertdialog"]');
  await confirm.getByRole('button', { name: 'Da' }).click();
  await expect(page.getByText('Utilizatorul a fost blocat cu succes!')).toBeVisible();
  await expect(row(page, victim.UserName).getByRole('switch')).toHaveAttribute('aria-checked', 'true');

  // The victim's next request: sent Home, signed out, tokens gone.
  await victimPage.goto('/Companii');
  await expect(victimPage).toHaveURL(/\/$/);
  // The app's own check of the session (userDetails, then one refresh) fails and clears the tokens.
  await expect.poll(() => victimPage.evaluate(() => localStorage.getItem('AccessToken'))).toBeNull();
  await expect(header(victimPage).getByRole('button', { name: 'Autentificare' })).toBeVisible();
  await victimContext.close();

  // The filters: Reset appears once a dropdown is set; "Fără acces" finds the blocked user.
  const panel = page.getByTestId('users-filters-panel');
  await expect(panel.getByRole('button', { name: 'Resetează' })).toHaveCount(0);
  await panel.getByRole('combobox', { name: 'Acces' }).click();
  await page.getByRole('option', { name: 'Fără acces' }).click();
  await expect(panel.getByRole('button', { name: 'Șterge filtrul Acces' })).toBeVisible();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/User/getUsers') && r.url().includes('HasAccess=false')),
    panel.getByRole('button', { name: 'Caută' }).click(),
  ]);
  await expect(page.getByTestId('users-count')).toHaveText('Rezultate: 1');
  await panel.getByRole('button', { name: 'Resetează' }).click();
  await expect(panel.getByRole('button', { name: 'Resetează' })).toHaveCount(0);

  // Edit: a name taken by another account is refused on the field; then a free one is saved.
  await searchUser(page, target.Email);
  await row(page, target.UserName).getByRole('button', { name: `Modifică utilizatorul ${target.UserName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifică utilizatorul' });
  await expect(edit.getByLabel('Nume utilizator')).toHaveValue(target.UserName);
  await expectNoAxeViolations(page, '[role="dialog"]');
  await edit.getByLabel('Nume utilizator').fill('ab');
  await edit.getByRole('button', { name: 'Salvează' }).click();
  await expect(edit).toContainText('Acest câmp trebuie să fie mai mare de 3 caractere.');
  await edit.getByLabel('Nume utilizator').fill(victim.UserName.toUpperCase());
  await edit.getByRole('button', { name: 'Salvează' }).click();
  await expect(edit).toContainText('Acest nume de utilizator este deja folosit.');
  const renamed = `Redenumit ${uniq()}`;
  await edit.getByLabel('Nume utilizator').fill(renamed);
  await edit.getByRole('button', { name: 'Salvează' }).click();
  await expect(page.getByText('Utilizatorul a fost modificat cu succes!')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row(page, renamed)).toHaveCount(1);

  // Contacts modal: the title with the name, the empty text, no axe violations.
  await row(page, renamed).getByRole('button', { name: `Contactele utilizatorului ${renamed}` }).click();
  const contacts = page.getByRole('dialog', { name: `Contactele adăugate de ${renamed}` });
  await expect(contacts).toContainText('Nu există contacte adăugate de către acest utilizator!');
  await expect(contacts.getByRole('combobox', { name: 'Companie' })).toHaveText('Toate');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await contacts.getByRole('button', { name: 'Închide' }).click();

  // The Admin's own row cannot be deleted; the target can, after the confirmation.
  await searchUser(page, ADMIN.email);
  await expect(page.getByTestId('users-table').getByRole('button', { name: /^Șterge utilizatorul/ })).toBeDisabled();
  await searchUser(page, target.Email);
  await row(page, renamed).getByRole('button', { name: `Șterge utilizatorul ${renamed}` }).click();
  await expect(confirm).toContainText('Sigur doriți să ștergeți acest utilizator?');
  await confirm.getByRole('button', { name: 'Da' }).click();
  await expect(page.getByText('Utilizatorul a fost șters cu succes!')).toBeVisible();
  await expect(page.getByTestId('users-count')).toHaveText('Rezultate: 0');
  await expect(page.getByText('Nu există elemente!')).toBeVisible();
  expect((await rolesAsTarget()).status()).toBe(401);
});

test('sorting: the first click on a column sorts ascending, the next adds _desc', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/Utilizatori');
  await expect(page.getByTestId('users-count')).toContainText('Rezultate:');
  const waitFor = (orderBy: string) => page.waitForRequest((r) => r.url().includes('/api/User/getUsers') && new URL(r.url()).searchParams.get('OrderBy') === orderBy);
  const groups = page.getByTestId('users-table').getByRole('columnheader', { name: 'Grupuri' });
  await Promise.all([waitFor('GroupsNumber'), groups.getByRole('button').click()]);
  await expect(groups).toHaveAttribute('aria-sort', 'ascending');
  await Promise.all([waitFor('GroupsNumber_desc'), groups.getByRole('button').click()]);
  await expect(groups).toHaveAttribute('aria-sort', 'descending');
  const created = page.getByTestId('users-table').getByRole('columnheader', { name: 'Data creării' });
  await Promise.all([waitFor('AccountCreatedDate'), created.getByRole('button').click()]);
  await expect(created).toHaveAttribute('aria-sort', 'ascending');
});
