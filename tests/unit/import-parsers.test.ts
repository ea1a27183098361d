// The parsing rules of the official formats, one quirk per case (FORMATS.md §3–§6).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findColumns } from '@/scripts/import/columns';
import { SICAP_ALIASES, splitCpv } from '@/scripts/import/sicap';
import { foreignCountry, foreignVat, readForeignSupplier } from '@/scripts/import/foreign';
import { EU_ALIASES, euSourceKey } from '@/scripts/import/eu';
import { readLabelFile } from '@/scripts/import/mf';
import {
  buildPlaceIndex,
  cleanText,
  composeAddress,
  countyKey,
  dateInName,
  mapIndicatorLabels,
  mapPlace,
  matchKey,
  metricOfLabel,
  padCaen,
  padPostalCode,
  parseDate,
  parseMoney,
  readCaenVersion,
  readCui,
  readRegistrationCode,
  toCommaBelow,
  yearInName,
} from '@/scripts/import/parse';
import { csvRecords, isSpreadsheetMagic, lines, openDelimited, openTabular, sniffDelimiter, spreadsheetKind } from '@/scripts/import/records';
import { cellText } from '@/scripts/import/spreadsheet';

async function* chunks(...parts: string[]) {
  for (const p of parts) yield p;
}
async function all<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}
const tmp = mkdtempSync(path.join(os.tmpdir(), 'rf-parse-'));

describe('reading the files', () => {
  it('reads caret files with a BOM, CRLF and a lone quote that is not CSV quoting', async () => {
    const f = path.join(tmp, 'OD_FIRME.CSV');
    writeFileSync(f, '\ufeffDENUMIRE^CUI\r\n" CARDIOFORCE SRL^31000019\r\nALFA "BETA" SRL^14399840\r\n\r\nGAMA SRL^0');
    const opened = await openDelimited(f);
    expect(opened.header).toEqual(['DENUMIRE', 'CUI']);
    expect(opened.delimiter).toBe('^');
    const recs = await all(opened.records);
    expect(recs.map((r) => r.fields)).toEqual([['" CARDIOFORCE SRL', '31000019'], ['ALFA "BETA" SRL', '14399840'], ['GAMA SRL', '0']]);
    expect(recs.map((r) => r.no)).toEqual([1, 2, 3]);
  });

  it('skips the records an interrupted run already committed', async () => {
    const f = path.join(tmp, 'skip.csv');
    writeFileSync(f, 'A^B\n1^x\n2^y\n3^z\n');
    const recs = await all((await openDelimited(f, { skip: 2 })).records);
    expect(recs).toEqual([{ no: 3, fields: ['3', 'z'], raw: '3^z' }]);
  });

  it('reads quoted CSV fields with separators, doubled quotes and line breaks, across chunk boundaries', async () => {
    const recs = await all(csvRecords(chunks('a,"b, c","say ""hi""","two\nli', 'nes"\r\n1,2,3,4\r', '\n'), ','));
    expect(recs.map(([f]) => f)).toEqual([['a', 'b, c', 'say "hi"', 'two\nlines'], ['1', '2', '3', '4']]);
    const split = await all(csvRecords(chunks('"x"', '"y",z\n'), ','));
    expect(split.map(([f]) => f)).toEqual([['x"y', 'z']]);
  });

  it('splits lines on LF and CRLF, keeping a last line without an end', async () => {
    expect(await all(lines(chunks('a\r\nb', '\nc')))).toEqual(['a', 'b', 'c']);
  });

  it('sniffs separators and spreadsheets served under CSV names', () => {
    expect(sniffDelimiter('A^B^C')).toBe('^');
    expect(sniffDelimiter('a;b;c,d')).toBe(';');
    expect(sniffDelimiter('CUI,CAEN,I1')).toBe(',');
    expect(isSpreadsheetMagic(Buffer.from('PK\x03\x04'))).toBe(true);
    expect(isSpreadsheetMagic(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))).toBe(true);
    expect(isSpreadsheetMagic(Buffer.from('CUI,'))).toBe(false);
  });

  it('tells XLSX, ODS and XLS apart by their content, not their name', () => {
    expect(spreadsheetKind(Buffer.from('PK\x03\x04\x14\x00\x08\x08[Content_Types].xml'))).toBe('xlsx');
    expect(spreadsheetKind(Buffer.from('PK\x03\x04\x14\x00\x00\x08mimetypeapplication/vnd.oasis.opendocument.spreadsheetPK'))).toBe('ods');
    expect(spreadsheetKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('xls');
    expect(spreadsheetKind(Buffer.from('CUI,CAEN'))).toBeNull();
  });

  it('turns spreadsheet cells into the text of a CSV export', () => {
    expect(cellText(14403470)).toBe('14403470');
    expect(cellText(48500.75)).toBe('48500.75');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(new Date('2024-10-31T00:00:00Z'))).toBe('2024-10-31');
    expect(cellText(new Date('2018-03-15T10:00:00Z'))).toBe('2018-03-15 10:00:00');
    expect(cellText({ richText: [{ text: 'Reparații ' }, { text: 'acoperiș' }] })).toBe('Reparații acoperiș');
    expect(cellText({ formula: 'A1*2', result: 42 })).toBe('42');
    expect(cellText({ text: 'site', hyperlink: 'https://x.ro' })).toBe('site');
    expect(cellText({ error: '#N/A' })).toBe('');
    expect(cellText(null)).toBe('');
  });

  it('streams the rows of an XLSX year: header, cells as text, blank rows skipped, resumable after a record', async () => {
    const f = path.resolve(__dirname, '../fixtures/open-data/sicap2026-xlsx/achizitii-directe-2026-T1.xlsx');
    const opened = await openTabular(f);
    expect(opened.header.slice(0, 4)).toEqual(['Autoritate contractanta', 'CUI autoritate contractanta', 'Numar achizitie directa', 'Data publicare']);
    const recs = await all(opened.records);
    expect(recs.map((r) => r.no)).toEqual([1, 2, 3, 4, 5]);
    expect(recs[0].fields.slice(0, 4)).toEqual(['COMUNA SOCODOR', '3519330', 'DAN2304008', '2024-10-31']);
    expect(recs[2].fields[3]).toBe('15.01.2026');
    expect(recs[2].fields[4]).toBe('Reparații acoperiș școală');
    expect(recs[2].fields.slice(11)).toEqual(['48500.75', 'UNIX S.R.L.', 'RO 14403470']);
    expect(recs[3].raw).toContain('FARA CUI SRL');
    const rest = await all((await openTabular(f, { skip: 3 })).records);
    expect(rest.map((r) => r.fields[2])).toEqual(['DAN2600002', 'DAN2600003']);
  });

  it('refuses XLS and ODS with the way out, whatever the file is called', async () => {
    const xls = path.join(tmp, 'contracte-2023.csv');
    writeFileSync(xls, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]));
    await expect(openTabular(xls)).rejects.toThrow('contracte-2023.csv este o foaie de calcul XLS (formatul binar Excel 97–2003): salvați-o ca XLSX sau CSV');
    const ods = path.join(tmp, 'achizitii-2026.xlsx');
    writeFileSync(ods, 'PK\x03\x04\x14\x00\x00\x08mimetypeapplication/vnd.oasis.opendocument.spreadsheet');
    await expect(openTabular(ods)).rejects.toThrow('achizitii-2026.xlsx este o foaie de calcul ODS (OpenDocument)');
  });
});

