// Migrations as a release step (issue 32, cluster-search; decision 050): in production with
// DATABASE_URL set, `npm start` does not migrate (instances booting together never queue on the
// migration lock) and refuses an older schema, naming `npm run db:migrate`; MIGRATE_ON_BOOT=1 and
// any non-production start still migrate as before.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createThrowawayDb, root, withDb } from './support/migrations';

jest.setTimeout(240_000);

/** `npm start -- --check` against a database, with the given settings. */
function check(url: string, settings: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const base = { ...process.env };
  for (const k of ['HOST', 'NODE_ENV', 'APP_URL', 'MIGRATE_ON_BOOT']) delete base[k];
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'scripts/start.ts', '--check'], {
      cwd: root,
      env: { ...base, DATABASE_URL: url, AUTH_SECRET: 'x'.repeat(40), ...settings },
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const appliedCount = (url: string) =>
  withDb(url, async (c) => {
    const { rows } = await c.query<{ exists: boolean }>(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists`);
    if (!rows[0].exists) return null;
    return (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM _prisma_migrations')).rows[0].n;
  });

test('production with DATABASE_URL: no migration at boot, a clear refusal; MIGRATE_ON_BOOT=1 migrates', async () => {
  const db = await createThrowawayDb('rf_release');
  try {
    const prod = await check(db.url, { NODE_ENV: 'production' });
    expect(prod.code).toBe(1);
    expect(prod.out).toMatch(/migrări neaplicate.*npm run db:migrate/);
    expect(await appliedCount(db.url)).toBeNull(); // nothing was migrated

    const opted = await check(db.url, { NODE_ENV: 'production', MIGRATE_ON_BOOT: '1' });
    expect(opted.out).not.toMatch(/migrări neaplicate/);
    expect(await appliedCount(db.url)).toBeGreaterThan(10);
  } finally {
    await db.drop();
  }
});

test('outside production (a newcomer, development) npm start still migrates', async () => {
  const db = await createThrowawayDb('rf_release_dev');
  try {
    const dev = await check(db.url, {});
    expect(dev.out).not.toMatch(/migrări neaplicate/);
    expect(await appliedCount(db.url)).toBeGreaterThan(10);
  } finally {
    await db.drop();
  }
});
