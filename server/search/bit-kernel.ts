// The AND of the search index's bitmaps with its count in WebAssembly SIMD (decisions 077, 122), on
// views into one fixed memory of bitmap slots (never grown: no view is detached) that holds every
// bitmap the index ANDs. Source: bit-kernel.wat, assembled into KERNEL by `node scripts/tools/bit-kernel.mjs`.
import 'server-only';

/** bit-kernel.wat, assembled (scripts/tools/bit-kernel.mjs). */
const KERNEL = 'AGFzbQEAAAABEgJgBH9/f38Bf2AFf39/f38BfwMEAwAAAQUDAQAAByEEBm1lbW9yeQIABGFuZDIAAAZhbmRub3QAAQRhbmQzAAIKuAIDYwIBfwJ7AkADQCAEIANPDQEgACAEav0ABAAgASAEav0ABAD9TiEFIAIgBGogBf0LBAAgBiAF/WL9ff1//a4BIQYgBEEQaiEEDAALCyAG/RsAIAb9GwFqIAb9GwIgBv0bA2pqC2MCAX8CewJAA0AgBCADTw0BIAAgBGr9AAQAIAEgBGr9AAQA/U8hBSACIARqIAX9CwQAIAYgBf1i/X39f/2uASEGIARBEGohBAwACwsgBv0bACAG/RsBaiAG/RsCIAb9GwNqagtuAgF/AnsCQANAIAUgBE8NASAAIAVq/QAEACABIAVq/QAEAP1OIAIgBWr9AAQA/U4hBiADIAVqIAb9CwQAIAcgBv1i/X39f/2uASEHIAVBEGohBQwACwsgB/0bACAH/RsBaiAH/RsCIAf9GwNqags=';

type Exports = {
  memory: WebAssembly.Memory;
  and2: (a: number, b: number, o: number, bytes: number) => number;
  and3: (a: number, b: number, c: number, o: number, bytes: number) => number;
  andnot: (a: number, b: number, o: number, bytes: number) => number;
};

/** Set bits per 16-bit value: 2.5 times faster in V8 than the shift-and-mask popcount (issue 25). */
const BITS16 = (() => {
  const t = new Uint8Array(1 << 16);
  for (let i = 1; i < t.length; i++) t[i] = t[i >>> 1] + (i & 1);
  return t;
})();

export const popcount32 = (v: number) => BITS16[v & 0xffff] + BITS16[v >>> 16];

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

/**
 * Bitmap slots of `words` words rounded up to 4 (the SIMD step; the padding stays zero), and the
 * kernel; without SIMD (or `simd` false, to measure it: issue 46) the same steps in JavaScript.
 */
export class BitArena {
  /** words per slot: `words` rounded up to a multiple of 4 */
  readonly stride: number;
  private readonly fns: Exports | null;
  private readonly buffer: ArrayBuffer;
  private readonly all: Uint32Array;
  private readonly free: number[] = [];
  /** Kernel calls so far (tests, benchmarks). */
  ands = 0;

  private constructor(module: WebAssembly.Module | null, readonly words: number, readonly slots: number) {
    this.stride = (words + 3) & ~3;
    const bytes = slots * this.stride * 4;
    this.fns = module ? (new WebAssembly.Instance(module, {}).exports as unknown as Exports) : null;
    this.fns?.memory.grow(Math.ceil(bytes / 65536));
    this.buffer = this.fns?.memory.buffer ?? new ArrayBuffer(bytes);
    this.all = new Uint32Array(this.buffer);
    for (let s = slots - 1; s >= 0; s--) this.free.push(s);
  }

  /** An arena of `slots` bitmaps of `words` words, or null when it cannot be made. */
  static create(words: number, slots: number, simd = true): BitArena | null {
    if (slots <= 0 || words <= 0) return null;
    // A 32-bit memory: at most 65,536 pages of 64 KB.
    if (Math.ceil((slots * ((words + 3) & ~3) * 4) / 65536) > 65_536) return null;
    return new BitArena(simd ? kernelModule() : null, words, slots);
  }

  /** Whether the ANDs run in the SIMD kernel. */
  get simd(): boolean {
    return this.fns !== null;
  }

  /** A free slot's bitmap (its content is what its last user left), or null when all are taken. */
  take(): Uint32Array | null {
    const s = this.free.pop();
    return s === undefined ? null : new Uint32Array(this.buffer, s * this.stride * 4, this.words);
  }

  /** Gives back a bitmap of take(). */
  give(b: Uint32Array): void {
    this.free.push(b.byteOffset / (this.stride * 4));
  }

  /** Whether `b` is one of this arena's bitmaps. */
  holds(b: Uint32Array): boolean {
    return b.buffer === this.buffer;
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
    if (inputs.length < 2 || inputs.length > 3 || ![...inputs, out].every((b) => this.holds(b))) throw new Error('BitArena.and: 2 or 3 of its bitmaps');
    const [a, b, c] = inputs.map((x) => x.byteOffset + from);
    this.ands++;
    if (!this.fns) return this.inJs(a, b, c ?? b, out.byteOffset + from, bytes, false);
    if (c === undefined) return this.fns.and2(a, b, out.byteOffset + from, bytes);
    return this.fns.and3(a, b, c, out.byteOffset + from, bytes);
  }

  /** out = a AND NOT b over every word, and its count; every bitmap is this arena's (`out` may be `a`). */
  andNot(a: Uint32Array, b: Uint32Array, out: Uint32Array): number {
    if (![a, b, out].every((x) => this.holds(x))) throw new Error('BitArena.andNot: its bitmaps');
    this.ands++;
    if (!this.fns) return this.inJs(a.byteOffset, b.byteOffset, b.byteOffset, out.byteOffset, this.stride * 4, true);
    return this.fns.andnot(a.byteOffset, b.byteOffset, out.byteOffset, this.stride * 4);
  }

  /** The kernel's steps in JavaScript (byte offsets): o = a AND b AND c, or a AND NOT b. */
  private inJs(a: number, b: number, c: number, o: number, bytes: number, not: boolean): number {
    const m = this.all;
    const [x, y, z, out, n] = [a >>> 2, b >>> 2, c >>> 2, o >>> 2, bytes >>> 2];
    let size = 0;
    for (let i = 0; i < n; i++) {
      const v = not ? m[x + i] & ~m[y + i] : m[x + i] & m[y + i] & m[z + i];
      m[out + i] = v;
      size += BITS16[v & 0xffff] + BITS16[v >>> 16];
    }
    return size;
  }

  /** The arena's bytes (its memory, mostly untouched pages until used). */
  bytes(): number {
    return this.buffer.byteLength;
  }
}
