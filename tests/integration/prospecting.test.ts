// Bulk add, CUI lists and saved searches (issue 27; docs/decisions/056) through their route handlers
// on real PostgreSQL: the access matrix, one statement that adds, reports and never duplicates, the
// preview of a list with bad lines (XLSX upload included), and the "new since last opened" count.
import ExcelJS from 'exceljs';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { appendCuiCheckDigit } from '@/lib/cui';
import { POST as addSearch } from '@/app/api/Group/addSearchToGroup/route';
import { POST as matchList } from '@/app/api/Group/matchCuiList/route';
import { POST as addList } from '@/app/api/Group/addCuiList/route';
import { GET as listSaved } from '@/app/api/SavedSearch/list/route';
import { POST as addSaved } from '@/app/api/SavedSearch/add/route';
import { PUT as renameSaved } from '@/app/api/SavedSearch/rename/route';
import { POST as openSaved } from '@/app/api/SavedSearch/open/route';
import { DELETE as deleteSaved } from '@/app/api/SavedSearch/[id]/route';
import { callAs, dropActors, makeActors, statusesAs, type Actors } from './support/authz';
import { createCompany } from '../factories/companies';
import { addCompany, createGroup, type TestGroup } from '../factories/groups';

let who: Actors;
let group: TestGroup;
let made: number[];
const MARK = `PROSPECT${Date.now() % 100000}`;

beforeAll(async () => {
  who = await makeActors();
  group = await createGroup(who.owner, 'Prospecți');
  made = [];
  for (let i = 0; i < 5; i++) made.push((await createCompany({ name: `${MARK} FIRMA ${i} SRL`, profit: 1000 - i })).cui);
});

afterAll(() => dropActors(who));

const groupRows = async () =>
  (await sql<{ cui: number; is_deleted: boolean }>(`SELECT cui, is_deleted FROM company_in_group WHERE group_id = $1 ORDER BY cui`, [group.id]));

describe('a whole search into a group', () => {
  beforeEach(() => sql(`DELETE FROM company_in_group WHERE group_id = $1`, [group.id]));

  it('owner only (another user and an Admin do not see the group), anonymous 401', async () => {
    const [{ last }] = await sql<{ last: string }>(`SELECT coalesce(max(id), 0)::text AS last FROM search_change`);
    expect(await statusesAs(who, () => ({ handler: addSearch, path: `/api/Group/addSearchToGroup?groupId=${group.id}&SearchText=${MARK}`, method: 'POST' }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      owner: 200,
    });
    expect((await groupRows()).length).toBe(5);
    // The search engine's change log holds each added company once (one INSERT, not the row trigger).
    const logged = await sql<{ cui: number }>(`SELECT cui FROM search_change WHERE id > $1::bigint AND cui = ANY($2::int[]) ORDER BY cui`, [last, made]);
    expect(logged.map((r) => r.cui)).toEqual([...made].sort((a, b) => a - b));
  });

  it('reports the companies already in the group, restores removed ones, never duplicates, and stops at the cap', async () => {
    await addCompany(group, made[0], who.owner);
    const removed = await addCompany(group, made[1], who.owner);
    await sql(`UPDATE company_in_group SET is_deleted = true WHERE id = $1`, [removed]);
    const first = await callAs('owner', who, () => ({ handler: addSearch, path: `/api/Group/addSearchToGroup?groupId=${group.id}&SearchText=${MARK}`, method: 'POST' }));
    expect(first.body).toEqual({ Added: 4, AlreadyInGroup: 1, Total: 5, Capped: false });
    const again = await callAs('owner', who, () => ({ handler: addSearch, path: `/api/Group/addSearchToGroup?groupId=${group.id}&SearchText=${MARK}`, method: 'POST' }));
    expect(again.body).toEqual({ Added: 0, AlreadyInGroup: 5, Total: 5, Capped: false });
    const rows = await groupRows();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => !r.is_deleted)).toBe(true);

    const saved = env.BULK_ADD_MAX;
    env.BULK_ADD_MAX = 2;
    try {
      await sql(`DELETE FROM company_in_group WHERE group_id = $1`, [group.id]);
      const capped = await callAs('owner', who, () => ({ handler: addSearch, path: `/api/Group/addSearchToGroup?groupId=${group.id}&SearchText=${MARK}`, method: 'POST' }));
      expect(capped.body).toEqual({ Added: 2, AlreadyInGroup: 0, Total: 2, Capped: true });
      // The search's order: largest profit first.
      expect((await groupRows()).map((r) => r.cui).sort()).toEqual([made[0], made[1]].sort());
    } finally {
      env.BULK_ADD_MAX = saved;
    }
  });
});

