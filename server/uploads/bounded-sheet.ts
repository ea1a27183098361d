// The one reader of uploaded lists (CUI lists today; any later upload of rows): an XLSX's first
// sheet or a CSV / text file, as lines, read with hard limits so that no file, however crafted,
// costs more than a bounded amount of memory and time (docs/decisions/087). What it guarantees:
// - the packed size is capped by the caller's schema (5 MB); each ZIP part is checked against its
//   declared size before inflating and while inflating (bounded-zip.ts);
// - XML is read as a stream (saxes) that stops at the line limit; a DOCTYPE is refused, and saxes
//   never expands entities other than the five predefined ones, so billion-laughs has nothing to
//   expand;
// - the sheet is read before the shared strings, so only the strings its first rows use are kept;
// - rows keep at most MAX_COLUMNS cells and MAX_LINE_CHARS characters;
// - at most UPLOAD_PARSES_AT_ONCE files are read at once per process, each within a time budget,
//   and the event loop gets a turn every few ms.
// Why in-process rather than a worker thread: every cost above is bounded by construction, and a
// worker file would have to survive Next's server bundling (a path resolvable in `next build`
// output), which this project cannot check outside a full build.
import 'server-only';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { eachLine, isBlank, MAX_LINE_CHARS } from '@/lib/shared/lines';
import { env } from '../kernel/env';
import { FifoGate } from '../kernel/fifo-gate';
import { Deadline, inflateEntry, readZipDirectory, type ZipEntry } from './bounded-zip';
import { UploadRefusal } from './refusal';

/** Cells of a row read (A..IV); a CUI list needs a handful. */
const MAX_COLUMNS = 256;
/** Declared sizes past these are refused before inflating (413). */
const SMALL_PART_CAP = 2 * 1024 * 1024;
const STYLES_CAP = 4 * 1024 * 1024;
/**
 * A sheet or string table declaring more than this is refused: a list past the line limit is cut
 * anyway, and 64 MB of XML is far more than 10,000 rows of any width need (a 7,000,000-row bomb
 * declares about 180 MB).
 */
const BIG_PART_DECLARED_CAP = 64 * 1024 * 1024;
/**
 * XML read at most from the sheet and from the shared strings. The streaming parser reads 5 to
 * 15 MB/s on the reference machine (2 shared cores), so these keep a parse within about a second;
 * 10,000 ordinary rows take 0.5 to 2 MB. A sheet that does
 * not reach the line limit within its budget is cut there (reported as truncated); shared strings
 * that do not hold the needed texts within theirs are refused.
 */
const SHEET_READ_CAP = 6 * 1024 * 1024;
const STRINGS_READ_CAP = 3 * 1024 * 1024;
/**
 * The highest shared-string index the kept rows may use. Excel numbers the strings in the order
 * they first appear, so 10,000 rows use far fewer; a higher one is a crafted file, refused
 * without reading the table.
 */
const MAX_SHARED_INDEX = 300_000;

/** The list's text (one row a line) and whether the file had more than was read. */
export type UploadedLines = { text: string; truncated: boolean };
export type ReadLimits = { maxLines: number; maxMs?: number };

const gate = new FifoGate(
  () => env.UPLOAD_PARSES_AT_ONCE,
  { max: () => env.UPLOAD_PARSES_WAITING, error: () => new UploadRefusal('busy') },
);

/**
 * The non-empty lines of an uploaded list (at most `maxLines`; `truncated` when the file had more
 * or was cut at a read budget). The file's extension says how to read it: xlsx, or csv/txt/tsv as
 * text. Throws UploadRefusal (400/413/429) for anything else or anything past a limit.
 */
export async function readUploadedLines(name: string, bytes: Uint8Array, limits: ReadLimits): Promise<UploadedLines> {
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'csv' || ext === 'txt' || ext === 'tsv') return readTextLines(bytes, limits.maxLines);
  if (ext !== 'xlsx') throw new UploadRefusal('unreadable');
  return gate.run(() => readXlsxLines(bytes, limits.maxLines, new Deadline(limits.maxMs ?? env.UPLOAD_PARSE_MAX_MS)));
}

