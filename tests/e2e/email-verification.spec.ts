// E-mail verification in a real Chromium (docs/decisions/036-mail-abuse.md): a fresh account sees
// the banner and is refused an invitation; "Retrimite" mails a new link; the link from the local
// mailbox confirms the address, the banner goes and the invitation goes out.
import { expect, test, type Page } from '@playwright/test';
import { registerAccount, signInAs } from './support/accounts';


const banner = (page: Page) => page.getByRole('region', { name: 'Confirmarea adresei de e-mail' });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a new account confirms its address from the mailed link: banner, refusal, resend, link, banner gone', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await registerAccount(page.request, { name: 'Verificare', confirmed: false });
  const id = user.Suffix;
  const tokens = await signInAs(page, user.Email);
  const auth = { authorization: `Bearer ${tokens.AccessToken}` };

  // Unverified: the banner on a signed-in page, and an invitation is refused with the reason.
  await page.goto('/Grupuri-email');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('Confirmă adresa de e-mail a contului');
  const group = await page.request.post(`/api/Group/add?name=${encodeURIComponent(`Grup ${id}`)}`, { headers: auth });
  expect(group.status()).toBe(200);
  const { Id: groupId } = (await group.json()) as { Id: number };
  const inviteUrl = `/api/Group/invite?Email=${encodeURIComponent(`coleg.${id}@exemplu.ro`)}&GroupId=${groupId}&Access=View`;
  const refused = await page.request.post(inviteUrl, { headers: auth });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).Message).toContain('Confirmați mai întâi adresa de e-mail');

  // "Retrimite" mails a second link.
  await banner(page).getByRole('button', { name: 'Retrimite e-mailul de confirmare' }).click();
  await expect(toast(page, 'V-am trimis un nou link de confirmare.')).toBeVisible();

  let link: string | null = null;
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(user.Email)}`);
    const messages = page.getByTestId('mailbox-message').filter({ hasText: 'Confirmă adresa de e-mail' });
    await expect(messages).toHaveCount(2);
    link = await messages.first().getByRole('link', { name: /\/Verificare-email\?token=/ }).getAttribute('href');
  }).toPass({ timeout: 20_000 });

  await test.step('The link confirms the address', async () => {
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole('status').filter({ hasText: 'Adresa de e-mail a fost confirmată.' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.goto('/Grupuri-email');
    await expect(page.getByRole('heading', { level: 1, name: 'Grupuri' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  await test.step('Now the invitation goes out', async () => {
    expect((await page.request.post(inviteUrl, { headers: auth })).status()).toBe(200);
  });
});

test('a broken verification link says so, in Romanian', async ({ page }) => {
  await page.goto('/Verificare-email?token=1.1.AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert').filter({ hasText: 'Linkul de confirmare este invalid sau a expirat.' })).toBeVisible();
});
