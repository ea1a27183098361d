// The search index: the exact count, page and filter counts of a filter without scanning the table
// (docs/search.md; decisions 074, 106, 114, 122). Rows are numbered in the order `turnover DESC, cui
// DESC` ("positions"); it answers null for what it cannot express, and PostgreSQL answers.
import 'server-only';
import { MessageChannel } from 'node:worker_threads';
import { DEFAULT_ORDER_BY, EMPLOYEE_PRESET_RANGES, MONEY_PRESET_RANGES, SEARCH_PAGE_SIZE, type SearchFilter } from '@/lib/filters';
import { cuiPrefixRanges, filterTerms, isCaenClass, type FilterTerm, type FlagColumn, type RangeColumn } from './conditions';
import { analyzeText, type TextQuery } from './text-query';
import { BitArena, popcount32 } from './bit-kernel';
import { bucketOf, EMPLOYEE_POINTS, FACT_FACETS, factsKey, FLAG_BITS, MONEY_POINTS } from './facet-buckets';
import { buildWordDictionary, FACT_BITS, findWordIds, HEAD_BYTES, headKey, lowerBound, NULL_INT, type SourceRows } from './index-source';

type Bits = Uint32Array;
/** A set of positions: a bitmap, or a sorted list of positions (small sets). */
type PosSet = { bits: Bits; list?: undefined; size: number } | { list: Int32Array; bits?: undefined; size: number };

type RangeIndex = {
  /** the non-null values sorted ascending (32-bit integers when they all are), and the position of each */
  values: Float64Array | Int32Array;
  /** read backwards when `descending` (profit: the index's `profitOrder` itself, not a reversed copy) */
  order: Int32Array;
  descending: boolean;
  /** ge[i] = positions with value >= values[start[i]]; start[0] = 0 (every non-null value) */
  start: Int32Array;
  ge: Bits[];
};

/** The index: what buildSearchIndex() returns (its fields are described there). */
export type SearchIndex = Awaited<ReturnType<typeof buildSearchIndex>>;

type FacetColumn = Uint8Array | Uint16Array | Int32Array;
type SetColumn = 'county_id' | 'status_code' | 'risk_band' | 'caen_id' | 'locality_id' | FlagColumn;

function countBits(b: Bits): number {
  let n = 0;
  for (let i = 0; i < b.length; i++) n += popcount32(b[i]);
  return n;
}

const setBit = (b: Bits, pos: number) => {
  b[pos >>> 5] |= 1 << (pos & 31);
};
const hasBit = (b: Bits, pos: number) => (b[pos >>> 5] & (1 << (pos & 31))) !== 0;

/** First index of the CUI order whose CUI is >= cui (or > with `strict`). */
const cuiBound = (ix: SearchIndex, cui: number, strict = false) => lowerBound(ix.cuiSortedPos, cui, strict, (i) => ix.cui[ix.cuiSortedPos[i]]);

/** The position at index i of a range's ascending order. */
const orderAt = (r: RangeIndex, i: number) => (r.descending ? r.order[r.order.length - 1 - i] : r.order[i]);

/** `order`: the positions with a value sorted by it, ascending (or `descending`). */
function rangeIndex(valueByPos: Float64Array, order: Int32Array, descending: boolean, words: number, presetPoints: readonly number[]): RangeIndex {
  const r: RangeIndex = { values: new Float64Array(0), order, descending, start: new Int32Array(0), ge: [] };
  const ints = order.every((p) => Number.isInteger(valueByPos[p]) && Math.abs(valueByPos[p]) < 2 ** 31);
  const values = ints ? new Int32Array(order.length) : new Float64Array(order.length);
  for (let i = 0; i < order.length; i++) values[i] = valueByPos[orderAt(r, i)];
  const starts = new Set<number>([0]);
  const buckets = 48;
  for (let k = 1; k < buckets; k++) {
    const i = Math.floor((k * order.length) / buckets);
    if (i < order.length) starts.add(lowerBound(values, values[i]));
  }
  for (const p of presetPoints) {
    const i = lowerBound(values, p);
    if (i < order.length) starts.add(i);
  }
  const start = Int32Array.from(Array.from(starts).sort((a, b) => a - b));
  // From the top threshold down: each bitmap is the next one plus its bucket.
  const ge: Bits[] = new Array(start.length);
  let acc = new Uint32Array(words);
  for (let t = start.length - 1; t >= 0; t--) {
    const end = t + 1 < start.length ? start[t + 1] : order.length;
    acc = t === start.length - 1 ? acc : new Uint32Array(acc);
    for (let i = start[t]; i < end; i++) setBit(acc, orderAt(r, i));
    ge[t] = acc;
  }
  return Object.assign(r, { values, start, ge });
}

/** Positions whose value is in [min, max] (either bound may be null: open). */
function rangeSet(r: RangeIndex, min: number | null, max: number | null, words: number, sc: Scratch): PosSet {
  const i1 = min === null ? 0 : lowerBound(r.values, min);
  const i2 = max === null ? r.values.length : lowerBound(r.values, max, true);
  const size = Math.max(0, i2 - i1);
  if (size === 0) return { list: new Int32Array(0), size: 0 };
  if (size <= listMax(words)) {
    const slice = r.descending ? r.order.subarray(r.order.length - i2, r.order.length - i1) : r.order.subarray(i1, i2);
    return { list: Int32Array.from(slice).sort(), size };
  }
  // ge[lo] AND NOT ge[hi] (the order's [S(lo), S(hi))), then the positions it differs by fixed one
  // by one: of the thresholds either side of i1 and i2, the pair leaving the fewest (issue 46).
  const len = r.start.length;
  const S = (t: number) => (t < len ? r.start[t] : r.values.length);
  const a = Math.max(0, lowerBound(r.start, i1, true) - 1);
  const b = lowerBound(r.start, i2);
  let lo = a;
  let hi = b;
  let best = Infinity;
  for (const l of [a, a + 1])
    for (const h of [b - 1, b]) {
      if (l >= len || h <= l) continue;
      const cost = Math.abs(S(l) - i1) + Math.abs(S(h) - i2);
      if (cost < best && S(l) <= i2 && S(h) >= i1) [best, lo, hi] = [cost, l, h];
    }
  const out = sc.take();
  out.set(r.ge[lo]);
  if (hi < len) sc.arena.andNot(out, r.ge[hi], out);
  const flip = (from: number, to: number, on: boolean) => {
    for (let i = from; i < to; i++) {
      const p = orderAt(r, i);
      if (on) out[p >>> 5] |= 1 << (p & 31);
      else out[p >>> 5] &= ~(1 << (p & 31));
    }
  };
  flip(S(lo), i1, false);
  flip(i1, S(lo), true);
  flip(i2, S(hi), false);
  flip(S(hi), i2, true);
  return { bits: out, size };
}