describe('values', () => {
  it('reads CUIs: 0 means no fiscal code, RO prefix accepted, check digit verified, text around it in SICAP', () => {
    expect(readCui('0')).toEqual({ error: 'fără cod fiscal (CUI 0 sau gol)' });
    expect(readCui('')).toEqual({ error: 'fără cod fiscal (CUI 0 sau gol)' });
    expect(readCui('RO14399840')).toEqual({ cui: 14399840 });
    expect(readCui('14399841')).toEqual({ error: 'CUI cu cifra de control greșită: 14399841' });
    expect(readCui('16834908 - POENARU')).toEqual({ error: 'CUI nenumeric: "16834908 - POENARU"' });
    expect(readCui('16834908 - POENARU', { lenient: true })).toEqual({ cui: 16834908 });
    expect(readCui('RO 14403470', { lenient: true })).toEqual({ cui: 14403470 });
    expect(readCui('123456789012')).toEqual({ error: 'CUI prea lung: 123456789012' });
  });

  it('reads old and new registration numbers, normalised', () => {
    expect(readRegistrationCode(' j40 / 372 / 2002 ')).toBe('J40/372/2002');
    expect(readRegistrationCode('J2002000372404')).toBe('J2002000372404');
    expect(readRegistrationCode('J2025048519000')).toBe('J2025048519000');
    expect(readRegistrationCode('F4/77/2019')).toBe('F04/77/2019');
    expect(readRegistrationCode('X99/1/2015')).toBeNull();
    expect(readRegistrationCode('J99/1/2015')).toBeNull();
  });

  it('reads dates in the formats of the sources, rejecting impossible ones', () => {
    expect(parseDate('17/01/2002')).toBe('2002-01-17');
    expect(parseDate('17/01/2002 00:00:00')).toBe('2002-01-17');
    expect(parseDate('15-03-2018 10:00:00')).toBe('2018-03-15');
    expect(parseDate('2024-10-31')).toBe('2024-10-31');
    expect(parseDate('31/02/2020')).toBeNull();
    expect(parseDate('')).toBeNull();
  });

  it('restores leading zeros of CAEN codes and postal codes', () => {
    expect(padCaen('111')).toBe('0111');
    expect(padCaen(' 6201 ')).toBe('6201');
    expect(padCaen('0')).toBeNull();
    expect(padCaen('12345')).toBeNull();
    expect(padPostalCode('  60787')).toBe('060787');
    expect(padPostalCode('10013')).toBe('010013');
    expect(padPostalCode('abc')).toBeNull();
  });

  it('reads money: plain, decimals rounded, Romanian thousands', () => {
    expect(parseMoney('12300')).toBe(12300);
    expect(parseMoney('196.92')).toBe(197);
    expect(parseMoney('1.234.567')).toBe(1234567);
    expect(parseMoney('1234,5')).toBe(1235);
    expect(parseMoney('-4000')).toBe(-4000);
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('')).toBeNull();
  });

  it('reads CAEN versions as codes or as the older text', () => {
    expect(readCaenVersion('2')).toBe(2);
    expect(readCaenVersion('3')).toBe(3);
    expect(readCaenVersion('Versiunea 2008')).toBe(2);
    expect(readCaenVersion('Versiunea 2025')).toBe(3);
    expect(readCaenVersion('x')).toBeNull();
  });

  it('turns cedilla letters into comma-below ones and folds both for matching', () => {
    expect(toCommaBelow('Şos. VIRTUŢII, Bucureşti')).toBe('Șos. VIRTUȚII, București');
    expect(cleanText('  Str.   Ţepeş  Vodă ', 120)).toBe('Str. Țepeș Vodă');
    expect(matchKey('Bucureşti')).toBe(matchKey('București'));
    expect(matchKey('Caraş-Severin')).toBe('caras severin');
    expect(countyKey('Jud. Argeş')).toBe('arges');
  });

  it('finds dates and years in package and file names', () => {
    expect(dateInName('/x/firme-12-10-2026/OD_FIRME.CSV')).toBe('2026-10-12');
    expect(yearInName('WEB_UU_AN2023.txt')).toBe(2023);
    expect(yearInName('situatii_financiare_2019')).toBe(2019);
  });
});

