// A ZIP archive read with hard limits, for uploaded workbooks (XLSX is a ZIP of XML parts). The
// central directory is read first and every entry the caller asks for is checked against its
// declared sizes before a byte is inflated; inflating then runs in small input steps and stops as
// soon as the output passes the declared size or the cap, so a zip bomb that lies in its headers
// costs at most the cap (docs/decisions/087-bounded-uploads-and-anonymous-limits.md).
import 'server-only';
import { Inflate } from 'fflate';
import { UploadRefusal } from './refusal';

export type ZipEntry = { name: string; method: number; flags: number; packed: number; size: number; localOffset: number };

/** Entries a workbook has (about 10–30); thousands mean a crafted archive. */
const MAX_ENTRIES = 2_000;
/**
 * Compressed input pushed per step: deflate expands at most about 1,032:1, so one step makes at
 * most ~1 MB of output (about 70 ms of XML parsing) before the next check and turn of the event loop.
 */
const INFLATE_STEP = 1024;
/** Stored (uncompressed) entries are handed on in slices of this size, for the same reason. */
const STORED_STEP = 256 * 1024;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function corrupt(): UploadRefusal {
  return new UploadRefusal('unreadable');
}

/** The archive's entries by name, from its central directory; refuses anything ambiguous. */
export function readZipDirectory(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const len = bytes.byteLength;
  if (len < 22) throw corrupt();
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  let eocd = -1;
  for (let i = len - 22; i >= Math.max(0, len - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt();
  const count = view.getUint16(eocd + 10, true);
  const dirSize = view.getUint32(eocd + 12, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  // ZIP64 markers: a 5 MB upload never needs them, a bomb uses them to declare sizes past 4 GB.
  if (count === 0xffff || dirOffset === 0xffffffff || dirSize === 0xffffffff) throw new UploadRefusal('tooBig');
  if (count > MAX_ENTRIES) throw new UploadRefusal('tooComplex');
  if (dirOffset + dirSize > eocd) throw corrupt();
  const entries = new Map<string, ZipEntry>();
  let p = dirOffset;
  const names = new TextDecoder('utf-8');
  for (let n = 0; n < count; n++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== CENTRAL) throw corrupt();
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const packed = view.getUint32(p + 20, true);
    const size = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const localOffset = view.getUint32(p + 42, true);
    if (p + 46 + nameLen > eocd) throw corrupt();
    const name = names.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    if (packed === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) throw new UploadRefusal('tooBig');
    // Two entries of one name: a reader and a checker could each pick a different one.
    if (entries.has(name)) throw corrupt();
    entries.set(name, { name, method, flags, packed, size, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Where an entry's compressed bytes are, from its local header. */
function entryData(bytes: Uint8Array, e: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = e.localOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== LOCAL) throw corrupt();
  // Without a data descriptor (bit 3) the local header repeats the sizes: two readers of one file
  // must not see two different entries.
  if (!(e.flags & 8) && (view.getUint32(at + 18, true) !== e.packed || view.getUint32(at + 22, true) !== e.size)) throw corrupt();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + e.packed > bytes.byteLength) throw corrupt();
  return bytes.subarray(start, start + e.packed);
}

/**
 * Streams one entry's uncompressed bytes to `sink`, in chunks of at most a few MB, and refuses the
 * entry when its declared size passes `cap` (before inflating) or its real output passes the
 * declared size (while inflating). `sink` may return false to stop early (the rest is not
 * inflated). Between steps the event loop gets a turn, so other requests keep being served.
 */
export async function inflateEntry(
  bytes: Uint8Array,
  e: ZipEntry,
  cap: number,
  sink: (chunk: Uint8Array) => boolean | Promise<boolean>,
  deadline: Deadline,
): Promise<void> {
  // Bit 0: encrypted; nothing to read without the password.
  if (e.flags & 1) throw corrupt();
  if (e.size > cap) throw new UploadRefusal('tooBig');
  const data = entryData(bytes, e);
  if (e.method === 0) {
    if (e.packed !== e.size) throw corrupt();
    for (let i = 0; i < data.length; i += STORED_STEP) {
      if (!(await sink(data.subarray(i, Math.min(data.length, i + STORED_STEP))))) return;
      await deadline.tick();
    }
    return;
  }
  if (e.method !== 8) throw corrupt();
  let out = 0;
  // What one step inflated (at most about 1 MB), handed to the sink after the step returns, so
  // the sink may take turns of the event loop.
  let pending: Uint8Array[] = [];
  const inflater = new Inflate((chunk) => {
    out += chunk.length;
    // The header lied (a bomb declaring a small size): stop at once, whatever the chunk holds.
    if (out > e.size) throw new UploadRefusal('tooBig');
    pending.push(chunk);
  });
  for (let i = 0; i < data.length; i += INFLATE_STEP) {
    const end = Math.min(data.length, i + INFLATE_STEP);
    try {
      inflater.push(data.subarray(i, end), end === data.length);
    } catch (err) {
      if (err instanceof UploadRefusal) throw err;
      throw corrupt();
    }
    const ready = pending;
    pending = [];
    for (const chunk of ready) if (!(await sink(chunk))) return;
    await deadline.tick();
  }
  if (out !== e.size) throw corrupt();
}

/**
 * A parse's time budget: checked between steps, and the event loop gets a turn every few ms so a
 * parse never holds the process for long.
 */
export class Deadline {
  private readonly end: number;
  private lastYield = performance.now();

  constructor(ms: number) {
    this.end = performance.now() + ms;
  }

  check(): void {
    if (performance.now() > this.end) throw new UploadRefusal('tooComplex');
  }

  async tick(): Promise<void> {
    this.check();
    if (performance.now() - this.lastYield > 10) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.lastYield = performance.now();
    }
  }
}
