// Streaming readers for the official files: constant memory whatever the file size. Two shapes:
//  * caret files (ONRC, SICAP 2017–2018): one record per line, '^' separated, quotes are NOT
//    special (a name may hold a lone '"'), BOM and CRLF tolerated;
//  * comma/semicolon CSV with RFC 4180 quoting (SICAP API exports, MF, EU lists), where a quoted
//    field may hold separators, doubled quotes and line breaks.
// Each record carries its number (1 = first data row after the header) and its raw text, for the
// rejects file and for resuming after a given record.
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import path from 'node:path';

export type FileRecord = { no: number; fields: string[]; raw: string };
export type ReadOptions = {
  /** Records already done by an interrupted run: read but not yielded. */
  skip?: number;
  /** Called with the bytes read so far (progress bar). */
  onBytes?: (bytes: number) => void;
};

/** The separator of a header line: '^' wins, then ';' when there are more of them than commas. */
export function sniffDelimiter(header: string): '^' | ',' | ';' | '\t' {
  if (header.includes('^')) return '^';
  const count = (c: string) => header.split(c).length - 1;
  if (count('\t') > count(',') && count('\t') > count(';')) return '\t';
  return count(';') > count(',') ? ';' : ',';
}

/** Spreadsheets served under CSV names (zip: XLSX/ODS, OLE: XLS) are recognised by their first bytes. */
export function isSpreadsheetMagic(head: Buffer): boolean {
  return (head[0] === 0x50 && head[1] === 0x4b) || (head[0] === 0xd0 && head[1] === 0xcf);
}

/** Splits one line of a caret file: quoting disabled. */
function splitCaret(line: string): string[] {
  return line.split('^');
}

/**
 * RFC 4180 state machine over a chunked text stream. Yields [fields, raw] per record; a quoted
 * field may span lines. Lines of only whitespace are skipped.
 */
export async function* csvRecords(chunks: AsyncIterable<string>, delimiter: string): AsyncGenerator<[string[], string]> {
  let fields: string[] = [];
  let field = '';
  let raw = '';
  let quoted = false;
  let afterQuote = false;
  let pendingCr = false;
  for await (const chunk of chunks) {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (pendingCr) {
        pendingCr = false;
        if (c === '\n') {
          start = i + 1;
          continue;
        }
      }
      if (quoted) {
        if (c === '"') {
          if (chunk[i + 1] === '"') {
            field += '"';
            i++;
          } else if (i + 1 === chunk.length) {
            // the next chunk decides: doubled quote or end of the quoted part
            afterQuote = true;
            quoted = false;
          } else {
            quoted = false;
          }
        } else field += c;
        continue;
      }
      if (afterQuote) {
        afterQuote = false;
        if (c === '"') {
          field += '"';
          quoted = true;
          continue;
        }
      }
      if (c === '"' && field === '') {
        quoted = true;
      } else if (c === delimiter) {
        fields.push(field);
        field = '';
      } else if (c === '\n' || c === '\r') {
        fields.push(field);
        raw += chunk.slice(start, i);
        if (!(fields.length === 1 && fields[0].trim() === '')) yield [fields, raw];
        fields = [];
        field = '';
        raw = '';
        start = i + 1;
        if (c === '\r') pendingCr = true;
      } else {
        field += c;
      }
    }
    raw += chunk.slice(start);
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    if (!(fields.length === 1 && fields[0].trim() === '')) yield [fields, raw];
  }
}

/**
 * Lines of a text stream (LF or CRLF), the last one without a line end included, one array per
 * chunk read: an await per line would cost more than the parsing (millions of lines).
 */
async function* lineBatches(chunks: AsyncIterable<string>): AsyncGenerator<string[]> {
  let rest = '';
  for await (const chunk of chunks) {
    const text = rest + chunk;
    const out: string[] = [];
    let start = 0;
    let nl = text.indexOf('\n', start);
    while (nl !== -1) {
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      out.push(text.slice(start, end));
      start = nl + 1;
      nl = text.indexOf('\n', start);
    }
    rest = text.slice(start);
    if (out.length) yield out;
  }
  if (rest !== '') yield [rest.endsWith('\r') ? rest.slice(0, -1) : rest];
}

/** Lines one by one (small files, tests). */
export async function* lines(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const batch of lineBatches(chunks)) yield* batch;
}

