// The bounded upload reader (docs/decisions/087): the same lines as the exceljs reader it replaced
// for ordinary workbooks, and a quick 400/413 for every crafted file, with no error of another kind.
import ExcelJS from 'exceljs';
import { firstLines, readUploadedLines } from '@/server/uploads/bounded-sheet';
import { UploadRefusal } from '@/server/uploads/refusal';
import { craftedUploads, makeXlsx, manyRowsSheet, sheetXml } from '../support/hostile-uploads';

const limits = { maxLines: 10_000 };

async function statusOf(name: string, bytes: Uint8Array): Promise<number> {
  try {
    await readUploadedLines(name, bytes, limits);
    return 200;
  } catch (e) {
    if (e instanceof UploadRefusal) return e.status;
    throw e;
  }
}

describe('ordinary files', () => {
  test('an exceljs workbook: first sheet, cells joined by ; in their columns, shared and rich text, dates blank', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Clienți');
    wb.addWorksheet('A doua').addRow(['nu se citește']);
    ws.addRow(['Denumire', 'CUI', 'Data']);
    ws.addRow(['Prima & Co', 14399840, new Date(Date.UTC(2024, 0, 2))]);
    ws.getCell('A3').value = { richText: [{ text: 'Bo' }, { text: 'gat' }] };
    ws.getCell('C3').value = 'RO14399840';
    ws.getCell('B5').value = { formula: '1+1', result: 2 };
    ws.getCell('A6').value = true;
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const read = await readUploadedLines('clienti.XLSX', bytes, limits);
    expect(read).toEqual({ text: 'Denumire;CUI;Data\nPrima & Co;14399840;\nBogat;;RO14399840\n;2\ntrue', truncated: false });
  });

  test("exceljs' streaming writer (how the app's own exports are written) reads back", async () => {
    const { PassThrough } = await import('node:stream');
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const ws = wb.addWorksheet('Export');
    ws.addRow(['CUI', 'Denumire', 'Cifra de afaceri']).commit();
    ws.addRow([14399840, 'Firmă „Test” SRL', 1234.5]).commit();
    ws.addRow(['RO14399840', 'Alta', null]).commit();
    await wb.commit();
    const read = await readUploadedLines('export.xlsx', Buffer.concat(chunks), limits);
    expect(read).toEqual({ text: 'CUI;Denumire;Cifra de afaceri\n14399840;Firmă „Test” SRL;1234.5\nRO14399840;Alta', truncated: false });
  });

  test('text: UTF-8 with a BOM, UTF-16 with its BOM; blank lines kept so line numbers stay', async () => {
    expect(await readUploadedLines('a.csv', Buffer.from('\uFEFFCUI\n\n14399840\n'), limits)).toEqual({ text: 'CUI\n\n14399840\n', truncated: false });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('CUI\r\nRO14399840', 'utf16le')]);
    expect(await readUploadedLines('a.txt', utf16, limits)).toEqual({ text: 'CUI\r\nRO14399840', truncated: false });
  });

  test('firstLines stops after the limit of non-empty lines', () => {
    expect(firstLines('a\n\nb\n \nc\nd', 2)).toEqual({ text: 'a\n\nb\n \n', truncated: true });
    expect(firstLines('a\n\nb\n', 2)).toEqual({ text: 'a\n\nb\n', truncated: false });
    // At most ten lines of any kind per allowed line: 25 line breaks for a limit of 2 stop at 20.
    expect(firstLines(`${'\n'.repeat(25)}a`, 2)).toEqual({ text: '\n'.repeat(20), truncated: true });
  });

  test('a sheet past the line limit is cut there, and fast', async () => {
    const file = makeXlsx(manyRowsSheet(1_000_000));
    const started = performance.now();
    const read = await readUploadedLines('a.xlsx', file, { maxLines: 10_000 });
    expect(read.truncated).toBe(true);
    expect(read.text.split('\n')).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(6_000);
    const exact = await readUploadedLines('a.xlsx', makeXlsx(sheetXml([[1], [2], [3]])), { maxLines: 3 });
    expect(exact).toEqual({ text: '1\n2\n3', truncated: false });
  });
});

describe('crafted files', () => {
  const files = craftedUploads(45);
  test.each(files.map((f) => [f.kind, f.expect, f] as const))('%s: %i', async (_kind, _expect, f) => {
    const started = performance.now();
    expect(await statusOf(f.name, f.bytes)).toBe(f.expect);
    expect(performance.now() - started).toBeLessThan(6_000);
  });

  test('past the readers and their queue: 429 with Retry-After', async () => {
    const { env } = await import('@/server/kernel/env');
    const saved = [env.UPLOAD_PARSES_AT_ONCE, env.UPLOAD_PARSES_WAITING] as const;
    env.UPLOAD_PARSES_AT_ONCE = 1;
    env.UPLOAD_PARSES_WAITING = 0;
    try {
      const file = makeXlsx(sheetXml([[14399840]]));
      const [first, second] = await Promise.allSettled([readUploadedLines('a.xlsx', file, limits), readUploadedLines('b.xlsx', file, limits)]);
      expect(first.status).toBe('fulfilled');
      expect(second.status).toBe('rejected');
      const refusal = (second as PromiseRejectedResult).reason as UploadRefusal;
      expect([refusal.status, refusal.headers?.['retry-after']]).toEqual([429, '5']);
    } finally {
      [env.UPLOAD_PARSES_AT_ONCE, env.UPLOAD_PARSES_WAITING] = saved;
    }
  });

  test('the kinds cover the attacks of issue 45', () => {
    const kinds = new Set(files.map((f) => f.kind));
    for (const k of ['bomb-declared', 'bomb-lying', 'bomb-rows', 'nested-archive', 'billion-laughs-sheet', 'billion-laughs-strings', 'huge-shared-strings', 'million-line-csv', 'noise-xlsx', 'wrong-extension']) {
      expect(kinds).toContain(k);
    }
  });
});
