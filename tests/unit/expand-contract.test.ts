// Migrations stay backward compatible for one release (decision 103): a migration not yet released
// only expands the schema, so the previous release's instances, still serving during a rolling
// release, run their statements on it unchanged; a contracting statement needs its `-- contract:`
// line (the code that used the column or table left one release earlier).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findContractStatements, MIGRATIONS_DIR, unreleasedMigrations } from '@/scripts/db/expand-contract';

test('migrations after the released one only expand the schema', () => {
  const findings = unreleasedMigrations().flatMap((m) => findContractStatements(m, readFileSync(path.join(MIGRATIONS_DIR, m, 'migration.sql'), 'utf8')));
  expect(findings).toEqual([]);
});

test('the check sees each contracting statement, and accepts the marked one', () => {
  const sql = [
    'ALTER TABLE "company" ADD COLUMN "nickname" TEXT;',
    'ALTER TABLE "company" ADD COLUMN "rank" INTEGER NOT NULL DEFAULT 0;',
    'CREATE INDEX company_nickname ON company (nickname);',
    'ALTER TABLE "company" DROP COLUMN "fax";',
    'ALTER TABLE "company"',
    '  RENAME COLUMN "name" TO "title";',
    'ALTER TABLE "company" ALTER COLUMN "employees" TYPE BIGINT;',
    'ALTER TABLE "company" ALTER COLUMN "email" SET NOT NULL;',
    'ALTER TABLE "company" ADD COLUMN "code" TEXT NOT NULL;',
    '-- contract: release 2026.11 stopped reading company.old_notes',
    'ALTER TABLE "company" DROP COLUMN "old_notes";',
    'DROP TABLE "legacy";',
  ].join('\n');
  const found = findContractStatements('x', sql);
  expect(found.map((f) => [f.line, f.kind])).toEqual([
    [4, 'DROP COLUMN'],
    [5, 'RENAME'],
    [7, 'ALTER COLUMN … TYPE'],
    [8, 'SET NOT NULL'],
    [9, 'ADD COLUMN … NOT NULL without DEFAULT'],
    [12, 'DROP TABLE'],
  ]);
});

test('only the migrations after RELEASED are checked; all of them without it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rf-migrations-'));
  try {
    for (const m of ['20260101000000_a', '20260102000000_b', '20260103000000_c']) mkdirSync(path.join(dir, m));
    expect(unreleasedMigrations(dir)).toEqual(['20260101000000_a', '20260102000000_b', '20260103000000_c']);
    writeFileSync(path.join(dir, 'RELEASED'), '20260102000000_b\n');
    expect(unreleasedMigrations(dir)).toEqual(['20260103000000_c']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
