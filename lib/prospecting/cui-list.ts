// Reading a pasted or uploaded list of CUIs (issue 27): one company a line, the CUI with or
// without RO, in a CSV/XLSX row among other fields. Pure, shared by the preview and its tests.
import { isCuiText, isStorableCui, isValidCui, normalizeCui } from '../cui';
import { eachLine, isBlank, MAX_LINE_CHARS } from '../shared/lines';

type CuiLine = { line: number; text: string };
export type ReadCuiList = { cuis: number[]; invalid: CuiLine[]; duplicates: number };


/** A field that looks like a CUI (RO before it or not): its 2–10 digits, else null. */
function readCuiField(field: string): string | null {
  const digits = normalizeCui(field);
  return digits != null && digits.length >= 2 && isCuiText(digits) ? digits : null;
}

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
    const candidate = fields(raw).map(readCuiField).find((digits) => digits != null);
    if (!candidate) {
      if (read === 1 && !/\d/.test(raw)) return true;
      invalid.push({ line: i + 1, text: raw.slice(0, 80) });
      return true;
    }
    if (!isValidCui(candidate)) {
      invalid.push({ line: i + 1, text: raw.slice(0, 80) });
      return true;
    }
    const cui = Number(candidate);
    if (!isStorableCui(cui)) {
      invalid.push({ line: i + 1, text: raw.slice(0, 80) });
      return true;
    }
    if (seen.has(cui)) duplicates++;
    else seen.add(cui);
    return true;
  });
  return { cuis: [...seen], invalid, duplicates };
}
