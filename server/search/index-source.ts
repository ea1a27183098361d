// The rows the search index is built from: one COPY in one snapshot, parsed into typed arrays, and
// the word dictionary (docs/search.md; decisions 094, 106).
import 'server-only';
import { to as copyTo } from 'pg-copy-streams';
import { FACT_FACETS, FLAG_BITS } from './facet-buckets';
import { isReplicaLost, openLoadSnapshot, withLoadSlot, type SyncCursor } from './engine-sync';

const SOURCE_FLAGS = Object.keys(FLAG_BITS) as Array<keyof typeof FLAG_BITS>;
export const FACT_BITS = { vat_payer: 1, is_inactive: 2, e_factura: 4, has_arrears: 8 } as const;
export const NULL_INT = -2147483648;

const ROW_COLUMNS = {
  cui: Int32Array, turnover: Float64Array, profit: Float64Array, employees: Float64Array, caenId: Int32Array, county: Int32Array, locality: Int32Array,
  status: Int32Array, flagsTrue: Uint8Array, flagsNull: Uint8Array, factsTrue: Uint8Array, factsNull: Uint8Array, riskBand: Int32Array, head: Uint32Array,
} as const;
type RowColumn = keyof typeof ROW_COLUMNS;
const ROW_COLUMN_NAMES = Object.keys(ROW_COLUMNS) as RowColumn[];

/** NULLs: `employees` NaN, `caenId` (classes only) and `riskBand` (A = 1) NULL_INT; `*True`/`*Null` hold FLAG_BITS / FACT_BITS. */
export type SourceRows = { n: number } & { [K in RowColumn]: InstanceType<(typeof ROW_COLUMNS)[K]> } & {
  /** word ids of row r: words[wordStart[r] .. wordStart[r + 1]), each once */
  wordStart: Int32Array;
  words: Int32Array;
  dictionary: string[];
};

const COPY_SQL = `COPY (SELECT c.cui, c.turnover, c.profit, c.employees, c.caen_code, c.county_id, c.locality_id, c.status_code,
                              ${SOURCE_FLAGS.map((f) => `c.${f}::int`).join(', ')}, c.name_norm,
                              f.vat_payer::int, f.inactive::int, f.e_factura::int, (a.cui IS NOT NULL)::int, ascii(r.band) - 64
                         FROM company c
                         LEFT JOIN fiscal_check f ON f.cui = c.cui
                         LEFT JOIN v_company_arrears a ON a.cui = c.cui
                         LEFT JOIN company_risk r ON r.cui = c.cui) TO STDOUT`;

/** Bytes of a name's start the index keeps, as one 32-bit number. */
export const HEAD_BYTES = 4;
const utf8 = new TextEncoder();

/** Big-endian, zeros after the end. */
export function headKey(bytes: Uint8Array): number {
  let key = 0;
  for (let i = 0; i < HEAD_BYTES; i++) key = key * 256 + (i < bytes.length ? bytes[i] : 0);
  return key;
}

/** headKey of a name's start, without encoding it when its first characters are ASCII (most names). */
export function headKeyOf(text: string): number {
  let key = 0;
  for (let i = 0; i < HEAD_BYTES; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    // 8 UTF-16 units hold at least 4 bytes before any surrogate pair they may cut.
    if (c > 0x7f) return headKey(utf8.encode(text.slice(0, 2 * HEAD_BYTES)));
    key = key * 256 + c;
  }
  return key;
}

