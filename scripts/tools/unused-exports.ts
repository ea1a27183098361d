// Lists exports nobody imports (issue 31): for each exported name of app code (lib, server,
// components, and the helpers of tests and scripts), whether another file imports it. With the
// TypeScript compiler API only (no extra dependency). Left out, because something other than an
// import statement uses them (byConvention below):
// - Next.js's own exports of app/ and the root config files (page, layout, route handlers,
//   metadata, proxy): the framework imports them;
// - the UI kit (components/ui/): vendored whole, shadcn-style, so a screen can use any part;
// - the benchmarks' entry points (`default`, `run`, `standalone` of scripts/bench/*.bench.ts):
//   scripts/bench/run.ts imports every such file by a computed path;
// - a default export of a file a config names by path (jest's globalSetup, for one);
// - declaration files (.d.ts, .d.mts): they describe a module, the module is what is imported.
// Usage: npx tsx scripts/tools/unused-exports.ts [--local]   (--local: also the names used only
// in their own file, which can lose their `export`). tests/unit/unused-exports.test.ts tests it.
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
    else if (/\.(ts|tsx|mts|mjs)$/.test(e.name) && !/\.d\.m?ts$/.test(e.name)) out.push(full);
  }
  return out;
}

const EXTRA = ['proxy.ts', 'next.config.ts', 'playwright.config.ts', 'jest.config.mjs', 'prisma.config.ts', 'eslint.config.mjs'];

type Exp = { file: string; name: string; line: number };
type Report = { unused: string[]; ownOnly: string[] };

const NEXT_EXPORTS = new Set(['default', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'metadata', 'generateMetadata', 'generateStaticParams', 'dynamic', 'revalidate', 'runtime', 'viewport', 'generateViewport', 'config', 'proxy', 'alt', 'size', 'contentType', 'dynamicParams', 'fetchCache', 'preferredRegion', 'maxDuration', 'generateImageMetadata', 'generateSitemaps']);
const BENCH_EXPORTS = new Set(['default', 'run', 'standalone']);

/** Whether an export is used by something other than an import statement (see the header). */
function byConvention(rel: string, name: string): boolean {
  if ((rel.startsWith('app/') || EXTRA.includes(rel)) && NEXT_EXPORTS.has(name)) return true;
  if (rel.startsWith('components/ui/')) return true;
  if (/^scripts\/bench\/[^/]+\.bench\.ts$/.test(rel) && BENCH_EXPORTS.has(name)) return true;
  if (rel.startsWith('tests/') && /\.(test|spec)\.tsx?$/.test(rel)) return true;
  return false;
}

/**
 * The core: `sources` maps a path relative to the repository root ('/' separators) to its text;
 * an import that resolves outside them is ignored. Returns `file:line name` of every export no
 * other file uses, split into the ones nothing uses and the ones used only in their own file.
 */
export function unusedExports(sources: Record<string, string>): Report {
  const exists = (rel: string) => Object.prototype.hasOwnProperty.call(sources, rel);
  const resolve = (from: string, spec: string): string | null => {
    let base: string;
    if (spec.startsWith('@/')) base = spec.slice(2);
    else if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    else return null;
    for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}.mjs`, `${base}/index.ts`, `${base}/index.tsx`]) if (exists(c)) return c;
    return null;
  };
  const exported: Exp[] = [];
  const importedNames = new Map<string, Set<string>>(); // file -> names used by other files ('*' = all)
  const trees = new Map<string, ts.SourceFile>();
  const markUsed = (file: string, name: string) => {
    const set = importedNames.get(file) ?? new Set<string>();
    set.add(name);
    importedNames.set(file, set);
  };

  for (const [f, text] of Object.entries(sources)) {
    const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true, f.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    trees.set(f, sf);
    const lineOf = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
    for (const st of sf.statements) {
      const mods = ts.canHaveModifiers(st) ? ts.getModifiers(st) : undefined;
      const isExport = mods?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      const isDefault = mods?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      if (isExport) {
        if (ts.isVariableStatement(st)) {
          for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) exported.push({ file: f, name: d.name.text, line: lineOf(d) });
        } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) {
          exported.push({ file: f, name: isDefault ? 'default' : st.name.text, line: lineOf(st) });
        }
      }
      if (ts.isExportAssignment(st)) exported.push({ file: f, name: 'default', line: lineOf(st) });
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
        const target = resolve(f, st.moduleSpecifier.text);
        const c = st.importClause;
        if (!target || !c) continue;
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
    // Dynamic imports and jest.mock / require of a path: every export counts as used. Any other
    // string that names a source file by path (a config's '<rootDir>/x.mjs') uses its default.
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && n.arguments.length && ts.isStringLiteral(n.arguments[0]) && (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require') || (ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'mock'))) {
        const target = resolve(f, (n.arguments[0] as ts.StringLiteral).text);
        if (target) markUsed(target, '*');
      } else if (ts.isStringLiteral(n) && /\.(ts|tsx|mts|mjs)$/.test(n.text)) {
        const target = n.text.startsWith('<rootDir>/') ? (exists(n.text.slice(10)) ? n.text.slice(10) : null) : resolve(f, n.text);
        if (target && target !== f) markUsed(target, 'default');
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }

  const usedInOwnFile = (e: Exp): boolean => {
    let n = 0;
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && node.text === e.name) n++;
      ts.forEachChild(node, visit);
    };
    visit(trees.get(e.file)!);
    return n > 1;
  };

  const report: Report = { unused: [], ownOnly: [] };
  for (const e of exported) {
    if (byConvention(e.file, e.name)) continue;
    const used = importedNames.get(e.file);
    if (used && (used.has('*') || used.has(e.name))) continue;
    (usedInOwnFile(e) ? report.ownOnly : report.unused).push(`${e.file}:${e.line} ${e.name}`);
  }
  return report;
}

function main() {
  const files = [...DIRS.flatMap((d) => walk(path.join(root, d))), ...EXTRA.map((f) => path.join(root, f)).filter(existsSync)];
  const sources = Object.fromEntries(files.map((f) => [path.relative(root, f).split(path.sep).join('/'), readFileSync(f, 'utf8')]));
  const { unused, ownOnly } = unusedExports(sources);
  const local = process.argv.includes('--local');
  console.log(`${unused.length} exports nobody uses:`);
  for (const u of unused) console.log(`  ${u}`);
  console.log(`${ownOnly.length} exports used only in their own file${local ? ':' : ' (--local lists them)'}`);
  if (local) for (const u of ownOnly) console.log(`  ${u}`);
}

if (require.main === module) main();