describe('a CUI list', () => {
  beforeEach(() => sql(`DELETE FROM company_in_group WHERE group_id = $1`, [group.id]));
  const unknown = Number(appendCuiCheckDigit(198_765_432));
  const text = () =>
    [`CUI;Denumire`, `RO${made[0]};Prima`, `${made[1]}`, `ro ${made[2]}`, `${made[0]}`, `${unknown}`, `12345678`, `nu e un cui`, ``].join('\n');

  it('preview: found (and already in the group), not found, invalid lines; access matrix', async () => {
    await addCompany(group, made[2], who.owner);
    expect(await statusesAs(who, () => ({ handler: matchList, path: `/api/Group/matchCuiList?groupId=${group.id}`, body: { Text: text() } }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      owner: 200,
    });
    const { body } = await callAs('owner', who, () => ({ handler: matchList, path: `/api/Group/matchCuiList?groupId=${group.id}`, body: { Text: text() } }));
    expect(body.Found).toEqual([
      { Cui: made[0], Name: `${MARK} FIRMA 0 SRL`, InGroup: false },
      { Cui: made[1], Name: `${MARK} FIRMA 1 SRL`, InGroup: false },
      { Cui: made[2], Name: `${MARK} FIRMA 2 SRL`, InGroup: true },
    ]);
    expect(body.NotFound).toEqual([unknown]);
    // 12345678 fails the check digit; a line with no CUI is invalid; the header line is skipped.
    expect(body.Invalid.map((l: { Line: number }) => l.Line)).toEqual([7, 8]);
    expect(body.Duplicates).toBe(1);
  });

  it('an XLSX upload reads the first sheet', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Clienți');
    ws.addRow(['Denumire', 'CUI']);
    ws.addRow(['Prima', made[3]]);
    ws.addRow(['A doua', `RO${made[4]}`]);
    ws.addRow(['Greșit', 12345678]);
    const Base64 = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const { status, body } = await callAs('owner', who, () => ({ handler: matchList, path: `/api/Group/matchCuiList?groupId=${group.id}`, body: { File: { Name: 'clienti.xlsx', Base64 } } }));
    expect(status).toBe(200);
    expect(body.Found.map((f: { Cui: number }) => f.Cui)).toEqual([made[3], made[4]]);
    expect(body.Invalid).toHaveLength(1);
    const garbage = await callAs('owner', who, () => ({ handler: matchList, path: `/api/Group/matchCuiList?groupId=${group.id}`, body: { File: { Name: 'x.xlsx', Base64: 'bm90IGEgemlw' } } }));
    expect(garbage.status).toBe(400);
    const empty = await callAs('owner', who, () => ({ handler: matchList, path: `/api/Group/matchCuiList?groupId=${group.id}`, body: { Text: '  ' } }));
    expect(empty.status).toBe(400);
  });

  it('adds the found ones in one go (unknown CUIs skipped), access matrix', async () => {
    expect(await statusesAs(who, () => ({ handler: addList, path: `/api/Group/addCuiList?groupId=${group.id}`, body: { Cuis: [made[0], made[1], unknown] } }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      owner: 200,
    });
    const { body } = await callAs('owner', who, () => ({ handler: addList, path: `/api/Group/addCuiList?groupId=${group.id}`, body: { Cuis: [made[0], made[2]] } }));
    expect(body).toEqual({ Added: 1, AlreadyInGroup: 1, Total: 2, Capped: false });
  });
});

describe('saved searches', () => {
  it('save, list with counts, new since last opened, open, rename, delete; nobody else sees them', async () => {
    expect(await statusesAs(who, () => ({ handler: addSaved, path: '/api/SavedSearch/add', body: { Name: 'x', Query: `SearchText=${MARK}` } }), ['anonymous'])).toEqual({ anonymous: 401 });
    const added = await callAs('owner', who, () => ({ handler: addSaved, path: '/api/SavedSearch/add', body: { Name: 'Firmele mele', Query: `SearchText=${MARK}&OrderBy=Profit_desc` } }));
    expect(added.status).toBe(200);
    const id = added.body.Id as number;

    let list = (await callAs('owner', who, () => ({ handler: listSaved, path: '/api/SavedSearch/list' }))).body;
    expect(list).toEqual([expect.objectContaining({ Id: id, Name: 'Firmele mele', MatchCount: 5, NewCount: 0 })]);
    expect(list[0].Filter).toMatchObject({ SearchText: MARK, OrderBy: 'Profit_desc' });
    expect((await callAs('other', who, () => ({ handler: listSaved, path: '/api/SavedSearch/list' }))).body).toEqual([]);

    await createCompany({ name: `${MARK} FIRMA NOUA SRL`, profit: 5 });
    list = (await callAs('owner', who, () => ({ handler: listSaved, path: '/api/SavedSearch/list' }))).body;
    expect(list[0]).toMatchObject({ MatchCount: 6, NewCount: 1 });

    expect(await statusesAs(who, () => ({ handler: openSaved, path: `/api/SavedSearch/open?id=${id}`, method: 'POST' }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      owner: 200,
    });
    list = (await callAs('owner', who, () => ({ handler: listSaved, path: '/api/SavedSearch/list' }))).body;
    expect(list[0]).toMatchObject({ MatchCount: 6, NewCount: 0 });

    expect(await statusesAs(who, () => ({ handler: renameSaved, path: '/api/SavedSearch/rename', method: 'PUT', body: { Id: id, Name: 'Clienți Cluj' } }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      owner: 204,
    });
    expect((await callAs('owner', who, () => ({ handler: listSaved, path: '/api/SavedSearch/list' }))).body[0].Name).toBe('Clienți Cluj');
    expect(await statusesAs(who, () => ({ handler: deleteSaved, path: `/api/SavedSearch/${id}`, method: 'DELETE', params: { id: String(id) } }))).toEqual({
      anonymous: 401,
      other: 404,
      admin: 404,
      owner: 204,
    });
    expect((await callAs('owner', who, () => ({ handler: listSaved, path: '/api/SavedSearch/list' }))).body).toEqual([]);
  });

  it('bad input is a 400', async () => {
    expect((await callAs('owner', who, () => ({ handler: addSaved, path: '/api/SavedSearch/add', body: { Name: '', Query: '' } }))).status).toBe(400);
    expect((await callAs('owner', who, () => ({ handler: addSaved, path: '/api/SavedSearch/add', body: { Name: 'x', Query: 'MinEmployees=abc' } }))).status).toBe(400);
  });
});

describe('segments: a draft that targets a saved search', () => {
  it('only the draft and saved search owner sets it; at send time its companies join with the usual recipients rules', async () => {
    const { createDraft, addContact, deleteContacts } = await import('../factories/sending');
    const { PUT: setSegment } = await import('@/app/api/MailSend/setDraftSegment/route');
    const { POST: sendMails } = await import('@/app/api/MailSend/sendMails/route');
    const { GET: getSummary } = await import('@/app/api/MailSend/getSendSummary/route');
    const { GET: getDraft } = await import('@/app/api/MailSend/getMailDraft/route');
    const saved = await callAs('owner', who, () => ({ handler: addSaved, path: '/api/SavedSearch/add', body: { Name: 'Segment', Query: `SearchText=${MARK}` } }));
    const draftId = await createDraft(who.owner.id, []);
    const emails = [`seg-public-${MARK}@exemplu.ro`, `seg-private-other-${MARK}@exemplu.ro`, `seg-own-${MARK}@exemplu.ro`].map((e) => e.toLowerCase());
    await addContact(made[0], emails[0]);
    await addContact(made[1], emails[1], { userId: who.other.id, isPrivate: true });
    await addContact(made[2], emails[2], { userId: who.owner.id, isPrivate: true });
    try {
      expect(
        await statusesAs(who, () => ({ handler: setSegment, path: '/api/MailSend/setDraftSegment', method: 'PUT', body: { DraftId: draftId, SavedSearchId: saved.body.Id } })),
      ).toEqual({ anonymous: 401, other: 404, admin: 404, owner: 200 });
      const set = await callAs('owner', who, () => ({ handler: setSegment, path: '/api/MailSend/setDraftSegment', method: 'PUT', body: { DraftId: draftId, SavedSearchId: saved.body.Id } }));
      expect(set.body.MatchCount).toBeGreaterThanOrEqual(5);
      // Another user's saved search cannot be a segment of one's draft.
      const theirs = await callAs('other', who, () => ({ handler: addSaved, path: '/api/SavedSearch/add', body: { Name: 'A lor', Query: `SearchText=${MARK}` } }));
      const refused = await callAs('owner', who, () => ({ handler: setSegment, path: '/api/MailSend/setDraftSegment', method: 'PUT', body: { DraftId: draftId, SavedSearchId: theirs.body.Id } }));
      expect(refused.status).toBe(404);

      // The preview counts what a send now would reach (the segment resolved as sending does, then
      // rolled back): the public contact and the owner's own private one, never the other's.
      const summary = await callAs('owner', who, () => ({ handler: getSummary, path: `/api/MailSend/getSendSummary?groupedMailId=${draftId}` }));
      expect(summary.status).toBe(200);
      expect(summary.body).toMatchObject({ Recipients: 2, WillSend: 2, Companies: set.body.MatchCount });
      expect((await sql(`SELECT 1 FROM grouped_mail_company WHERE grouped_mail_id = $1`, [draftId])).length).toBe(0);
      expect(await statusesAs(who, () => ({ handler: getSummary, path: `/api/MailSend/getSendSummary?groupedMailId=${draftId}` }))).toEqual({
        anonymous: 401,
        other: 404,
        admin: 404,
        owner: 200,
      });
      const details = await callAs('owner', who, () => ({ handler: getDraft, path: `/api/MailSend/getMailDraft?groupedMailSendId=${draftId}` }));
      expect(details.body.Segment).toEqual({ SavedSearchId: saved.body.Id, Name: 'Segment' });

      const sent = await callAs('owner', who, () => ({ handler: sendMails, path: '/api/MailSend/sendMails', method: 'POST', body: { MailDraftId: draftId } }));
      expect(sent.status).toBe(200);
      const rows = await sql<{ email: string }>(`SELECT email FROM mail_send WHERE grouped_mail_id = $1 ORDER BY email`, [draftId]);
      expect(rows.map((r) => r.email)).toEqual([emails[0], emails[2]].sort());
    } finally {
      await sql(`DELETE FROM grouped_mail WHERE id = $1`, [draftId]);
      await deleteContacts(emails);
    }
  });
});
