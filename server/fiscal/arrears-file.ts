// The tax-arrears list file RadarFirme reads (decision 108): ANAF's quarterly list of legal-person
// debtors (large, medium or small taxpayers) with its columns as the public list shows them (the
// CUI, the name, and for each budget ANAF administers the principal and the accessory arrears),
// saved as CSV (UTF-8, ';' or ',') or XLSX (first sheet), one header line, one company a line.
// The exact published layout could not be confirmed from this machine (decision 099), so the
// layout is ours and written down in docs/guide/fiscal-checks.md, "Tax arrears"; the header names are matched without
// case, diacritics or punctuation, so a list saved from ANAF's page with these headings reads as
// is. A line that cannot be read fails the whole file with its number: a list read half-way
// would tell followers wrong things.
import 'server-only';
import { parseCui } from '@/lib/cui';
import { isCalendarDay } from '@/lib/fiscal/schemas';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { badRequest } from '../kernel/errors';
import { readZipDirectory } from '../uploads/bounded-zip';
import { UploadRefusal } from '../uploads/refusal';
import type { ArrearsCategory, ArrearsList, ArrearsListParser, ArrearsRow } from './arrears';

/**
 * Unpacked bytes an XLSX list may declare. The largest list (100,000 lines) is about 45 MB unpacked
 * in its layout (and 9 MB packed, under the 10 MB file limit). Read as a stream, a workbook of 64 MB
 * of distinct shared strings (the worst under this bound) needs 115 MB of heap: inside the server's
 * bounded heap beside its own (decision 122), where 200 MB ended the process.
 */
const ARREARS_XLSX_MAX_UNPACKED = 64_000_000;

/** The budgets of the list, with the header of their two columns (principal, accessories). */
const ARREARS_BUDGET_COLUMNS = {
  stat: 'buget stat',
  asigurari_sociale: 'asigurari sociale',
  sanatate: 'sanatate',
  somaj: 'somaj',
} as const;
type Budget = keyof typeof ARREARS_BUDGET_COLUMNS;

const key = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** What the file name says: `restante-<mari|mijlocii|mici>-<AAAA-LL-ZZ>.csv|xlsx`. */
function arrearsFileFacts(fileName: string): { category: ArrearsCategory | null; listDate: string | null } {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const category = /(?:^|[-_ ])(mari|mijlocii|mici)(?:[-_ .]|$)/i.exec(base)?.[1]?.toLowerCase() as ArrearsCategory | undefined;
  const listDate = /(\d{4}-\d{2}-\d{2})/.exec(base)?.[1] ?? null;
  return { category: category ?? null, listDate };
}