/**
 * The arena slots a search works in, given back when it ends (fresh 437 KB arrays made the collector
 * run). With every slot taken (a text of many common words) the search is `unsupported`.
 */
class Scratch {
  private readonly taken: Bits[] = [];
  constructor(readonly arena: BitArena) {}
  /** A bitmap whose content is undefined (the caller writes every word). */
  take(): Bits {
    const b = this.arena.take();
    if (!b) throw unsupported;
    this.taken.push(b);
    return b;
  }
  zeros(): Bits {
    return this.take().fill(0);
  }
  /** An arena slot given back when the search ends (an evicted common word's bitmap). */
  hold(b: Bits): void {
    this.taken.push(b);
  }
  release(): void {
    for (const b of this.taken) this.arena.give(b);
    this.taken.length = 0;
  }
}
/** Scratch slots of the arena (a search takes 2–6; pages are touched as slots are first used). */
const ARENA_SLOTS = 64;

/** Thrown by a step the index cannot answer: PostgreSQL answers the search (inScratch). */
const unsupported = Symbol('unsupported');

/** Up to this size a set of positions is a sorted list, above it a bitmap. */
const listMax = (words: number) => Math.max(64, words >>> 4);


/** The positions pos[i] for i in the slices [i1, i2) of a sorted column: a sorted list, or a bitmap. */
function slicesSet(ix: SearchIndex, pos: Int32Array, slices: Array<[number, number]>, sc: Scratch): PosSet {
  const parts = slices.filter(([i1, i2]) => i2 > i1);
  const size = parts.reduce((a, [i1, i2]) => a + i2 - i1, 0);
  if (size <= listMax(ix.words)) {
    const list = new Int32Array(size);
    let k = 0;
    for (const [i1, i2] of parts) for (let i = i1; i < i2; i++) list[k++] = pos[i];
    return { list: list.sort(), size };
  }
  const bits = sc.zeros();
  for (const [i1, i2] of parts) for (let i = i1; i < i2; i++) setBit(bits, pos[i]);
  return { bits, size };
}

const utf8 = new TextEncoder();

/**
 * The names starting with `prefix` (1–2 letter words, conditions.ts); `unsupported` past
 * HEAD_BYTES: their heads lie between the prefix padded with zeros and with 0xFF bytes.
 */
function headSet(ix: SearchIndex, prefix: string, sc: Scratch): PosSet {
  const bytes = utf8.encode(prefix);
  if (bytes.length === 0 || bytes.length > HEAD_BYTES) throw unsupported;
  const lo = headKey(bytes);
  const hi = lo + 256 ** (HEAD_BYTES - bytes.length) - 1;
  return slicesSet(ix, ix.headSortedPos, [[lowerBound(ix.headSorted, lo), lowerBound(ix.headSorted, hi, true)]], sc);
}

function textSet(ix: SearchIndex, raw: string | null | undefined, sc: Scratch): PosSet | null {
  const q = analyzeText(raw);
  if (q.norm === '') return null;
  const cuiSet = (): PosSet =>
    slicesSet(
      ix,
      ix.cuiSortedPos,
      cuiPrefixRanges(q.cuiDigits!).map(([lo, hi]) => [cuiBound(ix, lo), cuiBound(ix, hi, true)]),
      sc,
    );
  const nameSet = () => nameMatch(ix, q, sc);
  if (q.cuiDigits !== null) {
    const cui = cuiSet();
    if (q.isPlainDigits && q.indexWords.length > 0) {
      const name = nameSet();
      return name ? union(ix, [cui, name], sc) : cui;
    }
    return cui;
  }
  return nameSet();
}

/** The names holding every word of the text (conditions.ts nameCondition), or null without a word. */
function nameMatch(ix: SearchIndex, q: TextQuery, sc: Scratch): PosSet | null {
  const sets: PosSet[] = [];
  if (q.indexWords.length === 0 && q.filterWords.length > 0) {
    // Only 1–2 letter words: the start of the name (conditions.ts nameCondition).
    sets.push(headSet(ix, q.filterWords.join(' '), sc));
  } else for (const w of [...q.indexWords, ...q.filterWords]) sets.push(wordsSet(ix, wordIds(ix, w, false), sc));
  for (const w of q.formWords) sets.push(wordsSet(ix, wordIds(ix, w, true), sc));
  if (sets.length === 0) return null;
  return intersect(ix, sets, null, sc);
}

/** Up to `cap` companies whose name holds every word of the text, largest first (suggest.ts); null: cannot say. */
export function indexNameMatches(ix: SearchIndex, text: string, cap: number): number[] | null {
  return inScratch(ix, (sc) => {
    const m = nameMatch(ix, analyzeText(text), sc);
    return m && firstPositions(m, 0, cap).map((p) => ix.cui[p]);
  });
}

/** The positions of a set of word ids (their lists are disjoint per word, not across words). */
function wordsSet(ix: SearchIndex, ids: number[], sc: Scratch): PosSet {
  const parts: Int32Array[] = [];
  for (const id of ids) if (id + 1 < ix.tokenStart.length) parts.push(ix.tokenPos.subarray(ix.tokenStart[id], ix.tokenStart[id + 1]));
  const list = sortedUnion(parts, listMax(ix.words));
  if (list) return { list, size: list.length };
  // A common word ("srl"): its bitmap is kept (the last WORD_BITS_MAX used), shared and never written.
  const key = ids.join(',');
  const kept = ix.wordBits.get(key);
  if (kept) {
    ix.wordBits.delete(key);
    ix.wordBits.set(key, kept);
    return kept;
  }
  const bits = ix.arena.take()?.fill(0);
  if (!bits) throw unsupported;
  for (const part of parts) for (let i = 0; i < part.length; i++) setBit(bits, part[i]);
  const set = { bits, size: countBits(bits) };
  if (ix.wordBits.size >= WORD_BITS_MAX) {
    const oldest = ix.wordBits.keys().next().value!;
    // Its slot goes back when this search ends (the search may still read it).
    sc.hold(ix.wordBits.get(oldest)!.bits!);
    ix.wordBits.delete(oldest);
  }
  ix.wordBits.set(key, set);
  return set;
}

