// Shared groups people can manage (docs/decisions/041, 042) in a real Chromium: the invited user
// answers from the notice on Grupuri; the owner resends and revokes pending invitations on the
// group page; an editor cannot delete the owner's group and leaves it; the owner deletes the group
// and a template and restores both from "Recent șterse" (the dialogs' accessibility:
// accessibility.spec.ts).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInNewUser, uniq, type NewUser } from './support/accounts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const bearer = (u: NewUser) => ({ authorization: `Bearer ${u.AccessToken}` });

async function newUserPage(browser: Browser, name: string, prefix: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const user = await signInNewUser(page, name, prefix);
  return { context, page, user };
}

test('invitations, leaving, owner-only delete and restore', async ({ browser }) => {
  test.setTimeout(240_000);
  const owner = await newUserPage(browser, 'Autor', 'autor');
  const editor = await newUserPage(browser, 'Editor', 'editor');
  const groupName = `Echipa ${uniq()}`;
  const req = owner.page.request;

  const added = await req.post(`/api/Group/add?name=${encodeURIComponent(groupName)}`, { headers: bearer(owner.user) });
  expect(added.status()).toBe(200);
  const groupId = ((await added.json()) as { Id: number }).Id;
  const invite = (email: string, access: 'View' | 'Edit') =>
    req.post(`/api/Group/invite?Email=${encodeURIComponent(email)}&GroupId=${groupId}&Access=${access}`, { headers: bearer(owner.user) });
  expect((await invite(editor.user.Email, 'Edit')).status()).toBe(200);
  const pendingEmail = `fara-cont.${uniq()}@exemplu.ro`;
  expect((await invite(pendingEmail, 'View')).status()).toBe(200);

  // The invited user finds the invitation on Grupuri and accepts it there.
  await editor.page.goto('/Grupuri-email');
  const notice = editor.page.getByTestId('my-invitations');
  await expect(notice.getByRole('heading', { name: 'Aveți o invitație într-un grup' })).toBeVisible();
  await expect(notice.getByTestId('my-invitation')).toContainText(groupName);
  await expect(notice.getByTestId('my-invitation')).toContainText(`Invitat de ${owner.user.UserName} · Editare`);
  await notice.getByRole('button', { name: `Acceptă invitația în grupul ${groupName}` }).click();
  await expect(toast(editor.page, 'Invitația a fost acceptată cu succes!')).toBeVisible();
  const row = editor.page.getByTestId('group-row').filter({ hasText: groupName });
  await expect(row).toContainText('Membru');

  await test.step('An editor has no delete icon, and the server refuses the delete with the owner-only message', async () => {
    await expect(row.getByRole('button', { name: `Modifică ${groupName}` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Șterge ${groupName}` })).toHaveCount(0);
    const refused = await editor.page.request.delete(`/api/Group/${groupId}`, { headers: bearer(editor.user) });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { Message: string }).Message).toBe('Doar autorul grupului poate șterge grupul.');
  });

  await test.step('The owner manages the pending invitations on the group page', async () => {
    await owner.page.goto(`/Grupuri-email/${groupId}`);
    await owner.page.getByRole('button', { name: 'invitații în așteptare' }).click();
    const invitations = owner.page.getByRole('dialog', { name: 'Invitații în așteptare' });
    const pendingRow = invitations.getByTestId('pending-invitation').filter({ hasText: pendingEmail });
    await expect(pendingRow).toContainText('Vizualizare');
    await expect(invitations.getByTestId('pending-invitation')).toHaveCount(1);
    await pendingRow.getByRole('button', { name: `Retrimite invitația către ${pendingEmail}` }).click();
    await expect(toast(owner.page, 'Invitația a fost retrimisă cu succes!')).toBeVisible();
    await expect(invitations.getByTestId('pending-invitation')).toHaveCount(1);
    await pendingRow.getByRole('button', { name: `Revocă invitația către ${pendingEmail}` }).click();
    const confirm = owner.page.getByRole('alertdialog');
    await expect(confirm).toContainText('Link-ul din email nu va mai funcționa.');
    await confirm.getByRole('button', { name: 'Da' }).click();
    await expect(toast(owner.page, 'Invitația a fost revocată.')).toBeVisible();
    await expect(invitations.getByText('Nu există invitații în așteptare.')).toBeVisible();
    await owner.page.keyboard.press('Escape');
  });

  await test.step('The editor leaves the group from the list', async () => {
    await editor.page.reload();
    await editor.page.getByTestId('group-row').filter({ hasText: groupName }).getByRole('button', { name: `Părăsește grupul ${groupName}` }).click();
    await editor.page.getByRole('alertdialog').getByRole('button', { name: 'Părăsește' }).click();
    await expect(toast(editor.page, 'Ați părăsit grupul.')).toBeVisible();
    await expect(editor.page.getByTestId('group-row').filter({ hasText: groupName })).toHaveCount(0);
    await editor.context.close();
  });

  await test.step('The owner deletes the group and restores it from "Recent șterse"', async () => {
    await owner.page.goto('/Grupuri-email');
    const ownerRow = owner.page.getByTestId('group-row').filter({ hasText: groupName });
    await ownerRow.getByRole('button', { name: `Șterge ${groupName}` }).click();
    await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Da' }).click();
    await expect(toast(owner.page, 'Grupul a fost șters cu succes!')).toBeVisible();
    await expect(ownerRow).toHaveCount(0);
    await owner.page.getByRole('button', { name: 'Recent șterse' }).click();
    const deleted = owner.page.getByRole('dialog', { name: 'Recent șterse' });
    const deletedRow = deleted.getByTestId('deleted-item').filter({ hasText: groupName });
    await expect(deletedRow).toBeVisible();
    await deletedRow.getByRole('button', { name: `Restaurează ${groupName}` }).click();
    await expect(toast(owner.page, 'Grupul a fost restaurat cu succes!')).toBeVisible();
    await expect(deletedRow).toHaveCount(0);
    await owner.page.keyboard.press('Escape');
    await expect(ownerRow).toHaveCount(1);
  });

  await test.step('A template too', async () => {
    const templateName = `Ofertă ${uniq()}`;
    const design = JSON.stringify({
      format: 'grapesjs-mjml',
      version: 1,
      mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>Bună</mj-text></mj-column></mj-section></mj-body></mjml>',
      project: { pages: [{ component: { type: 'wrapper' } }] },
    });
    const tpl = await req.post('/api/MailTemplate/Add', { headers: bearer(owner.user), data: { Name: templateName, Content: design, Tags: [] } });
    expect(tpl.status()).toBe(200);
    await owner.page.goto('/Template-uri');
    await owner.page.getByRole('button', { name: `Șterge ${templateName}` }).click();
    await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Da' }).click();
    await expect(toast(owner.page, 'Template-ul a fost șters cu succes!')).toBeVisible();
    await owner.page.getByRole('button', { name: 'Recent șterse' }).click();
    const deletedTemplates = owner.page.getByRole('dialog', { name: 'Recent șterse' });
    await expect(deletedTemplates.getByTestId('deleted-item').filter({ hasText: templateName })).toBeVisible();
    await deletedTemplates.getByRole('button', { name: `Restaurează ${templateName}` }).click();
    await expect(toast(owner.page, 'Template-ul a fost restaurat cu succes!')).toBeVisible();
    await owner.page.keyboard.press('Escape');
    await expect(owner.page.getByRole('link', { name: templateName, exact: true })).toBeVisible();
    await owner.context.close();
  });
});