describe('SIRUTA addresses', () => {
  const index = buildPlaceIndex({
    counties: [
      { id: 40, name: 'București', code: 'B' },
      { id: 2, name: 'Arad', code: 'AR' },
      { id: 22, name: 'Iași', code: 'IS' },
    ],
    localities: [
      { id: 179196, county_id: 40, name: 'Sectorul 6', type: 'sector' },
      { id: 9262, county_id: 2, name: 'Arad', type: 'municipiu' },
      { id: 9333, county_id: 2, name: 'Livada', type: 'comuna' },
      { id: 95060, county_id: 22, name: 'Iași', type: 'municipiu' },
    ],
    components: [
      { locality_id: 9333, county_id: 2, name: 'Sânleani' },
      { locality_id: 9333, county_id: 2, name: 'Dublu' },
      { locality_id: 9262, county_id: 2, name: 'Dublu' },
    ],
  });

  it('maps Bucharest to its sector from the locality text or the sector column', () => {
    expect(mapPlace(index, 'Bucureşti', 'Bucureşti Sectorul 6', '')).toEqual({ countyId: 40, localityId: 179196, village: null });
    expect(mapPlace(index, 'Municipiul București', 'București', '6')).toEqual({ countyId: 40, localityId: 179196, village: null });
  });

  it('maps UATs with either diacritic spelling and villages unique in their county', () => {
    expect(mapPlace(index, 'Iaşi', 'Municipiul Iaşi', '')).toEqual({ countyId: 22, localityId: 95060, village: null });
    expect(mapPlace(index, 'Arad', 'Sânleani', '')).toEqual({ countyId: 2, localityId: 9333, village: 'Sânleani' });
    // a village name used twice in the county is not guessed
    expect(mapPlace(index, 'Arad', 'Dublu', '')).toEqual({ countyId: 2, localityId: null, village: 'Dublu' });
    expect(mapPlace(index, 'Atlantida', 'X', '')).toBeNull();
  });

  it('composes the full address', () => {
    expect(composeAddress({ street: 'Șos. VIRTUȚII', number: '148', block: 'A', stair: null, floor: '2', flat: '5', extra: 'spatiul E47', village: 'Sânleani', locality: 'Livada', county: 'Arad', postal: '317206' }))
      .toBe('Șos. VIRTUȚII nr. 148, bl. A, et. 2, ap. 5, spatiul E47, Sânleani, Livada, jud. Arad, cod poștal 317206');
  });
});

