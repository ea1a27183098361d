// One place holds what must be one per process (decision 082): server/kernel/process-slot.mjs.
// Next bundles the app's modules into copies of their own and the front runs outside the bundle,
// so a value they share has to live outside both; a file that reaches for globalThis itself is a
// hand-over no import shows. This test fails on any other use of globalThis in server/, the front
// server (server/http/front/) and its launcher (scripts/serve.mjs), and names the file and line.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { processSlot, readProcessSlot, setProcessSlot } from '@/server/kernel/process-slot.mjs';

const root = path.resolve(__dirname, '../..');
const SLOT_MODULE = 'server/kernel/process-slot.mjs';

/** The code of a file without its comments, line numbers kept. */
function codeOf(text: string): string[] {
  const noBlocks = text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '));
  return noBlocks.split('\n').map((line) => line.replace(/(^|[\s;,{}()])\/\/.*$/, '$1'));
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (rel !== 'server/generated') out.push(...sourceFiles(rel));
    } else if (/\.(ts|tsx|mjs|cjs|js|mts)$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** Every line outside the slot module that names globalThis (comments are not read). */
export function globalThisUses(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    if (file === SLOT_MODULE) continue;
    codeOf(text).forEach((line, i) => {
      if (/\bglobalThis\b|\bglobal\s*\[|\bglobal\.\w/.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

test('no file of server/ or the front touches globalThis but the process slot', () => {
  const files = Object.fromEntries([...sourceFiles('server'), 'scripts/serve.mjs'].map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
  expect(Object.keys(files)).toEqual(expect.arrayContaining([SLOT_MODULE, 'server/http/front/server.mjs', 'server/kernel/front-bridge.mjs']));
  expect(globalThisUses(files)).toEqual([]);
});

test('the check finds a hand-over written directly, and ignores one in a comment', () => {
  expect(globalThisUses({ 'server/x.ts': "// globalThis is explained here\nconst k = (globalThis as any)[Symbol.for('x')];" })).toEqual([
    "server/x.ts:2: const k = (globalThis as any)[Symbol.for('x')];",
  ]);
  expect(globalThisUses({ [SLOT_MODULE]: 'globalThis[key] = 1;' })).toEqual([]);
});

test('a slot is created once per process and shared by every caller', () => {
  const first = processSlot('test.slot', () => ({ n: 1 }));
  expect(processSlot('test.slot', () => ({ n: 2 }))).toBe(first);
  expect(readProcessSlot('test.missing')).toBeUndefined();
  setProcessSlot('test.set', 'v');
  expect(readProcessSlot('test.set')).toBe('v');
});
