// Generates large files in the exact official formats, for the import benchmark:
//   onrc <dir> <rows>: OD_FIRME.CSV, OD_STARE_FIRMA.CSV, OD_CAEN_AUTORIZAT.CSV (caret, UTF-8 with
//     BOM, CRLF, cedilla diacritics as ONRC writes them, old and new registration numbers, some
//     CUI 0 rows, a stray quote now and then, Bucharest sectors and villages);
//   mf <dir> <rows> [year]: WEB_UU_AN<year>.txt and its label file, for the same CUIs.
// Deterministic (one seed) and streamed with backpressure: constant memory at any size.
// Usage: npx tsx scripts/import/generate.ts onrc /var/tmp/onrc 4100000
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { appendCuiCheckDigit } from '@/lib/cui';
import { readCsv } from '../data/csv';

const CRLF = '\r\n';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** ONRC writes the cedilla letters. */
const toCedilla = (t: string) => t.replace(/ș/g, 'ş').replace(/ț/g, 'ţ').replace(/Ș/g, 'Ş').replace(/Ț/g, 'Ţ');

class Out {
  private buf: string[] = [];
  private size = 0;
  constructor(private stream: WriteStream) {}
  async line(text: string): Promise<void> {
    this.buf.push(text, CRLF);
    this.size += text.length + 2;
    if (this.size > 1 << 20) await this.flush();
  }
  async flush(): Promise<void> {
    if (!this.buf.length) return;
    const ok = this.stream.write(this.buf.join(''));
    this.buf = [];
    this.size = 0;
    if (!ok) await new Promise<void>((r) => this.stream.once('drain', () => r()));
  }
  async end(): Promise<void> {
    await this.flush();
    await new Promise<void>((r) => this.stream.end(() => r()));
  }
}

function open(file: string, header: string): Out {
  const out = new Out(createWriteStream(file, { encoding: 'utf8' }));
  void out.line(`\ufeff${header}`);
  return out;
}

/** The CUI of generated company i (a valid check digit, distinct for every i). */
function generatedCui(i: number): number {
  return Number(appendCuiCheckDigit(String(2_000_000 + i)));
}

export async function generateOnrc(dir: string, rows: number, seed = 42): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const rand = rng(seed);
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)];
  const uats = readCsv('localitati-uat.csv');
  const villages = readCsv('localitati-componente.csv').filter((v) => Number(v.tip_code) >= 22);
  const counties = new Map(readCsv('judete.csv').map((c) => [c.code, c]));
  const words = readCsv('firme-cuvinte.csv').map((w) => Object.values(w)[0].toUpperCase());
  const streets = ['Str. Mihai Viteazu', 'Bd. Revoluţiei', 'Şos. Virtuţii', 'Str. Ştefan cel Mare', 'Calea Victoriei', 'Str. Principală'];
  const forms = ['SRL', 'SRL', 'SRL', 'SRL', 'SA', 'PFA', 'II', 'IF', 'SNC'];
  const firme = open(path.join(dir, 'OD_FIRME.CSV'),
    'DENUMIRE^CUI^COD_INMATRICULARE^DATA_INMATRICULARE^EUID^FORMA_JURIDICA^ADR_TARA^ADR_JUDET^ADR_LOCALITATE^ADR_DEN_STRADA^ADR_NR_STRADA^ADR_BLOC^ADR_SCARA^ADR_ETAJ^ADR_APARTAMENT^ADR_COD_POSTAL^ADR_SECTOR^ADR_COMPLETARE^WEB^TARA_FIRMA_MAMA');
  const stare = open(path.join(dir, 'OD_STARE_FIRMA.CSV'), 'COD_INMATRICULARE^COD');
  const caen = open(path.join(dir, 'OD_CAEN_AUTORIZAT.CSV'), 'COD_INMATRICULARE^COD_CAEN_AUTORIZAT^VER_CAEN_AUTORIZAT');
  const caenCodes = readCsv('caen-rev2.csv').filter((c) => c.level === 'class').map((c) => c.code);
  for (let i = 0; i < rows; i++) {
    const form = pick(forms);
    const sole = form === 'PFA' || form === 'II' || form === 'IF';
    const cui = sole && rand() < 0.3 ? 0 : generatedCui(i);
    const year = 1991 + Math.floor(rand() * 35);
    const bucharest = rand() < 0.2;
    let county: string, locality: string, sector = '', postal: string;
    if (bucharest) {
      const s = 1 + Math.floor(rand() * 6);
      county = 'Bucureşti';
      locality = `Bucureşti Sectorul ${s}`;
      sector = String(s);
      postal = `0${s}${String(Math.floor(rand() * 9999)).padStart(4, '0')}`;
    } else if (rand() < 0.3) {
      const v = pick(villages);
      county = counties.get(v.county_code)!.name;
      locality = v.name;
      postal = v.postal_code || '';
    } else {
      const u = pick(uats);
      county = u.county;
      locality = u.name;
      postal = String(100000 + Math.floor(rand() * 800000));
    }
    const jud = bucharest ? '40' : String(1 + Math.floor(rand() * 39)).padStart(2, '0');
    const order = 1 + Math.floor(rand() * 99999);
    const reg = year >= 2024 || rand() < 0.3
      ? `${sole ? 'F' : 'J'}${year}${String(order).padStart(6, '0')}${jud}${Math.floor(rand() * 10)}`
      : `${sole ? 'F' : 'J'}${jud}/${order}/${year}`;
    const name = `${rand() < 0.001 ? '" ' : ''}${pick(words)} ${pick(words)} ${i.toString(36).toUpperCase()} ${form}`;
    const date = `${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}/${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}/${year}${rand() < 0.1 ? ' 00:00:00' : ''}`;
    await firme.line([
      name, cui, reg, date, `ROONRC.${reg}`, form, 'România', toCedilla(county), toCedilla(locality), pick(streets),
      String(1 + Math.floor(rand() * 200)), rand() < 0.2 ? `B${Math.floor(rand() * 30)}` : '', '', '', '',
      rand() < 0.3 ? `  ${postal}` : postal, sector, '', '', '',
    ].join('^'));
    const struck = rand() < 0.45;
    await stare.line(`${reg}^1048`);
    if (struck) await stare.line(`${reg}^1084`);
    else if (rand() < 0.03) await stare.line(`${reg}^1139`);
    const n = 1 + Math.floor(rand() * 4);
    for (let k = 0; k < n; k++) await caen.line(`${reg}^${pick(caenCodes)}^2`);
  }
  await Promise.all([firme.end(), stare.end(), caen.end()]);
}

