// The draft endpoints: each as owner, another user, anonymous and Admin; recipients from
// companies and groups the user sees; addresses from public contacts plus the sender's private
// ones; add, remove, soft delete.
import { POST as ADD_TEMPLATE } from '@/app/api/MailTemplate/Add/route';
import { POST as CREATE } from '@/app/api/MailSend/createDraftMail/route';
import { DELETE as DELETE_DRAFT } from '@/app/api/MailSend/delete/route';
import { DELETE as DELETE_COMPANY } from '@/app/api/MailSend/deleteMailSend/route';
import { PUT as EDIT } from '@/app/api/MailSend/editDraft/route';
import { GET as COMPANIES } from '@/app/api/MailSend/getCompaniesMail/route';
import { GET as GROUPS } from '@/app/api/MailSend/getDraftGroups/route';
import { GET as GET_DRAFT } from '@/app/api/MailSend/getMailDraft/route';
import { GET as LIST } from '@/app/api/MailSend/getMailsDraft/route';
import { DESIGN_MAX_BYTES, DESIGN_MESSAGES, serializeDesign } from '@/lib/templates/design';
import { sql } from '@/server/kernel/db';
import { call } from './support/auth';
import { callAs, dropActors, makeActors, statusesAs, tokenOf, type Actors } from './support/authz';

const design = (text: string) => serializeDesign(`<mjml><mj-body><mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section></mj-body></mjml>`, {});

let who: Actors;
let token: string;
let templateId: number;
let cuis: number[]; // six companies without seeded contacts
let ownGroup: number; // owner's group: cuis[0], cuis[1]
let sharedGroup: number; // other's group, owner is a View member: cuis[2]
let foreignGroup: number; // other's group, owner not a member: cuis[3]

async function group(ownerId: number, name: string, members: number[], companyCuis: number[]): Promise<number> {
  const [g] = await sql<{ id: number }>('INSERT INTO company_group_list (name, owner_id) VALUES ($1, $2) RETURNING id', [name, ownerId]);
  await sql(`INSERT INTO group_member (group_id, user_id, access, is_owner) VALUES ($1, $2, 'Edit', true)`, [g.id, ownerId]);
  for (const m of members) await sql(`INSERT INTO group_member (group_id, user_id, access) VALUES ($1, $2, 'View')`, [g.id, m]);
  for (const cui of companyCuis) await sql('INSERT INTO company_in_group (group_id, cui, added_by_id) VALUES ($1, $2, $3)', [g.id, cui, ownerId]);
  return g.id;
}

async function newDraft(body: Record<string, unknown> = {}): Promise<number> {
  const res = await call(CREATE, '/api/MailSend/createDraftMail', { body: { MailTemplateId: templateId, CompanyIds: [], GroupIds: [], ...body }, token });
  expect(res.status).toBe(200);
  return res.body as number;
}

beforeAll(async () => {
  who = await makeActors();
  token = await tokenOf(who.owner);
  const t = await call(ADD_TEMPLATE, '/api/MailTemplate/Add', {
    body: { Name: 'Ofertă servicii', Description: 'Descrierea ofertei', Content: design('Bună, {{NumeFirma}}'), Tags: ['Ofertă'] },
    token,
  });
  templateId = t.body.Id;
  cuis = (await sql<{ cui: number }>('SELECT cui FROM company c WHERE NOT EXISTS (SELECT 1 FROM contact ct WHERE ct.cui = c.cui) ORDER BY cui LIMIT 6')).map((r) => r.cui);
  ownGroup = await group(who.owner.id, 'Grupul meu', [], [cuis[0], cuis[1]]);
  sharedGroup = await group(who.other.id, 'Grup partajat', [who.owner.id], [cuis[2]]);
  foreignGroup = await group(who.other.id, 'Grup străin', [], [cuis[3]]);
  // cuis[0]: a public contact and the owner's private one; cuis[1]: only another user's private one;
  // cuis[2]: a deleted public one. Only cuis[0] gives the owner addresses.
  await sql(
    `INSERT INTO contact (cui, user_id, name, email, is_private, is_deleted, updated_at) VALUES
       ($1, NULL, 'Ana Public', 'Public@Firma.ro', false, false, now()),
       ($1, $4, 'Privat Al Meu', 'eu@firma.ro', true, false, now()),
       ($2, $5, 'Privat Altuia', 'altul@firma.ro', true, false, now()),
       ($3, NULL, 'Șters', 'sters@firma.ro', false, true, now())`,
    [cuis[0], cuis[1], cuis[2], who.owner.id, who.other.id],
  );
});
afterAll(async () => {
  await sql('DELETE FROM contact WHERE cui = ANY($1::int[])', [cuis]);
  await sql('DELETE FROM company_group_list WHERE id = ANY($1::int[])', [[ownGroup, sharedGroup, foreignGroup]]);
  await dropActors(who);
});

