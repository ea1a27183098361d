// The Admin's upload of an arrears list (decision 115): POST /api/Fiscal/importArrearsList runs the
// same importer as `npm run fiscal:import-arrears` (importArrearsFile). An Admin's list is stored
// and its newly listed companies reach their followers; a User gets 403, an anonymous caller 401;
// a file past the size cap and a file that cannot be read are refused with a Romanian JSON error,
// leaving what was stored before exactly as it was.
import ExcelJS from 'exceljs';
import { sql } from '@/server/kernel/db';
import { POST as uploadRoute } from '@/app/api/Fiscal/importArrearsList/route';
import { importArrearsFile } from '@/server/fiscal/arrears-import';
import { ARREARS_UPLOAD_MAX_BYTES } from '@/lib/fiscal/schemas';
import { createCompany } from '../factories/companies';
import { callAs, dropActors, makeActors, type Actors } from './support/authz';

jest.setTimeout(60_000);

const HEADER = 'CUI;Denumire;Buget stat principal;Buget stat accesorii;Asigurări sociale principal;Asigurări sociale accesorii;Sănătate principal;Sănătate accesorii;Șomaj principal;Șomaj accesorii;Total';
// Dates no other test uses: every list of this file is removed after it.
const Q1 = '1998-03-31';
const Q2 = '1998-06-30';

let who: Actors;
let a: { cui: number };
let b: { cui: number };

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
const csv = (...lines: string[]) => [HEADER, ...lines].join('\n');
const upload = (name: string, content: string | Buffer, extra: Record<string, unknown> = {}) => ({
  handler: uploadRoute,
  path: '/api/Fiscal/importArrearsList',
  body: { File: { Name: name, Base64: b64(content) }, ...extra },
});

/** What is stored of the test's lists: each list with its companies and amounts, and the arrears changes of the two companies. */
async function stored() {
  const lists = await sql<{ list_date: string; category: string; cui: number; total: string }>(
    `SELECT l.list_date::text, l.category, a.cui, (a.principal + a.accessories)::text AS total
       FROM tax_arrears_list l LEFT JOIN tax_arrears a ON a.list_id = l.id
      WHERE l.list_date BETWEEN '1998-01-01' AND '1998-12-31' ORDER BY l.list_date, a.cui, a.budget`,
  );
  const changes = await sql<{ cui: number; new_value: string }>(`SELECT cui, new_value FROM company_change WHERE kind = 'arrears' AND cui = ANY($1) ORDER BY id`, [[a.cui, b.cui]]);
  return { lists, changes };
}

beforeAll(async () => {
  who = await makeActors();
  a = await createCompany();
  b = await createCompany();
  // The User follows a: a newly listed a must reach them.
  await sql(`INSERT INTO watch_company (user_id, cui) VALUES ($1, $2)`, [who.owner.id, a.cui]);
});

afterAll(async () => {
  await sql(`DELETE FROM import_run WHERE file_key LIKE 'anaf-arrears:1998-%'`);
  await sql(`DELETE FROM tax_arrears_list WHERE list_date BETWEEN '1998-01-01' AND '1998-12-31'`);
  await dropActors(who);
});