export async function generateMf(dir: string, rows: number, year = 2024, seed = 7): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const rand = rng(seed);
  const labels = open(path.join(dir, `WEB_UU_AN${year}.csv`), 'Active imobilizate - total;I1');
  for (const l of ['Active circulante - total;I2', 'Stocuri;I3', 'Creante;I4', 'Casa si conturi la banci;I5', 'Cheltuieli in avans;I6',
    'Datorii;I7', 'Venituri in avans;I8', 'Provizioane;I9', 'Capitaluri - total;I10', 'Capital subscris varsat;I11',
    'Patrimoniul regiei;I12', 'Cifra de afaceri neta;I13', 'Venituri totale;I14', 'Cheltuieli totale;I15', 'Profit brut;I16',
    'Pierdere bruta;I17', 'Profit net;I18', 'Pierdere neta;I19', 'Numar mediu de salariati;I20']) await labels.line(l);
  await labels.end();
  const data = open(path.join(dir, `WEB_UU_AN${year}.txt`), `CUI,CAEN,${Array.from({ length: 20 }, (_, k) => `I${k + 1}`).join(',')}`);
  for (let i = 0; i < rows; i++) {
    const t = Math.floor(rand() ** 3 * 50_000_000);
    const profit = Math.floor(t * (rand() * 0.3 - 0.1));
    const v = [Math.floor(t * 0.3), Math.floor(t * 0.4), Math.floor(t * 0.1), Math.floor(t * 0.2), Math.floor(t * 0.1), 0,
      Math.floor(t * 0.35), 0, 0, Math.floor(t * 0.35), 200, 0, t, Math.floor(t * 1.02), t - profit,
      Math.max(0, profit), Math.max(0, -profit), Math.max(0, Math.floor(profit * 0.84)), Math.max(0, -profit), Math.floor(rand() * 50)];
    await data.line(`${generatedCui(i)},${1 + Math.floor(rand() * 9600)},${v.join(',')}`);
  }
  await data.end();
}

async function main() {
  const [kind, dir, rows, year] = process.argv.slice(2);
  if (!kind || !dir || !rows) {
    console.error('Utilizare: npx tsx scripts/import/generate.ts onrc|mf <dosar> <rânduri> [an]');
    process.exit(2);
  }
  const t = Date.now();
  if (kind === 'onrc') await generateOnrc(dir, Number(rows));
  else await generateMf(dir, Number(rows), year ? Number(year) : undefined);
  console.log(`${rows} rânduri ${kind} scrise în ${dir} în ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

if (require.main === module) main().catch((e) => {
  console.error(e);
  process.exit(1);
});
