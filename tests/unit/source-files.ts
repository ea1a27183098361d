// The project's own source files, for the tests that fail when a concept is spelled outside its
// one builder (docs/decisions/084-one-builder-per-concept.md). Tests, generated code, build output
// and dependencies are not read.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

const SKIPPED = new Set(['node_modules', '.next', '.git', 'tests', 'generated', 'coverage', 'test-results', 'playwright-report', 'public', 'data', 'docs']);

/** Every .ts/.tsx/.mjs/.js file under `dirs` (paths relative to the root, with '/'). */
export function listSourceFiles(dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(e.name)) continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(tsx?|mjs|js)$/.test(e.name)) out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  for (const d of dirs) {
    const full = path.join(root, d);
    if (d.includes('.')) out.push(d);
    else walk(full);
  }
  return out;
}

/** `file:line: text` of each line of `files` that matches one of `patterns`, comments skipped. */
export function findSpellings(files: string[], patterns: RegExp[]): string[] {
  const hits: string[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const code = line.trim();
      if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return;
      if (patterns.some((p) => p.test(line))) hits.push(`${file}:${i + 1}: ${code}`);
    });
  }
  return hits;
}
