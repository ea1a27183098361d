// What the database holds of the published passwords (docs/decisions/031), for the start-up check
// of scripts/start.ts: whether the first admin and the demo accounts still sign in with them. An
// operator who sets ADMIN_PASSWORD / DEMO_PASSWORD gets the published password replaced by the
// given one (only where it is still the published one: a password its owner chose stays).
import type pg from 'pg';
import { DEFAULT_ADMIN_PASSWORD, DEMO_DOMAIN, PUBLISHED_DEMO_PASSWORD } from '../../server/kernel/exposure';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';

type PublishedCredentials = {
  adminExists: boolean;
  adminHasPublishedPassword: boolean;
  /** Ids of the demo accounts that still sign in with the published demo password. */
  demoWithPublishedPassword: number[];
};

export async function inspectPublishedCredentials(client: pg.ClientBase, adminEmail: string): Promise<PublishedCredentials> {
  const admin = await client.query<{ password_hash: string | null }>(`SELECT password_hash FROM app_user WHERE email = $1`, [
    adminEmail.trim().toLowerCase(),
  ]);
  const demo = await client.query<{ id: number; password_hash: string | null }>(
    `SELECT id, password_hash FROM app_user WHERE email LIKE $1 AND NOT is_deleted ORDER BY id`,
    [`%@${DEMO_DOMAIN}`],
  );
  // The demo accounts share one hash when seeded: verify each distinct hash once.
  const verdict = new Map<string, boolean>();
  const demoWithPublishedPassword: number[] = [];
  for (const row of demo.rows) {
    if (!row.password_hash) continue;
    if (!verdict.has(row.password_hash)) verdict.set(row.password_hash, await verifyPassword(row.password_hash, PUBLISHED_DEMO_PASSWORD));
    if (verdict.get(row.password_hash)) demoWithPublishedPassword.push(row.id);
  }
  const adminHash = admin.rows[0]?.password_hash;
  return {
    adminExists: admin.rowCount === 1,
    adminHasPublishedPassword: !!adminHash && (await verifyPassword(adminHash, DEFAULT_ADMIN_PASSWORD)),
    demoWithPublishedPassword,
  };
}

/**
 * Replaces the published passwords still in use by the ones the operator set. Every session of a
 * changed account ends. Returns what was (with `dryRun`: would be) changed.
 */
export async function replacePublishedPasswords(
  client: pg.ClientBase,
  found: PublishedCredentials,
  given: { adminEmail: string; adminPassword: string | undefined; demoPassword: string | undefined },
  opts: { dryRun?: boolean } = {},
): Promise<{ admin: boolean; demo: number }> {
  const out = { admin: false, demo: 0 };
  const replaceAdmin = found.adminHasPublishedPassword && !!given.adminPassword && given.adminPassword !== DEFAULT_ADMIN_PASSWORD;
  const replaceDemo = found.demoWithPublishedPassword.length > 0 && !!given.demoPassword && given.demoPassword !== PUBLISHED_DEMO_PASSWORD;
  if (opts.dryRun) return { admin: replaceAdmin, demo: replaceDemo ? found.demoWithPublishedPassword.length : 0 };
  if (replaceAdmin && given.adminPassword) {
    const res = await client.query<{ id: number }>(
      `UPDATE app_user SET password_hash = $2, must_change_password = false WHERE email = $1 RETURNING id`,
      [given.adminEmail.trim().toLowerCase(), await hashPassword(given.adminPassword)],
    );
    await client.query(`UPDATE refresh_token SET revoked_at = now() WHERE user_id = ANY($1::int[]) AND revoked_at IS NULL`, [res.rows.map((r) => r.id)]);
    out.admin = res.rowCount === 1;
  }
  if (replaceDemo && given.demoPassword) {
    const res = await client.query(`UPDATE app_user SET password_hash = $2 WHERE id = ANY($1::int[])`, [
      found.demoWithPublishedPassword,
      await hashPassword(given.demoPassword),
    ]);
    await client.query(`UPDATE refresh_token SET revoked_at = now() WHERE user_id = ANY($1::int[]) AND revoked_at IS NULL`, [found.demoWithPublishedPassword]);
    out.demo = res.rowCount ?? 0;
  }
  return out;
}
