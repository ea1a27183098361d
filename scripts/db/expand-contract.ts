// The expand/contract rule of migrations (issue 51, decision 103): during a rolling release the
// previous release's instances keep running on the new schema, so a migration may only add
// (expand): new tables, nullable or defaulted columns, indexes built concurrently or small, new
// functions. What would break the previous release's statements (contract: dropping or renaming a
// table or column, changing a type, making a column NOT NULL, adding a NOT NULL column without a
// default) ships one release later than the code that stopped using it, and says so with a
// `-- contract: <why the previous release no longer needs it>` line right above the statement.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../../prisma/migrations');

const CONTRACT: { name: string; re: RegExp }[] = [
  { name: 'DROP TABLE', re: /\bDROP\s+TABLE\b/i },
  { name: 'DROP COLUMN', re: /\bDROP\s+COLUMN\b/i },
  { name: 'RENAME', re: /\bRENAME\b/i },
  { name: 'ALTER COLUMN … TYPE', re: /\bALTER\s+COLUMN\s+\S+\s+(?:SET\s+DATA\s+)?TYPE\b/i },
  { name: 'SET NOT NULL', re: /\bSET\s+NOT\s+NULL\b/i },
  { name: 'ADD COLUMN … NOT NULL without DEFAULT', re: /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i },
  { name: 'DROP TYPE', re: /\bDROP\s+TYPE\b/i },
];

export type ContractFinding = { migration: string; line: number; kind: string; text: string };

/** Statements of one migration that would break the previous release, unless marked `-- contract:`. */
export function findContractStatements(migration: string, sql: string): ContractFinding[] {
  const lines = sql.split('\n');
  const out: ContractFinding[] = [];
  // Statement by statement (a statement may span lines); the marker is the comment line just above it.
  let start = 0;
  let buffer = '';
  for (let i = 0; i < lines.length; i++) {
    const code = lines[i].replace(/--.*$/, '');
    if (!buffer.trim()) start = i;
    buffer += `${code}\n`;
    if (!code.includes(';') && i < lines.length - 1) continue;
    const statement = buffer;
    buffer = '';
    const kind = CONTRACT.find((c) => c.re.test(statement));
    if (!kind) continue;
    const marked = start > 0 && /^\s*--\s*contract:\s*\S/i.test(lines[start - 1]);
    if (!marked) out.push({ migration, line: start + 1, kind: kind.name, text: statement.trim().replace(/\s+/g, ' ').slice(0, 160) });
  }
  return out;
}

/** The migrations after the one named in prisma/migrations/RELEASED, the newest in production (all of them when it is missing). */
export function unreleasedMigrations(dir = MIGRATIONS_DIR): string[] {
  const all = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  let released = '';
  try {
    released = readFileSync(path.join(dir, 'RELEASED'), 'utf8').trim();
  } catch {
    return all;
  }
  return all.filter((m) => m > released);
}