describe('createDraftMail', () => {
  it('makes a draft from one\'s own template with companies and visible groups; answers its id', async () => {
    const body = { MailTemplateId: templateId, CompanyIds: [cuis[4]], GroupIds: [ownGroup, sharedGroup] };
    expect(await statusesAs(who, () => ({ handler: CREATE, path: '/api/MailSend/createDraftMail', body }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    const id = await newDraft(body);
    const draft = await call(GET_DRAFT, `/api/MailSend/getMailDraft?groupedMailSendId=${id}`, { token });
    expect(draft.body).toMatchObject({
      Id: id,
      GroupedMailId: id,
      TemplateId: templateId,
      TemplateName: 'Ofertă servicii',
      Name: 'Ofertă servicii',
      Description: 'Descrierea ofertei',
      Content: design('Bună, {{NumeFirma}}'),
      Tags: ['Ofertă'],
      CompanyIds: [cuis[4], cuis[0], cuis[1], cuis[2]],
      GroupIds: [ownGroup, sharedGroup],
      CompaniesNumber: 4,
      CreatedBy: who.owner.userName,
    });
  });

  it('refuses a group the user does not see (404) and a company that does not exist (400)', async () => {
    const before = await sql<{ n: number }>('SELECT count(*)::int AS n FROM grouped_mail WHERE created_by_id = $1', [who.owner.id]);
    expect((await call(CREATE, '/api/MailSend/createDraftMail', { body: { MailTemplateId: templateId, GroupIds: [foreignGroup] }, token })).status).toBe(404);
    const bad = await call(CREATE, '/api/MailSend/createDraftMail', { body: { MailTemplateId: templateId, CompanyIds: [1] }, token });
    expect(bad.status).toBe(400);
    expect((await call(CREATE, '/api/MailSend/createDraftMail', { body: { MailTemplateId: 'x' }, token })).status).toBe(400);
    const after = await sql<{ n: number }>('SELECT count(*)::int AS n FROM grouped_mail WHERE created_by_id = $1', [who.owner.id]);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('getMailDraft, editDraft', () => {
  it('getMailDraft: owner only', async () => {
    const id = await newDraft();
    expect(await statusesAs(who, () => ({ handler: GET_DRAFT, path: `/api/MailSend/getMailDraft?groupedMailSendId=${id}` }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
  });

  it('editDraft: owner changes subject, description, design; adds companies and groups', async () => {
    const id = await newDraft();
    const body = { Id: id, Name: 'Subiect nou', Description: 'Altă descriere', Content: design('Salut {{NumeContact}}'), CompanyIds: [cuis[5]], GroupIds: [ownGroup] };
    expect(await statusesAs(who, () => ({ handler: EDIT, method: 'PUT', path: '/api/MailSend/editDraft', body }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 204 });
    const draft = (await call(GET_DRAFT, `/api/MailSend/getMailDraft?groupedMailSendId=${id}`, { token })).body;
    expect(draft).toMatchObject({ Name: 'Subiect nou', Description: 'Altă descriere', Content: design('Salut {{NumeContact}}'), CompanyIds: [cuis[5], cuis[0], cuis[1]] });
    // Recipients only: the texts stay; a company already there is not added twice.
    const add = await call(EDIT, '/api/MailSend/editDraft', { method: 'PUT', token, body: { GroupedMailId: id, CompanyIds: [cuis[0], cuis[2]] } });
    expect(add.status).toBe(204);
    const again = (await call(GET_DRAFT, `/api/MailSend/getMailDraft?groupedMailSendId=${id}`, { token })).body;
    expect(again).toMatchObject({ Name: 'Subiect nou', CompaniesNumber: 4 });
  });

  it('editDraft: validation, unsafe designs and invisible groups change nothing', async () => {
    const id = await newDraft();
    const put = (body: Record<string, unknown>) => call(EDIT, '/api/MailSend/editDraft', { method: 'PUT', token, body: { Id: id, ...body } });
    expect((await put({ Name: 'ab' })).body.Errors).toEqual({ Name: ['Acest câmp trebuie să fie mai mare de 3 caractere.'] });
    expect((await put({ Description: 'x'.repeat(1001) })).status).toBe(400);
    expect((await put({ Content: design('<script>alert(1)</script>') })).status).toBe(400);
    expect((await put({ Content: 'nu e JSON' })).status).toBe(400);
    expect((await put({ GroupIds: [foreignGroup] })).status).toBe(404);
    expect((await call(EDIT, '/api/MailSend/editDraft', { method: 'PUT', token, body: { Name: 'Fără id' } })).status).toBe(400);
    const draft = (await call(GET_DRAFT, `/api/MailSend/getMailDraft?groupedMailSendId=${id}`, { token })).body;
    expect(draft).toMatchObject({ Name: 'Ofertă servicii', CompaniesNumber: 0, Content: design('Bună, {{NumeFirma}}') });
  });

  it('editDraft: a design of exactly 5 MB is saved, one byte more is refused and the saved one stays', async () => {
    const id = await newDraft();
    const ofBytes = (bytes: number) => {
      const mjml = '<mjml><mj-body><mj-section><mj-column><mj-text>Mare</mj-text></mj-column></mj-section></mj-body></mjml>';
      const base = serializeDesign(mjml, { blob: '' });
      return serializeDesign(mjml, { blob: 'a'.repeat(bytes - base.length) });
    };
    const atLimit = ofBytes(DESIGN_MAX_BYTES);
    expect(atLimit.length).toBe(DESIGN_MAX_BYTES);
    const put = (Content: string) => call(EDIT, '/api/MailSend/editDraft', { method: 'PUT', token, body: { Id: id, Content, CompanyIds: [], GroupIds: [] } });
    expect((await put(atLimit)).status).toBe(204);
    const over = await put(ofBytes(DESIGN_MAX_BYTES + 1));
    expect(over.status).toBe(400);
    expect(over.body.Errors).toEqual({ Content: [DESIGN_MESSAGES.tooLarge] });
    const draft = (await call(GET_DRAFT, `/api/MailSend/getMailDraft?groupedMailSendId=${id}`, { token })).body;
    expect(draft.Content).toBe(atLimit);
  });
});

describe('getCompaniesMail, getDraftGroups, deleteMailSend', () => {
  let id: number;
  beforeAll(async () => {
    id = await newDraft({ CompanyIds: [cuis[4]], GroupIds: [ownGroup, sharedGroup] });
  });

  it('lists the companies with group and the addresses the sender may use', async () => {
    expect(await statusesAs(who, () => ({ handler: COMPANIES, path: `/api/MailSend/getCompaniesMail?GroupedMailId=${id}` }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    const res = await call(COMPANIES, `/api/MailSend/getCompaniesMail?GroupedMailId=${id}&OrderBy=HasMail_desc&PageNumber=1`, { token });
    expect(res.body.Count).toBe(4);
    expect(res.body.NumberOfPages).toBe(1);
    const first = res.body.Items[0];
    expect(first).toMatchObject({ CompanyCui: cuis[0], GroupId: ownGroup, GroupName: 'Grupul meu', HasMail: true, Email: 'public@firma.ro, eu@firma.ro' });
    expect(first.Mails).toEqual([
      { Mail: 'public@firma.ro', Status: null, IsOpened: false },
      { Mail: 'eu@firma.ro', Status: null, IsOpened: false },
    ]);
    const others = res.body.Items.slice(1);
    expect(others.map((c: { HasMail: boolean; Email: string }) => [c.HasMail, c.Email])).toEqual([[false, ''], [false, ''], [false, '']]);
    const direct = res.body.Items.find((c: { CompanyCui: number }) => c.CompanyCui === cuis[4]);
    expect(direct).toMatchObject({ GroupId: null, GroupName: null });
    // Another user's private contact is not the owner's address.
    expect(JSON.stringify(res.body)).not.toContain('altul@firma.ro');
    expect(JSON.stringify(res.body)).not.toContain('sters@firma.ro');
  });

  it('filters by group and searches by name or CUI', async () => {
    const byGroup = await call(COMPANIES, `/api/MailSend/getCompaniesMail?GroupedMailId=${id}&GroupId=${ownGroup}`, { token });
    expect(byGroup.body.Items.map((c: { CompanyCui: number }) => c.CompanyCui).sort()).toEqual([cuis[0], cuis[1]].sort());
    const byCui = await call(COMPANIES, `/api/MailSend/getCompaniesMail?GroupedMailId=${id}&SearchText=${cuis[2]}`, { token });
    expect(byCui.body.Items.map((c: { CompanyCui: number }) => c.CompanyCui)).toEqual([cuis[2]]);
    const [{ name }] = await sql<{ name: string }>('SELECT name FROM company WHERE cui = $1', [cuis[1]]);
    const byName = await call(COMPANIES, `/api/MailSend/getCompaniesMail?GroupedMailId=${id}&SearchText=${encodeURIComponent(name.toUpperCase())}`, { token });
    expect(byName.body.Items.map((c: { CompanyCui: number }) => c.CompanyCui)).toContain(cuis[1]);
  });

  it('getDraftGroups: the visible groups with their counts', async () => {
    expect(await statusesAs(who, () => ({ handler: GROUPS, path: `/api/MailSend/getDraftGroups?groupedMailId=${id}` }))).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
    const res = await call(GROUPS, `/api/MailSend/getDraftGroups?groupedMailId=${id}`, { token });
    expect(res.body.DraftCompaniesNumber).toBe(4);
    expect(res.body.Groups).toEqual(
      expect.arrayContaining([
        { Id: ownGroup, Name: 'Grupul meu', CompaniesNumber: 2, DraftCompaniesNumber: 2 },
        { Id: sharedGroup, Name: 'Grup partajat', CompaniesNumber: 1, DraftCompaniesNumber: 1 },
      ]),
    );
    expect(res.body.Groups.map((g: { Id: number }) => g.Id)).not.toContain(foreignGroup);
  });

  it('deleteMailSend: only the owner removes a company from the draft', async () => {
    const list = await call(COMPANIES, `/api/MailSend/getCompaniesMail?GroupedMailId=${id}`, { token });
    const row = list.body.Items.find((c: { CompanyCui: number }) => c.CompanyCui === cuis[4]);
    expect(await statusesAs(who, () => ({ handler: DELETE_COMPANY, method: 'DELETE', path: `/api/MailSend/deleteMailSend?id=${row.MailSendId}` }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      owner: 204,
    });
    const after = await call(COMPANIES, `/api/MailSend/getCompaniesMail?GroupedMailId=${id}`, { token });
    expect(after.body.Count).toBe(3);
    expect(after.body.Items.map((c: { CompanyCui: number }) => c.CompanyCui)).not.toContain(cuis[4]);
  });
});

describe('getMailsDraft, delete', () => {
  it('lists only one\'s own unsent drafts, newest first, searchable; delete hides them', async () => {
    const lister = await makeActors();
    try {
      const tok = await tokenOf(lister.owner);
      const t = (await call(ADD_TEMPLATE, '/api/MailTemplate/Add', { body: { Name: 'Șablon listă', Content: '' }, token: tok })).body.Id;
      const make = async () => (await call(CREATE, '/api/MailSend/createDraftMail', { body: { MailTemplateId: t, CompanyIds: [cuis[0]] }, token: tok })).body as number;
      const first = await make();
      const second = await make();
      const sent = await make();
      await sql('UPDATE grouped_mail SET sent_on = now() WHERE id = $1', [sent]);
      expect(await statusesAs(lister, () => ({ handler: LIST, path: '/api/MailSend/getMailsDraft' }), ['anonymous'])).toEqual({ anonymous: 401 });
      const res = await call(LIST, '/api/MailSend/getMailsDraft', { token: tok });
      expect(res.status).toBe(200);
      expect(res.body.Count).toBe(2);
      expect(res.body.Items.map((d: { Id: number }) => d.Id)).toEqual([second, first]);
      expect(res.body.Items[0]).toMatchObject({ GroupedMailId: second, Name: 'Șablon listă', Template: 'Șablon listă', TemplateId: t, CreatedBy: lister.owner.userName, CompaniesNumber: 1 });
      expect((await callAs('other', lister, () => ({ handler: LIST, path: '/api/MailSend/getMailsDraft' }))).body.Count).toBe(0);
      expect((await call(LIST, '/api/MailSend/getMailsDraft?SearchText=nimic', { token: tok })).body.Count).toBe(0);
      // The default order is Name, the subject (spec 002 §4), then the newest.
      await sql(`UPDATE grouped_mail SET name = 'Aaa subiect' WHERE id = $1`, [first]);
      expect((await call(LIST, '/api/MailSend/getMailsDraft', { token: tok })).body.Items.map((d: { Id: number }) => d.Id)).toEqual([first, second]);
      expect((await call(LIST, '/api/MailSend/getMailsDraft?OrderBy=CreatedOn_desc', { token: tok })).body.Items.map((d: { Id: number }) => d.Id)).toEqual([second, first]);
      // A sent draft is a sending now: not editable or deletable here.
      expect((await call(GET_DRAFT, `/api/MailSend/getMailDraft?groupedMailSendId=${sent}`, { token: tok })).status).toBe(404);
      expect(await statusesAs(lister, () => ({ handler: DELETE_DRAFT, method: 'DELETE', path: `/api/MailSend/delete?id=${first}` }))).toEqual({
        anonymous: 401,
        other: 404,
        admin: 404,
        owner: 204,
      });
      expect(await sql('SELECT is_deleted FROM grouped_mail WHERE id = $1', [first])).toEqual([{ is_deleted: true }]);
      expect((await call(LIST, '/api/MailSend/getMailsDraft', { token: tok })).body.Items.map((d: { Id: number }) => d.Id)).toEqual([second]);
      expect((await call(DELETE_DRAFT, `/api/MailSend/delete?id=${sent}`, { method: 'DELETE', token: tok })).status).toBe(404);
    } finally {
      await dropActors(lister);
    }
  });
});