/** First index of a sorted ascending array (or of `at(0 .. length)`) whose value is >= v (or > v with `strict`). */
export function lowerBound(a: ArrayLike<number>, v: number, strict = false, at: (i: number) => number = (i) => a[i]): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (strict ? at(mid) <= v : at(mid) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const [TAB, NL, BACKSLASH] = [9, 10, 92];

/** The replica lost during the COPY: read again at once from the primary (decision 110). */
export function readSourceRows(): ReturnType<typeof copySourceRows> {
  return copySourceRows().catch((e: unknown) => (isReplicaLost(e) ? copySourceRows() : Promise.reject(e)));
}

async function copySourceRows(): Promise<{ rows: SourceRows; social: Map<string, number[]>; cursor: SyncCursor; source: 'primary' | 'replica'; slotAt: number; copiedAt: number }> {
  return withLoadSlot(async () => {
    const slotAt = Date.now();
    const snap = await openLoadSnapshot();
    let ok = false;
    try {
      // The planner's estimate, not a count: the arrays grow when the COPY gives more rows.
      const [{ n: estimate }] = (await snap.client.query<{ n: number }>(`SELECT greatest(reltuples, 0)::int AS n FROM pg_class WHERE oid = 'company'::regclass`)).rows;
      const rows = newRows(estimate);
      const stream = snap.client.query(copyTo(COPY_SQL));
      let rest: Buffer | null = null;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const buf: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
        let start = 0;
        for (let nl = buf.indexOf(NL, start); nl !== -1; nl = buf.indexOf(NL, start)) {
          parseLine(rows, buf, start, nl);
          start = nl + 1;
        }
        rest = start < buf.length ? buf.subarray(start) : null;
      }
      if (rest) parseLine(rows, rest, 0, rest.length);
      // The social links (the admin contacts list filters on them), in the same snapshot.
      const links = await snap.client.query<{ platform: string; cuis: number[] }>(`SELECT platform, array_agg(cui) AS cuis FROM social_media WHERE url <> '' GROUP BY platform`);
      ok = true;
      const social = new Map(links.rows.map((r) => [r.platform, r.cuis]));
      return { rows: finish(rows), social, cursor: snap.cursor, source: snap.source, slotAt, copiedAt: Date.now() };
    } finally {
      await snap.done(ok);
    }
  });
}

type Building = SourceRows & { wordCount: number; ids: Map<string, number> };

function newRows(estimate: number): Building {
  const size = Math.max(16, estimate + 1024);
  const columns = Object.fromEntries(ROW_COLUMN_NAMES.map((k) => [k, new ROW_COLUMNS[k](size)])) as Pick<SourceRows, RowColumn>;
  return { n: 0, ...columns, words: new Int32Array(size * 4), wordCount: 0, wordStart: new Int32Array(size + 1), ids: new Map(), dictionary: [] };
}

function grow(r: Building): void {
  const size = r.cui.length * 2;
  for (const k of [...ROW_COLUMN_NAMES, 'wordStart'] as const) {
    const more = new (r[k].constructor as new (n: number) => Building[typeof k])(k === 'wordStart' ? size + 1 : size);
    more.set(r[k] as never);
    (r as Record<typeof k, unknown>)[k] = more;
  }
}

const isNull = (buf: Buffer, a: number, b: number) => b - a === 2 && buf[a] === BACKSLASH && buf[a + 1] === 78; // \N

/** A decimal of the bytes [a, b), its fraction cut off. */
function numberAt(buf: Buffer, a: number, b: number): number {
  const sign = buf[a] === 45 ? -1 : 1;
  let v = 0;
  for (let i = sign < 0 ? a + 1 : a; i < b; i++) {
    const c = buf[i] - 48;
    if (c < 0 || c > 9) break;
    v = v * 10 + c;
  }
  return sign * v;
}

/** Field starts of the line being parsed: reused, no allocation per row. */
const bounds = new Int32Array(32);

/** The bits of the true fields from `first` on, and (<< 8) of the NULL ones. */
function bitsAt<K extends string>(buf: Buffer, first: number, names: readonly K[], bits: Readonly<Record<K, number>>): number {
  let out = 0;
  for (let f = 0; f < names.length; f++) {
    const a = bounds[first + f];
    const b = bounds[first + f + 1] - 1;
    if (isNull(buf, a, b)) out |= bits[names[f]] << 8;
    else if (buf[a] === 49) out |= bits[names[f]];
  }
  return out;
}

