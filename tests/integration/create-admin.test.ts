// `npm run admin:create` (issue 32, decision 061): the first admin of a deployment without demo data,
// created by the compose release step after `npm run db:migrate`. On a database that was only
// migrated (no reference data, no account): a weak, published or guessable password is refused and
// nothing is written; a good one (from ADMIN_PASSWORD or stdin) creates an Admin who signs in with
// it; a second run changes nothing; an e-mail that belongs to a user who is not an admin is refused.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { verifyPassword } from '@/server/auth/passwords';
import { createThrowawayDb, root, runMigrate, withDb } from './support/migrations';

jest.setTimeout(420_000);

const GOOD = 'Cireș-Înflorit-73#Lac';

function createAdmin(url: string, args: string[], env: Record<string, string> = {}, stdin?: string): Promise<{ code: number | null; out: string }> {
  const base = { ...process.env };
  for (const k of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'ADMIN_USERNAME']) delete base[k];
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'scripts/data/create-admin.ts', ...args], {
      cwd: root,
      env: { ...base, DATABASE_URL: url, ...env },
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) => resolve({ code, out }));
    child.stdin.end(stdin ?? '');
  });
}

const accounts = (url: string) =>
  withDb(url, async (c) => (await c.query<{ email: string; role: string; password_hash: string; must_change_password: boolean }>(
    `SELECT u.email, r.name AS role, u.password_hash, u.must_change_password FROM app_user u JOIN role r ON r.id = u.role_id ORDER BY u.id`,
  )).rows);

// One database for the file (migrating takes a while on a busy machine).
let db: Awaited<ReturnType<typeof createThrowawayDb>>;

beforeAll(async () => {
  db = await createThrowawayDb('rf_admin');
  // Before the migrations: refused, naming the release step.
  const early = await createAdmin(db.url, ['--email', 'sef@firma.ro'], { ADMIN_PASSWORD: GOOD });
  expect(early.code).toBe(1);
  expect(early.out).toMatch(/npm run db:migrate/);
  expect((await runMigrate(db.url)).ok).toBe(true);
});

afterAll(() => db?.drop());

test('refuses a weak password, creates the admin once from ADMIN_PASSWORD, then leaves it alone', async () => {
  {

    // The password rules themselves: tests/unit/admin-password.test.ts. Here: a refusal writes nothing.
    const refused = await createAdmin(db.url, ['--email', 'sef@firma.ro'], { ADMIN_PASSWORD: 'P@ssw0rd2026!' });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/cuvânt des folosit/);
    // The password is never taken from the command line.
    expect((await createAdmin(db.url, ['--email', 'sef@firma.ro', '--password', GOOD])).code).toBe(2);
    expect(await accounts(db.url)).toEqual([]);

    const created = await createAdmin(db.url, ['--email', 'Sef@Firma.ro', '--user-name', 'Șef Firmă'], { ADMIN_PASSWORD: GOOD });
    expect(created.out).toMatch(/administrator creat: sef@firma\.ro/);
    expect(created.code).toBe(0);
    const [admin] = await accounts(db.url);
    expect(admin).toMatchObject({ email: 'sef@firma.ro', role: 'Admin', must_change_password: false });
    expect(await verifyPassword(admin.password_hash, GOOD)).toBe(true);

    // Idempotent: a second release step (even with another password) changes nothing.
    const again = await createAdmin(db.url, ['--email', 'sef@firma.ro'], { ADMIN_PASSWORD: 'Alta-Parola-Buna-42#x' });
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/există deja/);
    expect(await accounts(db.url)).toEqual([admin]);
  }
});

test('reads the password from stdin; refuses an e-mail that belongs to a user who is not an admin', async () => {
  {
    const fromStdin = await createAdmin(db.url, ['--email', 'ops@firma.ro', '--password-stdin'], {}, `${GOOD}\n`);
    expect(fromStdin.code).toBe(0);
    const admin = (await accounts(db.url)).find((a) => a.email === 'ops@firma.ro');
    expect(admin).toMatchObject({ role: 'Admin' });
    expect(await verifyPassword(admin!.password_hash, GOOD)).toBe(true);

    await withDb(db.url, (c) =>
      c.query(`INSERT INTO app_user (user_name, user_name_norm, email, password_hash, role_id)
               SELECT 'Ion', 'ion', 'ion@firma.ro', 'x', id FROM role WHERE name = 'User'`),
    );
    const refused = await createAdmin(db.url, ['--email', 'ion@firma.ro'], { ADMIN_PASSWORD: GOOD });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/nu este administrator/);
    expect((await accounts(db.url)).find((a) => a.email === 'ion@firma.ro')).toMatchObject({ role: 'User', password_hash: 'x' });
  }
});