describe('POST /api/Fiscal/importArrearsList', () => {
  it('refuses anonymous (401) and a User (403), writing nothing', async () => {
    const call = () => upload(`restante-mijlocii-${Q1}.csv`, csv(`${a.cui};A;1000;0;0;0;0;0;0;0;1000`));
    const anonymous = await callAs('anonymous', who, call);
    expect([anonymous.status, anonymous.body.Code]).toEqual([401, 'UNAUTHORIZED']);
    const user = await callAs('owner', who, call);
    expect([user.status, user.body.Code]).toEqual([403, 'FORBIDDEN']);
    expect(await stored()).toEqual({ lists: [], changes: [] });
  });

  it("an Admin's list is stored, its result counted, and the newly listed company reaches its follower", async () => {
    const res = await callAs('admin', who, () =>
      upload(`restante-mijlocii-${Q1}.csv`, csv(`${a.cui};A;1.000;250,40;0;0;0;0;0;0;1.250,40`, `RO${b.cui};B;0;0;500;0;;;0;0;500`, `2000000199;Necunoscută;10;0;0;0;0;0;0;0;10`)),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      FileName: `restante-mijlocii-${Q1}.csv`,
      ListDate: Q1,
      Category: 'mijlocii',
      CompaniesInFile: 3,
      AmountsRead: 3,
      CompaniesMatched: 2,
      NewlyListed: 2,
      RunsNotified: expect.any(Number),
    });
    expect(res.body.RunsNotified).toBeGreaterThanOrEqual(1);
    const { lists, changes } = await stored();
    expect(lists).toEqual([
      { list_date: Q1, category: 'mijlocii', cui: a.cui, total: '1250' },
      { list_date: Q1, category: 'mijlocii', cui: b.cui, total: '500' },
    ]);
    expect(changes).toEqual([
      { cui: a.cui, new_value: `1.250 lei (lista din ${Q1})` },
      { cui: b.cui, new_value: `500 lei (lista din ${Q1})` },
    ]);
    const notes = await sql<{ kind: string }>(`SELECT n.kind FROM notification n JOIN company_change c ON c.id = n.change_id WHERE n.user_id = $1 AND c.cui = $2`, [who.owner.id, a.cui]);
    expect(notes).toEqual([{ kind: 'arrears' }]);
  });

  it('takes the date and category from the form when the file name lacks them, and reads XLSX', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Lista');
    sheet.addRow(HEADER.split(';'));
    sheet.addRow([a.cui, 'A', 2_000, 0, 0, 0, 0, 0, 0, 0, 2_000]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const res = await callAs('admin', who, () => upload('lista.xlsx', xlsx, { ListDate: Q2, Category: 'mijlocii' }));
    expect([res.status, res.body.ListDate, res.body.Category, res.body.CompaniesMatched, res.body.NewlyListed]).toEqual([200, Q2, 'mijlocii', 1, 0]);
  });

  it('a malformed file is a 400 naming the line, and the list stored before stays whole', async () => {
    const before = await stored();
    expect(before.lists.filter((l) => l.list_date === Q1)).toHaveLength(2);
    // The same date and category: a successful import would replace the stored list.
    const cases: Array<[string, string | Buffer, RegExp]> = [
      [`restante-mijlocii-${Q1}.csv`, csv(`${a.cui};A;1;0;0;0;0;0;0;0;1`, `abc;B;1;0;0;0;0;0;0;0;1`), /^Rândul 3: CUI-ul „abc” nu este valid\.$/],
      [`restante-mijlocii-${Q1}.csv`, csv(`${a.cui};A;1;0;0;0;0;0;0;0;99`), /^Rândul 2: totalul \(99\) nu este suma coloanelor \(1\)\.$/],
      [`restante-mijlocii-${Q1}.csv`, 'CUI;Denumire\n1;A', /^Antetul listei nu are coloanele: buget stat principal/],
      [`restante-mijlocii-${Q1}.xlsx`, Buffer.from('PK\u0003\u0004 not really a workbook'), /^Fișierul nu a putut fi citit\./],
      [`restante-mijlocii-1998-02-30.csv`, csv(`${a.cui};A;1;0;0;0;0;0;0;0;1`), /^Data listei \(1998-02-30\) nu este o dată validă\.$/],
      ['lista.csv', csv(`${a.cui};A;1;0;0;0;0;0;0;0;1`), /^Data listei lipsește/],
    ];
    for (const [name, content, message] of cases) {
      const res = await callAs('admin', who, () => upload(name, content));
      expect([name, res.status, res.body.Code]).toEqual([name, 400, 'BAD_REQUEST']);
      expect(res.body.Message).toMatch(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses what the request schema refuses: another file type, a bad date field, broken base64 (400 with the field)', async () => {
    const before = await stored();
    const pdf = await callAs('admin', who, () => upload('lista.pdf', 'x'));
    expect([pdf.status, pdf.body.Errors?.['File.Name']]).toEqual([400, ['Lista se încarcă ca fișier CSV sau XLSX.']]);
    const date = await callAs('admin', who, () => upload('lista.csv', csv(`${a.cui};A;1;0;0;0;0;0;0;0;1`), { ListDate: '30.06.1998', Category: 'mici' }));
    expect([date.status, date.body.Errors?.ListDate]).toEqual([400, ['Data listei trebuie să fie AAAA-LL-ZZ.']]);
    const category = await callAs('admin', who, () => upload('lista.csv', 'x', { ListDate: Q2, Category: 'uriasi' }));
    expect([category.status, category.body.Errors?.Category]).toEqual([400, ['Categoria trebuie să fie mari, mijlocii sau mici.']]);
    const broken = await callAs('admin', who, () => ({ handler: uploadRoute, path: '/api/Fiscal/importArrearsList', body: { File: { Name: `restante-mici-${Q2}.csv`, Base64: '@@@not base64@@@' } } }));
    expect([broken.status, broken.body.Message]).toEqual([400, 'Fișierul nu a fost trimis corect (base64 invalid).']);
    expect(await stored()).toEqual(before);
  });

  it('a file past 10 MB is refused: 400 by the field when the body is within the cap, 413 before reading a body past it', async () => {
    const before = await stored();
    // Just past the file limit: the body is still under the route's cap, so the schema answers.
    const justOver = Buffer.alloc(ARREARS_UPLOAD_MAX_BYTES + 3_000, 0x31);
    const over = await callAs('admin', who, () => upload(`restante-mici-${Q2}.csv`, justOver));
    expect([over.status, over.body.Errors?.['File.Base64']]).toEqual([400, ['Fișierul este prea mare (cel mult 10 MB).']]);
    // Far past it: the wrapper stops reading the body.
    const huge = Buffer.alloc(ARREARS_UPLOAD_MAX_BYTES * 2, 0x31);
    const tooLarge = await callAs('admin', who, () => upload(`restante-mici-${Q2}.csv`, huge));
    expect([tooLarge.status, tooLarge.body.Code, tooLarge.body.Message]).toEqual([413, 'PAYLOAD_TOO_LARGE', 'Cererea este prea mare.']);
    expect(await stored()).toEqual(before);
  });
});

describe('importArrearsFile, the importer the command shares', () => {
  it('is what the route runs: the same counts for the same file', async () => {
    const content = Buffer.from(csv(`${b.cui};B;0;0;700;0;0;0;0;0;700`));
    const r = await importArrearsFile(`restante-mijlocii-${Q2}.csv`, content);
    expect([r.ListDate, r.Category, r.CompaniesInFile, r.CompaniesMatched, r.NewlyListed]).toEqual([Q2, 'mijlocii', 1, 1, 0]);
    const lists = (await stored()).lists.filter((l) => l.list_date === Q2);
    expect(lists).toEqual([{ list_date: Q2, category: 'mijlocii', cui: b.cui, total: '700' }]);
  });
});