/** The union of sorted lists, sorted and each once, or null past `max` positions (a bitmap is cheaper). */
function sortedUnion(parts: Int32Array[], max: number): Int32Array | null {
  let size = 0;
  for (const part of parts) size += part.length;
  if (size > max) return null;
  const list = new Int32Array(size);
  let k = 0;
  for (const part of parts) {
    list.set(part, k);
    k += part.length;
  }
  if (parts.length > 1) list.sort();
  let u = 0;
  for (let i = 0; i < list.length; i++) if (i === 0 || list[i] !== list[i - 1]) list[u++] = list[i];
  return list.subarray(0, u);
}
/** Kept bitmaps of common words per index: 32 × 437 KB = 14 MB at 3.5M companies. */
const WORD_BITS_MAX = 32;

function toBits(s: PosSet, sc: Scratch): Bits {
  if (s.bits) return s.bits;
  const b = sc.zeros();
  for (let i = 0; i < s.list.length; i++) setBit(b, s.list[i]);
  return b;
}

function union(ix: SearchIndex, sets: PosSet[], sc: Scratch): PosSet {
  const list = sets.every((x) => x.list) ? sortedUnion(sets.map((x) => x.list!), listMax(ix.words)) : null;
  if (list) return { list, size: list.length };
  const out = sc.zeros();
  for (const s of sets) {
    if (s.bits) for (let w = 0; w < ix.words; w++) out[w] |= s.bits[w];
    else for (let i = 0; i < s.list.length; i++) setBit(out, s.list[i]);
  }
  return { bits: out, size: countBits(out) };
}

/** The AND of the sets (within [from, to)): the smallest list filtered through the others, else word by word. */
function intersect(ix: SearchIndex, sets: PosSet[], within: [number, number] | null, sc: Scratch): PosSet {
  const [from, to] = within ?? [0, ix.n];
  if (sets.length === 0) {
    // Every position in [from, to).
    const size = Math.max(0, to - from);
    if (size < ix.words) {
      const list = new Int32Array(size);
      for (let i = 0; i < size; i++) list[i] = from + i;
      return { list, size };
    }
    // Whole words at once: a turnover interval of millions of positions (a search leaving out the
    // changed companies) costs a fill, not a bit per position.
    const bits = sc.zeros();
    const w0 = (from + 31) >>> 5;
    const w1 = to >>> 5;
    if (w0 >= w1) for (let p = from; p < to; p++) setBit(bits, p);
    else {
      for (let p = from; p < w0 * 32; p++) setBit(bits, p);
      bits.fill(0xffffffff, w0, w1);
      for (let p = w1 * 32; p < to; p++) setBit(bits, p);
    }
    return { bits, size };
  }
  const ordered = [...sets].sort((a, b) => a.size - b.size);
  const first = ordered[0];
  if (first.list) {
    // The smallest list filtered through the others: a bit test per bitmap, a cursor per list
    // (both ascending; a list is never turned into a bitmap of N/32 words for this).
    const bits: Bits[] = [];
    const lists: Int32Array[] = [];
    for (const x of ordered.slice(1)) {
      if (x.bits) bits.push(x.bits);
      else lists.push(x.list);
    }
    const at = new Int32Array(lists.length);
    const list = first.list;
    const out = new Int32Array(list.length);
    let k = 0;
    for (let i = lowerBound(list, from); i < list.length && list[i] < to; i++) {
      const p = list[i];
      let ok = true;
      for (let j = 0; j < bits.length && ok; j++) ok = hasBit(bits[j], p);
      for (let j = 0; j < lists.length && ok; j++) {
        const l = lists[j];
        let c = at[j];
        while (c < l.length && l[c] < p) c++;
        at[j] = c;
        ok = c < l.length && l[c] === p;
      }
      if (ok) out[k++] = p;
    }
    return { list: out.subarray(0, k), size: k };
  }
  const w0 = from >>> 5;
  const w1 = Math.min(ix.words, (to + 31) >>> 5);
  const out = sc.take();
  out.fill(0, 0, w0);
  out.fill(0, w1);
  let size = andInArena(ix.arena, [first.bits, ...ordered.slice(1).map((s) => toBits(s, sc))], out, w0, w1);
  // The partial words at the ends of [from, to).
  const trim = (w: number, mask: number) => {
    const before = out[w];
    out[w] = before & mask;
    size -= popcount32(before) - popcount32(out[w]);
  };
  if (from & 31) trim(w0, ~((1 << (from & 31)) - 1));
  if (to & 31 && to >>> 5 < ix.words) trim(to >>> 5, (1 << (to & 31)) - 1);
  return { bits: out, size };
}

/** The AND into `out` over the words [w0, w1), and its count; words written past [w0, w1) (4-word steps) are cleared. */
function andInArena(arena: BitArena, inputs: Bits[], out: Bits, w0: number, w1: number): number {
  if (inputs.length === 1) inputs.push(inputs[0]);
  let size = arena.and(inputs.slice(0, 3), out, w0, w1);
  for (let j = 3; j < inputs.length; j++) size = arena.and([out, inputs[j]], out, w0, w1);
  const lo = w0 & ~3;
  const hi = Math.min(arena.stride, (w1 + 3) & ~3);
  for (let w = lo; w < w0; w++) {
    size -= popcount32(out[w]);
    out[w] = 0;
  }
  // Past `words` (the slot's padding) every word is zero: no view writes there.
  for (let w = w1; w < Math.min(hi, arena.words); w++) {
    size -= popcount32(out[w]);
    out[w] = 0;
  }
  return size;
}

