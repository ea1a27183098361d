// The demo accounts `npm start` seeds into a new database (scripts/data/demo-accounts.ts), run the
// way start.ts runs them: a child process with DATABASE_URL on a new database of the test cluster.
// The rows come from the product's own commands, so they must read back through its rules.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { prepareDatabase } from '@/scripts/data/prepare';
import { createThrowawayDb, root, runMigrate } from './support/migrations';

const run = promisify(execFile);
jest.setTimeout(180_000);

let url = '';
let drop: () => Promise<unknown> = async () => {};
let db: pg.Client;
const mailbox = mkdtempSync('/var/tmp/radarfirme-demo-mailbox-');

async function seed(): Promise<string> {
  const { stdout } = await run(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'scripts/data/demo-accounts.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, MAILBOX_DIR: mailbox, SMTP_URL: '' },
    timeout: 120_000,
  });
  return stdout;
}
const rows = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];

beforeAll(async () => {
  ({ url, drop } = await createThrowawayDb('rf_demo_accounts'));
  const migrated = await runMigrate(url);
  if (!migrated.ok) throw new Error(migrated.out);
  db = new pg.Client({ connectionString: url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await drop();
  rmSync(mailbox, { recursive: true, force: true });
});

it('a new database gets the admin, then the demo accounts once, with rows that obey the product rules', async () => {
  expect(await prepareDatabase(url, { demoCompanies: 400, quiet: true })).toEqual({ adminCreated: true });
  expect(await seed()).toContain('conturi demonstrative: 4 utilizatori');

  const users = await rows<{ user_name: string; is_blocked: boolean; role: string }>(
    `SELECT u.user_name, u.is_blocked, r.name AS role FROM app_user u JOIN role r ON r.id = u.role_id
      WHERE u.email LIKE '%@demo.radarfirme.ro' ORDER BY u.user_name`,
  );
  expect(users).toEqual([
    { user_name: 'Ana Popescu', is_blocked: false, role: 'User' },
    { user_name: 'Elena Dumitrescu', is_blocked: false, role: 'User' },
    { user_name: 'Mihai Ionescu', is_blocked: false, role: 'User' },
    { user_name: 'Radu Stanciu', is_blocked: true, role: 'User' },
  ]);

  // Ana's shared group: Mihai joined through an accepted invitation, with edit rights.
  const shared = await rows<{ access: string; status: string }>(
    `SELECT m.access, i.status FROM company_group_list g
       JOIN group_member m ON m.group_id = g.id JOIN app_user u ON u.id = m.user_id
       JOIN group_invitation i ON i.group_id = g.id AND i.email = u.email
      WHERE g.name = 'Clienți Cluj' AND u.user_name = 'Mihai Ionescu' AND NOT m.is_deleted`,
  );
  expect(shared).toEqual([{ access: 'Edit', status: 'Accepted' }]);
  const groups = await rows<{ name: string; n: number }>(
    `SELECT g.name, count(cg.id)::int AS n FROM company_group_list g JOIN company_in_group cg ON cg.group_id = g.id GROUP BY g.name ORDER BY g.name`,
  );
  expect(groups.map((g) => g.name)).toEqual(['Clienți Cluj', 'Mari contribuabili', 'Parteneri București', 'Prospecți construcții']);
  expect(groups.every((g) => g.n > 0)).toBe(true);

  // Contacts of three authors, some private; the search flag follows the public ones (decision 015).
  const contacts = await rows<{ private: number; public: number; flagged: number }>(
    `SELECT count(*) FILTER (WHERE c.is_private)::int AS private, count(*) FILTER (WHERE NOT c.is_private)::int AS public,
            count(*) FILTER (WHERE co.has_email AND NOT c.is_private)::int AS flagged
       FROM contact c JOIN company co ON co.cui = c.cui JOIN app_user u ON u.id = c.user_id WHERE u.email LIKE '%@demo.radarfirme.ro'`,
  );
  expect(contacts[0].private).toBeGreaterThan(0);
  expect(contacts[0].public).toBeGreaterThan(contacts[0].private);
  expect(contacts[0].flagged).toBe(contacts[0].public);

  // A template with merge fields and a draft with recipients, for Ana and for the admin.
  const drafts = await rows<{ author: string; recipients: number; content: string }>(
    `SELECT u.user_name AS author, count(gmc.*)::int AS recipients, t.content
       FROM grouped_mail gm JOIN app_user u ON u.id = gm.created_by_id JOIN mail_template t ON t.id = gm.template_id
       LEFT JOIN grouped_mail_company gmc ON gmc.grouped_mail_id = gm.id
      GROUP BY u.user_name, t.content ORDER BY u.user_name`,
  );
  expect(drafts.map((d) => d.author)).toEqual(['Administrator', 'Ana Popescu']);
  for (const d of drafts) {
    expect(d.recipients).toBeGreaterThan(0);
    expect(JSON.parse(d.content).mjml).toContain('{{NumeFirma}}');
  }
  expect((await rows(`SELECT 1 FROM company_comment`)).length).toBe(3);

  // Once: a second run and a second start add nothing.
  expect(await seed()).not.toContain('conturi demonstrative');
  expect(await prepareDatabase(url, { demoCompanies: 400, quiet: true })).toEqual({ adminCreated: false });
  expect((await rows(`SELECT 1 FROM app_user WHERE email LIKE '%@demo.radarfirme.ro'`)).length).toBe(4);
});
