// A small RFC 4180 reader for the project's reference files in data/ (comma separated, quoted
// fields may hold commas, doubled quotes and line breaks). The files are a few MB at most, so they
// are read whole; no dependency is needed for that.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The project's copy of the reference data (data/ at the repository root). */
const DATA_DIR = path.resolve(__dirname, '../../data');

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      row.push(field);
      field = '';
      rows.push(row);
      row = [];
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

/** Rows of data/<file> as objects keyed by the header line. */
export function readCsv(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(path.join(DATA_DIR, file), 'utf8'));
  return rows.map((r) => {
    const o: Record<string, string> = {};
    header.forEach((h, k) => (o[h] = r[k] ?? ''));
    return o;
  });
}
