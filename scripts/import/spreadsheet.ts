// Spreadsheet years of the procurement exports (data.gov.ro served 2020 and 2026 as XLSX): read
// with exceljs's streaming WorkbookReader, row by row, so memory stays flat in the number of rows
// (docs/decisions/024-official-data-import.md, "Spreadsheets"). Only the first worksheet is read;
// its first non-empty row is the header. Cells are turned into the text a CSV export would hold
// (numbers as digits, dates as YYYY-MM-DD[ HH:MM:SS]), so the CSV parsers and column aliases serve
// both. XLS (the binary OLE format) and ODS are recognised and refused with a clear message: no
// maintained npm library streams them.
import { closeSync, createReadStream, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { refusalMessage, sniffSpreadsheet, type FileRecord, type OpenedFile, type ReadOptions } from './records';

/**
 * The workbook's shared-strings table kept on disk: an XLSX file stores every distinct text once
 * and its cells refer to it by number, so a reader that kept the table in memory (exceljs's
 * 'cache' mode) would grow with the distinct titles of the year (about 60 MB per 100,000 rows
 * measured). Here the texts go to a temporary file, with one 8-byte offset each in memory, and the
 * cells read them back through a small cache (authority and supplier names repeat).
 */
export class DiskStrings {
  private dir = mkdtempSync(path.join(os.tmpdir(), 'rf-xlsx-'));
  private fd = openSync(path.join(this.dir, 'strings'), 'w+');
  private offsets = new Float64Array(1 << 16);
  private count = 0;
  private end = 0;
  private cache = new Map<number, string>();
  private buf = Buffer.alloc(1 << 16);

  add(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    if (this.count + 2 > this.offsets.length) {
      const grown = new Float64Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.offsets[this.count] = this.end;
    writeSync(this.fd, bytes, 0, bytes.length, this.end);
    this.end += bytes.length;
    this.count++;
    this.offsets[this.count] = this.end;
  }

  get(i: number): string | undefined {
    if (!(i >= 0 && i < this.count)) return undefined;
    const hit = this.cache.get(i);
    if (hit !== undefined) return hit;
    const start = this.offsets[i];
    const len = this.offsets[i + 1] - start;
    if (len > this.buf.length) this.buf = Buffer.alloc(len);
    readSync(this.fd, this.buf, 0, len, start);
    const text = this.buf.toString('utf8', 0, len);
    if (this.cache.size >= 20_000) this.cache.clear();
    this.cache.set(i, text);
    return text;
  }

  get size(): number {
    return this.count;
  }

  /** What exceljs's worksheet reader indexes (`sharedStrings[n]`). */
  asTable(): unknown {
    return new Proxy({}, { get: (_t, key) => (typeof key === 'string' && /^\d+$/.test(key) ? this.get(Number(key)) : undefined) });
  }

  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      /* closed already */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** One cell as the text a CSV export of the same sheet would hold. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6);
  if (typeof v === 'boolean') return v ? 'DA' : 'NU';
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return '';
    const d = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
    const h = v.getUTCHours(), m = v.getUTCMinutes(), s = v.getUTCSeconds();
    return h || m || s ? `${d} ${pad(h)}:${pad(m)}:${pad(s)}` : d;
  }
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if ('result' in o) return cellText(o.result);
    if ('text' in o) return cellText(o.text);
    if ('error' in o) return '';
  }
  return String(v);
}

/**
 * Opens the first worksheet of an XLSX file: its header (the first non-empty row) and its data
 * records after `skip`, in batches. Record numbers count the data rows read (1 = the first one
 * after the header, empty rows skipped), as for the CSV files, so a resumed run skips exactly the
 * rows it committed; `raw` is the row's cells joined with ';' for the rejects file.
 */
export async function openSpreadsheet(file: string, opts: ReadOptions = {}): Promise<OpenedFile> {
  const kind = sniffSpreadsheet(file);
  if (kind !== 'xlsx') throw new Error(kind ? refusalMessage(file, kind) : `${path.basename(file)} nu este o foaie de calcul XLSX.`);
  const skip = opts.skip ?? 0;
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  let bytes = 0;
  stream.on('data', (c) => {
    bytes += c.length;
    opts.onBytes?.(bytes);
  });
  // Shared strings are emitted, not cached: they go to a DiskStrings table. exceljs then holds the
  // worksheet back in a temporary file until the whole package is read (Excel writes the sheet
  // before the strings), and parses it at the end; by then the table is complete. Styles are read
  // so that date-formatted numbers come back as dates.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const strings = new DiskStrings();
  // (in 'emit' mode exceljs yields each shared string as a bare { index, text }, in order)
  const events = reader.parse() as AsyncGenerator<{ eventType?: string; value?: unknown; index?: number; text?: unknown }>;
  const rows = (async function* (): AsyncGenerator<string[]> {
    try {
      for (;;) {
        const ev = await events.next();
        if (ev.done) break;
        const { eventType, value } = ev.value;
        if (eventType === undefined && typeof ev.value.index === 'number') {
          strings.add(cellText(ev.value.text));
        } else if (eventType === 'worksheet') {
          // the worksheet reader looks the table up when it starts parsing
          (reader as unknown as { sharedStrings: unknown }).sharedStrings = strings.asTable();
          for await (const row of value as AsyncIterable<ExcelJS.Row>) {
            const values = row.values as unknown[];
            const out: string[] = [];
            for (let i = 1; i < values.length; i++) out.push(cellText(values[i]).replace(/\r\n?/g, '\n'));
            if (out.every((c) => c.trim() === '')) continue;
            yield out;
          }
          // the first worksheet only: the exports hold one
          break;
        }
      }
    } finally {
      await events.return(undefined);
      strings.close();
    }
  })();
  const first = await rows.next();
  const header = first.done ? [] : first.value.map((h) => h.replace(/^\ufeff/, '').trim());
  const batches = (async function* (): AsyncGenerator<FileRecord[]> {
    let no = 0;
    let out: FileRecord[] = [];
    try {
      for await (const fields of rows) {
        no++;
        if (no <= skip) continue;
        out.push({ no, fields, raw: fields.join(';') });
        if (out.length >= 2000) {
          yield out;
          out = [];
        }
      }
      if (out.length) yield out;
    } finally {
      stream.destroy();
    }
  })();
  const records = (async function* () {
    for await (const b of batches) yield* b;
  })();
  return { header, delimiter: 'xlsx', batches, records };
}
