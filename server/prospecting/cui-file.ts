// An uploaded CUI list as text: an XLSX's first sheet (each row's cells joined by `;`), or a CSV /
// plain text file as UTF-8 (a BOM is dropped by the reader).
import 'server-only';
import ExcelJS from 'exceljs';
import { badRequest } from '../kernel/errors';

const UNREADABLE = 'Fișierul nu a putut fi citit. Folosiți CSV, XLSX sau text simplu.';

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if (v instanceof Date) return '';
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    return '';
  }
  return String(v);
}

export async function cuiListText(name: string, bytes: Buffer): Promise<string> {
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'xlsx') {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw badRequest(UNREADABLE);
    }
    const ws = wb.worksheets[0];
    if (!ws) return '';
    const lines: string[] = [];
    ws.eachRow((row) => lines.push((row.values as ExcelJS.CellValue[]).slice(1).map(cellText).join(';')));
    return lines.join('\n');
  }
  if (ext === 'csv' || ext === 'txt' || ext === 'tsv') return bytes.toString('utf8');
  throw badRequest(UNREADABLE);
}
