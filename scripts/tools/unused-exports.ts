// Lists exports nobody imports (issue 31): for each exported name of app code (lib, server,
// components, and the helpers of tests and scripts), whether another file imports it. With the
// TypeScript compiler API only (no extra dependency). Next.js's own exports of app/ (page,
// layout, route handlers, metadata) are left out: the framework imports them.
// Usage: npx tsx scripts/tools/unused-exports.ts [--local]   (--local: also the names used only
// in their own file, which can lose their `export`)
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
const DIRS = ['app', 'components', 'lib', 'server', 'scripts', 'tests', 'prisma'];
const SKIP = new Set(['node_modules', 'generated', '.next']);

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

const files = DIRS.flatMap((d) => walk(path.join(root, d)));
const extra = ['proxy.ts', 'next.config.ts', 'playwright.config.ts', 'jest.config.mjs', 'prisma.config.ts', 'eslint.config.mjs'].map((f) => path.join(root, f)).filter(existsSync);
const all = [...files, ...extra];

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}.mjs`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(c) && !c.endsWith(path.sep) && /\.(ts|tsx|mts|mjs)$/.test(c)) return c;
  }
  return null;
}

type Exp = { file: string; name: string; line: number };
const exported: Exp[] = [];
const importedNames = new Map<string, Set<string>>(); // file -> names imported by other files ('*' = all)
const sources = new Map<string, ts.SourceFile>();

const markUsed = (file: string, name: string) => {
  const set = importedNames.get(file) ?? new Set<string>();
  set.add(name);
  importedNames.set(file, set);
};

for (const f of all) {
  const text = readFileSync(f, 'utf8');
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true, f.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  sources.set(f, sf);
  const lineOf = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  for (const st of sf.statements) {
    const mods = ts.canHaveModifiers(st) ? ts.getModifiers(st) : undefined;
    const isExport = mods?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isDefault = mods?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    if (isExport) {
      if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) { if (ts.isIdentifier(d.name)) exported.push({ file: f, name: d.name.text, line: lineOf(d) }); }
      else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st)) && st.name)
        exported.push({ file: f, name: isDefault ? 'default' : st.name.text, line: lineOf(st) });
    }
    if (ts.isExportAssignment(st)) exported.push({ file: f, name: 'default', line: lineOf(st) });
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const target = resolve(f, st.moduleSpecifier.text);
      if (!target) continue;
      const c = st.importClause;
      if (!c) continue;
      if (c.name) markUsed(target, 'default');
      if (c.namedBindings && ts.isNamespaceImport(c.namedBindings)) markUsed(target, '*');
      if (c.namedBindings && ts.isNamedImports(c.namedBindings)) for (const el of c.namedBindings.elements) markUsed(target, (el.propertyName ?? el.name).text);
    }
    if (ts.isExportDeclaration(st)) {
      const target = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? resolve(f, st.moduleSpecifier.text) : null;
      if (st.exportClause && ts.isNamedExports(st.exportClause)) {
        for (const el of st.exportClause.elements) {
          exported.push({ file: f, name: el.name.text, line: lineOf(el) });
          if (target) markUsed(target, (el.propertyName ?? el.name).text);
        }
      } else if (target) markUsed(target, '*');
    }
  }
  // Dynamic imports and jest.mock / require of a path: every export counts as used.
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n) && n.arguments.length && ts.isStringLiteral(n.arguments[0]) && (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require') || (ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'mock'))) {
      const target = resolve(f, (n.arguments[0] as ts.StringLiteral).text);
      if (target) markUsed(target, '*');
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}

const NEXT_EXPORTS = new Set(['default', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'metadata', 'generateMetadata', 'generateStaticParams', 'dynamic', 'revalidate', 'runtime', 'viewport', 'generateViewport', 'config', 'proxy', 'alt', 'size', 'contentType', 'dynamicParams', 'fetchCache', 'preferredRegion', 'maxDuration', 'generateImageMetadata', 'generateSitemaps']);
const isNextFile = (f: string) => f.startsWith(path.join(root, 'app') + path.sep) || extra.includes(f);

function usedInOwnFile(e: Exp): boolean {
  const sf = sources.get(e.file)!;
  let n = 0;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === e.name) n++;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return n > 1;
}

const local = process.argv.includes('--local');
const unused: string[] = [];
const ownOnly: string[] = [];
for (const e of exported) {
  if (isNextFile(e.file) && NEXT_EXPORTS.has(e.name)) continue;
  if (e.file.includes(`${path.sep}tests${path.sep}`) && /\.(test|spec)\.tsx?$/.test(e.file)) continue;
  const used = importedNames.get(e.file);
  if (used && (used.has('*') || used.has(e.name))) continue;
  const where = `${path.relative(root, e.file)}:${e.line} ${e.name}`;
  if (usedInOwnFile(e)) ownOnly.push(where);
  else unused.push(where);
}
console.log(`${unused.length} exports nobody uses:`);
for (const u of unused) console.log(`  ${u}`);
console.log(`${ownOnly.length} exports used only in their own file${local ? ':' : ' (--local lists them)'}`);
if (local) for (const u of ownOnly) console.log(`  ${u}`);