async function* textChunks(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<string> {
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let first = true;
  for await (const chunk of stream as AsyncIterable<string>) {
    onBytes?.(stream.bytesRead);
    if (first) {
      first = false;
      yield chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
    } else yield chunk;
  }
}

export type OpenedFile = {
  header: string[];
  delimiter: string;
  /** The data records in batches (one per chunk read), after `skip`. */
  batches: AsyncGenerator<FileRecord[]>;
  /** The same records one by one (small files, tests). */
  records: AsyncGenerator<FileRecord>;
};

/**
 * Opens a delimited file: reads its header (BOM stripped), picks the separator, and yields the data
 * records after `skip`. Caret files are read line by line with quoting disabled.
 */
export async function openDelimited(file: string, opts: ReadOptions = {}): Promise<OpenedFile> {
  const skip = opts.skip ?? 0;
  const src = textChunks(file, opts.onBytes);
  // The header decides the shape; the same chunk iterator then continues with the data.
  const first = await src.next();
  const firstChunk = first.done ? '' : first.value;
  const nl = firstChunk.indexOf('\n');
  const headerLine = (nl === -1 ? firstChunk : firstChunk.slice(0, nl)).replace(/\r$/, '');
  const delimiter = sniffDelimiter(headerLine);
  async function* rest(): AsyncGenerator<string> {
    if (!first.done) yield firstChunk;
    yield* src;
  }
  let header: string[];
  let batches: AsyncGenerator<FileRecord[]>;
  if (delimiter === '^') {
    const it = lineBatches(rest());
    const h = await it.next();
    const firstLines = h.done ? [] : h.value;
    header = firstLines.length ? splitCaret(firstLines[0]) : [];
    batches = (async function* () {
      let no = 0;
      const take = (ls: string[], from: number) => {
        const out: FileRecord[] = [];
        for (let i = from; i < ls.length; i++) {
          const line = ls[i];
          if (line.trim() === '') continue;
          no++;
          if (no <= skip) continue;
          out.push({ no, fields: splitCaret(line), raw: line });
        }
        return out;
      };
      const first = take(firstLines, 1);
      if (first.length) yield first;
      for await (const ls of it) {
        const out = take(ls, 0);
        if (out.length) yield out;
      }
    })();
  } else {
    const it = csvRecords(rest(), delimiter);
    const h = await it.next();
    header = h.done ? [] : h.value[0];
    batches = (async function* () {
      let no = 0;
      let out: FileRecord[] = [];
      for await (const [fields, raw] of it) {
        no++;
        if (no <= skip) continue;
        out.push({ no, fields, raw });
        if (out.length >= 2000) {
          yield out;
          out = [];
        }
      }
      if (out.length) yield out;
    })();
  }
  const records = (async function* () {
    for await (const b of batches) yield* b;
  })();
  return { header: header.map((h) => h.replace(/^\ufeff/, '').trim()), delimiter, batches, records };
}

export type SpreadsheetKind = 'xlsx' | 'ods' | 'xls' | null;

/** What a file is by its first bytes (the extension is not trusted: 2026 served ODS as .xlsx). */
export function sniffSpreadsheet(file: string): SpreadsheetKind {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(256);
  const n = readSync(fd, head, 0, 256, 0);
  closeSync(fd);
  return spreadsheetKind(head.subarray(0, n));
}

export function spreadsheetKind(head: Buffer): SpreadsheetKind {
  if (head.length >= 4 && head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) return 'xls';
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    // an OpenDocument package starts with its stored, uncompressed "mimetype" entry
    return head.toString('latin1').includes('application/vnd.oasis.opendocument') ? 'ods' : 'xlsx';
  }
  return null;
}

export function refusalMessage(file: string, kind: 'ods' | 'xls'): string {
  const what = kind === 'xls' ? 'XLS (formatul binar Excel 97–2003)' : 'ODS (OpenDocument)';
  return `${path.basename(file)} este o foaie de calcul ${what}: salvați-o ca XLSX sau CSV (UTF-8) și importați fișierul salvat.`;
}

/**
 * Opens a data file whatever its shape: XLSX (recognised by its content, not its name) through the
 * streaming spreadsheet reader, XLS and ODS refused with the way out, anything else as delimited
 * text. The spreadsheet library is loaded only when a spreadsheet comes.
 */
export async function openTabular(file: string, opts: ReadOptions = {}): Promise<OpenedFile> {
  const kind = sniffSpreadsheet(file);
  if (kind === 'xlsx') return (await import('./spreadsheet')).openSpreadsheet(file, opts);
  if (kind) throw new Error(refusalMessage(file, kind));
  return openDelimited(file, opts);
}
