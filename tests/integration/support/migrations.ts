// Helpers of the migration tests: throwaway databases on the test cluster and the migration
// runner in a child process (it loads Prisma's WebAssembly schema engine through a dynamic
// import, which Jest's module sandbox does not run).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
export const root = path.resolve(__dirname, '../../..');

function databaseUrl(name: string) {
  return Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${name}` }).href;
}

export async function withDb<T>(target: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: target });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new empty database; `drop()` ends its sessions and removes it. */
export async function createThrowawayDb(prefix: string) {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = databaseUrl('postgres');
  await withDb(admin, (c) => c.query(`CREATE DATABASE "${name}"`));
  return {
    url: databaseUrl(name),
    drop: () =>
      withDb(admin, async (c) => {
        await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
        await c.query(`DROP DATABASE IF EXISTS "${name}"`);
      }),
  };
}

/** `npm run db:migrate` (optionally `--dir <folder>`); the output, or the output of the failure. */
export async function runMigrate(target: string, migrationsDir?: string): Promise<{ ok: boolean; out: string }> {
  try {
    const { stdout } = await run(path.join(root, 'node_modules/.bin/tsx'), ['scripts/db/migrate.ts', ...(migrationsDir ? ['--dir', migrationsDir] : [])], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: target },
      timeout: 60_000,
    });
    return { ok: true, out: stdout };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}
