// Prints the SQL that takes the database schema from an old schema file (or from nothing) to the
// current prisma/schema.prisma: the way a new migration's SQL is produced without `migrate dev`.
// Usage: npx tsx scripts/db/diff.ts [old-schema.prisma] > prisma/migrations/<ts>_<name>/migration.sql
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { withSchemaEngine } from './schema-engine';

async function main() {
  const current = readFileSync(path.resolve(__dirname, '../../prisma/schema.prisma'), 'utf8');
  const oldFile = process.argv[2];
  const from = oldFile
    ? { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: readFileSync(oldFile, 'utf8') }] }
    : { tag: 'empty' };
  const out = await withSchemaEngine(process.env.DATABASE_URL ?? 'postgresql://postgres:postgres@127.0.0.1:54329/radarfirme', current, (e) =>
    e.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: current }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    }),
  );
  process.stdout.write(out.stdout ?? '');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
