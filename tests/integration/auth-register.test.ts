// Registration and password rules: exact Romanian texts, argon2id, 409 under the
// name and e-mail fields.
import { POST as register } from '@/app/api/Account/register/route';
import { POST as login } from '@/app/api/Auth/login/route';
import { sql } from '@/server/kernel/db';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { call, createUser, ensureRoles, isolateMail, STRONG_PASSWORD, uniq } from './support/auth';

const COMPLEXITY =
  'Parola trebuie să conțină minimum 8 caractere, cu cel puțin o literă mare, o literă mică, o cifră și un caracter nealfanumeric.';

beforeAll(async () => {
  isolateMail();
  await ensureRoles();
});
afterAll(() => waitForBackgroundTasks());

const payload = (over: Record<string, unknown> = {}) => {
  const id = uniq();
  return { UserName: `Ana Pop ${id}`, Email: `ana.${id}@exemplu.ro`, Password: STRONG_PASSWORD, ConfirmPassword: STRONG_PASSWORD, ...over };
};

describe('password rules, on the server', () => {
  test.each([
    ['', 'Parola este obligatorie.'],
    ['Ab1#', 'Parola trebuie să aibă cel puțin 8 caractere.'],
    ['parola#2026', COMPLEXITY], // no upper-case letter
    ['PAROLA#2026', COMPLEXITY], // no lower-case letter
    ['Parola#abc', COMPLEXITY], // no digit
    ['Parola2026', COMPLEXITY], // no special character
    ['Parola-2026', COMPLEXITY], // '-' is not in the set # $ ^ + = ! * ( ) @ % & _
    ['Parola #2026', COMPLEXITY], // whitespace
  ])('%j is refused with its message', async (password, message) => {
    const res = await call(register, '/api/Account/register', { body: payload({ Password: password, ConfirmPassword: password }) });
    expect(res.status).toBe(400);
    expect(res.body.Errors.Password).toEqual([message]);
  });

  test.each(['Parola#2026', 'Zz9$zzzz', 'Șarpe(2026)', 'A1b2c3d4_'])('%j is accepted', async (password) => {
    const res = await call(register, '/api/Account/register', { body: payload({ Password: password, ConfirmPassword: password }) });
    expect(res.status).toBe(200);
  });

  test('confirmation must match; name and e-mail required and valid', async () => {
    const mismatch = await call(register, '/api/Account/register', { body: payload({ ConfirmPassword: 'Parola#2027' }) });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.Errors.ConfirmPassword).toEqual(['Parolele trebuie să coincidă.']);
    const empty = await call(register, '/api/Account/register', { body: payload({ UserName: ' ', Email: 'nu-e-email' }) });
    expect(empty.body.Errors.UserName).toEqual(['Acest câmp este necesar.']);
    expect(empty.body.Errors.Email).toEqual(['Acest câmp trebuie să fie un e-mail valid.']);
  });

  test('the stored hash is argon2id, never the password', async () => {
    const p = payload();
    const res = await call(register, '/api/Account/register', { body: p });
    expect(res.status).toBe(200);
    const [row] = await sql<{ password_hash: string; role: string }>(
      `SELECT u.password_hash, r.name AS role FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.email = $1`,
      [p.Email.toLowerCase()],
    );
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row.password_hash).not.toContain(p.Password);
    expect(row.role).toBe('User');
  });
});

describe('register', () => {
  test('creates a User who can sign in, and queues a welcome mail in Romanian', async () => {
    const p = payload();
    const res = await call(register, '/api/Account/register', { body: p });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ UserName: p.UserName, Email: p.Email.toLowerCase(), Message: 'Contul tău a fost creat!' });
    const signIn = await call(login, '/api/Auth/login', { body: { Email: p.Email, Password: p.Password } });
    expect(signIn.status).toBe(200);
    const mails = await sql<{ subject: string; kind: string }>(`SELECT subject, kind FROM outbox_mail WHERE "to" = $1`, [p.Email.toLowerCase()]);
    // The welcome mail also carries the link that confirms the address (036).
    expect(mails).toEqual([{ subject: 'Bun venit în RadarFirme! Confirmă adresa de e-mail', kind: 'welcome-verify' }]);
  });

  test('409 with the text under the name field when the name is taken (ignoring case, diacritics and spaces)', async () => {
    const existing = await createUser({ userName: `Ștefan Ionescu ${uniq()}` });
    const variant = existing.userName.toUpperCase().replace('Ș', 'S').replace(' ', '  ');
    const res = await call(register, '/api/Account/register', { body: payload({ UserName: variant }) });
    expect(res.status).toBe(409);
    expect(res.body.Errors).toEqual({ UserName: ['Acest nume de utilizator este deja folosit.'] });
  });

  test('409 with the text under the e-mail field when the address is taken (ignoring case)', async () => {
    const existing = await createUser();
    const res = await call(register, '/api/Account/register', { body: payload({ Email: existing.email.toUpperCase() }) });
    expect(res.status).toBe(409);
    expect(res.body.Errors).toEqual({ Email: ['Există deja un cont cu acest e-mail.'] });
  });

  test('409 naming both fields when both are taken; nothing is created', async () => {
    const existing = await createUser();
    const before = await sql(`SELECT count(*)::int AS n FROM app_user`);
    const res = await call(register, '/api/Account/register', { body: payload({ UserName: existing.userName, Email: existing.email }) });
    expect(res.status).toBe(409);
    expect(Object.keys(res.body.Errors).sort()).toEqual(['Email', 'UserName']);
    expect(await sql(`SELECT count(*)::int AS n FROM app_user`)).toEqual(before);
  });

  test('two registrations racing for one address: one 200, one 409', async () => {
    const p = payload();
    const results = await Promise.all([
      call(register, '/api/Account/register', { body: p }),
      call(register, '/api/Account/register', { body: { ...p, UserName: `${p.UserName} b` } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('login validation and answers', () => {
  test('e-mail required and valid, password required', async () => {
    const res = await call(login, '/api/Auth/login', { body: { Email: '', Password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.Errors.Email).toEqual(['Acest câmp este necesar.']);
    expect(res.body.Errors.Password).toEqual(['Parola este obligatorie.']);
  });

  test('wrong password and unknown e-mail answer the same 401 text', async () => {
    const u = await createUser();
    const wrong = await call(login, '/api/Auth/login', { body: { Email: u.email, Password: 'Gresit#2026' } });
    const unknown = await call(login, '/api/Auth/login', { body: { Email: `nimeni-${uniq()}@exemplu.ro`, Password: 'Gresit#2026' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.Message).toBe('E-mailul sau parola sunt incorecte.');
  });

  test('a cross-site form posting text/plain cannot sign in or register (login CSRF)', async () => {
    const u = await createUser();
    const asForm = { 'content-type': 'text/plain' };
    const signIn = await call(login, '/api/Auth/login', { body: { Email: u.email, Password: u.password }, headers: asForm });
    expect(signIn.status).toBe(400);
    expect(signIn.headers.get('set-cookie')).toBeNull();
    expect((await call(register, '/api/Account/register', { body: payload(), headers: asForm })).status).toBe(400);
  });
});
