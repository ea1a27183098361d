// Exports (issue 27; docs/decisions/055) through their route handlers on real PostgreSQL: who may
// export what (owner, another user, anonymous, Admin), the XLSX read back with exceljs (headers,
// numbers as numbers, dates as dates), the CSV's BOM and separator, the contacts' privacy, the
// per-file and per-day limits.
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { GET as exportCompanies } from '@/app/api/Export/companies/route';
import { GET as exportGroup } from '@/app/api/Export/groupCompanies/route';
import { GET as exportContacts } from '@/app/api/Export/contacts/route';
import { GET as exportSending } from '@/app/api/Export/sending/route';
import { download, readWorkbook, readXlsx } from './support/export-files';
import { dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { createCompany } from '../factories/companies';
import { addCompany, createGroup, type TestGroup } from '../factories/groups';
import { addContact } from '../factories/sending';

let who: Actors;
let group: TestGroup;
let cuis: number[];
let sendingId: number;

beforeAll(async () => {
  who = await makeActors();
  group = await createGroup(who.owner, 'Clienți Cluj');
  const made = [
    await createCompany({ name: 'EXPORT ALFA SRL', employees: 12, turnover: 1_234_567, profit: -4_500, caenCode: '4120' }),
    await createCompany({ name: 'EXPORT BETA SRL', employees: 3, turnover: 98_000, profit: 7_000 }),
  ];
  cuis = made.map((c) => c.cui);
  await sql(`UPDATE company SET establishment_date = '2015-03-09' WHERE cui = $1`, [cuis[0]]);
  for (const cui of cuis) await addCompany(group, cui, who.owner);
  await addContact(cuis[0], 'public@alfa.ro', { name: 'Ana Public' });
  await addContact(cuis[0], 'privat-owner@alfa.ro', { userId: who.owner.id, isPrivate: true, name: 'Privat Proprietar' });
  await addContact(cuis[0], 'privat-other@alfa.ro', { userId: who.other.id, isPrivate: true, name: 'Privat Altcineva' });
  const [gm] = await sql<{ id: number }>(
    `INSERT INTO grouped_mail (name, content, created_by_id, sent_on, html) VALUES ('Ofertă export', '{}', $1, now(), '<p>x</p>') RETURNING id`,
    [who.owner.id],
  );
  sendingId = gm.id;
  await sql(
    `INSERT INTO mail_send (grouped_mail_id, cui, group_id, email, status, message_id, sent_at, tracking_id) VALUES ($1, $2, $3, 'public@alfa.ro', 'Trimis', '<a@x>', now(), gen_random_uuid()), ($1, $4, $3, 'beta@beta.ro', 'Esuat', '<b@x>', NULL, gen_random_uuid())`,
    [sendingId, cuis[0], group.id, cuis[1]],
  );
});

afterAll(async () => {
  await sql(`DELETE FROM grouped_mail WHERE id = $1`, [sendingId]);
  await dropActors(who);
});

beforeEach(async () => {
  await sql(`DELETE FROM export_log WHERE user_id = ANY($1::int[])`, [[who.owner.id, who.other.id, who.admin.id]]);
});

describe('who may export', () => {
  it('a search: any signed-in user, never an anonymous visitor', async () => {
    expect(await statusesAs(who, () => ({ handler: exportCompanies, path: '/api/Export/companies?SearchText=EXPORT%20ALFA&format=csv' }))).toEqual({
      anonymous: 401,
      other: 200,
      admin: 200,
      owner: 200,
    });
  });

  it("a group's companies and contacts: its members only; for anyone else the group does not exist", async () => {
    expect(await statusesAs(who, () => ({ handler: exportGroup, path: `/api/Export/groupCompanies?groupId=${group.id}` }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      owner: 200,
    });
    expect(await statusesAs(who, () => ({ handler: exportContacts, path: `/api/Export/contacts?groupId=${group.id}&format=csv` }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      owner: 200,
    });
  });

  it("a sending's results: its author (and the members of its groups) only", async () => {
    expect(await statusesAs(who, () => ({ handler: exportSending, path: `/api/Export/sending?groupedMailId=${sendingId}` }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      owner: 200,
    });
  });

  it('a bad format or id is a 400, not a 500', async () => {
    const token = await tokenOf(who.owner);
    expect((await download(exportGroup, `/api/Export/groupCompanies?groupId=${group.id}&format=pdf`, token)).res.status).toBe(400);
    expect((await download(exportGroup, '/api/Export/groupCompanies?groupId=abc', token)).res.status).toBe(400);
  });
});

describe('the files', () => {
  it("XLSX of a group: Romanian headers, numbers as numbers with formats, dates as dates, a frozen header, a named file", async () => {
    const { res, bytes } = await download(exportGroup, `/api/Export/groupCompanies?groupId=${group.id}&format=xlsx`, await tokenOf(who.owner));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/filename="radarfirme-grup-clienti-cluj-\d{4}-\d{2}-\d{2}-\d{4}\.xlsx"/);
    const { ws, rows } = await readXlsx(bytes);
    expect(rows[0]).toEqual(expect.arrayContaining(['CUI', 'Denumire', 'Cifra de afaceri netă', 'Profit net', 'Număr mediu de angajați', 'Data înființării', 'Adăugată în grup']));
    expect(rows).toHaveLength(3);
    const header = rows[0] as string[];
    const alfa = rows.find((r) => r[1] === 'EXPORT ALFA SRL')!;
    expect(alfa[header.indexOf('CUI')]).toBe(cuis[0]);
    expect(alfa[header.indexOf('Cifra de afaceri netă')]).toBe(1_234_567);
    expect(alfa[header.indexOf('Profit net')]).toBe(-4_500);
    expect(alfa[header.indexOf('Număr mediu de angajați')]).toBe(12);
    expect(alfa[header.indexOf('Data înființării')]).toEqual(new Date('2015-03-09T00:00:00Z'));
    expect(ws.getRow(2).getCell(header.indexOf('Cifra de afaceri netă') + 1).numFmt).toContain('#,##0');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(2).width).toBeGreaterThan(20);
  });

  it('CSV: a UTF-8 BOM, `;` separators, plain numbers, dd.mm.yyyy dates', async () => {
    const { res, bytes } = await download(exportCompanies, '/api/Export/companies?SearchText=EXPORT%20ALFA&format=csv', await tokenOf(who.other));
    expect(res.headers.get('content-disposition')).toMatch(/radarfirme-cautare-.*\.csv/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0].split(';').slice(0, 3)).toEqual(['CUI', 'Denumire', 'Nr. înregistrare']);
    expect(lines).toHaveLength(2);
    const cells = lines[1].split(';');
    expect(cells[0]).toBe(String(cuis[0]));
    expect(cells).toContain('1234567');
    expect(cells).toContain('-4500');
    expect(cells).toContain('09.03.2015');
  });

  it("contacts: the public ones and the caller's own private ones, never another user's private contact", async () => {
    const { bytes } = await download(exportContacts, `/api/Export/contacts?groupId=${group.id}&format=csv`, await tokenOf(who.owner));
    const text = bytes.toString('utf8');
    expect(text).toContain('public@alfa.ro');
    expect(text).toContain('privat-owner@alfa.ro');
    expect(text).not.toContain('privat-other@alfa.ro');
    const all = (await download(exportContacts, '/api/Export/contacts?format=csv', await tokenOf(who.owner))).bytes.toString('utf8');
    expect(all).toContain('privat-owner@alfa.ro');
    expect(all).not.toContain('privat-other@alfa.ro');
    // The other user has no group: their own private contact only.
    const other = (await download(exportContacts, '/api/Export/contacts?format=csv', await tokenOf(who.other))).bytes.toString('utf8');
    expect(other).toContain('privat-other@alfa.ro');
    expect(other).not.toContain('privat-owner@alfa.ro');
    expect(other).not.toContain('public@alfa.ro');
  });

  it("a sending's per-recipient results in XLSX", async () => {
    const { rows } = await readXlsx((await download(exportSending, `/api/Export/sending?groupedMailId=${sendingId}`, await tokenOf(who.owner))).bytes);
    expect(rows[0]).toEqual(expect.arrayContaining(['CUI', 'Firmă', 'Grup', 'Email', 'Stare']));
    expect(rows.slice(1).map((r) => r[4]).sort()).toEqual(['Eșuat', 'Trimis'].sort());
  });
});

describe('limits', () => {
  const saved = { max: env.EXPORT_MAX_ROWS, rows: env.EXPORT_DAILY_ROWS_PER_USER, files: env.EXPORT_DAILY_FILES_PER_USER };
  afterEach(() => {
    env.EXPORT_MAX_ROWS = saved.max;
    env.EXPORT_DAILY_ROWS_PER_USER = saved.rows;
    env.EXPORT_DAILY_FILES_PER_USER = saved.files;
  });

  it('a file holds at most EXPORT_MAX_ROWS rows, and a cut file says so in itself (XLSX: a last row and a sheet; CSV: a last line)', async () => {
    env.EXPORT_MAX_ROWS = 1;
    const token = await tokenOf(who.owner);
    const xlsx = await download(exportGroup, `/api/Export/groupCompanies?groupId=${group.id}`, token);
    const wb = await readWorkbook(xlsx.bytes);
    const { rows } = await readXlsx(xlsx.bytes);
    const notice = 'Atenție: lista are mai multe rânduri, fișierul conține doar primele 1 (limita de rânduri a unui export).';
    expect(rows).toHaveLength(3);
    expect(typeof rows[1][0]).toBe('number');
    expect(rows[2]).toEqual([notice]);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Firme', 'Atenție']);
    expect(wb.worksheets[1].getCell('A1').value).toBe(notice);
    // The ledger counts the data rows only.
    const [log] = await sql<{ row_count: number }>(`SELECT row_count FROM export_log WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [who.owner.id]);
    expect(log.row_count).toBe(1);

    const csv = (await download(exportCompanies, '/api/Export/companies?SearchText=EXPORT&format=csv', token)).bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(csv).toHaveLength(3);
    expect(csv[2]).toBe(`# ${notice}`);
  });

  it('a list that fits its limit exactly carries no notice', async () => {
    env.EXPORT_MAX_ROWS = 2;
    const token = await tokenOf(who.owner);
    const xlsx = await download(exportGroup, `/api/Export/groupCompanies?groupId=${group.id}`, token);
    const wb = await readWorkbook(xlsx.bytes);
    expect(wb.worksheets).toHaveLength(1);
    expect((await readXlsx(xlsx.bytes)).rows).toHaveLength(3);
    const csv = (await download(exportGroup, `/api/Export/groupCompanies?groupId=${group.id}&format=csv`, token)).bytes.toString('utf8');
    expect(csv).not.toContain('Atenție');
    expect(csv.slice(1).trim().split('\r\n')).toHaveLength(3);
  });

  it('files and rows per user and day: 429 once spent, and another user is not affected', async () => {
    env.EXPORT_DAILY_FILES_PER_USER = 2;
    const token = await tokenOf(who.owner);
    const path = `/api/Export/groupCompanies?groupId=${group.id}&format=csv`;
    expect((await download(exportGroup, path, token)).res.status).toBe(200);
    expect((await download(exportGroup, path, token)).res.status).toBe(200);
    const third = await download(exportGroup, path, token);
    expect(third.res.status).toBe(429);
    expect(JSON.parse(third.bytes.toString('utf8')).Message).toContain('limita de 2 exporturi');
    expect((await download(exportCompanies, '/api/Export/companies?SearchText=EXPORT&format=csv', await tokenOf(who.other))).res.status).toBe(200);

    env.EXPORT_DAILY_FILES_PER_USER = 100;
    env.EXPORT_DAILY_ROWS_PER_USER = 5;
    // The two files wrote 2 rows each: 1 row left for the next file, then none.
    const { bytes } = await download(exportGroup, path, token);
    const lines = bytes.toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('fișierul conține doar primele 1 (cât mai permitea limita zilnică de rânduri exportate)');
    expect((await download(exportGroup, path, token)).res.status).toBe(429);
  });
});
