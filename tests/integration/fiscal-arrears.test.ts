// Tax arrears (decisions 099 and 108): the list file of docs/guide/fiscal-checks.md, "Tax arrears" (CSV and XLSX) read
// into budgets, stored per date and category, a company newly listed told to its followers as an
// "arrears" change (and one listed again in the next quarter not), and the company page's block
// read from the newest list.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { sql } from '@/server/kernel/db';
import { getTaxArrears, importArrearsList } from '@/server/fiscal/arrears';
import { parseArrearsFile, radarFirmeArrearsParser } from '@/server/fiscal/arrears-file';
import { fanOutPendingRuns } from '@/server/watch/fanout';
import { createCompany } from '../factories/companies';
import { createUser, deleteUsers, type TestUser } from '../factories/users';

const FIXTURE = path.join(__dirname, '../fixtures/fiscal/restante-mari-2026-09-30.csv');
// The fixture's companies (its third CUI is left unknown on purpose).
const ALFA = 2_000_000_101;
const BETA = 2_000_000_102;
let follower: TestUser;

beforeAll(async () => {
  await sql(`INSERT INTO company (cui, name, is_active) VALUES ($1, 'ALFA RESTANȚE; DATORII SRL', true), ($2, 'BETA RESTANTE SA', true) ON CONFLICT (cui) DO NOTHING`, [ALFA, BETA]);
  follower = await createUser();
  await sql(`INSERT INTO watch_company (user_id, cui) VALUES ($1, $2)`, [follower.id, ALFA]);
});

afterAll(async () => {
  await sql(`DELETE FROM import_run WHERE file_key LIKE 'anaf-arrears:1999-%' OR file_key LIKE 'anaf-arrears:2026-%' OR file_key LIKE 'anaf-arrears:2027-%'`);
  await sql(`DELETE FROM tax_arrears_list WHERE list_date < '2000-01-01' OR list_date >= '2026-01-01'`);
  await deleteUsers(follower);
  await sql(`DELETE FROM company WHERE cui = ANY($1::int[])`, [[ALFA, BETA]]);
});

describe('the list file', () => {
  it('reads the CSV fixture: CUI with or without RO, Romanian amounts, a quoted name with the separator, the date and category from the file name', async () => {
    const list = await radarFirmeArrearsParser.parse(FIXTURE, readFileSync(FIXTURE));
    expect([list.listDate, list.category, list.source]).toEqual(['2026-09-30', 'mari', 'restante-mari-2026-09-30.csv']);
    expect(list.rows).toEqual([
      { cui: ALFA, budget: 'stat', principal: 1_250_000, accessories: 87_300.5 },
      { cui: ALFA, budget: 'asigurari_sociale', principal: 310_000, accessories: 12_000 },
      { cui: ALFA, budget: 'sanatate', principal: 95_000, accessories: 4_100 },
      { cui: ALFA, budget: 'somaj', principal: 8_000, accessories: 350 },
      { cui: BETA, budget: 'asigurari_sociale', principal: 150_000, accessories: 9_500 },
      { cui: 2_000_000_199, budget: 'stat', principal: 200_000, accessories: 0 },
    ]);
  });

  it('reads the same list saved as XLSX (numbers as cells)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Lista');
    const lines = readFileSync(FIXTURE, 'utf8').trim().split('\n');
    sheet.addRow(lines[0].split(';'));
    sheet.addRow([1, ALFA, 'ALFA', 1_250_000, 87_300.5, 310_000, 12_000, 95_000, 4_100, 8_000, 350, 1_766_750.5]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const list = await parseArrearsFile('lista.xlsx', buffer, { listDate: '2026-09-30', category: 'mari' });
    expect(list.rows.map((r) => [r.budget, r.principal + r.accessories])).toEqual([
      ['stat', 1_337_300.5],
      ['asigurari_sociale', 322_000],
      ['sanatate', 99_100],
      ['somaj', 8_350],
    ]);
  });

  it('reads the first sheet as a stream: a formula as its result, an empty line skipped, a later sheet ignored, a workbook declaring over 64 MB refused', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Lista');
    sheet.addRow(readFileSync(FIXTURE, 'utf8').trim().split('\n')[0].split(';'));
    sheet.getRow(3).values = [1, BETA, 'BETA', 10, 0, 0, 0, 0, 0, 0, 0, { formula: 'D3+E3', result: 10 }];
    book.addWorksheet('Altceva').addRow(['nu', 'e', 'lista']);
    const list = await parseArrearsFile('lista.xlsx', Buffer.from(await book.xlsx.writeBuffer()), { listDate: '2026-09-30', category: 'mari' });
    expect(list.rows.map((r) => [r.cui, r.budget, r.principal])).toEqual([[BETA, 'stat', 10]]);
    // 200,000 lines of a 300-character text each: about 65 MB unpacked, refused before it is read.
    const big = new ExcelJS.Workbook();
    const filler = big.addWorksheet('Lista');
    for (let i = 0; i < 200_000; i++) filler.addRow([`${'x'.repeat(300)}${i}`]);
    const packed = Buffer.from(await big.xlsx.writeBuffer());
    await expect(parseArrearsFile('lista.xlsx', packed, { listDate: '2026-09-30', category: 'mari' })).rejects.toMatchObject({ kind: 'tooBig' });
  });

  it('refuses a file it would misread: a missing column, a total that is not the sum, a bad CUI, no date', async () => {
    const csv = (text: string) => Buffer.from(text, 'utf8');
    const header = 'CUI;Buget stat principal;Buget stat accesorii;Asigurari sociale principal;Asigurari sociale accesorii;Sanatate principal;Sanatate accesorii;Somaj principal;Somaj accesorii;Total';
    await expect(parseArrearsFile('restante-mici-2026-09-30.csv', csv('CUI;Denumire;Buget stat principal\n1;A;2'))).rejects.toThrow(/Antetul listei nu are coloanele: buget stat accesorii, asigurari sociale principal/);
    await expect(parseArrearsFile('restante-mici-2026-09-30.csv', csv(`${header}\n${ALFA};10;0;0;0;0;0;0;0;11`))).rejects.toThrow('Rândul 2: totalul (11) nu este suma coloanelor (10).');
    await expect(parseArrearsFile('restante-mici-2026-09-30.csv', csv(`${header}\nabc;10;0;0;0;0;0;0;0;10`))).rejects.toThrow('Rândul 2: CUI-ul „abc” nu este valid.');
    await expect(parseArrearsFile('restante-mici-2026-09-30.csv', csv(`${header}\n${ALFA};zece;0;0;0;0;0;0;0;`))).rejects.toThrow(/Rândul 2: o sumă pentru buget stat nu este un număr/);
    await expect(parseArrearsFile('lista.csv', csv(header))).rejects.toThrow(/Data listei lipsește/);
  });
});

