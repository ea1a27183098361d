// Contacts and claims in Chromium against the production build: a user edits contacts on a company
// page (highlights, toasts); the private contact stays invisible to a second user and to anonymous
// visitors; a user claims a company, an Admin approves it on /PretindereCompanie, the claimant gets
// the mail and the right the approval grants; the admin contacts page.
// Their accessibility: accessibility.spec.ts.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { registerAccount, signInThroughModal, tokensOf } from './support/accounts';
import { E2E_ADMIN as ADMIN } from './support/credentials';


type Card = { Cui: number; Name: string };
type Contact = { Name: string | null; Private: boolean };

/** Two companies from the public search (a fresh database per run). */
async function pickCompanies(request: APIRequestContext): Promise<Card[]> {
  const res = await request.get('/api/Company/getCompanies?OrderBy=Turnover_desc&PageNumber=2&PageSize=21');
  expect(res.ok()).toBe(true);
  const items = ((await res.json()) as { Items: Card[] }).Items;
  return [items[3], items[4]];
}

// Long journeys (several sign-ins and pages) on a shared, busy machine.
test.describe.configure({ timeout: 180_000 });

const companyUrl = (c: Card) => `/company-details/${c.Cui}/x`;

async function openContactsTab(page: Page) {
  // A click before hydration does nothing: click again until the tab shows.
  await expect(async () => {
    await page.getByRole('tab', { name: 'Contacte' }).click();
    await expect(page.getByRole('button', { name: 'Editează contactele' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('a user adds and edits contacts with highlights and toasts; the private one stays theirs', async ({ page, request, browser }) => {
  const [company] = await pickCompanies(request);
  const user = await registerAccount(request, { name: 'Contacte' });

  // Anonymous: the edit button opens the login tab.
  await page.goto(companyUrl(company));
  await openContactsTab(page);
  await page.getByRole('button', { name: 'Editează contactele' }).click();
  await expect(page.getByTestId('auth-modal').getByRole('tab', { name: 'Autentificare' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');

  await signInThroughModal(page, user.Email, undefined, 'event');
  await page.getByRole('button', { name: 'Editează contactele' }).click();
  const modal = page.getByTestId('edit-contacts-modal');
  await expect(modal.getByText('Nu există contacte!')).toBeVisible();
  // A plain user has no tab strip.
  await expect(modal.getByRole('tab', { name: 'Social media' })).toHaveCount(0);

  await modal.getByRole('button', { name: 'Salvează contactele' }).click();
  await expect(page.getByText('Nu sunt modificări noi pentru actualizare!')).toBeVisible();

  await modal.getByRole('button', { name: 'Adaugă contact' }).click();
  await modal.getByLabel('Rol').fill('Contabil');
  await modal.getByRole('button', { name: 'Salvează contactele' }).click();
  await expect(modal.getByText('Nu se poate adăuga doar câmpul Rol.')).toBeVisible();
  await modal.getByLabel('Telefon').fill('12345');
  await modal.getByRole('button', { name: 'Salvează contactele' }).click();
  await expect(modal.getByText('Numărul de telefon nu este valid.')).toBeVisible();
  await modal.getByLabel('Telefon').fill('0721 234 567');
  await modal.getByLabel('Nume').fill('Ion Secret');
  await modal.getByLabel('Privat', { exact: true }).check();
  await modal.getByRole('button', { name: 'Salvează contactele' }).click();
  await expect(page.getByText('Contactul a fost adăugat cu succes!')).toBeVisible();

  await test.step('An edit is highlighted in orange until saved', async () => {
    await modal.getByLabel('Rol').fill('Director economic');
    await expect(modal.getByLabel('Rol')).toHaveAttribute('data-changed', 'true');
    await expect(modal.getByLabel('Rol')).toHaveClass(/border-orange-500/);
    await modal.getByRole('button', { name: 'Salvează contactele' }).click();
    await expect(page.getByText('Contactele au fost modificate cu succes!')).toBeVisible();
    await expect(modal.getByLabel('Rol')).not.toHaveAttribute('data-changed', 'true');
    await modal.getByRole('button', { name: 'Închide' }).first().click();
  });

  await test.step('The owner sees it on the page, marked private', async () => {
    await expect(page.getByTestId('contacts').getByText('Ion Secret').first()).toBeVisible();
    await expect(page.getByTestId('contacts').getByText('privat', { exact: true })).toBeVisible();
  });

  await test.step('An anonymous visitor does not', async () => {
    const anon = await newPage(browser);
    await anon.page.goto(companyUrl(company));
    await openContactsTab(anon.page);
    await expect(anon.page.getByTestId('contacts')).toBeVisible();
    await expect(anon.page.getByText('Ion Secret')).toHaveCount(0);
    await anon.context.close();
  });

  await test.step('Nor does a second user (the signed-in source)', async () => {
    const second = await registerAccount(request, { name: 'Contacte' });
    const token = (await tokensOf(request, second.Email)).AccessToken;
    const seen = (await (await request.get(`/api/Contact/getUserContactsByCompany?cui=${company.Cui}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Contact[];
    expect(seen.map((c) => c.Name)).not.toContain('Ion Secret');
    const mine = (await (
      await request.get(`/api/Contact/getUserContactsByCompany?cui=${company.Cui}`, { headers: { authorization: `Bearer ${(await tokensOf(request, user.Email)).AccessToken}` } })
    ).json()) as Contact[];
    expect(mine).toContainEqual(expect.objectContaining({ Name: 'Ion Secret', Private: true }));
  });
});

test('a user claims a company, an Admin approves it, the claimant gets the mail and edits the public data', async ({ page, request, browser }) => {
  const [, company] = await pickCompanies(request);
  const user = await registerAccount(request, { name: 'Contacte' });
  await page.goto(companyUrl(company));
  await signInThroughModal(page, user.Email, undefined, 'event');
  await page.getByTestId('claim-button').click();
  const claim = page.getByTestId('claim-modal');
  await expect(claim.getByRole('heading', { name: `Pretinde compania ${company.Name}` })).toBeVisible();
  await claim.getByLabel('Nume').fill('Maria Ionescu');
  await claim.getByLabel('Telefon').fill('0721 234 567');
  await claim.getByLabel('Email').fill(user.Email);
  await claim.getByLabel('Mesaj').fill('Sunt administratorul firmei și vreau să actualizez contactele.');
  await claim.getByRole('button', { name: 'Trimite cerere' }).click();
  await expect(page.getByText('Cererea a fost trimisă cu succes!')).toBeVisible();
  await expect(claim).toBeHidden();

  // The Admin reviews it.
  const admin = await newPage(browser);
  await admin.page.goto('/');
  await signInThroughModal(admin.page, ADMIN.email, ADMIN.password, 'event');
  await admin.page.goto('/PretindereCompanie');
  await expect(admin.page.getByRole('heading', { name: 'Cereri de pretindere a companiei' })).toBeVisible();
  await admin.page.getByPlaceholder('Caută firmă (Nume/CUI)').fill(String(company.Cui));
  await admin.page.getByPlaceholder('Caută firmă (Nume/CUI)').press('Enter');
  const row = admin.page.getByTestId('claim-row').filter({ hasText: 'Maria Ionescu' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('În așteptare')).toBeVisible();
  await row.getByRole('button', { name: 'Detalii' }).click();
  const details = admin.page.getByRole('dialog', { name: 'Cerere pretindere companie' });
  await expect(details.getByText('Sunt administratorul firmei și vreau să actualizez contactele.')).toBeVisible();
  await admin.page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Aprobă' }).click();
  await expect(admin.page.getByText('Success', { exact: true })).toBeVisible();
  await admin.page.getByRole('button', { name: 'Aprobat' }).click();
  const approved = admin.page.getByTestId('claim-row').filter({ hasText: 'Maria Ionescu' });
  await expect(approved.getByText('Acceptat')).toBeVisible();
  await expect(approved.getByRole('button', { name: 'Aprobă' })).toHaveCount(0);
  await expect(approved.getByRole('button', { name: 'Respinge' })).toBeVisible();

  await test.step('The mail with the decision', async () => {
    await expect(async () => {
      await admin.page.goto(`/dev/mailbox?to=${encodeURIComponent(user.Email)}`);
      await expect(admin.page.getByTestId('mailbox-message').filter({ hasText: `${company.Name} a fost aprobată` }).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  });

  await test.step('The admin contacts page finds the company and its Modify button opens the edit modal', async () => {
    await admin.page.goto('/Contacte');
    await expect(admin.page.getByRole('heading', { name: 'Administrarea contactelor' })).toBeVisible();
    await admin.page.getByLabel('Numele sau CUI-ul companiei').fill(String(company.Cui));
    await admin.page.getByLabel('Numele sau CUI-ul companiei').press('Enter');
    const card = admin.page.getByTestId('contacts-card').filter({ hasText: `CUI ${company.Cui}` });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: /Modifică/ }).click();
    await expect(admin.page.getByTestId('edit-contacts-modal').getByRole('tab', { name: 'Social media' })).toBeVisible();
    await admin.context.close();
  });

  // The claimant: the page shows the company as claimed and the modal offers the social links.
  await page.reload();
  await expect(page.getByTestId('claimed')).toBeVisible();
  await openContactsTab(page);
  await page.getByRole('button', { name: 'Editează contactele' }).click();
  const modal = page.getByTestId('edit-contacts-modal');
  await modal.getByRole('tab', { name: 'Social media' }).click();
  await modal.getByLabel('Website').fill('https://firma-exemplu.ro');
  await modal.getByRole('button', { name: 'Salvează social media' }).click();
  await expect(page.getByText('Datele din Social Media au fost modificate cu succes!')).toBeVisible();
  const links = (await (await request.get(`/api/SocialMedia/getSocialMediaForCompany?cui=${company.Cui}`)).json()) as Array<{ Platform: string; Url: string }>;
  expect(links).toContainEqual(expect.objectContaining({ Platform: 'Website', Url: 'https://firma-exemplu.ro' }));
});