/** Text lines: UTF-8 (a BOM dropped) or UTF-16 with its BOM (Excel's "Unicode text"). */
function readTextLines(bytes: Uint8Array, maxLines: number): UploadedLines {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    // An archive or a binary file renamed .csv: say so rather than list its noise as invalid lines.
    if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4) throw new UploadRefusal('notText');
    text = new TextDecoder('utf-8').decode(bytes);
  }
  if (text.includes('\u0000')) throw new UploadRefusal('notText');
  return firstLines(text.replace(/^\uFEFF/, ''), maxLines);
}

/**
 * Physical lines read per allowed non-empty line: a list with ten times more blank lines than
 * CUIs is crafted, and each of 5 million blank lines costs the event loop a little.
 */
const LINES_PER_LIST_LINE = 10;

/**
 * A text cut after its first `maxLines` non-empty lines, or after `maxLines` × 10 lines of any
 * kind (blank lines are kept, so line numbers stay those of the file), found without splitting
 * all of it; `truncated` when something was left.
 */
export function firstLines(text: string, maxLines: number): UploadedLines {
  let count = 0;
  let cut = -1;
  const maxPhysical = maxLines * LINES_PER_LIST_LINE;
  eachLine(text, (start, end, index) => {
    const blank = isBlank(text, start, end);
    if ((!blank && count === maxLines) || index === maxPhysical) {
      cut = start;
      return false;
    }
    if (!blank) count++;
    return true;
  });
  return cut < 0 ? { text, truncated: false } : { text: text.slice(0, cut), truncated: true };
}

/** The text of a ZIP part as a string, for the small parts (workbook, relationships, styles). */
async function readSmallPart(bytes: Uint8Array, entry: ZipEntry | undefined, cap: number, deadline: Deadline): Promise<string | null> {
  if (!entry) return null;
  const decoder = new TextDecoder('utf-8');
  let text = '';
  await inflateEntry(bytes, entry, cap, (chunk) => ((text += decoder.decode(chunk, { stream: true })), true), deadline);
  return text + decoder.decode();
}

/** Elements nested deeper than this are a crafted file (a sheet is about 6 deep). */
const MAX_DEPTH = 64;

type XmlHandlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/**
 * A SAX parser (one handler per event, namespace prefixes dropped from names) that refuses DTDs and
 * deep nesting (its tag stack would grow with the file) and reports any error as an unreadable file.
 */
function xmlParser(h: XmlHandlers): SaxesParser<object> {
  const parser = new SaxesParser({ xmlns: false });
  let depth = 0;
  parser.on('doctype', () => {
    throw new UploadRefusal('unreadable');
  });
  parser.on('error', () => {
    throw new UploadRefusal('unreadable');
  });
  parser.on('opentag', (t: SaxesTagPlain) => {
    if (++depth > MAX_DEPTH) throw new UploadRefusal('tooComplex');
    h.open?.(localName(t.name), t.attributes as Record<string, string>);
  });
  // saxes reports a self-closing tag as an open and a close.
  parser.on('closetag', (t: SaxesTagPlain) => {
    depth--;
    h.close?.(localName(t.name));
  });
  if (h.text) parser.on('text', h.text);
  return parser;
}

/** Feeds a part's XML to `parser` until `more()` says stop or `readCap` bytes were read. */
async function streamPart(bytes: Uint8Array, entry: ZipEntry, parser: SaxesParser<object>, readCap: number, more: () => boolean, deadline: Deadline): Promise<{ capped: boolean }> {
  const decoder = new TextDecoder('utf-8');
  let read = 0;
  let capped = false;
  await inflateEntry(
    bytes,
    entry,
    BIG_PART_DECLARED_CAP,
    async (chunk) => {
      const room = readCap - read;
      const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
      read += piece.length;
      // 64 KB at a time, with a turn of the event loop between slices when one is due.
      for (let i = 0; i < piece.length && more(); i += 65_536) {
        parser.write(decoder.decode(piece.subarray(i, Math.min(piece.length, i + 65_536)), { stream: true }));
        await deadline.tick();
      }
      if (read >= readCap && more()) capped = true;
      return more() && !capped;
    },
    deadline,
  );
  return { capped };
}

