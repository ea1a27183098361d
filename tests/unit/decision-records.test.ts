// Decision records stay true (decision 045): each has a Status and a Date line, a number and a title
// of its own, a row in the index docs/decisions/README.md with the status it states (decision 088),
// and a function a record names as called (`name(...)`) exists in the product code: as an
// identifier in app/, components/, lib/, server/, scripts/ or prisma/, not only in a test or a
// comment. A function that was removed may still be named where a record's Status line says which
// part naming it was superseded (the record that supersedes it may then name it too): the old text
// is kept, not rewritten.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
const decisionsDir = path.join(root, 'docs/decisions');
const PRODUCT_DIRS = ['app', 'components', 'lib', 'server', 'scripts', 'prisma'];
// SQL files cannot call a TypeScript function; the records name only those.
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'generated' || e.name.startsWith('.')) return [];
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : SOURCE_FILE.test(e.name) ? [full] : [];
  });
}

/** The identifiers of a source text: names in code, never in a comment (strings are not identifiers either). */
export function codeIdentifiers(fileName: string, text: string): Set<string> {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.m?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

const records = readdirSync(decisionsDir)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .map((f) => ({ file: f, text: readFileSync(path.join(decisionsDir, f), 'utf8') }));

const statusLine = (text: string) => text.match(/^Status: .*$/m)?.[0] ?? '';
const statusOf = (text: string) => statusLine(text).replace(/^Status: /, '').trim();
/** The record's heading without its number: "# 026 — Search engine: …" → "Search engine: …". */
const titleOf = (text: string) => (text.match(/^# .*$/m)?.[0] ?? '').replace(/^# \d{3}\s*(—|:|-)\s*/, '').trim();
const slugOf = (file: string) => file.replace(/^\d{3}-/, '').replace(/\.md$/, '');

/** camelCase names a record shows as calls: `listVisibleGroups(actor)`, `apiRoute(...)`. */
export function calledNames(text: string): string[] {
  return [...new Set([...text.matchAll(/`([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)\(/g)].map((m) => m[1]))];
}

/** The names a record's Status line marks as superseded history. */
export function supersededNames(status: string): string[] {
  return /superseded/.test(status) ? [...status.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)].map((m) => m[1]) : [];
}

/** Rows of the index: the record file each links to, and its status cell. */
export function indexRows(index: string): Map<string, { title: string; status: string }> {
  const rows = [...index.matchAll(/^\| \[\d{3}\]\(([^)]+\.md)\) \| (.*) \| (.*) \| \d{4}-\d{2}-\d{2} \|$/gm)];
  return new Map(rows.map((m) => [m[1], { title: m[2].trim(), status: m[3].trim() }]));
}

/** Values that occur more than once. */
const repeated = (values: string[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];

test('every decision record has a Status and a Date line', () => {
  const missing = records.filter((r) => !/^Status: (accepted|superseded by \d{3})/m.test(r.text) || !/^Date: \d{4}-\d{2}-\d{2}$/m.test(r.text)).map((r) => r.file);
  expect(missing).toEqual([]);
});

test('no two records share a number, a file title or a heading, and a heading carries its file number', () => {
  expect(records.length).toBeGreaterThan(70);
  expect(repeated(records.map((r) => r.file.slice(0, 3)))).toEqual([]);
  expect(repeated(records.map((r) => slugOf(r.file)))).toEqual([]);
  expect(repeated(records.map((r) => titleOf(r.text).toLowerCase()))).toEqual([]);
  expect(records.filter((r) => !r.text.startsWith(`# ${r.file.slice(0, 3)}`) || titleOf(r.text) === '').map((r) => r.file)).toEqual([]);
});

test('the index lists every record, with the title and the status the record states, and nothing else', () => {
  const rows = indexRows(readFileSync(path.join(decisionsDir, 'README.md'), 'utf8'));
  const wrong = records
    .filter((r) => rows.get(r.file)?.status !== statusOf(r.text) || rows.get(r.file)?.title !== titleOf(r.text))
    .map((r) => r.file);
  expect(wrong).toEqual([]);
  expect([...rows.keys()].filter((file) => !records.some((r) => r.file === file))).toEqual([]);
});

test('a function a decision record calls exists in the product code, unless a Status line marks it superseded', () => {
  const identifiers = new Set(
    PRODUCT_DIRS.flatMap((d) => sourceFiles(path.join(root, d))).flatMap((f) => [...codeIdentifiers(f, readFileSync(f, 'utf8'))]),
  );
  const history = new Set(records.flatMap((r) => supersededNames(statusLine(r.text))));
  const stale = records.flatMap((r) =>
    calledNames(r.text)
      .filter((name) => !history.has(name) && !identifiers.has(name))
      .map((name) => `${r.file}: ${name}`),
  );
  expect(stale).toEqual([]);
});

test('the checks read calls, superseded names, code and index rows as meant', () => {
  expect(calledNames('through `listVisibleGroups(actor)` and `apiRoute(...)`, not `basePath`')).toEqual(['listVisibleGroups', 'apiRoute']);
  expect(supersededNames('Status: accepted; the bullet naming `listVisibleGroups` superseded by 046')).toEqual(['listVisibleGroups']);
  expect(supersededNames('Status: accepted (`listVisibleGroups` is fine)')).toEqual([]);
  const code = codeIdentifiers('a.ts', "// removedHelper(x) was here\n/** oldName(y) */\nconst s = 'quotedName(z)';\nexport function keptName() { return helper.usedName(s); }\n");
  expect(['keptName', 'usedName', 'helper'].every((n) => code.has(n))).toBe(true);
  expect(['removedHelper', 'oldName', 'quotedName'].filter((n) => code.has(n))).toEqual([]);
  const rows = indexRows('| [026](026-search-engine.md) | Search engine: a copy | accepted | 2026-11-23 |\n| 027 | not a row |');
  expect([...rows.entries()]).toEqual([['026-search-engine.md', { title: 'Search engine: a copy', status: 'accepted' }]]);
  expect(repeated(['search-under-load', 'a', 'search-under-load'])).toEqual(['search-under-load']);
});
