// Groups in a real Chromium against the production build: create a group, add companies from the
// advanced search through the card's three-dot menu, invite a second user, open the mailed link
// from the local mailbox, sign in on the invitation and accept it, comment (editable by its author
// only), the editor moves a company, a viewer sees read-only screens. The accessibility of these
// pages and dialogs: accessibility.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { registerAccount, signInAs, signInThroughModal, uniq } from './support/accounts';


const header = (page: Page) => page.locator('header[data-slot="site-header"]');

// The subject is fixed: the group's name (free text) is only in the body (036).
const INVITATION_SUBJECT = 'Ai fost invitat într-un grup pe RadarFirme';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The invitation link of the one mail to `email` about the group, from the local mailbox (it may take a moment). */
async function invitationLink(page: Page, email: string): Promise<string | null> {
  let link: string | null = null;
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const message = page.getByTestId('mailbox-message').filter({ hasText: INVITATION_SUBJECT }).filter({ hasText: email.toLowerCase() });
    await expect(message).toHaveCount(1);
    link = await message.getByRole('link', { name: /\/Invitatie\// }).getAttribute('href');
  }).toPass({ timeout: 20_000 });
  return link;
}

test('a group from search to a shared, commented list', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  // The three accounts at once (each waits for its confirmation mail); the owner signs in by tokens
  // (the sign-in form is auth.spec's subject; the invited ones use it on the invitation page below).
  const [owner, guest, viewer] = await Promise.all([registerAccount(request, { name: 'Autor' }), registerAccount(request, { name: 'Coleg' }), registerAccount(request, { name: 'Cititor' })]);
  const groupName = `Clienți E2E ${uniq()}`;

  await signInAs(page, owner.Email);
  await page.goto('/');
  await expect(header(page).getByRole('button', { name: owner.UserName })).toBeVisible();

  // Steps, so a failure names the part of the journey that broke; what later steps need is here.
  const names: string[] = [];
  let link: string | null = null;
  let groupId = 0;
  const guestContext = await browser.newContext();
  const guestPage = await guestContext.newPage();

  await test.step('Create a group on /Companii', async () => {
    await page.goto('/Companii');
    await expect(page.getByRole('heading', { level: 1, name: 'Companii' })).toBeVisible();
    await page.getByRole('button', { name: 'Adaugă grup' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Adaugă grup' });
    await addDialog.getByRole('button', { name: 'Salvează' }).click();
    await expect(addDialog.getByText('Acest câmp este necesar.')).toBeVisible();
    await addDialog.getByLabel('Nume grup').fill(groupName);
    await addDialog.getByRole('button', { name: 'Salvează' }).click();
    await expect(toast(page, 'Grupul a fost adăugat cu succes!')).toBeVisible();
    await expect(addDialog).toBeHidden();

  });

  await test.step('Add two companies from the advanced search through the card menu', async () => {
    await page.goto('/Cautare-avansata');
    const cards = page.locator('[data-slot="company-card"]');
    for (const i of [0, 1]) {
      const card = cards.nth(i);
      names.push((await card.getByRole('heading').innerText()).replace(/\s*\(se deschide într-o filă nouă\)\s*$/, '').trim());
      await card.getByTestId('company-group-menu').click();
      const menu = page.getByRole('menu');
      await expect(menu.getByText('Adaugă compania într-un grup')).toBeVisible();
      await menu.getByRole('menuitem', { name: groupName }).click();
      await expect(toast(page, 'Compania a fost adăugată cu succes în grup!').first()).toBeVisible();
    }
    // Opened again, the menu marks the group and offers removal.
    await cards.nth(0).getByTestId('company-group-menu').click();
    await expect(page.getByRole('menu').getByText('Mută compania în alt grup')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Șterge din grup' })).toBeVisible();
    await page.keyboard.press('Escape');

  });

  await test.step('The companies page lists both', async () => {
    await page.goto('/Companii');
    await expect(page.getByTestId('company-group-row')).toHaveCount(2);

  });

  await test.step('Invite the colleague with edit rights from the group list', async () => {
    await page.goto('/Grupuri-email');
    await expect(page.getByRole('heading', { level: 1, name: 'Grupuri' })).toBeVisible();
    const row = page.getByTestId('group-row').filter({ hasText: groupName });
    await expect(row).toContainText('Autor');
    // "Trimite email" opens the send-template dialog of the sending feature (the template is required).
    await row.getByRole('button', { name: `Trimite email grupului ${groupName}` }).click();
    const sendDialog = page.getByRole('dialog', { name: 'Trimite email grupurilor' });
    await expect(sendDialog).toBeVisible();
    await expect(sendDialog.getByRole('button', { name: 'Trimite' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(sendDialog).toBeHidden();
    await row.getByRole('button', { name: `Invită în ${groupName}` }).click();
    const inviteDialog = page.getByRole('dialog', { name: 'Invită în grup' });
    await inviteDialog.getByLabel('Email').fill(guest.Email);
    await inviteDialog.getByLabel('Nivel de acces').click();
    await page.getByRole('option', { name: 'Editare' }).click();
    await inviteDialog.getByRole('button', { name: 'Trimite invitația' }).click();
    await expect(toast(page, 'Invitația a fost trimisă cu succes!')).toBeVisible();

  });

  await test.step('The mail in the local mailbox carries the invitation link', async () => {
    link = await invitationLink(page, guest.Email);

  });

  await test.step('The colleague opens it signed out, signs in there and accepts', async () => {
    await guestPage.goto(link!);
    await expect(guestPage.getByText(`să editați activitatea grupului „${groupName}”`, { exact: false })).toBeVisible();
    await expect(guestPage.getByRole('main').getByRole('button', { name: 'Înregistrare' })).toBeVisible();
    await signInThroughModal(guestPage, guest.Email, undefined, 'page');
    await guestPage.getByRole('button', { name: 'Acceptă' }).click();
    await expect(guestPage.getByTestId('success-dialog')).toContainText('Invitația a fost acceptată cu succes');
    await expect(guestPage).toHaveURL(/\/Grupuri-email\/\d+\//, { timeout: 10_000 });
    await expect(guestPage.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
    await expect(guestPage.getByTestId('company-group-row')).toHaveCount(2);

  });

  await test.step('The colleague comments on a company', async () => {
    await guestPage.getByRole('button', { name: `Comentarii pentru ${names[0]}` }).click();
    const comments = guestPage.getByRole('dialog', { name: 'Comentarii' });
    await comments.getByLabel('Comentariu nou').fill('Am sunat azi, revenim luni.');
    await comments.getByRole('button', { name: 'Adaugă comentariu' }).click();
    await expect(toast(guestPage, 'Comentariul a fost adăugat cu succes!')).toBeVisible();
    await expect(comments.getByTestId('comment')).toContainText('Am sunat azi, revenim luni.');
    await expect(comments.getByRole('button', { name: 'Modifică comentariul' })).toBeVisible();
    await guestPage.keyboard.press('Escape');

  });

  await test.step('The editor moves the second company into a group of their own', async () => {
    const ownGroup = `Grupul colegului ${uniq()}`;
    const created = await guestPage.evaluate(async (name) => {
      const res = await fetch(`/api/Group/add?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { authorization: `Bearer ${localStorage.getItem('AccessToken')}` } });
      return res.status;
    }, ownGroup);
    expect(created).toBe(200);
    await guestPage.reload();
    await guestPage.getByRole('button', { name: `Mută ${names[1]} în alt grup` }).click();
    await expect(guestPage.getByRole('menuitem', { name: groupName })).toHaveAttribute('aria-current', 'true');
    await guestPage.getByRole('menuitem', { name: ownGroup }).click();
    await expect(toast(guestPage, 'Compania a fost mutată cu succes!')).toBeVisible();
    await expect(guestPage.getByTestId('company-group-row')).toHaveCount(1);
    await guestContext.close();

  });

  await test.step('A third user joins with the default level (view): read-only screens', async () => {
    const ownerToken = await page.evaluate(() => localStorage.getItem('AccessToken'));
    groupId = Number(new URL(link!).pathname.split('/')[4]);
    const invited = await request.post(`/api/Group/invite?Email=${encodeURIComponent(viewer.Email)}&GroupId=${groupId}&Access=View`, { headers: { authorization: `Bearer ${ownerToken}` } });
    expect(invited.status()).toBe(200);
    const viewerLink = await invitationLink(page, viewer.Email);
    const viewerContext = await browser.newContext();
    const viewerPage = await viewerContext.newPage();
    await viewerPage.goto(viewerLink!);
    await expect(viewerPage.getByText('să vizualizați activitatea grupului', { exact: false })).toBeVisible();
    await signInThroughModal(viewerPage, viewer.Email, undefined, 'page');
    await viewerPage.getByRole('button', { name: 'Acceptă' }).click();
    await expect(viewerPage.getByRole('heading', { level: 1, name: groupName })).toBeVisible({ timeout: 10_000 });
    await expect(viewerPage.getByTestId('company-group-row')).toHaveCount(1);
    await expect(viewerPage.getByRole('button', { name: 'adauga companii' })).toHaveCount(0);
    await expect(viewerPage.getByRole('button', { name: /^Mută / })).toHaveCount(0);
    await expect(viewerPage.getByRole('button', { name: /din grup$/ })).toHaveCount(0);
    await viewerPage.getByRole('button', { name: 'membrii grupului' }).click();
    const readOnlyMembers = viewerPage.getByRole('dialog', { name: `Utilizatorii din grupul ${groupName}` });
    await expect(readOnlyMembers.getByTestId('group-member')).toHaveCount(3);
    await expect(readOnlyMembers.getByRole('combobox')).toHaveCount(0);
    await viewerPage.keyboard.press('Escape');
    await viewerPage.getByRole('button', { name: `Comentarii pentru ${names[0]}` }).click();
    const viewerComments = viewerPage.getByRole('dialog', { name: 'Comentarii' });
    await expect(viewerComments.getByTestId('comment')).toContainText('Am sunat azi, revenim luni.');
    await expect(viewerComments.getByLabel('Comentariu nou')).toHaveCount(0);
    await viewerContext.close();

  });

  await test.step('The owner sees it, without the author\'s icons', async () => {
    await page.goto('/Grupuri-email');
    await page.getByTestId('group-row').filter({ hasText: groupName }).getByRole('link', { name: `Detalii grup ${groupName}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
    await page.getByRole('button', { name: `Comentarii pentru ${names[0]}` }).click();
    const ownerComments = page.getByRole('dialog', { name: 'Comentarii' });
    await expect(ownerComments.getByTestId('comment')).toContainText(guest.UserName);
    await expect(ownerComments.getByRole('button', { name: 'Modifică comentariul' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // The address without the name segment opens the same group page.
    await page.goto(`/Grupuri-email/${groupId}`);
    await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();

  });

  await test.step('Members: the owner row is fixed, the colleague is an editor', async () => {
    await page.getByRole('button', { name: 'membrii grupului' }).click();
    const members = page.getByRole('dialog', { name: 'Membrii grupului' });
    await expect(members.getByTestId('group-member')).toHaveCount(3);
    await expect(members.getByTestId('group-member').first()).toContainText('Autor');
    await page.keyboard.press('Escape');

  });
});