/** The positions [from, to) of a turnover range (turnover is NOT NULL and the positions are sorted by it, descending). */
function turnoverInterval(ix: SearchIndex, t: Extract<FilterTerm, { kind: 'range' }>): [number, number] {
  // Turnover descending is -turnover ascending: the interval starts after the values above max.
  const negated = (i: number) => -ix.turnover[i];
  const from = t.max === null ? 0 : lowerBound(ix.turnover, -t.max, false, negated);
  const to = t.min === null ? ix.n : lowerBound(ix.turnover, -t.min, true, negated);
  return [from, Math.max(from, to)];
}

function termSet(ix: SearchIndex, t: FilterTerm, sc: Scratch): PosSet {
  if (t.kind !== 'range') {
    // Only a CAEN class (4 digits) is kept per code; any other code is left to the SQL.
    const [column, value] = t.kind === 'flag' ? [t.column, t.value ? 1 : 0] : t.column === 'caen_code' ? ['caen_id' as const, isCaenClass(t.value) ? Number(t.value) : null] : [t.column, t.value];
    const sets = ix.sets.get(column as SetColumn);
    if (!sets || typeof value !== 'number') throw unsupported;
    return sets.get(value) ?? { list: new Int32Array(0), size: 0 };
  }
  if (t.column === 'turnover') throw unsupported; // an interval: see turnoverInterval()
  const r = ix.ranges.get(t.column as Exclude<RangeColumn, 'turnover'>);
  if (!r) throw unsupported;
  return rangeSet(r, t.min, t.max, ix.words, sc);
}

export type IndexPage = { count: number; cuis: number[]; /** each CUI's sort value (turnover or profit) */ keys: number[] };

/** Sorted positions a search leaves out (`skip`: changed since the build; `without`) or keeps to (`only`). */
export type Scope = { skip?: Int32Array | null; only?: Int32Array | null; without?: Int32Array | null };

/** The exact count and the page's CUIs of a filter within the scope, or null (PostgreSQL answers). */
export function indexPage(ix: SearchIndex, filter: Partial<SearchFilter>, scope: Scope = {}, page?: { offset: number; limit: number }): IndexPage | null {
  const found = inScratch(ix, (sc) => pageOf(ix, filter, sc, scope, page));
  if (found) answered++;
  else declined++;
  return found;
}

/** `search` in a scratch of its own, given back after; null when it found the search `unsupported`. */
function inScratch<T>(ix: SearchIndex, search: (sc: Scratch) => T | null): T | null {
  const sc = new Scratch(ix.arena);
  try {
    return search(sc);
  } catch (e) {
    if (e === unsupported) return null;
    throw e;
  } finally {
    sc.release();
  }
}

/** The positions of the CUIs the index holds, sorted, each once (a CUI it does not hold is left out). */
export function positionsOf(ix: SearchIndex, cuis: Iterable<number>): Int32Array {
  const out: number[] = [];
  for (const cui of cuis) {
    const i = cuiBound(ix, cui);
    if (i < ix.n && ix.cui[ix.cuiSortedPos[i]] === cui) out.push(ix.cuiSortedPos[i]);
  }
  const sorted = Int32Array.from(out).sort();
  let k = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[k++] = sorted[i];
  return sorted.subarray(0, k);
}

/** A position is in a sorted list. */
function listHas(list: Int32Array, p: number): boolean {
  const i = lowerBound(list, p);
  return i < list.length && list[i] === p;
}

/** The match without the positions of `out` (sorted): a set of its own (intersect's), changed in place. */
function leaveOut(ix: SearchIndex, m: Match, out: Int32Array, sc: Scratch): Match {
  if (out.length === 0) return m;
  const set = 'interval' in m ? intersect(ix, [], m.interval, sc) : m.set;
  if (set.list) {
    let k = 0;
    for (let i = 0; i < set.list.length; i++) if (!listHas(out, set.list[i])) set.list[k++] = set.list[i];
    return { set: { list: set.list.subarray(0, k), size: k } };
  }
  let size = set.size;
  for (let i = 0; i < out.length; i++) {
    const p = out[i];
    if (hasBit(set.bits, p)) {
      set.bits[p >>> 5] &= ~(1 << (p & 31));
      size--;
    }
  }
  return { set: { bits: set.bits, size } };
}

/** The profit of the company at a position (the profit range's values, in the order of profitRank). */
const profitAt = (ix: SearchIndex, p: number) => ix.ranges.get('profit')!.values[ix.n - 1 - ix.profitRank[p]];

let answered = 0;
let declined = 0;

/** Searches answered, and filters left to PostgreSQL. */
export function searchIndexStats(): { answered: number; declined: number } {
  return { answered, declined };
}

/** The word ids of a typed word (kept per index: the dictionary is the index's version). */
function wordIds(ix: SearchIndex, word: string, withoutDots: boolean): number[] {
  const key = `${withoutDots ? 1 : 0}:${word}`;
  const found = ix.wordIds.get(key);
  if (found) return found;
  const ids = findWordIds(ix.dictionary, word, withoutDots);
  if (ix.wordIds.size >= WORD_IDS_MAX) ix.wordIds.delete(ix.wordIds.keys().next().value!);
  ix.wordIds.set(key, ids);
  return ids;
}
const WORD_IDS_MAX = 5_000;

/** The positions a filter matches: an interval (no condition but a turnover range), or a set. */
type Match = { interval: [number, number] } | { set: PosSet };

function matchOf(ix: SearchIndex, filter: Partial<SearchFilter>, sc: Scratch, scope: Scope = {}): Match {
  const m = termsMatch(ix, filter, sc, scope.only ?? null);
  return leaveOut(ix, leaveOut(ix, m, scope.skip ?? new Int32Array(0), sc), scope.without ?? new Int32Array(0), sc);
}

function termsMatch(ix: SearchIndex, filter: Partial<SearchFilter>, sc: Scratch, only: Int32Array | null): Match {
  const sets: PosSet[] = [];
  if (only) sets.push({ list: only, size: only.length });
  let within: [number, number] | null = null;
  for (const t of filterTerms(filter)) {
    if (t.kind === 'range' && t.column === 'turnover') {
      const [a, b] = turnoverInterval(ix, t);
      within = within ? [Math.max(within[0], a), Math.min(within[1], b)] : [a, b];
      continue;
    }
    sets.push(termSet(ix, t, sc));
  }
  const text = textSet(ix, filter.SearchText, sc);
  if (text) sets.push(text);
  if (within && within[1] <= within[0]) return { interval: [0, 0] };
  if (sets.length === 0) return { interval: within ?? [0, ix.n] };
  return { set: intersect(ix, sets, within, sc) };
}

