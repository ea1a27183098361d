// The one place the e2e specs make and sign in accounts (issue 31: it had drifted into 7 copies).
// A unique suffix, the password of fresh accounts, a fresh account registered through the API and
// confirmed through the local mailbox, sign-in through the UI (the header's button, the invitation
// page's button, or the app's open-auth event, which works on every viewport) and sign-in by
// tokens. The first admin's and the demo accounts' passwords come from ./credentials.
// tests/unit/e2e-support-rules.test.ts fails on a spec that defines a helper of its own.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Parola#2026';

export const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type Tokens = { AccessToken: string; RefreshToken: string };

/** `Suffix` is the unique part of the name and address, for naming the test's other rows. */
type Account = { UserName: string; Email: string; Suffix: string };

/** A fresh account and its tokens. */
export type NewUser = Account & Tokens;

/**
 * Registers `<name> <suffix>` / `<emailPrefix>.<suffix>@exemplu.ro` with PASSWORD through the API
 * and, unless `confirmed: false`, confirms the address from the local mailbox as its owner would:
 * an unconfirmed account may neither send campaigns nor invite nor answer an invitation (036).
 */
export async function registerAccount(
  request: APIRequestContext,
  opts: { name?: string; emailPrefix?: string; confirmed?: boolean } = {},
): Promise<Account> {
  const suffix = uniq();
  const name = opts.name ?? 'E2E';
  const prefix = opts.emailPrefix ?? name.toLowerCase();
  const account = { UserName: `${name} ${suffix}`, Email: `${prefix}.${suffix}@exemplu.ro`, Suffix: suffix };
  const res = await request.post('/api/Account/register', {
    data: { UserName: account.UserName, Email: account.Email, Password: PASSWORD, ConfirmPassword: PASSWORD },
  });
  expect(res.status(), `register ${account.Email}`).toBe(200);
  if (opts.confirmed !== false) await verifyEmailFromMailbox(request, account.Email);
  return account;
}

/** The API sign-in (200 required): the tokens, and with page.request the page-session cookie too. */
export async function tokensOf(request: APIRequestContext, email: string, password = PASSWORD): Promise<Tokens> {
  const login = await request.post('/api/Auth/login', { data: { Email: email, Password: password } });
  expect(login.status(), `sign-in of ${email}`).toBe(200);
  return (await login.json()) as Tokens;
}

/**
 * Signs an account in by tokens, as the app does it, before any page runs: the page-session cookie
 * in the browser context (the login goes through page.request) and the tokens in localStorage.
 */
export async function signInAs(page: Page, email: string, password = PASSWORD): Promise<Tokens> {
  const tokens = await tokensOf(page.request, email, password);
  await page.addInitScript((t) => {
    localStorage.setItem('AccessToken', t.AccessToken);
    localStorage.setItem('RefreshToken', t.RefreshToken);
  }, tokens);
  return tokens;
}

/** A fresh, confirmed account, signed in by tokens (see signInAs). */
export async function signInNewUser(page: Page, name: string, emailPrefix: string): Promise<NewUser> {
  const account = await registerAccount(page.request, { name, emailPrefix });
  return { ...account, ...(await signInAs(page, account.Email)) };
}

/**
 * Signs in through the login tab of the auth modal and waits until it closes. `via`: the header's
 * Autentificare button (desktop), the button in the page's main part (the invitation page), or
 * the app's open-auth event (every viewport; asked again until the page is hydrated).
 */
export async function signInThroughModal(page: Page, email: string, password = PASSWORD, via: 'header' | 'page' | 'event' = 'header') {
  const dialog = page.getByTestId('auth-modal');
  if (via === 'event') {
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new CustomEvent('rf:open-auth', { detail: { tab: 'login' } })));
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  } else {
    const scope = via === 'header' ? page.locator('header[data-slot="site-header"]') : page.getByRole('main');
    await scope.getByRole('button', { name: 'Autentificare' }).click();
  }
  await expect(dialog.getByRole('tab', { name: 'Autentificare' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Parolă', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Autentificare', exact: true }).click();
  // A sign-in verifies an argon2 hash: on a busy 2-core machine it has taken more than 10 s.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

/**
 * Confirms a freshly registered address as its owner would: the link of the verification mail in
 * the local mailbox (/dev/mailbox), its token posted as the /Verificare-email page does. Without it
 * the account may neither send campaigns nor invite (docs/decisions/036-mail-abuse.md).
 */
async function verifyEmailFromMailbox(request: APIRequestContext, email: string): Promise<void> {
  let token: string | null = null;
  await expect(async () => {
    const html = await (await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
    const link = /href="([^"]*\/Verificare-email\?token=[^"]+)"/.exec(html)?.[1];
    expect(link, `verification link for ${email}`).toBeTruthy();
    token = new URL(link!.replace(/&amp;/g, '&')).searchParams.get('token');
  }).toPass({ timeout: 20_000 });
  expect((await request.post('/api/Account/verifyEmail', { data: { Token: token } })).status()).toBe(200);
}
