// Applies the committed SQL migrations (prisma/migrations) exactly as `prisma migrate deploy`
// would, writing _prisma_migrations, without the native Prisma engine.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { withSchemaEngine } from './schema-engine';

const MIGRATIONS_DIR = path.resolve(__dirname, '../../prisma/migrations');

function listMigrations(baseDir = MIGRATIONS_DIR) {
  const dirs = readdirSync(baseDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const lockPath = path.join(baseDir, 'migration_lock.toml');
  return {
    baseDir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok', value: readFileSync(path.join(baseDir, name, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

/**
 * Migrations of this checkout not (successfully) applied on the database, read without migrating:
 * a production instance that does not migrate at boot refuses to start on an older schema.
 */
export async function pendingMigrations(url: string, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  const wanted = listMigrations(migrationsDir).migrationDirectories.map((d) => d.path);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>(`SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists`);
    if (!rows[0].exists) return wanted;
    const applied = await client.query<{ name: string }>(
      'SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const done = new Set(applied.rows.map((r) => r.name));
    return wanted.filter((m) => !done.has(m));
  } finally {
    await client.end();
  }
}

/**
 * Whether `npm start` applies the migrations itself: always for the embedded database and for
 * development; in production with DATABASE_URL set only with MIGRATE_ON_BOOT=1 (decision 050:
 * `npm run db:migrate` is the release step; instances booting together never queue on its lock).
 */
export function migratesAtBoot(s: { nodeEnv: string | undefined; databaseUrlSet: boolean; migrateOnBoot: boolean }): boolean {
  return !(s.nodeEnv === 'production' && s.databaseUrlSet) || s.migrateOnBoot;
}

export async function migrate(url: string, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  return withSchemaEngine(url, null, async (engine) => {
    const out = await engine.applyMigrations({
      migrationsList: listMigrations(migrationsDir),
      filters: { externalTables: [], externalEnums: [] },
    });
    return out.appliedMigrationNames;
  });
}

if (require.main === module) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is not set (npm run db:migrate is run by scripts/start.ts with the embedded database).');
    process.exit(1);
  }
  // `--dir <folder>`: another migrations folder (the tests apply throwaway ones).
  const dirArg = process.argv.indexOf('--dir');
  const dir = dirArg > 0 && process.argv[dirArg + 1] ? path.resolve(process.argv[dirArg + 1]) : MIGRATIONS_DIR;
  migrate(url, dir)
    .then((names) => {
      console.log(names.length ? `Migrări aplicate: ${names.join(', ')}` : 'Baza de date este la zi.');
      process.exit(0);
    })
    .catch((e) => {
      console.error('Migrarea a eșuat:', e?.message ?? e);
      process.exit(1);
    });
}