const localName = (tag: string) => tag.slice(tag.indexOf(':') + 1);

/** The first sheet's path: workbook order through its relationships, else the first worksheet part. */
async function firstSheetPath(bytes: Uint8Array, entries: Map<string, ZipEntry>, deadline: Deadline): Promise<string | null> {
  const workbook = await readSmallPart(bytes, entries.get('xl/workbook.xml'), SMALL_PART_CAP, deadline);
  const rels = await readSmallPart(bytes, entries.get('xl/_rels/workbook.xml.rels'), SMALL_PART_CAP, deadline);
  if (workbook && rels) {
    let id: string | null = null;
    xmlParser({
      open: (name, a) => {
        if (id !== null || name !== 'sheet') return;
        const key = Object.keys(a).find((k) => k === 'r:id' || k.endsWith(':id'));
        id = key ? String(a[key]) : null;
      },
    })
      .write(workbook)
      .close();
    let target: string | null = null;
    const rp = xmlParser({
      open: (name, a) => {
        if (name === 'Relationship' && id !== null && a.Id === id) target = String(a.Target ?? '');
      },
    });
    rp.write(rels).close();
    if (target) {
      const path = (target as string).startsWith('/') ? (target as string).slice(1) : `xl/${target}`;
      if (entries.has(path)) return path;
    }
  }
  const sheets = [...entries.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return sheets[0] ?? null;
}

/** Built-in number formats that are dates or times (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** Which cell styles show a date: a date cell is left blank, as the old reader did. */
async function dateStyles(bytes: Uint8Array, entries: Map<string, ZipEntry>, deadline: Deadline): Promise<Set<number>> {
  const styles = await readSmallPart(bytes, entries.get('xl/styles.xml'), STYLES_CAP, deadline);
  const out = new Set<number>();
  if (!styles) return out;
  const custom = new Map<number, string>();
  let inCellXfs = false;
  let xf = 0;
  const p = xmlParser({
    open: (name, a) => {
      if (name === 'numFmt') custom.set(Number(a.numFmtId), String(a.formatCode ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(a.numFmtId ?? 0);
        const code = custom.get(id);
        // A custom format is a date when it has d, m, y, h or s outside quotes and brackets.
        const isDate = DATE_FORMAT_IDS.has(id) || (code !== undefined && /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '')));
        if (isDate) out.add(xf);
        xf++;
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  p.write(styles).close();
  return out;
}

/** A cell as read from the sheet: its text, or the index of its shared string. */
type Cell = string | { shared: number };

function columnOf(ref: string | undefined, fallback: number): number {
  if (!ref) return fallback;
  let col = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    col = col * 26 + (code - 64);
    if (col > MAX_COLUMNS) return col;
  }
  return col > 0 ? col - 1 : fallback;
}

/** A number as the old reader printed it (String of the parsed number). */
function numberText(v: string): string {
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) ? String(n) : v;
}

async function readXlsxLines(bytes: Uint8Array, maxLines: number, deadline: Deadline): Promise<UploadedLines> {
  const entries = readZipDirectory(bytes);
  const sheetPath = await firstSheetPath(bytes, entries, deadline);
  if (!sheetPath) throw new UploadRefusal('unreadable');
  const dates = await dateStyles(bytes, entries, deadline);

  const rows: Cell[][] = [];
  let truncated = false;
  let row: Cell[] | null = null;
  let rowHasValue = false;
  let cell: { col: number; type: string; style: number; text: string; inValue: boolean; inInline: boolean; phonetic: number } | null = null;
  const more = () => !truncated;
  const sheet = xmlParser({
    open: (name, a) => {
      if (truncated) return;
      if (name === 'row') {
        row = [];
        rowHasValue = false;
      } else if (name === 'c' && row) {
        cell = { col: columnOf(a.r, row.length), type: String(a.t ?? 'n'), style: Number(a.s ?? 0), text: '', inValue: false, inInline: false, phonetic: 0 };
      } else if (cell) {
        if (name === 'v') cell.inValue = true;
        else if (name === 'is') cell.inInline = true;
        else if (name === 'rPh') cell.phonetic++;
      }
    },
    text: (text) => {
      if (!cell || cell.phonetic > 0 || !(cell.inValue || cell.inInline)) return;
      if (cell.text.length < MAX_LINE_CHARS) cell.text += text.slice(0, MAX_LINE_CHARS - cell.text.length);
    },
    close: (name) => {
      if (truncated) return;
      if (cell && name === 'v') cell.inValue = false;
      else if (cell && name === 'is') cell.inInline = false;
      else if (cell && name === 'rPh') cell.phonetic--;
      else if (name === 'c' && cell && row) {
        const c = cell;
        cell = null;
        if (c.col >= MAX_COLUMNS) return;
        let value: Cell = '';
        if (c.type === 's') {
          const index = Number(c.text);
          value = c.text.trim() !== '' && Number.isInteger(index) && index >= 0 ? { shared: index } : '';
        } else if (c.type === 'inlineStr' || c.type === 'str') value = c.text;
        else if (c.type === 'b') value = c.text === '1' ? 'true' : c.text === '0' ? 'false' : '';
        else if (c.type === 'n') value = dates.has(c.style) ? '' : numberText(c.text);
        // 'e' (an error such as #N/A) and 'd' (an ISO date) stay blank, as before.
        if (value !== '') rowHasValue = true;
        row[c.col] = value;
      } else if (name === 'row' && row) {
        if (rowHasValue) {
          if (rows.length === maxLines) truncated = true;
          else rows.push(row);
        }
        row = null;
      }
    },
  });
  const sheetRead = await streamPart(bytes, entries.get(sheetPath)!, sheet, SHEET_READ_CAP, more, deadline);
  if (sheetRead.capped) truncated = true;
  else if (!truncated) sheet.close();

  // The shared strings the kept rows use, read up to the last one needed.
  const needed = new Map<number, string>();
  for (const r of rows) for (const c of r) if (c !== undefined && typeof c !== 'string') needed.set(c.shared, '');
  let lastNeeded = -1;
  for (const i of needed.keys()) if (i > lastNeeded) lastNeeded = i;
  if (lastNeeded > MAX_SHARED_INDEX) throw new UploadRefusal('tooComplex');
  const stringsEntry = entries.get('xl/sharedStrings.xml');
  if (lastNeeded >= 0 && stringsEntry) {
    let index = -1;
    let inText = 0;
    let phonetic = 0;
    let current = '';
    const strings = xmlParser({
      open: (name) => {
        if (name === 'si') {
          index++;
          current = '';
        } else if (name === 't') inText++;
        else if (name === 'rPh') phonetic++;
      },
      text: (text) => {
        if (inText > 0 && phonetic === 0 && needed.has(index) && current.length < MAX_LINE_CHARS) current += text.slice(0, MAX_LINE_CHARS - current.length);
      },
      close: (name) => {
        if (name === 't') inText--;
        else if (name === 'rPh') phonetic--;
        else if (name === 'si' && needed.has(index)) needed.set(index, current);
      },
    });
    const read = await streamPart(bytes, stringsEntry, strings, STRINGS_READ_CAP, () => index <= lastNeeded, deadline);
    // The texts the rows refer to were not within the budget: refuse rather than show blanks.
    if (read.capped) throw new UploadRefusal('tooComplex');
  }

  const lines = rows.map((r) => {
    const texts: string[] = [];
    for (let i = 0; i < r.length; i++) {
      const c = r[i];
      texts.push(c === undefined ? '' : typeof c === 'string' ? c : (needed.get(c.shared) ?? ''));
    }
    return texts.join(';').slice(0, MAX_LINE_CHARS);
  });
  return { text: lines.join('\n'), truncated };
}