function pageOf(ix: SearchIndex, filter: Partial<SearchFilter>, sc: Scratch, scope: Scope, page?: { offset: number; limit: number }): IndexPage | null {
  const pageSize = page?.limit ?? Math.max(1, Math.trunc(filter.PageSize ?? SEARCH_PAGE_SIZE));
  const offset = page?.offset ?? Math.max(0, Math.trunc(((filter.PageNumber ?? 1) - 1) * pageSize));
  const byProfit = (filter.OrderBy ?? DEFAULT_ORDER_BY) === 'Profit_desc';
  const m = matchOf(ix, filter, sc, scope);
  const found = (count: number, positions: ArrayLike<number>): IndexPage => ({
    count,
    cuis: Array.from(positions, (p) => ix.cui[p]),
    keys: Array.from(positions, (p) => (byProfit ? profitAt(ix, p) : ix.turnover[p])),
  });
  const want = offset + pageSize;
  if ('interval' in m) {
    const [from, to] = m.interval;
    const count = to - from;
    if (!byProfit) return found(count, all(Math.max(0, Math.min(count, want) - offset)).map((i) => from + offset + i));
    return found(count, profitPage(ix, m.interval, offset, want, sc));
  }
  const set = m.set;
  if (set.size <= offset) return found(set.size, []);
  // Positions are the turnover order.
  return found(set.size, byProfit ? profitPage(ix, set, offset, want, sc) : firstPositions(set, offset, want));
}

/**
 * The positions of ranks [offset, want) in the profit order among a set (or an interval of
 * positions), whichever of three costs least. Measured at 3.5M (issue 46): a walk of the profit
 * order testing each position, about 20 ns a row read; a scan of the set keeping the best profit
 * ranks in a bounded buffer, about 100 ns a position (its rank is a cache miss; 15 in an interval);
 * or that scan over the set narrowed first to the top of the profit order (profit's range bitmap
 * expected to hold twice the page, ANDed by the kernel: about 0.1 ms), lower bitmaps until it holds
 * the page.
 */
function profitPage(ix: SearchIndex, set: PosSet | [number, number], offset: number, want: number, sc: Scratch): Int32Array {
  const interval = Array.isArray(set) ? set : null;
  const size = interval ? interval[1] - interval[0] : (set as PosSet).size;
  const end = Math.min(size, want);
  if (end <= offset) return new Int32Array(0);
  const walk = profitPlan ? (profitPlan === 'walk' ? 0 : Infinity) : (20 * want * ix.n) / size;
  const scan = profitPlan ? (profitPlan === 'scan' ? 0 : Infinity) : (interval ? 15 : 100) * size;
  const narrowed = profitPlan ? (profitPlan === 'narrow' ? 0 : Infinity) : 100_000 + 400 * end;
  if (walk < Math.min(scan, narrowed)) {
    const b = interval ? null : toBits(set as PosSet, sc);
    const [from, to] = interval ?? [0, 0];
    const out = new Int32Array(end - offset);
    let seen = 0;
    for (let r = 0; r < ix.n && seen < end; r++) {
      const p = ix.profitOrder[r];
      if ((b ? hasBit(b, p) : p >= from && p < to) && seen++ >= offset) out[seen - 1 - offset] = p;
    }
    return out;
  }
  let candidates: PosSet | [number, number] = set;
  if (narrowed < scan) {
    // ge[t] is the first |ge[t]| ranks of the profit order (profit is never NULL).
    const r = ix.ranges.get('profit')!;
    const top = (t: number) => ({ bits: r.ge[t], size: r.values.length - r.start[t] });
    let t = r.start.length - 1;
    while (t > 0 && (top(t).size * size) / ix.n < 2 * end) t--;
    for (; ; t = Math.max(0, t - 2)) {
      const c = interval ? intersect(ix, [top(t)], interval, sc) : intersect(ix, [set as PosSet, top(t)], null, sc);
      if (c.size >= end || t === 0) {
        candidates = c;
        break;
      }
    }
  }
  const buf = new Int32Array(2 * want);
  let k = 0;
  let limit = ix.n;
  const keep = (p: number) => {
    const r = ix.profitRank[p];
    if (r >= limit) return;
    buf[k++] = r;
    if (k === buf.length) {
      buf.sort();
      k = want;
      limit = buf[want - 1];
    }
  };
  if (Array.isArray(candidates)) for (let p = candidates[0]; p < candidates[1]; p++) keep(p);
  else forEachPosition(candidates, candidates.size, keep);
  return buf.subarray(0, k).sort().subarray(offset, end).map((r) => ix.profitOrder[r]);
}

let profitPlan: 'walk' | 'scan' | 'narrow' | null = null;
/** Makes every profit page take one plan (tests: at a few thousand companies the costs always choose alike); null: by cost. */
export function setProfitPlan(plan: typeof profitPlan): void {
  profitPlan = plan;
}

/** Calls `f` with the set's first `want` positions, in order. */
function forEachPosition(set: PosSet, want: number, f: (p: number) => void): void {
  if (set.list) {
    for (let i = 0; i < Math.min(set.list.length, want); i++) f(set.list[i]);
    return;
  }
  let seen = 0;
  const b = set.bits;
  for (let w = 0; w < b.length && seen < want; w++) {
    let v = b[w];
    while (v !== 0 && seen < want) {
      const bit = 31 - Math.clz32(v & -v);
      v &= v - 1;
      seen++;
      f(w * 32 + bit);
    }
  }
}

/** The set's positions of ranks [offset, want) in position order. */
function firstPositions(set: PosSet, offset: number, want: number): number[] {
  const positions: number[] = [];
  forEachPosition(set, want, (p) => positions.push(p));
  return positions.slice(offset);
}

// ───────────────────────────── filter counts ─────────────────────────────

/** A column the filter counts are made on. */
export type CountColumn = Exclude<keyof SearchIndex['columns'], 'max'>;

/** Per column, the number of matched companies per value (null: NULL). */
export type ColumnCounts = Map<CountColumn, Map<number | null, number>>;

/** The columns that store NULL as their max + 1 (the others have none: NULL employees are bucket 0). */
const NULLABLE: ReadonlySet<CountColumn> = new Set(['county_id', 'caen_id', 'status_code']);

