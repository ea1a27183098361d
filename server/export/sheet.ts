// The one writer of every export (issue 27; docs/decisions/055): rows come in batches from an async
// source and leave as a streamed response, so a 100,000-row file never sits in memory.
// - XLSX: exceljs' streaming WorkbookWriter; numbers are numbers with a Romanian-looking format
//   (thousands grouped, "lei" for money), dates are dates (dd.mm.yyyy), the header row is bold
//   and frozen, each column has a width.
// - CSV: UTF-8 with a BOM and `;` between fields, what a Romanian Excel opens without a wizard;
//   numbers are plain integers (no grouping, so the file reads back as numbers), dates dd.mm.yyyy.
import 'server-only';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '@/lib/export/schemas';

type ColumnKind = 'text' | 'int' | 'money' | 'date' | 'percent';
export type ExportColumn<R> = { header: string; kind: ColumnKind; width: number; value: (row: R) => string | number | Date | null | undefined };
/** `limit`: the file holds at most `rows` rows; when the source has more, the file ends with `notice`. */
export type ExportSheet<R> = { sheetName: string; columns: ExportColumn<R>[]; batches: AsyncIterable<R[]>; limit?: { rows: number; notice: string } };

/** The sheet's batches cut at its limit; `cut.notice` is set once a row beyond the limit is seen. */
async function* cappedBatches<R>(sheet: ExportSheet<R>, cut: { notice: string | null }): AsyncGenerator<R[]> {
  let left = sheet.limit?.rows ?? Number.POSITIVE_INFINITY;
  for await (const b of sheet.batches) {
    if (b.length > left) {
      if (left > 0) yield b.slice(0, left);
      cut.notice = sheet.limit!.notice;
      return;
    }
    yield b;
    left -= b.length;
  }
}

const NUMBER_FORMAT: Record<ColumnKind, string | undefined> = {
  text: undefined,
  int: '#,##0',
  money: '#,##0 "lei";-#,##0 "lei"',
  date: 'dd.mm.yyyy',
  percent: '0.0%',
};
/** A CUI is an identifier: a number in the cell (so lookups match), never grouped by thousands. */
const PLAIN_INT = '0';

/** The name of the XLSX sheet that says a file was cut at its limit. */
const TRUNCATED_SHEET = 'Atenție';

const pad = (n: number) => String(n).padStart(2, '0');
const roDate = (d: Date) => `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;

function csvField(v: string | number | Date | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = v instanceof Date ? roDate(v) : String(v);
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A rate 0..1 in a CSV: "33,3%", which a Romanian Excel reads back as a percentage. */
const csvPercent = (v: number) => `${(v * 100).toFixed(1).replace('.', ',')}%`;

/** Excel reads a formula from a text cell that starts with = + - @: such text is kept as text. */
const safeText = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

function cellValue(kind: ColumnKind, v: string | number | Date | null | undefined) {
  if (v === null || v === undefined || v === '') return null;
  if (kind === 'text') return safeText(String(v));
  return v;
}

async function writeXlsx<R>(sheet: ExportSheet<R>, out: PassThrough): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheet.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheet.columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width,
    style: { numFmt: c.header === 'CUI' ? PLAIN_INT : NUMBER_FORMAT[c.kind] },
  }));
  ws.getRow(1).font = { bold: true };
  // One style object per column, shared by all its cells: exceljs gives each new cell a fresh copy
  // of the column's style and looks a style up by object identity first, so without this every cell
  // had its style rendered to XML and hashed again (about half of the export's CPU at 100,000 rows).
  const styles = ws.columns.map((c) => ({ ...c.style }));
  let n = 0;
  const cut = { notice: null as string | null };
  for await (const batch of cappedBatches(sheet, cut)) {
    for (const r of batch) {
      const row = ws.addRow(sheet.columns.map((c) => cellValue(c.kind, c.value(r))));
      for (let i = 0; i < styles.length; i++) row.getCell(i + 1).style = styles[i];
      row.commit();
      n++;
    }
  }
  // A cut file says so in itself: a last row under the data and a sheet of its own (decision 064).
  if (cut.notice) {
    const last = ws.addRow([cut.notice]);
    last.font = { bold: true, italic: true };
    last.commit();
  }
  ws.commit();
  if (cut.notice) {
    const note = wb.addWorksheet(TRUNCATED_SHEET);
    note.columns = [{ width: 110 }];
    note.addRow([cut.notice]).commit();
    note.commit();
  }
  await wb.commit();
  return n;
}

async function writeCsv<R>(sheet: ExportSheet<R>, out: PassThrough): Promise<number> {
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((ok) => out.once('drain', () => ok())));
  await write(`\uFEFF${sheet.columns.map((c) => csvField(c.header)).join(';')}\r\n`);
  let n = 0;
  const cut = { notice: null as string | null };
  for await (const batch of cappedBatches(sheet, cut)) {
    const lines = batch.map((r) =>
      sheet.columns
        .map((c) => {
          const v = c.value(r);
          if (c.kind === 'text') return csvField(cellValue('text', v));
          return csvField(c.kind === 'percent' && typeof v === 'number' ? csvPercent(v) : v);
        })
        .join(';'),
    );
    n += batch.length;
    if (lines.length) await write(`${lines.join('\r\n')}\r\n`);
  }
  // A final comment line: a reader of the CSV learns that the list goes on (decision 064).
  if (cut.notice) await write(`${csvField(`# ${cut.notice}`)}\r\n`);
  out.end();
  return n;
}

/** "radarfirme-grup-clienti-2026-11-25-1834.xlsx": what the file holds and when it was made (UTC). */
export function exportFileName(what: string, format: ExportFormat, now = new Date()): string {
  const slug =
    what
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'export';
  const stamp = `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}-${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}`;
  return `radarfirme-${slug}-${stamp}.${format}`;
}

const CONTENT_TYPE: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * The file as a streamed response. `done` runs with the number of rows written once the file is
 * complete (the ledger of the daily limits); a source that fails mid-way ends the stream with an
 * error (the browser shows a failed download, never a cut file that looks whole).
 */
export function exportResponse<R>(sheet: ExportSheet<R>, format: ExportFormat, fileName: string, done: (rows: number) => Promise<void>): Response {
  const out = new PassThrough();
  const write = format === 'xlsx' ? writeXlsx(sheet, out) : writeCsv(sheet, out);
  write.then(done).catch((e: unknown) => {
    console.error('[export] failed:', e);
    out.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_');
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'content-type': CONTENT_TYPE[format],
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
