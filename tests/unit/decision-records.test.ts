// Decision records stay true (decision 045): each has a Status and a Date line, and a function a
// record names as called (`name(...)`) exists in the code. A function that was removed may still
// be named where a record's Status line says which part naming it was superseded (the record that
// supersedes it may then name it too): the old text is kept, not rewritten.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const decisionsDir = path.join(root, 'docs/decisions');
const SOURCE_DIRS = ['app', 'components', 'lib', 'server', 'scripts', 'prisma', 'tests'];
const SOURCE_FILE = /\.(ts|tsx|mjs|js|sql)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'generated' || e.name.startsWith('.')) return [];
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : SOURCE_FILE.test(e.name) ? [full] : [];
  });
}

const records = readdirSync(decisionsDir)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .map((f) => ({ file: f, text: readFileSync(path.join(decisionsDir, f), 'utf8') }));

const statusLine = (text: string) => text.match(/^Status: .*$/m)?.[0] ?? '';

/** camelCase names a record shows as calls: `listVisibleGroups(actor)`, `apiRoute(...)`. */
export function calledNames(text: string): string[] {
  return [...new Set([...text.matchAll(/`([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)\(/g)].map((m) => m[1]))];
}

/** The names a record's Status line marks as superseded history. */
export function supersededNames(status: string): string[] {
  return /superseded/.test(status) ? [...status.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)].map((m) => m[1]) : [];
}

test('every decision record has a Status and a Date line', () => {
  const missing = records.filter((r) => !/^Status: (accepted|superseded by \d{3})/m.test(r.text) || !/^Date: \d{4}-\d{2}-\d{2}$/m.test(r.text)).map((r) => r.file);
  expect(missing).toEqual([]);
});

test('a function a decision record calls exists in the code, unless a Status line marks it superseded', () => {
  // This file names removed functions in its own examples: it is not the code they would live in.
  const code = SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(root, d)))
    .filter((f) => f !== __filename)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const history = new Set(records.flatMap((r) => supersededNames(statusLine(r.text))));
  const stale = records.flatMap((r) =>
    calledNames(r.text)
      .filter((name) => !history.has(name) && !new RegExp(`\\b${name}\\b`).test(code))
      .map((name) => `${r.file}: ${name}`),
  );
  expect(stale).toEqual([]);
});

test('the check reads calls and superseded names as meant', () => {
  expect(calledNames('through `listVisibleGroups(actor)` and `apiRoute(...)`, not `basePath`')).toEqual(['listVisibleGroups', 'apiRoute']);
  expect(supersededNames('Status: accepted; the bullet naming `listVisibleGroups` superseded by 046')).toEqual(['listVisibleGroups']);
  expect(supersededNames('Status: accepted (`listVisibleGroups` is fine)')).toEqual([]);
});