describe('importing lists', () => {
  it('stores the list, sums budgets per company, and tells only the newly listed', async () => {
    const a = await createCompany();
    const b = await createCompany();
    const first = await importArrearsList({
      listDate: '1999-03-31',
      category: 'mici',
      source: 'test',
      rows: [
        { cui: a.cui, budget: 'stat', principal: 120_000, accessories: 5_000 },
        { cui: a.cui, budget: 'sanatate', principal: 1_000, accessories: 0 },
        { cui: 2_147_483_000, budget: 'stat', principal: 1, accessories: 0 },
      ],
    });
    expect(first).toEqual({ companies: 1, newlyListed: 1 });
    const second = await importArrearsList({
      listDate: '1999-06-30',
      category: 'mici',
      source: 'test',
      rows: [
        { cui: a.cui, budget: 'stat', principal: 90_000, accessories: 9_000 },
        { cui: b.cui, budget: 'stat', principal: 40_000, accessories: 0 },
      ],
    });
    expect(second).toEqual({ companies: 2, newlyListed: 1 });
    const changes = await sql<{ cui: number; new_value: string }>(`SELECT cui, new_value FROM company_change WHERE kind = 'arrears' AND cui = ANY($1) ORDER BY id`, [[a.cui, b.cui]]);
    expect(changes).toEqual([
      { cui: a.cui, new_value: '126.000 lei (lista din 1999-03-31)' },
      { cui: b.cui, new_value: '40.000 lei (lista din 1999-06-30)' },
    ]);
    await expect(importArrearsList({ listDate: '30.06.1999', category: 'mici', source: 't', rows: [] })).rejects.toThrow(/nu este o dată/);
  });

  it('the fixture imported: the follower is notified "listed with arrears", the page block shows the amounts by budget and the date; the next quarter without the company says it is no longer listed', async () => {
    const list = await radarFirmeArrearsParser.parse(FIXTURE, readFileSync(FIXTURE));
    expect(await importArrearsList(list)).toEqual({ companies: 2, newlyListed: 2 });
    await fanOutPendingRuns();
    const notes = await sql<{ kind: string; new_value: string }>(
      `SELECT n.kind, c.new_value FROM notification n JOIN company_change c ON c.id = n.change_id WHERE n.user_id = $1 AND c.cui = $2`,
      [follower.id, ALFA],
    );
    // 1.766.750,50 lei, rounded to whole lei per budget when stored.
    expect(notes).toEqual([{ kind: 'arrears', new_value: '1.766.751 lei (lista din 2026-09-30)' }]);

    const pageVersion = async () => (await sql<{ seq: string }>(`SELECT seq::text FROM page_version WHERE cui = $1`, [BETA]))[0]?.seq ?? null;
    expect(await getTaxArrears(ALFA)).toEqual({
      NewestListDate: '2026-09-30',
      ListDate: '2026-09-30',
      Category: 'mari',
      Budgets: [
        { Budget: 'asigurari_sociale', Principal: 310_000, Accessories: 12_000 },
        { Budget: 'sanatate', Principal: 95_000, Accessories: 4_100 },
        { Budget: 'somaj', Principal: 8_000, Accessories: 350 },
        { Budget: 'stat', Principal: 1_250_000, Accessories: 87_301 },
      ],
      Total: 1_766_751,
    });
    const before = await pageVersion();

    // The next quarter lists ALFA only: BETA is no longer listed, and its cached page is stale.
    await importArrearsList({ listDate: '2026-12-31', category: 'mari', source: 'test', rows: [{ cui: ALFA, budget: 'stat', principal: 500_000, accessories: 0 }] });
    expect(await getTaxArrears(BETA)).toEqual({ NewestListDate: '2026-12-31', ListDate: null, Category: null, Budgets: [], Total: 0 });
    expect(await pageVersion()).not.toBe(before);
    expect((await getTaxArrears(ALFA))?.Total).toBe(500_000);
    // Listed again, not newly: no second event.
    expect(await sql(`SELECT 1 FROM company_change WHERE kind = 'arrears' AND cui = $1`, [ALFA])).toHaveLength(1);
  });
});