function parseLine(r: Building, buf: Buffer, start: number, end: number): void {
  if (end <= start) return;
  if (r.n >= r.cui.length) grow(r);
  const row = r.n++;
  let fields = 1;
  bounds[0] = start;
  for (let i = start; i < end && fields < 31; i++) if (buf[i] === TAB) bounds[fields++] = i + 1;
  bounds[fields] = end + 1;
  const field = (k: number): [number, number] => [bounds[k], bounds[k + 1] - 1];
  const int = (k: number) => (isNull(buf, bounds[k], bounds[k + 1] - 1) ? NULL_INT : numberAt(buf, bounds[k], bounds[k + 1] - 1));
  r.cui[row] = int(0);
  r.turnover[row] = numberAt(buf, ...field(1));
  r.profit[row] = numberAt(buf, ...field(2));
  const [ea, eb] = field(3);
  r.employees[row] = isNull(buf, ea, eb) ? Number.NaN : numberAt(buf, ea, eb);
  // caen_id: only exact 4-digit codes, so that caen_id = n means exactly caen_code = lpad(n, 4, '0').
  const [ca, cb] = field(4);
  let caen = NULL_INT;
  if (cb - ca === 4) {
    let v = 0;
    for (let i = ca; i < cb && v >= 0; i++) v = buf[i] >= 48 && buf[i] <= 57 ? v * 10 + buf[i] - 48 : -1;
    if (v >= 0) caen = v;
  }
  r.caenId[row] = caen;
  r.county[row] = int(5);
  r.locality[row] = int(6);
  r.status[row] = int(7);
  const flags = bitsAt(buf, 8, SOURCE_FLAGS, FLAG_BITS);
  r.flagsTrue[row] = flags & 0xff;
  r.flagsNull[row] = flags >>> 8;
  const facts = bitsAt(buf, 14, FACT_FACETS, FACT_BITS);
  r.factsTrue[row] = facts & 0xff;
  r.factsNull[row] = facts >>> 8;
  r.riskBand[row] = int(14 + FACT_FACETS.length);
  const [na, nb] = field(13);
  // A NULL name reads as an empty one: no head (0), no words.
  let name = isNull(buf, na, nb) ? '' : buf.toString('utf8', na, nb);
  // COPY's text escapes: the names hardly ever hold one.
  if (name.includes('\\')) name = name.replace(/\\(.)/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' })[c] ?? c);
  r.head[row] = headKeyOf(name);
  // The words: as string_split(name_norm, ' '), each distinct word once per name.
  const first = r.wordCount;
  for (const w of name.split(' ')) {
    if (w === '') continue;
    let id = r.ids.get(w);
    if (id === undefined) {
      id = r.dictionary.length;
      r.ids.set(w, id);
      r.dictionary.push(w);
    }
    let seen = false;
    for (let k = first; k < r.wordCount && !seen; k++) seen = r.words[k] === id;
    if (seen) continue;
    if (r.wordCount >= r.words.length) {
      const more = new Int32Array(r.words.length * 2);
      more.set(r.words);
      r.words = more;
    }
    r.words[r.wordCount++] = id;
  }
  r.wordStart[row + 1] = r.wordCount;
}

function finish(r: Building): SourceRows {
  const n = r.n;
  const columns = Object.fromEntries(ROW_COLUMN_NAMES.map((k) => [k, r[k].subarray(0, n)])) as Pick<SourceRows, RowColumn>;
  return { n, ...columns, wordStart: r.wordStart.subarray(0, n + 1), words: r.words.subarray(0, r.wordCount), dictionary: r.dictionary };
}

/** The words (and without dots) joined by newlines: a typed word is found by indexOf, each hit mapped to its id. */
export type WordDictionary = { text: string; starts: Int32Array; textNoDots: string; startsNoDots: Int32Array; size: number };

export function buildWordDictionary(words: readonly string[]): WordDictionary {
  const join = (list: readonly string[]) => {
    const starts = new Int32Array(list.length + 1);
    let at = 0;
    for (let i = 0; i < list.length; i++) {
      starts[i] = at;
      at += list[i].length + 1;
    }
    starts[list.length] = at;
    return { text: list.join('\n') + '\n', starts };
  };
  const plain = join(words);
  const noDots = join(words.map((w) => w.replaceAll('.', '')));
  return { text: plain.text, starts: plain.starts, textNoDots: noDots.text, startsNoDots: noDots.starts, size: words.length };
}

/** Ascending. */
export function findWordIds(d: WordDictionary, word: string, withoutDots: boolean): number[] {
  if (word === '' || word.includes('\n')) return [];
  const text = withoutDots ? d.textNoDots : d.text;
  const starts = withoutDots ? d.startsNoDots : d.starts;
  const out: number[] = [];
  let last = -1;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    // The word whose text holds `at`: the last start at or before it.
    const lo = lowerBound(starts, at, true) - 1;
    if (lo !== last) out.push((last = lo));
    // The rest of this word cannot give another id: go on from its end.
    at = Math.max(at, starts[lo + 1] - 1);
  }
  return out;
}
