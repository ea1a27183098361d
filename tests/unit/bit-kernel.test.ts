// The WebAssembly SIMD kernel of the search index (server/search/bit-kernel.ts, decision 077): its
// AND and count equal a plain JavaScript AND on random bitmaps of every shape (2 and 3 inputs, any
// length, ranges not on 4-word boundaries, the output being an input), its slots never overlap,
// and it behaves as the source says (tests/unit/bit-kernel-wat.test.ts checks that the committed
// bytes are the assembly of the .wat). The arena's JavaScript steps (SEARCH_INDEX_SIMD=0) pass the
// same tests.
import { BitArena } from '@/server/search/bit-kernel';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const popcount = (v: number) => {
  let n = 0;
  for (let x = v >>> 0; x; x &= x - 1) n++;
  return n;
};

function fill(b: Uint32Array, density: number, random: () => number) {
  for (let w = 0; w < b.length; w++) {
    let v = 0;
    for (let bit = 0; bit < 32; bit++) if (random() < density) v |= 1 << bit;
    b[w] = v;
  }
}

const MODES = [['SIMD', true], ['JavaScript', false]] as const;

test.each(MODES)('%s: the AND and its count equal a plain AND for 2 and 3 inputs, any length and any range', (_mode, simd) => {
  const random = rng(77);
  for (const words of [1, 3, 4, 5, 17, 64, 1001]) {
    const arena = BitArena.create(words, 8, simd)!;
    expect(arena.simd).toBe(simd);
    expect(arena.stride % 4).toBe(0);
    const [a, b, c, out] = [arena.take()!, arena.take()!, arena.take()!, arena.take()!];
    for (const x of [a, b, c]) fill(x, random(), random);
    for (let round = 0; round < 20; round++) {
      const w0 = Math.floor(random() * words);
      const w1 = w0 + Math.floor(random() * (words - w0 + 1));
      for (const inputs of [[a, b], [a, b, c], [b, c, a]]) {
        out.fill(0xffffffff);
        const n = arena.and(inputs, out, w0, w1);
        // The kernel covers [w0, w1) widened to 4-word boundaries (within the slot).
        const lo = w0 & ~3;
        const hi = Math.min(words, (w1 + 3) & ~3);
        let want = 0;
        const expected = new Uint32Array(words).fill(0xffffffff);
        for (let w = lo; w < hi; w++) {
          expected[w] = inputs.reduce((acc, x) => acc & x[w], 0xffffffff);
          want += popcount(expected[w]);
        }
        // Words outside the widened range are not touched.
        expect(Array.from(out)).toEqual(Array.from(expected));
        if (w1 > w0) expect(n).toBe(want);
      }
    }
    // In place: out is an input.
    const copy = Uint32Array.from(a);
    const n = arena.and([a, b], a, 0, words);
    let want = 0;
    for (let w = 0; w < words; w++) {
      expect(a[w] >>> 0).toBe((copy[w] & b[w]) >>> 0);
      want += popcount(copy[w] & b[w]);
    }
    expect(n).toBe(want);
  }
});

test.each(MODES)('%s: a AND NOT b over the whole bitmap, in place, with its count', (_mode, simd) => {
  const random = rng(78);
  for (const words of [1, 6, 1001]) {
    const arena = BitArena.create(words, 3, simd)!;
    const [a, b] = [arena.take()!, arena.take()!];
    fill(a, 0.7, random);
    fill(b, 0.4, random);
    const want = Array.from(a, (v, w) => (v & ~b[w]) >>> 0);
    const n = arena.andNot(a, b, a);
    expect(Array.from(a)).toEqual(want);
    expect(n).toBe(want.reduce((acc, v) => acc + popcount(v), 0));
  }
});

test.each(MODES)('%s: slots distinct, never overlapping, null when all are taken, reusable once given back', (_mode, simd) => {
  const arena = BitArena.create(10, 3, simd)!;
  const taken = [arena.take()!, arena.take()!, arena.take()!];
  expect(arena.take()).toBeNull();
  expect(arena.available()).toBe(0);
  taken.forEach((b, i) => b.fill(i + 1));
  taken.forEach((b, i) => expect(Array.from(b)).toEqual(new Array(10).fill(i + 1)));
  expect(taken.every((b) => arena.holds(b))).toBe(true);
  expect(arena.holds(new Uint32Array(10))).toBe(false);
  arena.give(taken[1]);
  const again = arena.take()!;
  expect(again.byteOffset).toBe(taken[1].byteOffset);
  // The padding past `words` (10 → a stride of 12) stays zero, so the kernel may run to the boundary.
  const out = taken[0];
  expect(arena.and([taken[2], again], out, 8, 10)).toBe(popcount(3 & 2) * 2);
  expect(arena.ands).toBe(1);
  // Only the arena's own bitmaps: the kernel reads offsets into its memory.
  expect(() => arena.and([taken[2], new Uint32Array(10)], out, 0, 10)).toThrow();
  expect(() => arena.andNot(taken[2], new Uint32Array(10), out)).toThrow();
});

test('no arena without slots or words', () => {
  expect(BitArena.create(0, 4)).toBeNull();
  expect(BitArena.create(4, 0)).toBeNull();
});