describe('MF indicator labels', () => {
  it('maps the labels of the usual layout to the metrics', () => {
    expect(metricOfLabel('Cifra de afaceri neta')).toBe('net_turnover');
    expect(metricOfLabel('Capital subscris varsat')).toBe('subscribed_capital');
    expect(metricOfLabel('Capitaluri - total, din care')).toBe('total_capitals');
    expect(metricOfLabel('Cheltuieli în avans')).toBe('expenses_in_advance');
    expect(metricOfLabel('Număr mediu de salariați')).toBe('employees');
    expect(metricOfLabel('Patrimoniul public')).toBeNull();
    expect(metricOfLabel('Venituri din activitati economice')).toBeNull();
  });

  it('resolves codes through the labels: lower-case codes, the FY2015 shift and its "Pierdere neta" typo', () => {
    const m = mapIndicatorLabels([
      ['Cifra de afaceri neta', 'i12'],
      ['Profit brut', 'I15'],
      ['Pierdere neta', 'I16'],
      ['Profit net', 'I17'],
      ['Pierdere neta', 'I18'],
    ]);
    expect(Object.fromEntries(m)).toEqual({ I12: 'net_turnover', I15: 'gross_profit', I16: 'gross_loss', I17: 'net_profit', I18: 'net_loss' });
  });

  it('reads the companion file in either column order', () => {
    const f = path.join(tmp, 'labels.csv');
    writeFileSync(f, '\ufeffCifra de afaceri neta;I13\r\nI20;Numar mediu de salariati\r\n\r\n');
    expect(readLabelFile(f)).toEqual([['Cifra de afaceri neta', 'I13'], ['Numar mediu de salariati', 'I20']]);
  });
});

describe('SICAP and EU layouts', () => {
  it('recognises foreign suppliers by VAT prefix or by the country column, never a Romanian CUI', () => {
    expect(foreignVat('DE129268591')).toEqual(['DE129268591', 'Germania']);
    expect(foreignVat('ATU 153-615.06')).toEqual(['ATU15361506', 'Austria']);
    expect(foreignVat('EL094014201')).toEqual(['EL094014201', 'Grecia']);
    expect(foreignVat('RO 14403470')).toBeNull();
    expect(foreignVat('16834908 - POENARU')).toBeNull();
    expect(foreignVat('FARA CUI')).toBeNull();
    expect(foreignCountry('România')).toBeNull();
    expect(foreignCountry('Romania')).toBeNull();
    expect(foreignCountry('')).toBeNull();
    expect(foreignCountry('GERMANY')).toBe('Germania');
    expect(foreignCountry('Franta')).toBe('Franța');
    expect(foreignCountry('Bosnia si Hertegovina')).toBe('Bosnia si Hertegovina'); // unknown: kept as written
    expect(readForeignSupplier('DE129268591', '')).toEqual({ taxId: 'DE129268591', country: 'Germania' });
    expect(readForeignSupplier('129268591', 'Germania')).toEqual({ taxId: '129268591', country: 'Germania' });
    expect(readForeignSupplier('', 'Italia')).toEqual({ taxId: null, country: 'Italia' });
    // a Romanian code stays Romanian, whatever the column says
    expect(readForeignSupplier('RO 14403470', 'Germania')).toBeNull();
    expect(readForeignSupplier('14403470', 'Romania')).toBeNull();
    expect(readForeignSupplier('14403470', '')).toBeNull();
  });

  it('splits CPV codes from their names', () => {
    expect(splitCpv('71356200-0 - Servicii de asistenta tehnica (Rev.2)')).toEqual(['71356200-0', 'Servicii de asistenta tehnica']);
    expect(splitCpv('45233140-2')).toEqual(['45233140-2', null]);
  });

  it('finds the columns of the API export, the 2018 CamelCase and the 2026 human-readable headers', () => {
    const api = findColumns(['item.noticeNo', 'authority.fiscalNumber', 'details.noticeEntityAddress.fiscalNumber', 'item.awardedValue'], SICAP_ALIASES);
    expect([api.notice, api.authorityCui, api.supplierCui, api.finalValue]).toEqual([0, 1, 2, 3]);
    const y2026 = findColumns(['Autoritate contractanta', 'CUI autoritate contractanta', 'Numar achizitie directa', 'Valoare achizitie (RON)', 'CUI ofertant castigator'], SICAP_ALIASES);
    expect([y2026.authorityName, y2026.authorityCui, y2026.notice, y2026.finalValue, y2026.supplierCui]).toEqual([0, 1, 2, 3, 4]);
    const eu = findColumns(['Cod SMIS', 'Titlu', 'Beneficiar', 'FEDR', 'total amount'], EU_ALIASES);
    expect([eu.code, eu.name, eu.beneficiary, eu.eu, eu.total, eu.cui]).toEqual([0, 1, 2, 3, 4, -1]);
  });

  it('keys EU rows by project and normalised beneficiary', () => {
    expect(euSourceKey('2100', 'SC TESTER GROUP SRL IAŞI')).toBe(euSourceKey('2100', 'sc tester group srl iași'));
  });
});
