// The committed bytes of the search index's SIMD kernel (server/search/bit-kernel.ts KERNEL) are
// the assembly of its source, server/search/bit-kernel.wat (decisions 077, 106): no assembler is
// installed here (wabt comes from the registry, scripts/tools/bit-kernel.mjs), so this test
// assembles the .wat's folded S-expressions itself, for the few forms and instructions it uses,
// the way wat2wasm does (types shared, exports in source order, locals grouped by type), and
// compares byte for byte. An edit of the .wat not carried into KERNEL fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Node = string | Node[];

function parse(text: string): Node {
  const tokens = text.replace(/;;[^\n]*/g, '').match(/\(|\)|"[^"]*"|[^\s()]+/g) ?? [];
  let at = 0;
  const read = (): Node => {
    const t = tokens[at++];
    if (t !== '(') return t;
    const list: Node[] = [];
    while (tokens[at] !== ')') list.push(read());
    at++;
    return list;
  };
  return read();
}

const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
};
const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) return [...out, byte];
    out.push(byte | 0x80);
  }
};
const name = (s: string) => [...uleb(s.length), ...Buffer.from(s)];
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const vector = (items: number[][]) => [...uleb(items.length), ...items.flat()];

const VALTYPE: Record<string, number> = { i32: 0x7f, v128: 0x7b };
const PLAIN: Record<string, number> = { 'i32.add': 0x6a, 'i32.ge_u': 0x4f };
/** The SIMD instructions (0xfd prefix) and their opcodes. */
const SIMD: Record<string, number> = {
  'v128.load': 0x00,
  'v128.store': 0x0b,
  'v128.and': 0x4e,
  'v128.andnot': 0x4f,
  'i8x16.popcnt': 0x62,
  'i16x8.extadd_pairwise_i8x16_u': 0x7d,
  'i32x4.extadd_pairwise_i16x8_u': 0x7f,
  'i32x4.add': 0xae,
  'i32x4.extract_lane': 0x1b,
};

function assemble(module: Node[]): number[] {
  const types: string[] = [];
  const funcs: Array<{ type: number; body: number[] }> = [];
  const exports: number[][] = [];
  let memoryMin: number | null = null;
  for (const field of module.slice(1) as Node[][]) {
    const exported = field.find((x): x is Node[] => Array.isArray(x) && x[0] === 'export');
    const exportName = exported ? String(exported[1]).slice(1, -1) : null;
    if (field[0] === 'memory') {
      memoryMin = Number(field[field.length - 1]);
      if (exportName) exports.push([...name(exportName), 0x02, 0]);
      continue;
    }
    expect(field[0]).toBe('func');
    const locals = new Map<string, number>();
    const params: string[] = [];
    const results: string[] = [];
    const localTypes: string[] = [];
    const code: Node[] = [];
    for (const part of field.slice(1)) {
      if (!Array.isArray(part)) throw new Error(`unexpected ${part}`);
      if (part[0] === 'param' || part[0] === 'local') {
        locals.set(String(part[1]), locals.size);
        (part[0] === 'param' ? params : localTypes).push(String(part[2]));
      } else if (part[0] === 'result') results.push(String(part[1]));
      else if (part[0] !== 'export') code.push(part);
    }
    const signature = JSON.stringify([params, results]);
    if (!types.includes(signature)) types.push(signature);
    const labels: string[] = [];
    const emit = (node: Node): number[] => {
      if (!Array.isArray(node)) throw new Error(`unexpected ${node}`);
      const [op, ...args] = node as [string, ...Node[]];
      if (op === 'block' || op === 'loop') {
        labels.unshift(String(args[0]));
        const inner = args.slice(1).flatMap(emit);
        labels.shift();
        return [op === 'block' ? 0x02 : 0x03, 0x40, ...inner, 0x0b];
      }
      if (op === 'br' || op === 'br_if') return [...args.slice(1).flatMap(emit), op === 'br' ? 0x0c : 0x0d, ...uleb(labels.indexOf(String(args[0])))];
      if (op === 'local.get' || op === 'local.set') return [...args.slice(1).flatMap(emit), op === 'local.get' ? 0x20 : 0x21, ...uleb(locals.get(String(args[0]))!)];
      if (op === 'i32.const') return [0x41, ...sleb(Number(args[0]))];
      if (op in PLAIN) return [...args.flatMap(emit), PLAIN[op]];
      if (op === 'i32x4.extract_lane') return [...args.slice(1).flatMap(emit), 0xfd, ...uleb(SIMD[op]), Number(args[0])];
      // v128.load and v128.store: natural alignment (2^4), offset 0.
      if (op === 'v128.load' || op === 'v128.store') return [...args.flatMap(emit), 0xfd, ...uleb(SIMD[op]), 4, 0];
      if (op in SIMD) return [...args.flatMap(emit), 0xfd, ...uleb(SIMD[op])];
      throw new Error(`instruction not known to this assembler: ${op}`);
    };
    const groups: number[][] = [];
    for (const t of localTypes) {
      const last = groups.at(-1);
      if (last && last[1] === VALTYPE[t]) last[0]++;
      else groups.push([1, VALTYPE[t]]);
    }
    const body = [...vector(groups.map(([n, t]) => [...uleb(n), t])), ...code.flatMap(emit), 0x0b];
    funcs.push({ type: types.indexOf(signature), body: [...uleb(body.length), ...body] });
    if (exportName) exports.push([...name(exportName), 0x00, ...uleb(funcs.length - 1)]);
  }
  const typeEntries = types.map((t) => {
    const [params, results] = JSON.parse(t) as [string[], string[]];
    return [0x60, ...vector(params.map((p) => [VALTYPE[p]])), ...vector(results.map((r) => [VALTYPE[r]]))];
  });
  return [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vector(typeEntries)),
    ...section(3, vector(funcs.map((f) => uleb(f.type)))),
    ...(memoryMin === null ? [] : section(5, vector([[0x00, ...uleb(memoryMin)]]))),
    ...section(7, vector(exports)),
    ...section(10, vector(funcs.map((f) => f.body))),
  ];
}

test('KERNEL in bit-kernel.ts is the assembly of bit-kernel.wat, byte for byte', () => {
  const dir = path.resolve(__dirname, '../../server/search');
  const committed = /const KERNEL = '([^']+)';/.exec(readFileSync(path.join(dir, 'bit-kernel.ts'), 'utf8'))?.[1];
  expect(committed).toBeDefined();
  const assembled = Buffer.from(assemble(parse(readFileSync(path.join(dir, 'bit-kernel.wat'), 'utf8')) as Node[]));
  expect(assembled.toString('base64')).toBe(committed);
  expect(WebAssembly.validate(assembled)).toBe(true);
});

test('the assembler is not blind: a changed instruction gives other bytes', () => {
  const dir = path.resolve(__dirname, '../../server/search');
  const source = readFileSync(path.join(dir, 'bit-kernel.wat'), 'utf8');
  const committed = /const KERNEL = '([^']+)';/.exec(readFileSync(path.join(dir, 'bit-kernel.ts'), 'utf8'))![1];
  const changed = source.replace('(i32.const 16)', '(i32.const 32)');
  expect(changed).not.toBe(source);
  expect(Buffer.from(assemble(parse(changed) as Node[])).toString('base64')).not.toBe(committed);
});