/**
 * The matched positions, or past half of the rows those not matched (`complement`: counts are then
 * every row's, `globalCounts`, minus theirs). In `ix.matched`: searches never overlap.
 */
function matchedPositions(ix: SearchIndex, m: Match): { pos: Int32Array; complement: boolean } {
  if ('set' in m && m.set.list) return { pos: m.set.list, complement: false };
  const buf = (ix.matched ??= new Int32Array((ix.n >>> 1) + 32));
  let k = 0;
  if ('interval' in m) {
    const [a, b] = m.interval;
    const complement = b - a > ix.n / 2;
    if (!complement) for (let p = a; p < b; p++) buf[k++] = p;
    else {
      for (let p = 0; p < a; p++) buf[k++] = p;
      for (let p = b; p < ix.n; p++) buf[k++] = p;
    }
    return { pos: buf.subarray(0, k), complement };
  }
  const { bits, size } = m.set as Extract<PosSet, { bits: Bits }>;
  const complement = size > ix.n / 2;
  const last = ix.words - 1;
  for (let w = 0; w <= last; w++) {
    let v = complement ? ~bits[w] : bits[w];
    // Positions past the last row are not rows.
    if (w === last && ix.n % 32 !== 0) v &= (1 << (ix.n % 32)) - 1;
    while (v !== 0) {
      buf[k++] = w * 32 + (31 - Math.clz32(v & -v));
      v &= v - 1;
    }
  }
  return { pos: buf.subarray(0, k), complement };
}

/** The filter counts of `columns` under a filter, `skip` left out (PostgreSQL counts them); null: cannot say. */
export function indexFacetCounts(ix: SearchIndex, filter: Partial<SearchFilter>, columns: readonly CountColumn[], skip: Int32Array | null = null): ColumnCounts | null {
  const out = inScratch(ix, (sc) => {
    // A column with a negative value (max NaN) or a huge one cannot be a counting array: PostgreSQL counts.
    if (columns.some((c) => !Number.isFinite(ix.columns.max[c]) || ix.columns.max[c] > 1_000_000)) return null;
    return countsOf(ix, matchOf(ix, filter, sc, { skip }), columns);
  });
  if (out) answered++;
  else declined++;
  return out;
}

function countsOf(ix: SearchIndex, m: Match, columns: readonly CountColumn[]): ColumnCounts {
  const { pos, complement } = matchedPositions(ix, m);
  const out: ColumnCounts = new Map();
  for (const name of columns) {
    const col = ix.columns[name];
    const max = ix.columns.max[name];
    const counts = new Int32Array(max + 2);
    if (complement) {
      let all = ix.globalCounts.get(name);
      if (!all) {
        all = new Int32Array(max + 2);
        for (let p = 0; p < ix.n; p++) all[col[p]]++;
        ix.globalCounts.set(name, all);
      }
      counts.set(all);
      for (let i = 0; i < pos.length; i++) counts[col[pos[i]]]--;
    } else for (let i = 0; i < pos.length; i++) counts[col[pos[i]]]++;
    const values = new Map<number | null, number>();
    counts.forEach((n, v) => n > 0 && values.set(NULLABLE.has(name) && v === max + 1 ? null : v, n));
    out.set(name, values);
  }
  return out;
}

// ───────────────────────────── building ─────────────────────────────

/** The largest value of a column, NULL left out (0 for an empty one). */
function maxOf(col: Int32Array | Uint8Array | Uint16Array): number {
  let max = 0;
  for (let i = 0; i < col.length; i++) {
    const v = col[i];
    if (v === NULL_INT) continue;
    // A negative value cannot be a slot of the counting arrays: the filter counts then stay on the SQL.
    if (v < 0) return Number.NaN;
    if (v > max) max = v;
  }
  return max;
}

/** A count column, NULL as max + 1, in the narrowest array (a negative value: kept, counted by PostgreSQL). */
function facetColumn(col: Int32Array, max: number): FacetColumn {
  if (!Number.isFinite(max)) return col;
  const out = max + 1 < 0x100 ? new Uint8Array(col.length) : max + 1 < 0x10000 ? new Uint16Array(col.length) : new Int32Array(col.length);
  for (let p = 0; p < col.length; p++) out[p] = col[p] === NULL_INT ? max + 1 : col[p];
  return out;
}

/** The items ordered by their keys, the first the least significant, stable (LSD radix: a sort took seconds). */
function radixOrder(items: Int32Array, keys: Array<(item: number) => number>): Int32Array {
  const n = items.length;
  let from = Int32Array.from(items);
  let to = new Int32Array(n);
  let key = new Uint32Array(n);
  let moved = new Uint32Array(n);
  for (const keyOf of keys) {
    for (let i = 0; i < n; i++) key[i] = keyOf(from[i]);
    for (const shift of [0, 16]) {
      const counts = new Int32Array(65537);
      for (let i = 0; i < n; i++) counts[((key[i] >>> shift) & 0xffff) + 1]++;
      for (let d = 1; d <= 65536; d++) counts[d] += counts[d - 1];
      for (let i = 0; i < n; i++) {
        const at = counts[(key[i] >>> shift) & 0xffff]++;
        to[at] = from[i];
        moved[at] = key[i];
      }
      [from, to] = [to, from];
      [key, moved] = [moved, key];
    }
  }
  releaseArrays([to, key, moved]);
  return from;
}

/**
 * Frees arrays' memory now, their buffers moved into a message never delivered (decision 114: a
 * build's ~500 MB otherwise waited for a full collection). Buffers under 64 KB (pooled) are left.
 */
export function releaseArrays(arrays: Iterable<unknown>): void {
  const buffers = new Set<ArrayBuffer>();
  for (const a of arrays) if (ArrayBuffer.isView(a) && a.buffer instanceof ArrayBuffer && a.buffer.byteLength >= 1 << 16) buffers.add(a.buffer);
  if (buffers.size === 0) return;
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(null, [...buffers]);
  port1.close();
  port2.close();
}

/** Each value's rank among the distinct values (ascending, from 0): a key radixOrder can sort. */
function ranksOf(values: Float64Array): Uint32Array {
  const sorted = Float64Array.from(values).sort();
  let u = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[u++] = sorted[i];
  const ranks = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    let lo = 0;
    let hi = u;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    ranks[i] = lo;
  }
  releaseArrays([sorted]);
  return ranks;
}

