// A new account per test, signed in as the app does it: the page-session cookie in the browser
// context (the login goes through page.request) and the tokens in localStorage before any page runs.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Parola#2026';

export const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** `Suffix` is the unique part of the name and address, for naming the test's other rows. */
export type NewUser = { UserName: string; Email: string; Suffix: string; AccessToken: string; RefreshToken: string };

export async function signInNewUser(page: Page, name: string, emailPrefix: string): Promise<NewUser> {
  const id = uniq();
  const user = { UserName: `${name} ${id}`, Email: `${emailPrefix}.${id}@exemplu.ro`, Password: PASSWORD, ConfirmPassword: PASSWORD };
  expect((await page.request.post('/api/Account/register', { data: user })).status()).toBe(200);
  await verifyEmailFromMailbox(page.request, user.Email);
  const tokens = await signInAs(page, user.Email, PASSWORD);
  return { UserName: user.UserName, Email: user.Email, Suffix: id, ...tokens };
}

/** Signs an existing account in (the first admin, for one) the same way, before any page runs. */
export async function signInAs(page: Page, email: string, password: string): Promise<{ AccessToken: string; RefreshToken: string }> {
  const login = await page.request.post('/api/Auth/login', { data: { Email: email, Password: password } });
  expect(login.status()).toBe(200);
  const tokens = (await login.json()) as { AccessToken: string; RefreshToken: string };
  await page.addInitScript((t) => {
    localStorage.setItem('AccessToken', t.AccessToken);
    localStorage.setItem('RefreshToken', t.RefreshToken);
  }, tokens);
  return tokens;
}

/**
 * Confirms a freshly registered address as its owner would: the link of the verification mail in
 * the local mailbox (/dev/mailbox), its token posted as the /Verificare-email page does. Without it
 * the account may neither send campaigns nor invite (docs/decisions/036-mail-abuse.md).
 */
export async function verifyEmailFromMailbox(request: APIRequestContext, email: string): Promise<void> {
  let token: string | null = null;
  await expect(async () => {
    const html = await (await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
    const link = /href="([^"]*\/Verificare-email\?token=[^"]+)"/.exec(html)?.[1];
    expect(link, `verification link for ${email}`).toBeTruthy();
    token = new URL(link!.replace(/&amp;/g, '&')).searchParams.get('token');
  }).toPass({ timeout: 20_000 });
  expect((await request.post('/api/Account/verifyEmail', { data: { Token: token } })).status()).toBe(200);
}
