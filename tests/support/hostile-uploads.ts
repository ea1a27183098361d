// Crafted uploads for the bounded reader (docs/decisions/087): zip bombs (declared, lying and
// honest), nested archives, billion-laughs XML, huge shared strings, deep nesting, million-line
// CSVs, binary noise and wrong extensions. Shared by the integration test (CI size) and the bench
// (`npm run bench -- hostile-uploads`, 1,000 files). Each file says what the reader must answer.
import { crc32, deflateRawSync } from 'node:zlib';
import { Deflate } from 'fflate';

export type CraftedUpload = { kind: string; name: string; bytes: Buffer; expect: 200 | 400 | 413 };

type Part = { name: string; data: Buffer; method?: 0 | 8; declaredSize?: number; flags?: number; methodId?: number; compressed?: Buffer; localSize?: number };

/** A ZIP archive of the parts; a part may lie about its size, flags or method. */
function makeZip(parts: Part[], opts: { zip64Count?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const method = p.method ?? 8;
    const packed = p.compressed ?? (method === 8 ? deflateRawSync(p.data, { level: 1 }) : p.data);
    const name = Buffer.from(p.name, 'utf8');
    const size = p.declaredSize ?? p.data.length;
    const crc = crc32(p.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.flags ?? 0, 6);
    local.writeUInt16LE(p.methodId ?? method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE((p.localSize ?? size) >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(p.flags ?? 0, 8);
    central.writeUInt16LE(p.methodId ?? method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = opts.zip64Count ? 0xffff : parts.length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Foaie1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** A workbook whose first sheet is `sheet` (raw XML or a part that lies), plus extra parts. */
export function makeXlsx(sheet: string | Omit<Part, 'name'>, extra: Part[] = []): Buffer {
  const sheetPart: Part = typeof sheet === 'string' ? { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) } : { name: 'xl/worksheets/sheet1.xml', ...sheet };
  return makeZip([{ name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) }, { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(RELS) }, sheetPart, ...extra]);
}

/** Sheet XML of the rows (each an array of inline or numeric cells). */
export function sheetXml(rows: Array<Array<string | number>>): string {
  const body = rows
    .map((r, i) => `<row r="${i + 1}">${r.map((v, j) => (typeof v === 'number' ? `<c r="${String.fromCharCode(65 + j)}${i + 1}"><v>${v}</v></c>` : `<c r="${String.fromCharCode(65 + j)}${i + 1}" t="inlineStr"><is><t>${v}</t></is></c>`)).join('')}</row>`)
    .join('');
  return SHEET_HEAD + body + SHEET_TAIL;
}

/**
 * `n` rows of one tiny cell, deflated piece by piece so the XML is never held whole: 7,000,000 rows
 * (180 MB of XML) pack into about 0.5 MB (the attack of issue 45, item 1). Cached per size.
 */
const rowsCache = new Map<number, Omit<Part, 'name'>>();
export function manyRowsSheet(n: number): Omit<Part, 'name'> {
  let hit = rowsCache.get(n);
  if (!hit) {
    const row = '<row><c><v>1</v></c></row>';
    const block = 4096;
    const chunk = Buffer.from(row.repeat(block));
    const out: Uint8Array[] = [];
    const d = new Deflate({ level: 1 }, (c) => out.push(c));
    d.push(Buffer.from(SHEET_HEAD));
    let size = SHEET_HEAD.length + SHEET_TAIL.length;
    for (let done = 0; done < n; done += block) {
      const piece = done + block <= n ? chunk : Buffer.from(row.repeat(n - done));
      d.push(piece);
      size += piece.length;
    }
    d.push(Buffer.from(SHEET_TAIL), true);
    hit = { data: Buffer.alloc(0), compressed: Buffer.concat(out), declaredSize: size };
    rowsCache.set(n, hit);
  }
  return hit;
}

/** Parts that take a moment to build and do not vary: made once per process. */
let heavy: { rows7m: Buffer; strings: Buffer; farString: Buffer; lying: Buffer } | null = null;
function heavyFiles() {
  heavy ??= {
    rows7m: makeXlsx(manyRowsSheet(7_000_000)),
    // A cell that refers to string 250,000 of a 6 MB table: past the strings' read budget.
    farString: makeXlsx(SHEET_HEAD + '<row r="1"><c r="A1" t="s"><v>250000</v></c></row>' + SHEET_TAIL, [
      { name: 'xl/sharedStrings.xml', data: Buffer.from(`<sst>${'<si><t>RO14399840</t></si>'.repeat(250_001)}</sst>`) },
    ]),
    // A cell that refers to string 1,000,000 of a 25 MB table: refused without reading it.
    strings: makeXlsx(SHEET_HEAD + '<row r="1"><c r="A1" t="s"><v>1000000</v></c></row>' + SHEET_TAIL, [
      { name: 'xl/sharedStrings.xml', data: Buffer.from(`<sst>${'<si><t>RO14399840</t></si>'.repeat(1_000_001)}</sst>`) },
    ]),
    // Declares 2 KB, inflates to 40 MB.
    lying: makeXlsx({ data: Buffer.alloc(0), compressed: deflateRawSync(Buffer.alloc(40_000_000, 0x20)), declaredSize: 2048 }),
  };
  return heavy;
}

const LAUGHS = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>`;

/** A small deterministic generator, so a failing file can be made again. */
function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

function noise(rand: () => number, length: number): Buffer {
  const b = Buffer.alloc(length);
  for (let i = 0; i < length; i++) b[i] = Math.floor(rand() * 256);
  b[Math.floor(length / 2)] = 0;
  return b;
}

/** One of each kind, made from `seed` (noise and sizes vary with it). */
export function craftedUploads(seed: number): CraftedUpload[] {
  const rand = seededRandom(seed);
  const small = Buffer.from(sheetXml([['CUI'], [14399840]]));
  const sharedRef = SHEET_HEAD + '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' + SHEET_TAIL;
  const h = heavyFiles();
  const validXlsx = makeXlsx(sheetXml([['CUI'], [14399840]]));
  const files: CraftedUpload[] = [
    // A sheet that declares 300 MB: refused before a byte is inflated.
    { kind: 'bomb-declared', name: 'lista.xlsx', bytes: makeXlsx({ data: small, declaredSize: 300_000_000 + Math.floor(rand() * 1e6) }), expect: 413 },
    // A sheet that declares 2 KB and inflates to 40 MB: stopped as soon as it passes 2 KB.
    { kind: 'bomb-lying', name: 'lista.xlsx', bytes: h.lying, expect: 413 },
    // 7,000,000 rows (honest sizes, 180 MB unpacked) in about 0.5 MB.
    { kind: 'bomb-rows', name: 'lista.xlsx', bytes: h.rows7m, expect: 413 },
    { kind: 'zip64-marker', name: 'lista.xlsx', bytes: makeZip([{ name: 'a.xml', data: small }], { zip64Count: true }), expect: 413 },
    { kind: 'many-entries', name: 'lista.xlsx', bytes: makeZip(Array.from({ length: 2100 }, (_, i) => ({ name: `x/${i}.xml`, data: Buffer.from('<a/>'), method: 0 as const }))), expect: 413 },
    { kind: 'nested-archive', name: 'lista.xlsx', bytes: makeXlsx({ data: validXlsx, method: 0 }), expect: 400 },
    { kind: 'zip-in-zip', name: 'lista.xlsx', bytes: makeZip([{ name: 'inner.zip', data: validXlsx }]), expect: 400 },
    { kind: 'billion-laughs-sheet', name: 'lista.xlsx', bytes: makeXlsx(`${LAUGHS}<worksheet><sheetData><row><c t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>`), expect: 400 },
    {
      kind: 'billion-laughs-strings',
      name: 'lista.xlsx',
      bytes: makeXlsx(sharedRef, [{ name: 'xl/sharedStrings.xml', data: Buffer.from(`${LAUGHS}<sst><si><t>&lol9;</t></si></sst>`) }]),
      expect: 400,
    },
    {
      kind: 'external-entity',
      name: 'lista.xlsx',
      bytes: makeXlsx(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><worksheet><sheetData><row><c t="inlineStr"><is><t>&e;</t></is></c></row></sheetData></worksheet>`),
      expect: 400,
    },
    { kind: 'huge-shared-strings', name: 'lista.xlsx', bytes: h.strings, expect: 413 },
    { kind: 'far-shared-string', name: 'lista.xlsx', bytes: h.farString, expect: 413 },
    { kind: 'deep-nesting', name: 'lista.xlsx', bytes: makeXlsx(SHEET_HEAD + '<row>' + '<x>'.repeat(200_000) + SHEET_TAIL), expect: 413 },
    { kind: 'undefined-entity', name: 'lista.xlsx', bytes: makeXlsx(SHEET_HEAD + '<row><c t="inlineStr"><is><t>&nope;</t></is></c></row>' + SHEET_TAIL), expect: 400 },
    { kind: 'broken-xml', name: 'lista.xlsx', bytes: makeXlsx(SHEET_HEAD + '<row><c><v>1</c></row>' + SHEET_TAIL), expect: 400 },
    { kind: 'no-sheet', name: 'lista.xlsx', bytes: makeZip([{ name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) }]), expect: 400 },
    { kind: 'truncated-zip', name: 'lista.xlsx', bytes: validXlsx.subarray(0, Math.floor(validXlsx.length * (0.3 + rand() * 0.4))), expect: 400 },
    // The local header names another size than the directory: two readers would see two files.
    { kind: 'local-size-mismatch', name: 'lista.xlsx', bytes: makeXlsx({ data: small, localSize: 1 + Math.floor(rand() * 1e6) }), expect: 400 },
    { kind: 'encrypted-entry', name: 'lista.xlsx', bytes: makeXlsx({ data: small, flags: 1 }), expect: 400 },
    { kind: 'unknown-method', name: 'lista.xlsx', bytes: makeXlsx({ data: small, method: 0, methodId: 12 }), expect: 400 },
    { kind: 'noise-xlsx', name: 'lista.xlsx', bytes: noise(rand, 1000 + Math.floor(rand() * 100_000)), expect: 400 },
    { kind: 'noise-csv', name: 'lista.csv', bytes: noise(rand, 1000 + Math.floor(rand() * 100_000)), expect: 400 },
    { kind: 'zip-as-csv', name: 'lista.csv', bytes: validXlsx, expect: 400 },
    { kind: 'csv-as-xlsx', name: 'lista.xlsx', bytes: Buffer.from('CUI\n14399840\n'), expect: 400 },
    { kind: 'wrong-extension', name: ['lista.exe', 'lista.xls', 'lista.pdf', 'lista', 'lista.ods'][Math.floor(rand() * 5)], bytes: validXlsx, expect: 400 },
    // 4.9 million line breaks (the most a 5 MB file holds): no CUI, read in milliseconds.
    { kind: 'million-line-breaks', name: 'lista.csv', bytes: Buffer.alloc(4_900_000, 0x0a), expect: 200 },
    // 2.4 million lines of CUIs: cut at the line limit.
    { kind: 'million-line-csv', name: 'lista.csv', bytes: Buffer.from('14399840\n'.repeat(540_000)), expect: 200 },
    // One line of 4.9 MB of separators.
    { kind: 'one-huge-line', name: 'lista.csv', bytes: Buffer.alloc(4_900_000, 0x3b), expect: 200 },
  ];
  return files;
}