const all = (n: number) => {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
};

/** Lets the event loop run between the build's steps (it runs beside the traffic). */
const pause = () => new Promise<void>((r) => setImmediate(r));

/** Builds the index from the columns read from PostgreSQL (index-source.ts); `version`: read before them. */
export async function buildSearchIndex(rows: SourceRows, version: number, options: { simd?: boolean } = {}) {
  const t0 = Date.now();
  const n = rows.n;
  const words = Math.max(1, Math.ceil(n / 32));
  const MAX_INT = 0x7fffffff;
  // 1. Positions: the rows in the order `turnover DESC, cui DESC`.
  const turnoverRank = ranksOf(rows.turnover);
  const rowAt = radixOrder(all(n), [(r) => MAX_INT - rows.cui[r], (r) => MAX_INT - turnoverRank[r]]);
  await pause();

  const cui = new Int32Array(n);
  const turnover = new Float64Array(n);
  const profit = new Float64Array(n);
  const employees = new Float64Array(n);
  const caen = new Int32Array(n);
  const county = new Int32Array(n);
  const locality = new Int32Array(n);
  const status = new Int32Array(n);
  const empB = new Uint8Array(n);
  const turnB = new Uint8Array(n);
  const profB = new Uint8Array(n);
  const flagBits = new Uint8Array(n);
  const factKeys = new Uint16Array(n);
  const factStates: Array<boolean | null> = FACT_FACETS.map(() => null);
  const head = new Uint32Array(n);
  const flags = new Map<FlagColumn, Map<number, Extract<PosSet, { bits: Bits }>>>();
  const setsOf = <F extends FlagColumn>(bits: Record<F, number>) =>
    (Object.keys(bits) as F[]).map((f) => {
      const set = { yes: new Uint32Array(words), no: new Uint32Array(words) };
      flags.set(f, new Map([[1, { bits: set.yes, size: 0 }], [0, { bits: set.no, size: 0 }]]));
      return { bit: bits[f], set };
    });
  const flagSets = setsOf(FLAG_BITS);
  // The fact flags (decision 107): same bitmaps, from their own bits; a company never checked is in neither.
  const factSets = setsOf(FACT_BITS);
  const riskBand = new Int32Array(n);
  for (let p = 0; p < n; p++) {
    const r = rowAt[p];
    cui[p] = rows.cui[r];
    turnover[p] = rows.turnover[r];
    profit[p] = rows.profit[r];
    employees[p] = rows.employees[r];
    caen[p] = rows.caenId[r];
    county[p] = rows.county[r];
    locality[p] = rows.locality[r];
    status[p] = rows.status[r];
    // The facet buckets (facet-buckets.ts); no employees counts in bucket 0.
    empB[p] = Number.isNaN(employees[p]) ? 0 : bucketOf(employees[p], EMPLOYEE_POINTS);
    turnB[p] = bucketOf(turnover[p], MONEY_POINTS);
    profB[p] = bucketOf(profit[p], MONEY_POINTS);
    flagBits[p] = rows.flagsTrue[r];
    head[p] = rows.head[r];
    for (const { bit, set } of flagSets) if ((rows.flagsNull[r] & bit) === 0) setBit(rows.flagsTrue[r] & bit ? set.yes : set.no, p);
    for (const { bit, set } of factSets) if ((rows.factsNull[r] & bit) === 0) setBit(rows.factsTrue[r] & bit ? set.yes : set.no, p);
    riskBand[p] = rows.riskBand[r];
    for (let i = 0; i < FACT_FACETS.length; i++) {
      const bit = FACT_BITS[FACT_FACETS[i]];
      factStates[i] = rows.factsNull[r] & bit ? null : (rows.factsTrue[r] & bit) !== 0;
    }
    factKeys[p] = factsKey(factStates, riskBand[p] === NULL_INT ? null : riskBand[p]);
  }
  await pause();

  // 2. Equality: per value its positions, a bitmap from a quarter of its words up (issue 46), else a list.
  const positionsByValue = (col: Int32Array) => {
    const counts = new Map<number, number>();
    for (let p = 0; p < n; p++) if (col[p] !== NULL_INT) counts.set(col[p], (counts.get(col[p]) ?? 0) + 1);
    const m = new Map<number, PosSet>();
    for (const [v, size] of counts) m.set(v, size * 4 >= words ? { bits: new Uint32Array(words), size } : { list: new Int32Array(size), size: 0 });
    for (let p = 0; p < n; p++) {
      const set = col[p] === NULL_INT ? undefined : m.get(col[p]);
      if (set?.bits) setBit(set.bits, p);
      else if (set) set.list[set.size++] = p;
    }
    return m;
  };

  // 3. Orders as positions: profit (DESC, cui DESC) and employees ascending (then cui).
  const profitRankOfValue = ranksOf(profit);
  const profitOrder = radixOrder(all(n), [(p) => MAX_INT - cui[p], (p) => MAX_INT - profitRankOfValue[p]]);
  const profitRank = new Int32Array(n);
  for (let r = 0; r < profitOrder.length; r++) profitRank[profitOrder[r]] = r;
  await pause();
  const withEmployees = all(n).filter((p) => !Number.isNaN(employees[p]));
  const employeesRank = ranksOf(employees);
  const employeesAsc = radixOrder(withEmployees, [(p) => cui[p], (p) => employeesRank[p]]);

  const employeePoints = EMPLOYEE_PRESET_RANGES.flatMap((r) => [r.min, r.max + 1]);
  const moneyPoints = MONEY_PRESET_RANGES.flatMap((r) => [r.min, r.max + 1]);
  const ranges = new Map<'employees' | 'profit', RangeIndex>([
    ['employees', rangeIndex(employees, employeesAsc, false, words, employeePoints)],
    ['profit', rangeIndex(profit, profitOrder, true, words, moneyPoints)],
  ]);
  await pause();

  // 4. CUIs ascending, and 5. each word's positions ascending.
  const cuiSortedPos = radixOrder(all(n), [(p) => cui[p]]);
  const dictionarySize = rows.dictionary.length;
  const tokenStart = new Int32Array(dictionarySize + 2);
  for (let i = 0; i < rows.words.length; i++) tokenStart[rows.words[i] + 1]++;
  for (let id = 1; id < tokenStart.length; id++) tokenStart[id] += tokenStart[id - 1];
  const fill = tokenStart.slice(0, dictionarySize + 1);
  const tokenPos = new Int32Array(rows.words.length);
  for (let p = 0; p < n; p++) {
    const r = rowAt[p];
    for (let i = rows.wordStart[r]; i < rows.wordStart[r + 1]; i++) tokenPos[fill[rows.words[i]]++] = p;
  }
  await pause();

  // 6. Names' starts ascending (ties by position).
  const headSortedPos = radixOrder(all(n), [(p) => head[p]]);
  const headSorted = new Uint32Array(n);
  for (let i = 0; i < n; i++) headSorted[i] = head[headSortedPos[i]];

  const sets = new Map<SetColumn, Map<number, PosSet>>([
    ['county_id', positionsByValue(county)],
    ['status_code', positionsByValue(status)],
    ['risk_band', positionsByValue(riskBand)],
    ['caen_id', positionsByValue(caen)],
    ['locality_id', positionsByValue(locality)],
  ]);
  for (const [f, m] of flags) {
    for (const x of m.values()) x.size = countBits(x.bits);
    sets.set(f, m);
  }
  // The count columns and their largest values; those with NULLs store them as max + 1 (facetColumn).
  const raw = { county_id: county, caen_id: caen, status_code: status, emp_b: empB, turn_b: turnB, prof_b: profB, flags: flagBits, facts: factKeys };
  const max = {} as Record<keyof typeof raw, number>;
  const columns = { max } as Record<keyof typeof raw, FacetColumn> & { max: typeof max };
  for (const k of Object.keys(raw) as Array<keyof typeof raw>) {
    max[k] = maxOf(raw[k]);
    columns[k] = raw[k] instanceof Int32Array ? facetColumn(raw[k], max[k]) : raw[k];
  }
  // The build's own columns the index does not keep (a facet column kept as it is stays).
  releaseArrays([turnoverRank, rowAt, profit, employees, locality, riskBand, head, profitRankOfValue, withEmployees, employeesRank, ...[county, caen, status].filter((c) => !Object.values(columns).includes(c))]);
  return {
    /** engineDataVersion() when it was put in service */
    version,
    n,
    words,
    builtMs: Date.now() - t0,
    cui,
    turnover,
    /** positions in the order `profit DESC, cui DESC`, and each position's rank in it */
    profitOrder,
    profitRank,
    /** per value of an equality column (a yes/no filter: 1 and 0), its positions */
    sets,
    ranges,
    /** positions in CUI order */
    cuiSortedPos,
    /** each name's first HEAD_BYTES bytes as a big-endian number, ascending, and their positions (headSet) */
    headSorted,
    headSortedPos,
    /** positions of each word id: tokenPos[tokenStart[id] .. tokenStart[id + 1]) */
    tokenStart,
    tokenPos,
    /** the index's word dictionary (index-source.ts) */
    dictionary: buildWordDictionary(rows.dictionary),
    /** per-position columns of the filter counts (NULL stored as max + 1: facetColumn) */
    columns,
    /** the kernel's memory: the index's bitmaps and the scratch ones (SEARCH_INDEX_SIMD=0: ANDed in JavaScript) */
    arena: intoArena(words, sets, ranges, options.simd !== false),
    /** the filter counts of every row, by column (indexFacetCounts) */
    globalCounts: new Map<string, Int32Array>(),
    /** the matched positions of a filter count (matchedPositions), made when first needed */
    matched: null as Int32Array | null,
    /** word ids of a typed word, by `withoutDots:word` */
    wordIds: new Map<string, number[]>(),
    /** bitmaps of common words (wordsSet): shared, never written */
    wordBits: new Map<string, PosSet>(),
    /** the positions of the companies with a link on each social platform (the admin contacts list) */
    social: new Map<string, Int32Array>(),
  };
}