/** Lei as ANAF writes them: "1.234.567", "1234567,89", "1 234 567" or a plain number; empty is 0. */
function parseLei(raw: unknown): number | null {
  if (raw === null || raw === undefined || raw === '') return 0;
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? raw : null;
  let s = String(raw).trim().replace(/\s|\u00a0/g, '').replace(/lei$/i, '');
  if (s === '' || s === '-') return 0;
  // "1.234.567,89" (Romanian) or "1,234,567.89": the last separator followed by 1-2 digits is the decimal one.
  const dec = /[.,](\d{1,2})$/.exec(s);
  const whole = dec ? s.slice(0, dec.index) : s;
  if (!/^\d{1,3}([.,]?\d{3})*$|^\d+$/.test(whole)) return null;
  s = whole.replace(/[.,]/g, '') + (dec ? `.${dec[1]}` : '');
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** One CSV line's fields (quotes doubled inside quoted fields). */
function splitCsvLine(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((f) => f.trim());
}

async function readRows(fileName: string, content: Buffer): Promise<unknown[][]> {
  if (/\.xlsx$/i.test(fileName)) {
    // exceljs inflates the whole archive: its declared sizes are checked first (decision 115), so
    // a crafted workbook is refused before a byte is inflated.
    const declared = [...readZipDirectory(content).values()].reduce((t, e) => t + e.size, 0);
    if (declared > ARREARS_XLSX_MAX_UNPACKED) throw new UploadRefusal('tooBig');
    // Read as a stream, the first sheet only: loading the whole workbook took 241 MB of heap for the
    // largest list (decision 122). A line missing from the sheet reads as an empty one.
    const rows: unknown[][] = [];
    let sheets = 0;
    try {
      const book = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' });
      for await (const sheet of book) {
        sheets++;
        for await (const row of sheet) {
          rows[row.number - 1] = (row.values as unknown[]).slice(1).map((v) => (v && typeof v === 'object' && 'result' in v ? (v as { result: unknown }).result : v));
        }
        break;
      }
    } catch {
      throw new UploadRefusal('unreadable');
    }
    if (sheets === 0) throw badRequest('Fișierul XLSX nu are nicio foaie.');
    return Array.from(rows, (r) => r ?? []);
  }
  const text = content.toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  const sep = (lines[0]?.split(';').length ?? 0) >= (lines[0]?.split(',').length ?? 0) ? ';' : ',';
  return lines.map((l) => (l.trim() === '' ? [] : splitCsvLine(l, sep)));
}

type Columns = { cui: number; name: number | null; total: number | null; budgets: Record<Budget, { principal: number; accessories: number }> };

function findColumns(header: unknown[]): Columns {
  const names = header.map((h) => key(String(h ?? '')));
  const at = (want: string) => names.indexOf(want);
  const cui = [at('cui'), at('cif'), at('cod fiscal')].find((i) => i >= 0) ?? -1;
  const missing: string[] = [];
  if (cui < 0) missing.push('CUI');
  const budgets = {} as Columns['budgets'];
  for (const [budget, label] of Object.entries(ARREARS_BUDGET_COLUMNS) as Array<[Budget, string]>) {
    const principal = at(`${label} principal`);
    const accessories = at(`${label} accesorii`);
    if (principal < 0) missing.push(`${label} principal`);
    if (accessories < 0) missing.push(`${label} accesorii`);
    budgets[budget] = { principal, accessories };
  }
  if (missing.length) throw badRequest(`Antetul listei nu are coloanele: ${missing.join(', ')} (formatul: docs/guide/fiscal-checks.md, secțiunea „Tax arrears”).`);
  const name = at('denumire');
  const total = at('total');
  return { cui, name: name >= 0 ? name : null, total: total >= 0 ? total : null, budgets };
}

/** The list's CUI cell ("RO" prefix allowed) through lib/cui's one spelling and bound. */
function readCui(raw: unknown): number | null {
  return parseCui(String(raw ?? '').trim().replace(/^ro\s*/i, ''));
}

/**
 * The list in a file of this layout. `facts` gives the date and category where the file name does
 * not (the importer's --data and --categorie).
 */
export async function parseArrearsFile(fileName: string, content: Buffer, facts: { listDate?: string; category?: ArrearsCategory } = {}): Promise<ArrearsList> {
  const fromName = arrearsFileFacts(fileName);
  const listDate = facts.listDate ?? fromName.listDate;
  const category = facts.category ?? fromName.category;
  if (!listDate) throw badRequest('Data listei lipsește: puneți-o în numele fișierului (restante-mari-2026-09-30.csv) sau dați-o separat (--data AAAA-LL-ZZ la comandă, „Data listei” la încărcare).');
  // A date of the name such as 2026-13-45 would reach PostgreSQL's date cast (a 500 for the upload).
  if (!isCalendarDay(listDate)) throw badRequest(`Data listei (${listDate}) nu este o dată validă.`);
  if (!category) throw badRequest('Categoria listei lipsește: puneți-o în numele fișierului (mari, mijlocii sau mici) sau dați-o separat (--categorie la comandă, „Categoria” la încărcare).');
  const rows = await readRows(fileName, content);
  const headerAt = rows.findIndex((r) => r.some((v) => String(v ?? '').trim() !== ''));
  if (headerAt < 0) throw badRequest('Fișierul este gol.');
  const cols = findColumns(rows[headerAt]);
  const out: ArrearsRow[] = [];
  for (let i = headerAt + 1; i < rows.length; i++) {
    const r = rows[i];
    if (!r.some((v) => String(v ?? '').trim() !== '')) continue;
    const line = i + 1;
    const cui = readCui(r[cols.cui]);
    if (cui === null) throw badRequest(`Rândul ${line}: CUI-ul „${String(r[cols.cui] ?? '')}” nu este valid.`);
    let sum = 0;
    for (const budget of Object.keys(cols.budgets) as Budget[]) {
      const c = cols.budgets[budget];
      const principal = parseLei(r[c.principal]);
      const accessories = parseLei(r[c.accessories]);
      if (principal === null || accessories === null) throw badRequest(`Rândul ${line}: o sumă pentru ${ARREARS_BUDGET_COLUMNS[budget]} nu este un număr.`);
      sum += principal + accessories;
      if (principal > 0 || accessories > 0) out.push({ cui, budget, principal, accessories });
    }
    if (cols.total !== null && String(r[cols.total] ?? '').trim() !== '') {
      const total = parseLei(r[cols.total]);
      // A total that disagrees with its columns means the columns were read wrong: refuse the file.
      if (total === null || Math.abs(total - sum) > 0.5) throw badRequest(`Rândul ${line}: totalul (${String(r[cols.total])}) nu este suma coloanelor (${sum}).`);
    }
  }
  return { listDate, category, source: fileName.split(/[\\/]/).pop() ?? fileName, rows: out };
}

/** The parser of this layout, as the importer's interface (arrears.ts) names it. */
export const radarFirmeArrearsParser: ArrearsListParser = {
  accepts: (fileName) => /\.(csv|xlsx)$/i.test(fileName),
  parse: (fileName, content, facts) => parseArrearsFile(fileName, content, facts),
};
