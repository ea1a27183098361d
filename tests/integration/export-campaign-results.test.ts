// Campaign results exported (issue 28 with issue 27's conventions, docs/decisions/055 and 065):
// a sending's per-recipient results (with the late bounce and the reason an address is excluded)
// and a template's rates across its sendings, in XLSX and CSV; who may export them (owner, a member
// of the sending's group, another user, an Admin, anonymous); the daily limits apply.
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { GET as exportSending } from '@/app/api/Export/sending/route';
import { GET as exportTemplate } from '@/app/api/Export/templateResults/route';
import { download, readXlsx } from './support/export-files';
import { dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { addCompany, addMember, createGroup, type TestGroup } from '../factories/groups';
import { createCompany } from '../factories/companies';

let who: Actors;
let member: TestUser;
let group: TestGroup;
let templateId: number;
let sendingIds: number[];
const tag = Math.random().toString(36).slice(2, 8);
const addr = (l: string) => `${l}.${tag}@exemplu-test.ro`;

beforeAll(async () => {
  who = await makeActors();
  member = await createUser();
  group = await createGroup(who.owner, 'Clienți campanie');
  await addMember(group, member, 'View');
  const [a, b] = [await createCompany({ name: 'REZULTAT ALFA SRL' }), await createCompany({ name: 'REZULTAT BETA SRL' })];
  await addCompany(group, a.cui, who.owner);
  const [t] = await sql<{ id: number }>(`INSERT INTO mail_template (name, content, owner_id, updated_at) VALUES ('Ofertă toamnă', '{}', $1, now()) RETURNING id`, [who.owner.id]);
  templateId = t.id;
  sendingIds = [];
  for (const [i, when] of ['3 days', '1 day'].entries()) {
    const [gm] = await sql<{ id: number }>(
      `INSERT INTO grouped_mail (name, content, created_by_id, sent_on, html, template_id) VALUES ($1, '{}', $2, now() - $3::interval, '<p>x</p>', $4) RETURNING id`,
      [`Ofertă toamnă ${i + 1}`, who.owner.id, when, templateId],
    );
    sendingIds.push(gm.id);
    // To the group: one opened and clicked, one bounced later; outside it: one unsubscribed.
    await sql(`INSERT INTO grouped_mail_company (grouped_mail_id, cui, group_id) VALUES ($1, $2, $3), ($1, $4, NULL)`, [gm.id, a.cui, group.id, b.cui]);
    const rows = await sql<{ id: number; email: string }>(
      `INSERT INTO mail_send (grouped_mail_id, cui, group_id, email, status, message_id, sent_at, opened_at, clicked_at, bounced_at, tracking_id) VALUES
         ($1::int, $2, $3, $5, 'Interactionat', '<1' || $1::text || '@x>', now(), now(), now(), NULL, gen_random_uuid()),
         ($1::int, $2, $3, $6, 'Trimis', '<2' || $1::text || '@x>', now(), NULL, NULL, now(), gen_random_uuid()),
         ($1::int, $4, NULL, $7, 'Trimis', '<3' || $1::text || '@x>', now(), NULL, NULL, NULL, gen_random_uuid())
       RETURNING id, email`,
      [gm.id, a.cui, group.id, b.cui, addr(`deschis${i}`), addr(`respins${i}`), addr(`dezabonat${i}`)],
    );
    const id = (l: string) => rows.find((r) => r.email.startsWith(l))!.id;
    await sql(`INSERT INTO mail_suppression (email, reason, mail_send_id) VALUES ($1, 'Bounce', $2), ($3, 'Unsubscribe', $4)`, [addr(`respins${i}`), id('respins'), addr(`dezabonat${i}`), id('dezabonat')]);
  }
});

afterAll(async () => {
  await sql(`DELETE FROM mail_suppression WHERE email LIKE $1`, [`%.${tag}@exemplu-test.ro`]);
  await sql(`DELETE FROM grouped_mail WHERE id = ANY($1::int[])`, [sendingIds]);
  await sql(`DELETE FROM mail_template WHERE id = $1`, [templateId]);
  await deleteUsers(member);
  await dropActors(who);
});

beforeEach(async () => {
  await sql(`DELETE FROM export_log WHERE user_id = ANY($1::int[])`, [[who.owner.id, who.other.id, who.admin.id, member.id]]);
});

describe('who may export', () => {
  it("a template's rates: its owner and a member who saw its sendings; nobody else, never anonymous", async () => {
    const path = `/api/Export/templateResults?templateId=${templateId}&format=csv`;
    expect(await statusesAs(who, () => ({ handler: exportTemplate, path }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    expect((await download(exportTemplate, path, await tokenOf(member))).res.status).toBe(200);
  });

  it("a sending's per-recipient results: its author and a member of its group; nobody else", async () => {
    const path = `/api/Export/sending?groupedMailId=${sendingIds[1]}&format=csv`;
    expect(await statusesAs(who, () => ({ handler: exportSending, path }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    expect((await download(exportSending, path, await tokenOf(member))).res.status).toBe(200);
  });

  it('a bad id or format is a 400 in Romanian, not a 500', async () => {
    const token = await tokenOf(who.owner);
    const bad = await download(exportTemplate, `/api/Export/templateResults?templateId=${templateId}&format=pdf`, token);
    expect(bad.res.status).toBe(400);
    expect(bad.bytes.toString('utf8')).toContain('Formatul trebuie să fie xlsx sau csv.');
    expect((await download(exportTemplate, '/api/Export/templateResults?templateId=abc', token)).res.status).toBe(400);
  });
});

describe('the files', () => {
  it("a sending's XLSX: each recipient with state, dates, the later bounce and why the address is excluded", async () => {
    const { res, bytes } = await download(exportSending, `/api/Export/sending?groupedMailId=${sendingIds[1]}`, await tokenOf(who.owner));
    expect(res.headers.get('content-disposition')).toMatch(/filename="radarfirme-trimitere-oferta-toamna-2-\d{4}-\d{2}-\d{2}-\d{4}\.xlsx"/);
    const { rows } = await readXlsx(bytes);
    const header = rows[0] as string[];
    expect(header).toEqual(expect.arrayContaining(['Email', 'Stare', 'Trimis la', 'Deschis la', 'Click la', 'Respins la', 'Exclus din trimiteri']));
    const by = new Map(rows.slice(1).map((r) => [r[header.indexOf('Email')], r]));
    expect(by.get(addr('deschis1'))![header.indexOf('Stare')]).toBe('Interacționat');
    expect(by.get(addr('respins1'))![header.indexOf('Respins la')]).toBeInstanceOf(Date);
    expect(by.get(addr('respins1'))![header.indexOf('Exclus din trimiteri')]).toBe('Respins');
    expect(by.get(addr('dezabonat1'))![header.indexOf('Exclus din trimiteri')]).toBe('Dezabonat');
  });

  it("a template's XLSX: one row per sending and a total, counts as numbers and rates as percentages", async () => {
    const { res, bytes } = await download(exportTemplate, `/api/Export/templateResults?templateId=${templateId}`, await tokenOf(who.owner));
    expect(res.headers.get('content-disposition')).toMatch(/radarfirme-rezultate-template-oferta-toamna-.*\.xlsx/);
    const { ws, rows } = await readXlsx(bytes);
    const header = rows[0] as string[];
    expect(header.slice(0, 4)).toEqual(['Trimitere', 'Data trimiterii', 'Mesaje', 'În coadă']);
    expect(header).toEqual(expect.arrayContaining(['Trimise', 'Respinse', 'Deschise', 'Dezabonați', 'Deschise (%)', 'Respinse (%)']));
    expect(rows.map((r) => r[0])).toEqual(['Trimitere', 'Ofertă toamnă 2', 'Ofertă toamnă 1', 'Total']);
    const total = rows[3];
    expect(total[header.indexOf('Trimise')]).toBe(6);
    expect(total[header.indexOf('Respinse')]).toBe(2);
    expect(total[header.indexOf('Dezabonați')]).toBe(2);
    expect(total[header.indexOf('Deschise (%)')]).toBeCloseTo(0.333, 3);
    expect(ws.getRow(2).getCell(header.indexOf('Deschise (%)') + 1).numFmt).toBe('0.0%');
    expect(rows[1][1]).toBeInstanceOf(Date);
  });

  it("a template's CSV, as the member sees it: only the part sent to their group; percentages a Romanian Excel reads", async () => {
    const { bytes } = await download(exportTemplate, `/api/Export/templateResults?templateId=${templateId}&format=csv`, await tokenOf(member));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n').map((l) => l.split(';'));
    const header = lines[0];
    const total = lines.find((l) => l[0] === 'Total')!;
    // Two messages per sending to the group (the unsubscribed one went outside it).
    expect(total[header.indexOf('Trimise')]).toBe('4');
    expect(total[header.indexOf('Dezabonați')]).toBe('0');
    expect(total[header.indexOf('Deschise (%)')]).toBe('50,0%');
  });
});

it('the daily limits count these files too', async () => {
  const saved = env.EXPORT_DAILY_FILES_PER_USER;
  env.EXPORT_DAILY_FILES_PER_USER = 1;
  try {
    const token = await tokenOf(who.owner);
    expect((await download(exportTemplate, `/api/Export/templateResults?templateId=${templateId}`, token)).res.status).toBe(200);
    const again = await download(exportTemplate, `/api/Export/templateResults?templateId=${templateId}`, token);
    expect(again.res.status).toBe(429);
    expect(JSON.parse(again.bytes.toString('utf8')).Message).toContain('limita de 1 exporturi');
  } finally {
    env.EXPORT_DAILY_FILES_PER_USER = saved;
  }
});