/** The SIMD arena: scratch and common words' slots, and the index's bitmaps moved in (no copy per search, issue 46). */
function intoArena(words: number, sets: Map<SetColumn, Map<number, PosSet>>, ranges: Map<'employees' | 'profit', RangeIndex>, simd: boolean): BitArena {
  let kept = 0;
  for (const m of sets.values()) for (const x of m.values()) if (x.bits) kept++;
  for (const r of ranges.values()) kept += r.ge.length;
  const arena = BitArena.create(words, ARENA_SLOTS + WORD_BITS_MAX + kept, simd);
  if (!arena) throw new Error(`indexul de căutare nu încape în 4 GB de bitmapuri (${words} cuvinte pe bitmap)`);
  const originals: Bits[] = [];
  const move = (b: Bits) => {
    const copy = arena.take()!;
    copy.set(b);
    originals.push(b);
    return copy;
  };
  for (const m of sets.values()) for (const x of m.values()) if (x.bits) x.bits = move(x.bits);
  for (const r of ranges.values()) r.ge = r.ge.map(move);
  releaseArrays(originals);
  return arena;
}

/** Approximate bytes held by the index (status, benchmarks). */
export function searchIndexBytes(ix: SearchIndex): number {
  // Every array once (profit's order is profitOrder; the bitmaps are the arena's, counted with it).
  const arrays = new Set<ArrayBufferView>([ix.cui, ix.turnover, ix.profitOrder, ix.profitRank, ix.cuiSortedPos, ix.headSorted, ix.headSortedPos, ix.tokenStart, ix.tokenPos, ...ix.social.values()]);
  for (const m of ix.sets.values()) for (const x of m.values()) if (x.list) arrays.add(x.list);
  for (const c of Object.values(ix.columns)) if (ArrayBuffer.isView(c)) arrays.add(c);
  for (const r of ix.ranges.values()) arrays.add(r.values).add(r.order);
  let b = 0;
  for (const a of arrays) b += a.byteLength;
  // The dictionary's two strings: 1 or 2 bytes a character (V8 keeps a string with no character above U+00FF in one byte).
  const d = ix.dictionary;
  b += d.starts.byteLength + d.startsNoDots.byteLength + d.text.length + d.textNoDots.length;
  return b + ix.arena.bytes();
}
