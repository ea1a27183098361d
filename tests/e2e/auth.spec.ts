// Accounts in a real Chromium against the production build: register → sign in → sign out;
// forgot password → the mail in the local mailbox → reset → sign in with the new password; the
// server-side guard; the enterprise (Microsoft) sign-in against a local OpenID provider.
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, registerAccount, signInThroughModal, uniq } from './support/accounts';
import { E2E_ADMIN as ADMIN } from './support/credentials';
import { startLocalOidc, type LocalOidc } from './support/local-oidc';


/**
 * What a guarded page answers once the guard lets the caller through: 200 when the page is built,
 * the app's 404 while its feature has not been merged yet (the guard list names every page of the
 * product up front). Never the guard's 307.
 */

const header = (page: Page) => page.locator('header[data-slot="site-header"]');
const modal = (page: Page) => page.getByTestId('auth-modal');

test.describe('register, sign in, sign out', () => {
  test('a visitor registers, sees the popup, signs in from the login tab and signs out', async ({ page }) => {
    const id = uniq();
    const user = { name: `Ana E2E ${id}`, email: `ana.${id}@exemplu.ro` };
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Înregistrare' }).click();
    const dialog = modal(page);
    await expect(dialog.getByRole('tab', { name: 'Înregistrare' })).toHaveAttribute('aria-selected', 'true');

    await test.step("The register form shows the server's rules, then creates the account", async () => {
      // The server's rules show in the form (one schema, both sides).
      await dialog.getByRole('button', { name: 'Creează cont' }).click();
      await expect(dialog.getByText('Parola este obligatorie.')).toBeVisible();

      await dialog.getByLabel('Nume utilizator').fill(user.name);
      await dialog.getByLabel('E-mail', { exact: true }).fill(user.email);
      await dialog.getByLabel('Parolă', { exact: true }).fill(PASSWORD);
      await dialog.getByLabel('Confirmă parola').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Creează cont' }).click();

      const created = page.getByTestId('account-created');
      await expect(created.getByRole('heading', { name: 'Contul tău a fost creat!' })).toBeVisible();
      await created.getByRole('button', { name: 'Mergi la autentificare' }).click();
    });

    await test.step('The login tab, with the address filled in, signs in', async () => {
      // Then the login tab, with the address already filled in.
      await expect(dialog.getByRole('tab', { name: 'Autentificare' })).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue(user.email);
      await dialog.getByLabel('Parolă', { exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Autentificare', exact: true }).click();
      await expect(dialog.getByText('Te-ai autentificat cu succes!')).toBeVisible();
      // The modal closes about 1.2 s later; the navigation shows the user.
      await expect(dialog).toBeHidden({ timeout: 5000 });
      await expect(header(page).getByRole('button', { name: user.name })).toBeVisible();
      const tokens = await page.evaluate(() => [localStorage.getItem('AccessToken'), localStorage.getItem('RefreshToken')]);
      expect(tokens.every(Boolean)).toBe(true);
      // Signed-in users get the Groups and Email menus.
      await expect(header(page).getByRole('button', { name: 'Grupuri' })).toBeVisible();
    });

    await test.step('Registering the same name and address again: 409 texts under both fields', async () => {
      // Registering the same name and address again: 409 texts under both fields.
      await page.evaluate(() => window.dispatchEvent(new CustomEvent('rf:open-auth', { detail: { tab: 'register' } })));
      await dialog.getByLabel('Nume utilizator').fill(user.name);
      await dialog.getByLabel('E-mail', { exact: true }).fill(user.email);
      await dialog.getByLabel('Parolă', { exact: true }).fill(PASSWORD);
      await dialog.getByLabel('Confirmă parola').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Creează cont' }).click();
      await expect(dialog.getByText('Acest nume de utilizator este deja folosit.')).toBeVisible();
      await expect(dialog.getByText('Există deja un cont cu acest e-mail.')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('Sign out: loader, logout call, tokens cleared, Home', async () => {
      // Sign out: loader, logout call, tokens cleared, Home.
      await page.goto('/Parola-uitata');
      await header(page).getByRole('button', { name: user.name }).click();
      const logout = page.waitForResponse((r) => r.url().endsWith('/api/Auth/logout'));
      await page.getByRole('menuitem', { name: 'Deconectare' }).click();
      expect((await logout).status()).toBe(204);
      await expect(page).toHaveURL(/\/$/);
      await expect(header(page).getByRole('button', { name: 'Autentificare' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('AccessToken'))).toBeNull();
    });
  });

  test('the #register hash opens the register tab; closing resets the form; a wrong password shows the server text', async ({ page }) => {
    await page.goto('/#register');
    const dialog = modal(page);
    await expect(dialog.getByRole('tab', { name: 'Înregistrare' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByLabel('E-mail', { exact: true }).fill('typed@exemplu.ro');
    await dialog.getByLabel('Parolă', { exact: true }).fill('Secret#123');
    await dialog.getByRole('button', { name: 'Arată parola' }).first().click();
    await dialog.getByRole('button', { name: 'Creează cont' }).click();
    await expect(dialog.getByText('Acest câmp este necesar.').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Închide' }).click();
    await expect(dialog).toBeHidden();

    await header(page).getByRole('button', { name: 'Înregistrare' }).click();
    await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue('');
    await expect(dialog.getByLabel('Parolă', { exact: true })).toHaveValue('');
    await expect(dialog.getByLabel('Parolă', { exact: true })).toHaveAttribute('type', 'password');
    await expect(dialog.getByText('Acest câmp este necesar.')).toHaveCount(0);

    await dialog.getByRole('tab', { name: 'Autentificare' }).click();
    await dialog.getByLabel('E-mail', { exact: true }).fill(`nimeni.${uniq()}@exemplu.ro`);
    await dialog.getByLabel('Parolă', { exact: true }).fill('Gresit#2026');
    await dialog.getByRole('button', { name: 'Autentificare', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('E-mailul sau parola sunt incorecte.');
    // The recovery link leads to the forgot-password page.
    await dialog.getByRole('link', { name: 'Ai uitat parola?' }).click();
    await expect(page).toHaveURL(/\/Parola-uitata$/);
    await expect(dialog).toBeHidden();
  });
});

test('forgot password → the mail in the local mailbox → reset → sign in with the new password', async ({ page, request }) => {
  const user = await registerAccount(request);
  const newPassword = 'NouaParola#2027';

  await page.goto('/Parola-uitata');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(user.Email);
  await page.getByRole('button', { name: 'Trimite linkul de resetare' }).click();
  await expect(page.getByTestId('success-dialog').getByText('Cererea pentru resetarea parolei a fost trimisă!')).toBeVisible();
  await expect(page).toHaveURL(/\/Cautare-avansata$/, { timeout: 5000 });

  // The developer mailbox (no SMTP in e2e) lists the reset mail with its link.
  let link: string | null = null;
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(user.Email)}`);
    const message = page.getByTestId('mailbox-message').filter({ hasText: 'Resetarea parolei RadarFirme' }).filter({ hasText: user.Email.toLowerCase() });
    await expect(message).toHaveCount(1);
    link = await message.getByRole('link', { name: /Resetare-parola/ }).getAttribute('href');
  }).toPass({ timeout: 20_000 });
  expect(link).toContain('/Resetare-parola?email=');

  await page.goto(link!);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(user.Email.toLowerCase());
  await page.getByLabel('Parola nouă').fill(newPassword);
  await page.getByLabel('Confirmă parola').fill(newPassword);
  await page.getByRole('button', { name: 'Schimbă parola' }).click();
  await expect(page.getByTestId('success-dialog').getByText('Parola a fost schimbată.')).toBeVisible();
  await expect(page).toHaveURL(/\/Cautare-avansata$/, { timeout: 5000 });

  await test.step('The link is single-use', async () => {
    await page.goto(link!);
    await page.getByLabel('Parola nouă').fill('AltaParola#2028');
    await page.getByLabel('Confirmă parola').fill('AltaParola#2028');
    await page.getByRole('button', { name: 'Schimbă parola' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('invalid sau a expirat');
  });

  await test.step('The old password no longer works, the new one does', async () => {
    const old = await request.post('/api/Auth/login', { data: { Email: user.Email, Password: PASSWORD } });
    expect(old.status()).toBe(401);
    await page.goto('/');
    await signInThroughModal(page, user.Email, newPassword);
    await expect(header(page).getByRole('button', { name: user.UserName })).toBeVisible();
  });
});

test('the reset page without email and token sends the visitor Home (on the server)', async ({ page, request }) => {
  const plain = await request.get('/Resetare-parola', { maxRedirects: 0 });
  expect(plain.status()).toBe(307);
  expect(new URL(plain.headers().location, 'http://x').pathname).toBe('/');
  await page.goto('/Resetare-parola?email=a%40b.ro');
  await expect(page).toHaveURL(/\/$/);
});

test.describe('the route guard, on the server', () => {
  test('an anonymous visitor is redirected Home from guarded pages, even by a plain request', async ({ page, request }) => {
    // /companii-urmarite was missing from the old list of guarded routes; /notificari was guarded by its page only.
    for (const path of ['/Companii', '/Companii/12', '/Utilizatori', '/Grupuri-email/1/Grup', '/Template-uri/Editare/3/oferta.v2', '/PretindereCompanie', '/companii-urmarite', '/notificari', '/notificari/setari', '/Jurnal-audit']) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(307);
      expect(new URL(res.headers().location, 'http://x').pathname, path).toBe('/');
    }
    await page.goto('/Utilizatori');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/companii-urmarite');
    await expect(page).toHaveURL(/\/$/);
    // Public routes are not guarded, the unsubscribe page of the notification mails among them.
    for (const path of ['/Parola-uitata', '/notificari/dezabonare']) expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  });

  test('a User may open user pages but is sent Home from admin pages; the Admin may open them', async ({ page, request, browser }) => {
    const user = await registerAccount(request);
    await page.goto('/');
    await signInThroughModal(page, user.Email, PASSWORD);
    await expect(header(page).getByRole('button', { name: user.UserName })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'rf_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const asUser = await page.request.get('/Companii', { maxRedirects: 0 });
    expect(asUser.status()).toBe(200);
    expect((await page.request.get('/companii-urmarite', { maxRedirects: 0 })).status()).toBe(200);
    // Every admin page, the four that had no check of their own before the (admin) layout included.
    for (const path of ['/Utilizatori', '/Contacte', '/PretindereCompanie', '/Cereri-date-personale', '/Jurnal-audit']) {
      const adminPage = await page.request.get(path, { maxRedirects: 0 });
      expect(adminPage.status(), path).toBe(307);
      expect(new URL(adminPage.headers().location, 'http://x').pathname, path).toBe('/');
    }
    await page.goto('/Contacte');
    await expect(page).toHaveURL(/\/$/);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.goto('/');
    await signInThroughModal(admin, ADMIN.email, ADMIN.password);
    await expect(header(admin).getByRole('link', { name: 'Utilizatori' })).toBeVisible();
    for (const path of ['/Utilizatori', '/Contacte', '/PretindereCompanie', '/Cereri-date-personale', '/Jurnal-audit']) {
      expect((await admin.request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    }
    await adminContext.close();

    // After sign-out the cookie no longer opens anything, even if it was copied.
    const copied = cookies.find((c) => c.name === 'rf_session')!;
    await header(page).getByRole('button', { name: user.UserName }).click();
    await page.getByRole('menuitem', { name: 'Deconectare' }).click();
    await expect(header(page).getByRole('button', { name: 'Autentificare' })).toBeVisible();
    const replay = await request.get('/Companii', { maxRedirects: 0, headers: { cookie: `rf_session=${copied.value}` } });
    expect(replay.status()).toBe(307);
  });
});

test.describe('enterprise sign-in (Microsoft Entra ID stand-in)', () => {
  let oidc: LocalOidc;
  test.beforeAll(async () => {
    oidc = await startLocalOidc();
  });
  test.afterAll(async () => {
    await oidc?.close();
  });

  test('the Microsoft button signs in through the local OpenID provider and comes back signed in', async ({ page }) => {
    const login = `maria.${uniq()}`;
    await page.goto('/Parola-uitata');
    await header(page).getByRole('button', { name: 'Autentificare' }).click();
    const microsoft = modal(page).getByRole('button', { name: 'Continuă cu Microsoft' });
    await expect(microsoft).toBeVisible();
    // Only configured providers are offered (Google and Facebook have no settings in e2e).
    await expect(modal(page).getByRole('button', { name: 'Continuă cu Google' })).toHaveCount(0);
    await microsoft.click();

    // The provider's own pages (oidc-provider's development login and consent).
    await page.waitForURL((url) => url.origin === oidc.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('orice-parola');
    await page.locator('button[type="submit"]').click();
    const consent = page.locator('button[type="submit"]', { hasText: /continue/i });
    if (await consent.isVisible({ timeout: 3000 }).catch(() => false)) await consent.click();

    // Back at /microsoft-login, then to where the visitor started, signed in.
    await page.waitForURL(/\/Parola-uitata$/, { timeout: 20_000 });
    const name = login.split('.').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
    await expect(header(page).getByRole('button', { name })).toBeVisible();
    const details = await page.evaluate(async () => {
      const res = await fetch('/api/Auth/userDetails', { headers: { authorization: `Bearer ${localStorage.getItem('AccessToken')}` } });
      return res.json();
    });
    expect(details).toMatchObject({ UserName: name, Email: `${login}@contoso-e2e.ro`, UserRoles: ['User'] });
    // The short next-auth bridge session is gone after the exchange.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name.includes('next-auth.session-token'))).toBeUndefined();
  });
});
