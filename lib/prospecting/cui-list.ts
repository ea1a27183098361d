// Reading a pasted or uploaded list of CUIs (issue 27): one company a line, the CUI with or
// without RO, in a CSV/XLSX row among other fields. Pure, shared by the preview and its tests.
import { isValidCui } from '../cui';

/** Characters of a line read: a CUI list's CUI is in its first fields; the rest is never shown. */
export const MAX_LINE_CHARS = 1_000;

/**
 * Calls `visit` with the bounds of each line (\r\n, \n or \r ends one; a text ending in a break
 * has an empty last line, as split() gives) until it returns false. No array of lines is built.
 */
export function eachLine(text: string, visit: (start: number, end: number, index: number) => boolean): void {
  const n = text.length;
  let start = 0;
  let index = 0;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 10;
    if (c !== 10 && c !== 13) continue;
    if (!visit(start, i, index++) || i === n) return;
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
  }
}

/** Whether text[start, end) is only white space (as trim() sees it), looking at most MAX_LINE_CHARS. */
export function isBlank(text: string, start: number, end: number): boolean {
  // No Math.min: under Jest's sandbox it costs half a microsecond, which a 5-million-line file feels.
  const stop = end - start > MAX_LINE_CHARS ? start + MAX_LINE_CHARS : end;
  for (let i = start; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c > 32 && c !== 0xa0 && c !== 0xfeff && c !== 0x1680 && !(c >= 0x2000 && c <= 0x200a) && c !== 0x2028 && c !== 0x2029 && c !== 0x202f && c !== 0x205f && c !== 0x3000) return false;
    if (c < 32 && (c < 9 || c > 13)) return false;
  }
  return true;
}

export type CuiLine = { line: number; text: string };
export type ReadCuiList = { cuis: number[]; invalid: CuiLine[]; duplicates: number };

/** A field that looks like a CUI: 2–10 digits, RO before it or not (spaces allowed after RO). */
const CUI_FIELD = /^(?:ro\s*)?(\d{2,10})$/i;

/** The lines of a text, each split into fields on ; , tab (CSV of a Romanian or English Excel). */
function fields(line: string): string[] {
  return line
    .split(/[;,\t]/)
    .map((f) => f.trim().replace(/^"(.*)"$/, '$1').trim())
    .filter(Boolean);
}

/**
 * Each non-empty line gives the first field that looks like a CUI. A line with such a field whose
 * check digit is wrong, or with none at all, is invalid (a first line without digits is taken as
 * a header and skipped). A CUI seen on an earlier line is counted once.
 */
export function readCuiList(text: string, maxLines: number): ReadCuiList {
  const seen = new Set<number>();
  const invalid: CuiLine[] = [];
  let duplicates = 0;
  let read = 0;
  // Line by line without splitting the whole text (5 MB of line breaks is 5 million lines), and at
  // most MAX_LINE_CHARS of each: the CUI is in the first fields.
  const source = text.replace(/^\uFEFF/, '');
  eachLine(source, (start, end, i) => {
    if (read >= maxLines) return false;
    if (isBlank(source, start, end)) return true;
    const raw = source.slice(start, Math.min(end, start + MAX_LINE_CHARS)).trim();
    read++;
    const candidate = fields(raw).find((f) => CUI_FIELD.test(f));
    if (!candidate) {
      if (read === 1 && !/\d/.test(raw)) return true;
      invalid.push({ line: i + 1, text: raw.slice(0, 80) });
      return true;
    }
    const digits = CUI_FIELD.exec(candidate)![1];
    if (!isValidCui(digits)) {
      invalid.push({ line: i + 1, text: raw.slice(0, 80) });
      return true;
    }
    const cui = Number(digits);
    if (cui > 2_147_483_647) {
      invalid.push({ line: i + 1, text: raw.slice(0, 80) });
      return true;
    }
    if (seen.has(cui)) duplicates++;
    else seen.add(cui);
    return true;
  });
  return { cuis: [...seen], invalid, duplicates };
}
