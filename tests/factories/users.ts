// User builder of the integration tests: users straight in the database with argon2id hashes made
// by the app's own hashPassword (the seed's first admin uses the same function). Every user made
// here is removed after its test file (tests/integration/setup.ts calls deleteCreatedUsers). A user
// has a confirmed address unless `emailVerified: false` (an unconfirmed one may neither send
// campaigns nor invite, 036), as every account that existed before verification does.
import { randomBytes } from 'node:crypto';
import { sql } from '@/server/kernel/db';
import { hashPassword } from '@/server/auth/passwords';
import { normalizeUserName } from '@/server/account/accounts';

export const STRONG_PASSWORD = 'Parola#2026';
export const uniq = () => randomBytes(5).toString('hex');

export type TestUser = { id: number; email: string; userName: string; password: string };

export async function ensureRoles(): Promise<void> {
  await sql(`INSERT INTO role (name) VALUES ('Admin'), ('User') ON CONFLICT (name) DO NOTHING`);
}

export async function createUser(
  opts: { role?: 'Admin' | 'User'; password?: string | null; blocked?: boolean; email?: string; userName?: string; emailVerified?: boolean } = {},
): Promise<TestUser> {
  await ensureRoles();
  const id = uniq();
  const email = (opts.email ?? `user-${id}@exemplu.ro`).toLowerCase();
  const userName = opts.userName ?? `Utilizator ${id}`;
  const password = opts.password === undefined ? STRONG_PASSWORD : opts.password;
  const rows = await sql<{ id: number }>(
    `INSERT INTO app_user (user_name, user_name_norm, email, password_hash, role_id, is_blocked, email_verified)
     VALUES ($1, $2, $3, $4, (SELECT id FROM role WHERE name = $5), $6, CASE WHEN $7 THEN now() END) RETURNING id`,
    [userName, normalizeUserName(userName), email, password ? await hashPassword(password) : null, opts.role ?? 'User', !!opts.blocked, opts.emailVerified ?? true],
  );
  created.add(rows[0].id);
  return { id: rows[0].id, email, userName, password: password ?? '' };
}

const created = new Set<number>();

/** Removes every user this module made in the current test file that is still there. */
export async function deleteCreatedUsers(): Promise<void> {
  const ids = [...created];
  created.clear();
  if (ids.length) await sql('DELETE FROM app_user WHERE id = ANY($1::int[])', [ids]);
}

/** Removes users made by a test (their groups, contacts, templates and tokens go by cascade). */
export async function deleteUsers(...users: Array<TestUser | undefined>): Promise<void> {
  const ids = users.filter((u): u is TestUser => !!u).map((u) => u.id);
  for (const id of ids) created.delete(id);
  if (ids.length) await sql('DELETE FROM app_user WHERE id = ANY($1::int[])', [ids]);
}
