// Forgot / reset password: same answer whether or not the account exists, single-use and
// short-lived tokens, sessions ended by a reset.
import { POST as forgot } from '@/app/api/Auth/forgotPassword/route';
import { POST as login } from '@/app/api/Auth/login/route';
import { POST as refresh } from '@/app/api/Auth/refresh-token/route';
import { POST as reset } from '@/app/api/Auth/resetPassword/route';
import { sql } from '@/server/kernel/db';
import { requestPasswordReset } from '@/server/account/password-reset';
import { sha256 } from '@/server/auth/tokens';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { call, createUser, isolateMail, randomIp, uniq } from './support/auth';

const NEW_PASSWORD = 'NouaParola#2027';

beforeAll(() => {
  isolateMail();
});

async function resetMailLink(email: string): Promise<URL> {
  await waitForBackgroundTasks();
  const rows = await sql<{ text: string }>(`SELECT text FROM outbox_mail WHERE "to" = $1 AND kind = 'password-reset' ORDER BY id DESC LIMIT 1`, [email]);
  expect(rows).toHaveLength(1);
  const link = rows[0].text.match(/https?:\/\/\S+Resetare-parola\S+/)![0];
  return new URL(link);
}

describe('forgot password', () => {
  test('answers the same for an existing and an unknown address; only the existing one gets a mail', async () => {
    const u = await createUser();
    const unknown = `nimeni-${uniq()}@exemplu.ro`;
    const a = await call(forgot, '/api/Auth/forgotPassword', { body: { Email: u.email } });
    const b = await call(forgot, '/api/Auth/forgotPassword', { body: { Email: unknown } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body).toEqual(b.body);
    await waitForBackgroundTasks();
    expect(await sql(`SELECT 1 FROM outbox_mail WHERE "to" = $1`, [unknown])).toHaveLength(0);
    const link = await resetMailLink(u.email);
    expect(link.pathname).toBe('/Resetare-parola');
    expect(link.searchParams.get('email')).toBe(u.email);
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
  });

  test('validates the e-mail with the shared texts', async () => {
    const res = await call(forgot, '/api/Auth/forgotPassword', { body: { Email: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.Errors.Email).toEqual(['Acest câmp trebuie să fie un e-mail valid.']);
  });

  test('a blocked account gets no reset mail (and the same answer)', async () => {
    const u = await createUser({ blocked: true });
    expect(await requestPasswordReset(u.email)).toBe(false);
  });

  test('at most 3 reset mails per address per hour; the answer does not change', async () => {
    const u = await createUser();
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await requestPasswordReset(u.email));
    expect(sent).toEqual([true, true, true, false, false]);
    const res = await call(forgot, '/api/Auth/forgotPassword', { body: { Email: u.email } });
    expect(res.status).toBe(200);
  });

  test('one address asking too often is answered 429 in Romanian', async () => {
    const ip = randomIp();
    let last;
    for (let i = 0; i < 21; i++) last = await call(forgot, '/api/Auth/forgotPassword', { body: { Email: `x${i}-${uniq()}@exemplu.ro` }, ip });
    expect(last!.status).toBe(429);
    expect(last!.body.Message).toMatch(/^Prea multe cereri\. Încercați din nou peste \d+ minute?\.$/);
  });
});

describe('reset password', () => {
  test('the link works once: new password set, old one refused, sessions ended, second use refused', async () => {
    const u = await createUser();
    const session = (await call(login, '/api/Auth/login', { body: { Email: u.email, Password: u.password } })).body;
    await call(forgot, '/api/Auth/forgotPassword', { body: { Email: u.email } });
    const link = await resetMailLink(u.email);
    const body = { Email: link.searchParams.get('email'), Code: link.searchParams.get('token'), Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD };

    const first = await call(reset, '/api/Auth/resetPassword', { body });
    expect(first.status).toBe(200);
    expect(first.body.Message).toBe('Parola a fost schimbată.');
    expect((await call(login, '/api/Auth/login', { body: { Email: u.email, Password: u.password } })).status).toBe(401);
    expect((await call(login, '/api/Auth/login', { body: { Email: u.email, Password: NEW_PASSWORD } })).status).toBe(200);
    expect((await call(refresh, '/api/Auth/refresh-token', { body: session })).status).toBe(401);

    const again = await call(reset, '/api/Auth/resetPassword', { body: { ...body, Password: 'AltaParola#3', ConfirmPassword: 'AltaParola#3' } });
    expect(again.status).toBe(400);
    expect(again.body.Message).toBe('Linkul de resetare a parolei este invalid sau a expirat. Cereți un link nou.');
  });

  test('a password set through the reset link is the owner\'s own: no forced change after it (issue 23)', async () => {
    const u = await createUser();
    await sql(`UPDATE app_user SET must_change_password = true WHERE id = $1`, [u.id]);
    await requestPasswordReset(u.email);
    const link = await resetMailLink(u.email);
    const res = await call(reset, '/api/Auth/resetPassword', {
      body: { Email: u.email, Code: link.searchParams.get('token'), Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    const [row] = await sql<{ must_change_password: boolean }>(`SELECT must_change_password FROM app_user WHERE id = $1`, [u.id]);
    expect(row.must_change_password).toBe(false);
  });

  test('an expired token is refused (tokens live 30 minutes)', async () => {
    const u = await createUser();
    await requestPasswordReset(u.email);
    const link = await resetMailLink(u.email);
    const token = link.searchParams.get('token')!;
    const [row] = await sql<{ minutes: number }>(`SELECT EXTRACT(EPOCH FROM expires_at - created_at) / 60 AS minutes FROM password_reset_token WHERE token_hash = $1`, [sha256(token)]);
    expect(Math.round(Number(row.minutes))).toBe(30);
    await sql(`UPDATE password_reset_token SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]);
    const res = await call(reset, '/api/Auth/resetPassword', { body: { Email: u.email, Code: token, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD } });
    expect(res.status).toBe(400);
  });

  test("a token works only with its own account's e-mail", async () => {
    const u = await createUser();
    const other = await createUser();
    await requestPasswordReset(u.email);
    const token = (await resetMailLink(u.email)).searchParams.get('token')!;
    const res = await call(reset, '/api/Auth/resetPassword', { body: { Email: other.email, Code: token, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD } });
    expect(res.status).toBe(400);
    // ...and is still usable by its owner.
    const ok = await call(reset, '/api/Auth/resetPassword', { body: { Email: u.email, Code: token, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD } });
    expect(ok.status).toBe(200);
  });

  test('the new password follows the register rules', async () => {
    const res = await call(reset, '/api/Auth/resetPassword', { body: { Email: 'a@exemplu.ro', Code: 'x', Password: 'slaba', ConfirmPassword: 'slaba' } });
    expect(res.status).toBe(400);
    expect(res.body.Errors.Password).toEqual(['Parola trebuie să aibă cel puțin 8 caractere.']);
  });

  test('a reset proves the mailbox: the address becomes verified and unverified external links are dropped', async () => {
    const u = await createUser({ emailVerified: false });
    await sql(`INSERT INTO external_account (user_id, provider, provider_account_id) VALUES ($1, 'facebook', $2)`, [u.id, `fb-${uniq()}`]);
    await requestPasswordReset(u.email);
    const token = (await resetMailLink(u.email)).searchParams.get('token')!;
    expect((await call(reset, '/api/Auth/resetPassword', { body: { Email: u.email, Code: token, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD } })).status).toBe(200);
    expect(await sql(`SELECT 1 FROM external_account WHERE user_id = $1`, [u.id])).toHaveLength(0);
    const [row] = await sql<{ verified: boolean }>(`SELECT email_verified IS NOT NULL AS verified FROM app_user WHERE id = $1`, [u.id]);
    expect(row.verified).toBe(true);
  });
});
