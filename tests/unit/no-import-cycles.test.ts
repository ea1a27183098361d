// No module of lib/, components/ or app/ reaches itself through its imports, types included
// (docs/decisions/084-one-builder-per-concept.md): a circle made the two API clients and the
// contract one 18-file knot. dependency-cruiser reads the imports as TypeScript sees them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const CLI = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const CONFIG = `module.exports = {
  forbidden: [{ name: 'no-circular', severity: 'error', from: { path: '^(lib|components|app)/' }, to: { circular: true } }],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|server/generated)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
`;

function cruise(dirs: string[], config: string): { status: number | null; out: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
  try {
    const file = path.join(dir, 'cruise.cjs');
    writeFileSync(file, config);
    const r = spawnSync(process.execPath, [CLI, ...dirs, '--config', file, '--output-type', 'err'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('lib/, components/ and app/ hold no import cycle', () => {
  const { status, out } = cruise(['lib', 'components', 'app'], CONFIG);
  expect(out).toMatch(/no dependency violations found \(\d{3,} modules/);
  expect(status).toBe(0);
}, 120_000);

test('the check sees a cycle (two files that import each other)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cycle-probe-'));
  try {
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const { status, out } = cruise([dir], CONFIG.replace("from: { path: '^(lib|components|app)/' }", 'from: {}'));
    expect(out).toMatch(/no-circular/);
    expect(status).not.toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
