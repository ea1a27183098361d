// Applies the committed SQL migrations (prisma/migrations) exactly as `prisma migrate deploy`
// would, writing _prisma_migrations, without the native Prisma engine.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
