// `npm run admin:create`: the first administrator of a deployment without demo data (the compose
// production profile's release step runs it after `npm run db:migrate`; issue 32, decision 061).
//
//   npm run admin:create -- --email admin@firma.ro [--user-name Administrator] [--password-stdin]
//
// The password comes from ADMIN_PASSWORD, or from the first line of stdin with --password-stdin;
// never from the command line (other users of the machine read it in `ps`). A published, weak or
// guessable password is refused (server/auth/admin-password.ts). Idempotent: an existing admin with
// that e-mail is left as it is (exit 0, the password is then not needed and never changed); an
// existing account that is not an admin is refused. Loads the reference data first (the roles
// among it), so a database that was only migrated can take its admin.
// Exit codes: 0 created or already there, 1 refused or failed, 2 wrong usage.
import { createInterface } from 'node:readline';
import pg from 'pg';
import { z } from 'zod';
import { adminPasswordProblem } from '../../server/auth/admin-password';
import { env } from '../../server/kernel/env';
import { pendingMigrations } from '../db/migrate';
import { ensureFirstAdmin } from './prepare';
import { loadReferenceData } from './reference';

class Refusal extends Error {
  constructor(
    message: string,
    readonly code: 1 | 2 = 1,
  ) {
    super(message);
  }
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  if (!v || v.startsWith('--')) throw new Refusal(`${name} cere o valoare.`, 2);
  return v;
}

async function readPasswordFromStdin(): Promise<string> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.replace(/\r$/, '');
  }
  return '';
}

type Outcome = { created: boolean; email: string; userName: string };

export async function createAdmin(): Promise<Outcome> {
  if (process.argv.includes('--password')) {
    throw new Refusal('Parola nu se dă în linia de comandă (se vede în ps): folosiți ADMIN_PASSWORD sau --password-stdin.', 2);
  }
  const email = z.string().trim().toLowerCase().email().max(254).safeParse(argValue('--email') ?? env.ADMIN_EMAIL);
  if (!email.success) throw new Refusal('Adresa de e-mail a administratorului nu este validă (--email sau ADMIN_EMAIL).', 2);
  const userName = (argValue('--user-name') ?? env.ADMIN_USERNAME).trim();
  if (userName.length < 3 || userName.length > 200) throw new Refusal('Numele de utilizator trebuie să aibă între 3 și 200 de caractere (--user-name sau ADMIN_USERNAME).', 2);

  const url = env.DATABASE_URL;
  const pending = await pendingMigrations(url);
  if (pending.length) throw new Refusal(`${pending.length} migrări neaplicate: rulați întâi \`npm run db:migrate\`.`);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const existing = await client.query<{ role: string; is_deleted: boolean }>(
      `SELECT r.name AS role, u.is_deleted FROM app_user u JOIN role r ON r.id = u.role_id WHERE u.email = $1`,
      [email.data],
    );
    if (existing.rows[0]) {
      const { role, is_deleted } = existing.rows[0];
      if (role === 'Admin' && !is_deleted) return { created: false, email: email.data, userName };
      throw new Refusal(`Contul ${email.data} există deja și ${is_deleted ? 'este șters' : 'nu este administrator'}: nu a fost schimbat. Alegeți altă adresă.`);
    }
    const password = process.argv.includes('--password-stdin') ? await readPasswordFromStdin() : env.ADMIN_PASSWORD;
    if (!password) throw new Refusal('Lipsește parola: setați ADMIN_PASSWORD sau dați-o pe stdin cu --password-stdin.', 2);
    const problem = adminPasswordProblem(password, { email: email.data, userName });
    if (problem) throw new Refusal(`Parolă refuzată: ${problem}`);

    await loadReferenceData(client);
    const created = await ensureFirstAdmin(client, { email: email.data, password, userName });
    // null: another release step created it between our look and the insert.
    return { created: created !== null, email: email.data, userName };
  } finally {
    await client.end();
  }
}

if (require.main === module) {
  createAdmin().then(
    (r) => {
      console.log(
        r.created
          ? `[admin] administrator creat: ${r.email} (utilizator ${r.userName}); autentificați-vă cu parola dată.`
          : `[admin] administratorul ${r.email} există deja: nu a fost schimbat (nici parola).`,
      );
      process.exit(0);
    },
    (e) => {
      console.error(`[admin] ${e instanceof Error ? e.message : String(e)}`);
      process.exit(e instanceof Refusal ? e.code : 1);
    },
  );
}
