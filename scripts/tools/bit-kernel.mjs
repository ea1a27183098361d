// Assembles server/search/bit-kernel.wat and writes the bytes into server/search/bit-kernel.ts
// (KERNEL), so the app needs no assembler: `node scripts/tools/bit-kernel.mjs` after an edit of the
// .wat. It runs wabt (the WebAssembly Binary Toolkit) from the npm registry, once, via npm exec.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const wat = path.join(root, 'server/search/bit-kernel.wat');
const ts = path.join(root, 'server/search/bit-kernel.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'bit-kernel-'));
try {
  const out = path.join(dir, 'kernel.wasm');
  execFileSync('npm', ['exec', '--yes', '--package=wabt@1.0.39', '--', 'wat2wasm', wat, '-o', out], { stdio: 'inherit' });
  const b64 = readFileSync(out).toString('base64');
  const source = readFileSync(ts, 'utf8');
  const next = source.replace(/const KERNEL = '[^']*';/, `const KERNEL = '${b64}';`);
  if (next === source) console.log('bit-kernel.ts: unchanged');
  else {
    writeFileSync(ts, next);
    console.log(`bit-kernel.ts: KERNEL rewritten (${Buffer.from(b64, 'base64').length} bytes)`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
