// Users administration in a real Chromium against the production build: an Admin finds users,
// changes a role (effective on the user's next request), blocks a user who is signed in in another
// browser (that session ends at its next request), edits (409 on a taken name), opens a user's
// contacts (with rows: finds a company in the picker, sets a contact private) and deletes. The
// page's, modals' and confirmations' accessibility: accessibility.spec.ts.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAs, signInNewUser, uniq } from './support/accounts';
import { E2E_ADMIN as ADMIN } from './support/credentials';

// Calls minutes apart on one request context: a kept-alive socket the server already closed answers
// ECONNRESET, so these calls do not keep theirs.
const FRESH = { connection: 'close' };

type Card = { Cui: number; Name: string };

/** A company from the public search (a fresh database per run). */
async function pickCompany(request: APIRequestContext): Promise<Card> {
  const res = await request.get('/api/Company/getCompanies?OrderBy=Turnover_desc&PageNumber=3&PageSize=21', { headers: FRESH });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { Items: Card[] }).Items[5];
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
  test.setTimeout(240_000);

  // The victim is signed in in another browser.
  const victimContext = await browser.newContext();
  const victimPage = await victimContext.newPage();
  const victim = await signInNewUser(victimPage, 'Blocat', 'blocat');
  await victimPage.goto('/');
  await expect(header(victimPage).getByRole('button', { name: victim.UserName })).toBeVisible();

  // The target holds a token from before the promotion, and has added a contact to a company.
  const targetContext = await browser.newContext();
  const target = await signInNewUser(await targetContext.newPage(), 'Tinta', 'tinta');
  await targetContext.close();
  const asTarget = { ...FRESH, authorization: `Bearer ${target.AccessToken}` };
  const rolesAsTarget = () => request.get('/api/Role/getRoles', { headers: asTarget });
  expect((await rolesAsTarget()).status()).toBe(403);
  const company = await pickCompany(request);
  const contactName = `Reprezentant ${target.Suffix}`;
  const added = await request.post('/api/Contact/add', {
    headers: asTarget,
    data: { CompanyId: company.Cui, Name: contactName, Role: 'Director', Email: `reprezentant.${target.Suffix}@exemplu.ro`, Phone: '', Private: false },
  });
  expect(added.status()).toBe(200);

  await signInAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/Utilizatori');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrarea utilizatorilor' })).toBeVisible();
  await expect(page.getByTestId('users-count')).toContainText('Rezultate:');
  // Named steps, so a failure says which part broke; what later steps need is declared here.
  const confirm = page.getByRole('alertdialog', { name: 'Avertisment' });
  const renamed = `Redenumit ${uniq()}`;

  await test.step("Role: changes at once, with its toast; the user's next request has it", async () => {
    await searchUser(page, target.UserName);
    await expect(page.getByTestId('users-count')).toHaveText('Rezultate: 1');
    await row(page, target.UserName).getByRole('combobox', { name: `Rolul utilizatorului ${target.UserName}` }).click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await expect(page.getByText('Rolul utilizatorului a fost modificat cu succes!')).toBeVisible();
    await expect(row(page, target.UserName).getByRole('combobox')).toHaveText('Admin');
    expect((await rolesAsTarget()).status()).toBe(200);
  });

  await test.step('Block a signed-in user after the confirmation', async () => {
    await searchUser(page, victim.Email);
    await row(page, victim.UserName).getByRole('switch', { name: `Acces restricționat: ${victim.UserName}` }).click();
    await expect(confirm).toContainText('Sigur doriți să restricționați accesul acestui utilizator?');
    await confirm.getByRole('button', { name: 'Da' }).click();
    await expect(page.getByText('Utilizatorul a fost blocat cu succes!')).toBeVisible();
    await expect(row(page, victim.UserName).getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  });

  await test.step("The blocked user's next request ends the session", async () => {
    await victimPage.goto('/Companii');
    await expect(victimPage).toHaveURL(/\/$/);
    // The app's own check of the session (userDetails, then one refresh) fails and clears the tokens.
    await expect.poll(() => victimPage.evaluate(() => localStorage.getItem('AccessToken'))).toBeNull();
    await expect(header(victimPage).getByRole('button', { name: 'Autentificare' })).toBeVisible();
    await victimContext.close();
  });

  await test.step('The filters: Reset appears once a dropdown is set', async () => {
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
  });

  await test.step('Edit: a taken name is refused, a free one is saved', async () => {
    await searchUser(page, target.Email);
    await row(page, target.UserName).getByRole('button', { name: `Modifică utilizatorul ${target.UserName}` }).click();
    const edit = page.getByRole('dialog', { name: 'Modifică utilizatorul' });
    await expect(edit.getByLabel('Nume utilizator')).toHaveValue(target.UserName);
    await edit.getByLabel('Nume utilizator').fill('ab');
    await edit.getByRole('button', { name: 'Salvează' }).click();
    await expect(edit).toContainText('Acest câmp trebuie să fie mai mare de 3 caractere.');
    await edit.getByLabel('Nume utilizator').fill(victim.UserName.toUpperCase());
    await edit.getByRole('button', { name: 'Salvează' }).click();
    await expect(edit).toContainText('Acest nume de utilizator este deja folosit.');
    await edit.getByLabel('Nume utilizator').fill(renamed);
    await edit.getByRole('button', { name: 'Salvează' }).click();
    await expect(page.getByText('Utilizatorul a fost modificat cu succes!')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row(page, renamed)).toHaveCount(1);
  });

  await test.step('The contacts a user added: the picker and the Private switch', async () => {
    // Contacts modal with the target's contact and its rows; the company picker
    // finds the company by typing; the Private switch asks first, then sets the contact private.
    await row(page, renamed).getByRole('button', { name: `Contactele utilizatorului ${renamed}` }).click();
    const contacts = page.getByRole('dialog', { name: `Contactele adăugate de ${renamed}` });
    const contactRow = contacts.getByTestId('user-contacts-table').getByRole('row').filter({ hasText: contactName });
    await expect(contactRow).toContainText(company.Name);
    await expect(contacts.getByRole('combobox', { name: 'Companie' })).toHaveText('Toate');

    await contacts.getByRole('combobox', { name: 'Companie' }).click();
    const word = company.Name.split(' ')[0];
    // The user sees the matches of the typed text, then clicks one.
    await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/Company/getCompapaniesWithUserContacts') && new URL(r.url()).searchParams.get('searchText') === word,
      ),
      page.getByPlaceholder('Caută compania…').fill(word),
    ]);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/Contact/getUserContacts') && r.url().includes(`Cui=${company.Cui}`)),
      page.getByRole('option', { name: company.Name }).click(),
    ]);
    await expect(contacts.getByRole('combobox', { name: 'Companie' })).toHaveText(company.Name);
    await expect(contacts).toContainText('Rezultate: 1');

    const privacy = contactRow.getByRole('switch', { name: `Contact privat: ${contactName}` });
    await expect(privacy).toHaveAttribute('aria-checked', 'false');
    await privacy.click();
    const ask = page.getByRole('alertdialog', { name: 'Avertisment' });
    await expect(ask).toContainText('Sigur doriți să restricționați accesul la acest contact?');
    await ask.getByRole('button', { name: 'Da' }).click();
    await expect(page.getByText('Contactul a fost setat pe privat!')).toBeVisible();
    await expect(privacy).toHaveAttribute('aria-checked', 'true');
    await contacts.getByRole('button', { name: 'Închide' }).click();
  });

  await test.step("Delete: not the Admin's own row; the target after the confirmation", async () => {
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
});

test('sorting: the first click on a column sorts ascending, the next adds _desc', async ({ page }) => {
  await signInAs(page, ADMIN.email, ADMIN.password);
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
