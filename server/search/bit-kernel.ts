// The AND of the search index's bitmaps with its count in WebAssembly SIMD (decisions 077, 122), on
// views into one fixed memory of bitmap slots (never grown: no view is detached). Source:
// bit-kernel.wat, assembled into KERNEL by `node scripts/tools/bit-kernel.mjs`.
import 'server-only';

/** bit-kernel.wat, assembled (scripts/tools/bit-kernel.mjs). */
const KERNEL = 'AGFzbQEAAAABEgJgBH9/f38Bf2AFf39/f38BfwMEAwAAAQUDAQAAByEEBm1lbW9yeQIABGFuZDIAAAZhbmRub3QAAQRhbmQzAAIKuAIDYwIBfwJ7AkADQCAEIANPDQEgACAEav0ABAAgASAEav0ABAD9TiEFIAIgBGogBf0LBAAgBiAF/WL9ff1//a4BIQYgBEEQaiEEDAALCyAG/RsAIAb9GwFqIAb9GwIgBv0bA2pqC2MCAX8CewJAA0AgBCADTw0BIAAgBGr9AAQAIAEgBGr9AAQA/U8hBSACIARqIAX9CwQAIAYgBf1i/X39f/2uASEGIARBEGohBAwACwsgBv0bACAG/RsBaiAG/RsCIAb9GwNqagtuAgF/AnsCQANAIAUgBE8NASAAIAVq/QAEACABIAVq/QAEAP1OIAIgBWr9AAQA/U4hBiADIAVqIAb9CwQAIAcgBv1i/X39f/2uASEHIAVBEGohBQwACwsgB/0bACAH/RsBaiAH/RsCIAf9GwNqags=';

type Exports = {
  memory: WebAssembly.Memory;
  and2: (a: number, b: number, o: number, bytes: number) => number;
  and3: (a: number, b: number, c: number, o: number, bytes: number) => number;
  andnot: (a: number, b: number, o: number, bytes: number) => number;
};

let compiled: WebAssembly.Module | null | undefined;
/** The compiled kernel, or null where WebAssembly SIMD is missing (the JavaScript loops answer). */
function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      const bytes = Buffer.from(KERNEL, 'base64');
      compiled = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** Bitmap slots of `words` words rounded up to 4 (the SIMD step; the padding stays zero), and the kernel. */
export class BitArena {
  readonly words: number;
  /** words per slot: `words` rounded up to a multiple of 4 */
  readonly stride: number;
  readonly slots: number;
  private readonly memory: WebAssembly.Memory;
  private readonly fns: Exports;
  private readonly free: number[] = [];
  /** Kernel calls so far (tests, benchmarks). */
  ands = 0;

  private constructor(module: WebAssembly.Module, words: number, slots: number) {
    this.words = words;
    this.stride = (words + 3) & ~3;
    this.slots = slots;
    this.fns = new WebAssembly.Instance(module, {}).exports as unknown as Exports;
    this.memory = this.fns.memory;
    this.memory.grow(Math.ceil((slots * this.stride * 4) / 65536));
    for (let s = slots - 1; s >= 0; s--) this.free.push(s);
  }

  /** An arena of `slots` bitmaps of `words` words, or null without WebAssembly SIMD. */
  static create(words: number, slots: number): BitArena | null {
    const compiledKernel = kernelModule();
    if (!compiledKernel || slots <= 0 || words <= 0) return null;
    // A 32-bit memory: at most 65,536 pages of 64 KB.
    if (Math.ceil((slots * ((words + 3) & ~3) * 4) / 65536) > 65_536) return null;
    return new BitArena(compiledKernel, words, slots);
  }

  /** A free slot's bitmap (its content is what its last user left), or null when all are taken. */
  take(): Uint32Array | null {
    const s = this.free.pop();
    return s === undefined ? null : new Uint32Array(this.memory.buffer, s * this.stride * 4, this.words);
  }

  /** Gives back a bitmap of take(). */
  give(b: Uint32Array): void {
    this.free.push(b.byteOffset / (this.stride * 4));
  }

  /** Whether `b` is one of this arena's bitmaps. */
  holds(b: Uint32Array): boolean {
    return b.buffer === this.memory.buffer;
  }

  /** Free slots (tests, metrics). */
  available(): number {
    return this.free.length;
  }

  /** out = AND of 2 or 3 of this arena's bitmaps over [w0, w1) widened to 4 words, and its count (`out` may be an input). */
  and(inputs: readonly Uint32Array[], out: Uint32Array, w0: number, w1: number): number {
    const from = (w0 & ~3) * 4;
    const bytes = (((w1 + 3) & ~3) - (w0 & ~3)) * 4;
    if (bytes <= 0) return 0;
    const o = out.byteOffset + from;
    this.ands++;
    if (inputs.length === 2) return this.fns.and2(inputs[0].byteOffset + from, inputs[1].byteOffset + from, o, bytes);
    if (inputs.length === 3) return this.fns.and3(inputs[0].byteOffset + from, inputs[1].byteOffset + from, inputs[2].byteOffset + from, o, bytes);
    throw new Error('BitArena.and: 2 or 3 inputs');
  }

  /** out = a AND NOT b over every word, and its count; every bitmap is this arena's (`out` may be `a`). */
  andNot(a: Uint32Array, b: Uint32Array, out: Uint32Array): number {
    this.ands++;
    return this.fns.andnot(a.byteOffset, b.byteOffset, out.byteOffset, this.stride * 4);
  }

  /** The arena's bytes (its memory, mostly untouched pages until used). */
  bytes(): number {
    return this.memory.buffer.byteLength;
  }
}
