// Groups and company comments through their route handlers on real PostgreSQL: the access matrix of
// every endpoint (owner, Edit member, View member, a stranger, an Admin, anonymous), the no-leak
// rule (someone else's group answers exactly like a missing one) and the filtered company list.
import { sql } from '@/server/kernel/db';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { listMailbox } from '@/server/kernel/mailbox';
import { GET as getGroups } from '@/app/api/Group/getGroups/route';
import { GET as getGroupsForEdit } from '@/app/api/Group/getGroupsForEdit/route';
import { GET as getGroup } from '@/app/api/Group/get/route';
import { POST as addGroup } from '@/app/api/Group/add/route';
import { PUT as updateRange } from '@/app/api/Group/updateRange/route';
import { PUT as updateGroup } from '@/app/api/Group/update/route';
import { DELETE as deleteGroup } from '@/app/api/Group/[id]/route';
import { GET as getMembers } from '@/app/api/Group/getGroupMembers/route';
import { GET as getPermisions } from '@/app/api/Group/getPermisions/route';
import { POST as invite } from '@/app/api/Group/invite/route';
import { PUT as editMember } from '@/app/api/Group/editGroupMember/route';
import { PUT as removeMember } from '@/app/api/Group/virtualDeleteGroupMember/[id]/route';
import { POST as acceptInvite } from '@/app/api/Group/acceptInvite/route';
import { POST as rejectInvite } from '@/app/api/Group/rejectInvite/route';
import { GET as getCompanyGroups } from '@/app/api/Group/getCompanyGroups/route';
import { PUT as moveCompany } from '@/app/api/Group/updateCompanyGroup/route';
import { DELETE as deleteCompanyFromGroup } from '@/app/api/Group/deleteCompanyFromGroup/route';
import { POST as addCompanies } from '@/app/api/Group/addComapaniesToGroup/route';
import { GET as groupsForCompany } from '@/app/api/Group/getGroupsForCompany/route';
import { PUT as updateOrAdd } from '@/app/api/Group/updateOrAddCompanyToGroup/route';
import { DELETE as deleteFromItsGroup } from '@/app/api/Group/deleteCompanyFromItsGroup/route';
import { GET as getComments } from '@/app/api/CompanyComment/getCommentsByCompanyGroupId/route';
import { POST as addCommentRoute } from '@/app/api/CompanyComment/add/route';
import { PUT as updateCommentRoute } from '@/app/api/CompanyComment/update/route';
import { DELETE as deleteCommentRoute } from '@/app/api/CompanyComment/[id]/route';
import { GET as getDetails } from '@/app/api/Company/getDetails/[cui]/route';
import { call, createUser, deleteUsers } from './support/auth';
import { tokenOf, type RouteCall } from './support/authz';
import { dropGroupCast, makeGroupCast, ORDER, type Cast, type Who } from './support/group-cast';
import { addComment, addCompany, addMember, createGroup, type TestGroup } from '../factories/groups';

let users: Cast;
let cuis: number[];

beforeAll(async () => {
  ({ users, cuis } = await makeGroupCast(30));
});

afterAll(() => dropGroupCast(users));

const tokens = new Map<number, string>();
async function as(who: Who, r: RouteCall) {
  let token: string | undefined;
  if (who !== 'anonymous') {
    const u = users[who];
    if (!tokens.has(u.id)) tokens.set(u.id, await tokenOf(u));
    token = tokens.get(u.id);
  }
  return call(r.handler, r.path, { method: r.method, body: r.body, params: r.params, token });
}

/** The status each caller gets; the builder runs once per caller (fresh rows for mutations). */
async function matrix(build: (who: Who) => RouteCall | Promise<RouteCall>): Promise<Record<Who, number>> {
  const out = {} as Record<Who, number>;
  for (const who of ORDER) out[who] = (await as(who, await build(who))).status;
  return out;
}

/** A group of the owner with an Edit and a View member and `n` companies. */
async function sharedGroup(n = 2): Promise<TestGroup & { members: { editor: number; viewer: number }; companyGroups: number[] }> {
  const g = await createGroup(users.owner);
  const editor = await addMember(g, users.editor, 'Edit');
  const viewer = await addMember(g, users.viewer, 'View');
  const companyGroups: number[] = [];
  for (let i = 0; i < n; i++) companyGroups.push(await addCompany(g, cuis[i], users.owner));
  return { ...g, members: { editor, viewer }, companyGroups };
}

const READ = { anonymous: 401, other: 404, admin: 404, viewer: 200, editor: 200, owner: 200 };
const WRITE = { anonymous: 401, other: 404, admin: 404, viewer: 403, editor: 200, owner: 200 };

describe('reads of one group', () => {
  let g: Awaited<ReturnType<typeof sharedGroup>>;
  beforeAll(async () => {
    g = await sharedGroup();
  });

  it('get, getGroupMembers, getCompanyGroups?GroupId, comments: members only', async () => {
    expect(await matrix(() => ({ handler: getGroup, path: `/api/Group/get?id=${g.id}` }))).toEqual(READ);
    expect(await matrix(() => ({ handler: getMembers, path: `/api/Group/getGroupMembers?groupId=${g.id}` }))).toEqual(READ);
    expect(await matrix(() => ({ handler: getCompanyGroups, path: `/api/Group/getCompanyGroups?GroupId=${g.id}` }))).toEqual(READ);
    expect(await matrix(() => ({ handler: getComments, path: `/api/CompanyComment/getCommentsByCompanyGroupId?companyGroupId=${g.companyGroups[0]}` }))).toEqual(READ);
  });

  it('a stranger gets for an existing group exactly the answer for a missing one', async () => {
    const [missing] = await sql<{ id: number }>(`SELECT coalesce(max(id), 0) + 1000 AS id FROM company_group_list`);
    for (const [handler, p] of [
      [getGroup, (id: number) => `/api/Group/get?id=${id}`],
      [getMembers, (id: number) => `/api/Group/getGroupMembers?groupId=${id}`],
      [getCompanyGroups, (id: number) => `/api/Group/getCompanyGroups?GroupId=${id}`],
    ] as const) {
      const theirs = await as('other', { handler, path: p(g.id) });
      const none = await as('other', { handler, path: p(missing.id) });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(none.body);
    }
  });

  it('the group answers with role, rights and members (owner first)', async () => {
    const owner = await as('owner', { handler: getGroup, path: `/api/Group/get?id=${g.id}` });
    expect(owner.body).toMatchObject({ Id: g.id, Name: g.name, CompaniesNumber: 2, Role: 'Autor', AccessToEdit: true, CreatedBy: users.owner.userName });
    expect(owner.body.Members.map((m: { UserName: string; IsOwner: boolean }) => [m.UserName, m.IsOwner])).toEqual([
      [users.owner.userName, true],
      [users.editor.userName, false],
      [users.viewer.userName, false],
    ]);
    const viewer = await as('viewer', { handler: getGroup, path: `/api/Group/get?id=${g.id}` });
    expect(viewer.body).toMatchObject({ Role: 'Membru', AccessToEdit: false });
    const editor = await as('editor', { handler: getGroup, path: `/api/Group/get?id=${g.id}` });
    expect(editor.body).toMatchObject({ Role: 'Membru', AccessToEdit: true });
  });

  it('getPermisions lists the levels, the default (View) first', async () => {
    expect((await matrix(() => ({ handler: getPermisions, path: '/api/Group/getPermisions' })))).toMatchObject({ anonymous: 401, other: 200 });
    const r = await as('owner', { handler: getPermisions, path: '/api/Group/getPermisions' });
    expect(r.body).toEqual([
      { Id: 'View', Name: 'Vizualizare' },
      { Id: 'Edit', Name: 'Editare' },
    ]);
  });
});

describe('lists', () => {
  it('getGroups: only the groups one sees, paged by 20, sortable, searchable', async () => {
    const a = await sharedGroup(3);
    const mine = await createGroup(users.other, 'Zzz grupul altcuiva');
    const owner = await as('owner', { handler: getGroups, path: '/api/Group/getGroups?OrderBy=CompaniesNumber_desc&PageNumber=1' });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ Count: expect.any(Number), NumberOfPages: expect.any(Number) });
    const ids = owner.body.Items.map((i: { Id: number }) => i.Id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(mine.id);
    const counts = owner.body.Items.map((i: { CompaniesNumber: number }) => i.CompaniesNumber);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    const search = await as('viewer', { handler: getGroups, path: `/api/Group/getGroups?SearchText=${encodeURIComponent(a.name)}` });
    expect(search.body.Items).toEqual([expect.objectContaining({ Id: a.id, Role: 'Membru', AccessToEdit: false, CompaniesNumber: 3, Members: 3 })]);
    const admin = await as('admin', { handler: getGroups, path: `/api/Group/getGroups?SearchText=${encodeURIComponent(a.name)}` });
    expect(admin.body).toEqual({ Items: [], Count: 0, NumberOfPages: 0 });
    expect((await as('anonymous', { handler: getGroups, path: '/api/Group/getGroups' })).status).toBe(401);
  });

  it('getGroupsForEdit: only groups one may change', async () => {
    const a = await sharedGroup(0);
    const ids = async (who: Who) => (await as(who, { handler: getGroupsForEdit, path: `/api/Group/getGroupsForEdit?searchText=${encodeURIComponent(a.name)}` })).body.map((x: { Id: number }) => x.Id);
    expect(await ids('owner')).toEqual([a.id]);
    expect(await ids('editor')).toEqual([a.id]);
    expect(await ids('viewer')).toEqual([]);
    expect(await ids('admin')).toEqual([]);
  });

  it('getCompanyGroups takes the advanced-search filter, sorts and pages', async () => {
    const g = await sharedGroup(0);
    const [rows] = await Promise.all([
      sql<{ cui: number; profit: number; employees: number; has_email: boolean }>(`SELECT cui, profit, employees, has_email FROM company WHERE cui = ANY($1::int[])`, [cuis.slice(0, 20)]),
    ]);
    for (const r of rows) await addCompany(g, r.cui, users.owner);
    const path = (q: string) => `/api/Group/getCompanyGroups?GroupId=${g.id}&${q}`;
    const all = await as('viewer', { handler: getCompanyGroups, path: path('PageSize=100') });
    expect(all.body.Count).toBe(20);
    const profits = all.body.Items.map((i: { Profit: number }) => i.Profit);
    expect(profits).toEqual([...profits].sort((x, y) => y - x));
    expect(all.body.Items[0]).toEqual(
      expect.objectContaining({ CompanyGroupId: expect.any(Number), GroupId: g.id, Cui: expect.any(Number), GroupName: g.name, AccessToEdit: false }),
    );
    const minEmployees = [...rows].sort((a, b) => a.employees - b.employees)[10].employees;
    const filtered = await as('viewer', { handler: getCompanyGroups, path: path(`MinEmployees=${minEmployees}&MaxEmployees=1000000&OrderBy=Employees`) });
    const expected = rows.filter((r) => r.employees >= minEmployees).length;
    expect(filtered.body.Count).toBe(expected);
    const emp = filtered.body.Items.map((i: { Employees: number }) => i.Employees);
    expect(emp).toEqual([...emp].sort((x, y) => x - y));
    const withEmail = await as('viewer', { handler: getCompanyGroups, path: path('HasEmail=true') });
    expect(withEmail.body.Count).toBe(rows.filter((r) => r.has_email).length);
    const paged = await as('owner', { handler: getCompanyGroups, path: path('PageSize=7&PageNumber=3') });
    expect(paged.body).toMatchObject({ Count: 20, NumberOfPages: 3 });
    expect(paged.body.Items).toHaveLength(6);
    expect(paged.body.Items[0].AccessToEdit).toBe(true);
    const bad = await as('owner', { handler: getCompanyGroups, path: path('MinEmployees=abc') });
    expect(bad.status).toBe(400);
    // Without GroupId: the companies of every group one sees, never of others' groups.
    const other = await createGroup(users.other);
    await addCompany(other, cuis[25], users.other);
    const everything = await as('owner', { handler: getCompanyGroups, path: `/api/Group/getCompanyGroups?SearchText=${cuis[25]}` });
    expect(everything.body.Items.filter((i: { GroupId: number }) => i.GroupId === other.id)).toEqual([]);
  });

  it('getCompanyGroups without a filter counts every row of the groups one sees (and only those)', async () => {
    const solo = await createUser();
    try {
      const a = await createGroup(solo);
      const b = await createGroup(solo);
      for (const cui of cuis.slice(0, 3)) await addCompany(a, cui, solo);
      await addCompany(b, cuis[0], solo);
      const r = await call(getCompanyGroups, '/api/Group/getCompanyGroups', { token: await tokenOf(solo) });
      expect(r.body).toMatchObject({ Count: 4, NumberOfPages: 1 });
      expect(r.body.Items).toHaveLength(4);
      await sql(`UPDATE company_group_list SET is_deleted = true WHERE id = $1`, [b.id]);
      const after = await call(getCompanyGroups, '/api/Group/getCompanyGroups', { token: await tokenOf(solo) });
      expect(after.body).toMatchObject({ Count: 3 });
    } finally {
      await deleteUsers(solo);
    }
  });
});

describe('changes to a group', () => {
  it('add: any signed-in user; the owner gets a fixed member row', async () => {
    expect((await as('anonymous', { handler: addGroup, path: '/api/Group/add?name=Grup%20nou', method: 'POST' })).status).toBe(401);
    expect((await as('owner', { handler: addGroup, path: '/api/Group/add?name=ab', method: 'POST' })).status).toBe(400);
    const r = await as('viewer', { handler: addGroup, path: '/api/Group/add?name=Clien%C8%9Bi%20noi', method: 'POST' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Id: expect.any(Number), Name: 'Clienți noi' });
    const members = await as('viewer', { handler: getMembers, path: `/api/Group/getGroupMembers?groupId=${r.body.Id}` });
    expect(members.body).toEqual([{ Id: expect.any(Number), UserName: users.viewer.userName, Access: 'Edit', IsOwner: true }]);
  });

  it('update, updateRange: owner and editors; viewers 403; others 404; delete: the owner only (docs/decisions/041)', async () => {
    expect(await matrix(async () => ({ handler: updateGroup, method: 'PUT', path: '/api/Group/update', body: { Id: (await sharedGroup(0)).id, Name: 'Nume nou' } }))).toEqual(WRITE);
    expect(await matrix(async () => ({ handler: updateRange, method: 'PUT', path: '/api/Group/updateRange', body: [{ Id: (await sharedGroup(0)).id, Name: 'Nume nou' }] }))).toEqual(WRITE);
    expect(await matrix(async () => {
      const g = await sharedGroup(0);
      return { handler: deleteGroup, method: 'DELETE', path: `/api/Group/${g.id}`, params: { id: String(g.id) } };
    })).toEqual({ ...WRITE, editor: 403 });
  });

  it('updateRange is all or nothing', async () => {
    const mine = await sharedGroup(0);
    const theirs = await createGroup(users.other, 'Al altcuiva');
    const r = await as('owner', { handler: updateRange, method: 'PUT', path: '/api/Group/updateRange', body: [{ Id: mine.id, Name: 'Schimbat' }, { Id: theirs.id, Name: 'Furat' }] });
    expect(r.status).toBe(404);
    const names = await sql<{ name: string }>(`SELECT name FROM company_group_list WHERE id = ANY($1::int[]) ORDER BY id`, [[mine.id, theirs.id]]);
    expect(names.map((n) => n.name)).toEqual([mine.name, 'Al altcuiva']);
  });

  it('a deleted group leaves every list and answers 404', async () => {
    const g = await sharedGroup(1);
    await as('owner', { handler: deleteGroup, method: 'DELETE', path: `/api/Group/${g.id}`, params: { id: String(g.id) } });
    expect((await as('owner', { handler: getGroup, path: `/api/Group/get?id=${g.id}` })).status).toBe(404);
    const list = await as('editor', { handler: getGroups, path: `/api/Group/getGroups?SearchText=${encodeURIComponent(g.name)}` });
    expect(list.body.Count).toBe(0);
    const forCompany = await as('owner', { handler: groupsForCompany, path: `/api/Group/getGroupsForCompany?cui=${cuis[0]}` });
    expect(forCompany.body.map((x: { GroupId: number }) => x.GroupId)).not.toContain(g.id);
    expect((await as('owner', { handler: getComments, path: `/api/CompanyComment/getCommentsByCompanyGroupId?companyGroupId=${g.companyGroups[0]}` })).status).toBe(404);
  });
});

describe('members and invitations', () => {
  it('editGroupMember and virtualDeleteGroupMember: editors change members; the owner row is fixed', async () => {
    expect(await matrix(async () => {
      const g = await sharedGroup(0);
      const extra = await addMember(g, await createUser(), 'View');
      return { handler: editMember, method: 'PUT', path: `/api/Group/editGroupMember?GroupMemberId=${extra}&Access=Edit` };
    })).toEqual(WRITE);
    expect(await matrix(async () => {
      const g = await sharedGroup(0);
      const extra = await addMember(g, await createUser(), 'View');
      return { handler: removeMember, method: 'PUT', path: `/api/Group/virtualDeleteGroupMember/${extra}`, params: { id: String(extra) } };
    })).toEqual(WRITE);
    const g = await sharedGroup(0);
    const [ownerRow] = await sql<{ id: number }>(`SELECT id FROM group_member WHERE group_id = $1 AND is_owner`, [g.id]);
    expect((await as('editor', { handler: editMember, method: 'PUT', path: `/api/Group/editGroupMember?GroupMemberId=${ownerRow.id}&Access=View` })).status).toBe(403);
    expect((await as('editor', { handler: removeMember, method: 'PUT', path: `/api/Group/virtualDeleteGroupMember/${ownerRow.id}`, params: { id: String(ownerRow.id) } })).status).toBe(403);
    expect((await as('owner', { handler: editMember, method: 'PUT', path: `/api/Group/editGroupMember?GroupMemberId=${g.members.viewer}&Access=Admin` })).status).toBe(400);
    // A removed member no longer sees the group.
    await as('owner', { handler: removeMember, method: 'PUT', path: `/api/Group/virtualDeleteGroupMember/${g.members.viewer}`, params: { id: String(g.members.viewer) } });
    expect((await as('viewer', { handler: getGroup, path: `/api/Group/get?id=${g.id}` })).status).toBe(404);
  });

  it('invite: editors send a mail with the link; members and the owner are refused', async () => {
    expect(await matrix(async () => ({ handler: invite, method: 'POST', path: `/api/Group/invite?Email=nou-${Math.random().toString(36).slice(2)}@exemplu.ro&GroupId=${(await sharedGroup(0)).id}&Access=View` }))).toEqual(WRITE);
    const g = await sharedGroup(0);
    const again = await as('owner', { handler: invite, method: 'POST', path: `/api/Group/invite?Email=${users.viewer.email}&GroupId=${g.id}&Access=Edit` });
    expect(again.status).toBe(409);
    expect(again.body.Message).toBe('Utilizatorul este deja membru al grupului.');
    expect((await as('editor', { handler: invite, method: 'POST', path: `/api/Group/invite?Email=${users.owner.email.toUpperCase()}&GroupId=${g.id}&Access=View` })).status).toBe(409);
    expect((await as('owner', { handler: invite, method: 'POST', path: `/api/Group/invite?Email=nu-e-email&GroupId=${g.id}&Access=View` })).status).toBe(400);
  });

  it('an invitation is bound to its address, works once, grants only its level, and can be rejected', async () => {
    const g = await sharedGroup(0);
    const guest = await createUser();
    const intruder = await createUser();
    try {
      const sent = await as('owner', { handler: invite, method: 'POST', path: `/api/Group/invite?Email=${guest.email}&GroupId=${g.id}&Access=View` });
      expect(sent.status).toBe(200);
      await waitForBackgroundTasks();
      const mail = (await listMailbox()).find((m) => m.To === guest.email);
      // The group's name (free text) is in the body, never in the subject (036).
      expect(mail?.Subject).toBe('Ai fost invitat într-un grup pe RadarFirme');
      expect(mail?.Html).toContain(g.name);
      const link = mail!.Links.find((l) => l.includes('/Invitatie/'))!;
      const inviteId = new URL(link).pathname.split('/')[2];
      expect(new URL(link).pathname.split('/')[4]).toBe(String(g.id));
      const tokenGuest = await tokenOf(guest);
      const tokenIntruder = await tokenOf(intruder);
      const accept = (token?: string) => call(acceptInvite, `/api/Group/acceptInvite?inviteId=${inviteId}`, { method: 'POST', token });
      expect((await accept()).status).toBe(401);
      expect((await accept(tokenIntruder)).status).toBe(404);
      const ok = await accept(tokenGuest);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ GroupId: g.id, GroupName: g.name });
      expect((await accept(tokenGuest)).status).toBe(404);
      const members = await as('owner', { handler: getMembers, path: `/api/Group/getGroupMembers?groupId=${g.id}` });
      expect(members.body).toContainEqual({ Id: expect.any(Number), UserName: guest.userName, Access: 'View', IsOwner: false });
      const seen = await call(getGroup, `/api/Group/get?id=${g.id}`, { token: tokenGuest });
      expect(seen.body).toMatchObject({ AccessToEdit: false });

      const [{ id: second }] = await sql<{ id: string }>(
        `INSERT INTO group_invitation (id, group_id, email, access, invited_by_id) VALUES (gen_random_uuid(), $1, $2, 'Edit', $3) RETURNING id`,
        [g.id, intruder.email, users.owner.id],
      );
      expect((await call(rejectInvite, `/api/Group/rejectInvite?inviteId=${second}`, { method: 'POST', token: tokenIntruder })).status).toBe(200);
      expect((await call(acceptInvite, `/api/Group/acceptInvite?inviteId=${second}`, { method: 'POST', token: tokenIntruder })).status).toBe(404);
      const [{ id: old }] = await sql<{ id: string }>(
        `INSERT INTO group_invitation (id, group_id, email, access, invited_by_id, created_at) VALUES (gen_random_uuid(), $1, $2, 'Edit', $3, now() - interval '8 days') RETURNING id`,
        [g.id, intruder.email, users.owner.id],
      );
      expect((await call(acceptInvite, `/api/Group/acceptInvite?inviteId=${old}`, { method: 'POST', token: tokenIntruder })).status).toBe(404);
      expect((await call(acceptInvite, `/api/Group/acceptInvite?inviteId=not-a-uuid`, { method: 'POST', token: tokenIntruder })).status).toBe(400);
    } finally {
      await deleteUsers(guest, intruder);
    }
  });
});

describe('companies in groups', () => {
  it('updateCompanyGroup (move) and deleteCompanyFromGroup', async () => {
    expect(await matrix(async () => {
      const g = await sharedGroup(1);
      const target = await sharedGroup(0);
      return { handler: moveCompany, method: 'PUT', path: '/api/Group/updateCompanyGroup', body: { Id: g.companyGroups[0], GroupId: target.id } };
    })).toEqual(WRITE);
    expect(await matrix(async () => {
      const g = await sharedGroup(1);
      return { handler: deleteCompanyFromGroup, method: 'DELETE', path: `/api/Group/deleteCompanyFromGroup?companyGroupId=${g.companyGroups[0]}` };
    })).toEqual(WRITE);
    // Moving into a group one cannot edit: 404 for a stranger's group, nothing moves.
    const g = await sharedGroup(1);
    const theirs = await createGroup(users.other);
    expect((await as('owner', { handler: moveCompany, method: 'PUT', path: '/api/Group/updateCompanyGroup', body: { Id: g.companyGroups[0], GroupId: theirs.id } })).status).toBe(404);
    const [row] = await sql<{ group_id: number }>(`SELECT group_id FROM company_in_group WHERE id = $1`, [g.companyGroups[0]]);
    expect(row.group_id).toBe(g.id);
  });

  it('addComapaniesToGroup: editors add known CUIs once', async () => {
    expect(await matrix(async () => ({ handler: addCompanies, method: 'POST', path: `/api/Group/addComapaniesToGroup?groupId=${(await sharedGroup(0)).id}`, body: cuis.slice(0, 3) }))).toEqual(WRITE);
    const g = await sharedGroup(1);
    const r = await as('editor', { handler: addCompanies, method: 'POST', path: `/api/Group/addComapaniesToGroup?groupId=${g.id}`, body: cuis.slice(0, 3) });
    expect(r.body).toEqual({ Added: 2 });
    expect((await as('editor', { handler: addCompanies, method: 'POST', path: `/api/Group/addComapaniesToGroup?groupId=${g.id}`, body: [] })).status).toBe(400);
    expect((await as('editor', { handler: addCompanies, method: 'POST', path: `/api/Group/addComapaniesToGroup?groupId=${g.id}`, body: [1] })).status).toBe(400);
  });

  it('the card menu: getGroupsForCompany, updateOrAddCompanyToGroup moves, deleteCompanyFromItsGroup', async () => {
    const cui = cuis[28];
    const a = await createGroup(users.owner, 'Card A');
    const b = await createGroup(users.owner, 'Card B');
    await addMember(a, users.viewer, 'View');
    const list = async (who: Who) => (await as(who, { handler: groupsForCompany, path: `/api/Group/getGroupsForCompany?cui=${cui}` })).body;
    expect(await matrix(() => ({ handler: groupsForCompany, path: `/api/Group/getGroupsForCompany?cui=${cui}` }))).toMatchObject({ anonymous: 401, other: 200 });
    expect((await list('viewer')).map((x: { GroupId: number }) => x.GroupId)).not.toContain(a.id);
    expect((await as('viewer', { handler: updateOrAdd, method: 'PUT', path: '/api/Group/updateOrAddCompanyToGroup', body: { Cui: cui, GroupId: a.id } })).status).toBe(403);
    expect((await as('other', { handler: updateOrAdd, method: 'PUT', path: '/api/Group/updateOrAddCompanyToGroup', body: { Cui: cui, GroupId: a.id } })).status).toBe(404);
    expect((await as('admin', { handler: updateOrAdd, method: 'PUT', path: '/api/Group/updateOrAddCompanyToGroup', body: { Cui: cui, GroupId: a.id } })).status).toBe(404);
    expect((await as('anonymous', { handler: updateOrAdd, method: 'PUT', path: '/api/Group/updateOrAddCompanyToGroup', body: { Cui: cui, GroupId: a.id } })).status).toBe(401);
    expect((await as('owner', { handler: updateOrAdd, method: 'PUT', path: '/api/Group/updateOrAddCompanyToGroup', body: { Cui: cui, GroupId: a.id } })).status).toBe(200);
    const mine = (await list('owner')).filter((x: { GroupId: number }) => [a.id, b.id].includes(x.GroupId));
    expect(mine).toEqual([
      { GroupId: a.id, GroupName: 'Card A', IsSelected: true },
      { GroupId: b.id, GroupName: 'Card B', IsSelected: false },
    ]);
    await as('owner', { handler: updateOrAdd, method: 'PUT', path: '/api/Group/updateOrAddCompanyToGroup', body: { Cui: cui, GroupId: b.id } });
    const moved = await sql<{ group_id: number }>(`SELECT group_id FROM company_in_group WHERE cui = $1 AND group_id = ANY($2::int[])`, [cui, [a.id, b.id]]);
    expect(moved).toEqual([{ group_id: b.id }]);
    // The company page names the group for its members only.
    const details = async (who: Who) => (await as(who, { handler: getDetails, path: `/api/Company/getDetails/${cui}`, params: { cui: String(cui) } })).body.CompanyGroupName;
    expect(await details('owner')).toBe('Card B');
    expect(await details('other')).toBeNull();
    expect((await as('other', { handler: deleteFromItsGroup, method: 'DELETE', path: `/api/Group/deleteCompanyFromItsGroup?cui=${cui}` })).status).toBe(404);
    expect((await as('owner', { handler: deleteFromItsGroup, method: 'DELETE', path: `/api/Group/deleteCompanyFromItsGroup?cui=${cui}` })).status).toBe(200);
    expect(await sql(`SELECT 1 FROM company_in_group WHERE cui = $1 AND group_id = ANY($2::int[]) AND NOT is_deleted`, [cui, [a.id, b.id]])).toEqual([]);
    expect((await as('owner', { handler: updateOrAdd, method: 'PUT', path: '/api/Group/updateOrAddCompanyToGroup', body: { Cui: 1, GroupId: a.id } })).status).toBe(404);
  });
});

describe('company comments', () => {
  it('add: owner and editors; viewers 403; the CUI must be the row\'s', async () => {
    expect(await matrix(async () => {
      const g = await sharedGroup(1);
      return { handler: addCommentRoute, method: 'POST', path: '/api/CompanyComment/add', body: { Content: 'Am sunat azi', CompanyCui: cuis[0], CompanyGroupId: g.companyGroups[0] } };
    })).toEqual(WRITE);
    const g = await sharedGroup(1);
    expect((await as('owner', { handler: addCommentRoute, method: 'POST', path: '/api/CompanyComment/add', body: { Content: 'Am sunat azi', CompanyCui: cuis[5], CompanyGroupId: g.companyGroups[0] } })).status).toBe(400);
    expect((await as('owner', { handler: addCommentRoute, method: 'POST', path: '/api/CompanyComment/add', body: { Content: 'ok', CompanyCui: cuis[0], CompanyGroupId: g.companyGroups[0] } })).status).toBe(400);
  });

  it('update and delete: the author only; deleted comments disappear', async () => {
    const authorOnly = { anonymous: 401, other: 404, admin: 404, viewer: 403, editor: 200, owner: 403 };
    expect(await matrix(async () => {
      const g = await sharedGroup(1);
      const c = await addComment(g.companyGroups[0], cuis[0], users.editor);
      return { handler: updateCommentRoute, method: 'PUT', path: '/api/CompanyComment/update', body: { Id: c, Content: 'Revenim luni' } };
    })).toEqual(authorOnly);
    expect(await matrix(async () => {
      const g = await sharedGroup(1);
      const c = await addComment(g.companyGroups[0], cuis[0], users.editor);
      return { handler: deleteCommentRoute, method: 'DELETE', path: `/api/CompanyComment/${c}`, params: { id: String(c) } };
    })).toEqual(authorOnly);
    const g = await sharedGroup(1);
    const keep = await addComment(g.companyGroups[0], cuis[0], users.owner, 'Primul');
    const gone = await addComment(g.companyGroups[0], cuis[0], users.editor, 'Al doilea');
    await as('editor', { handler: deleteCommentRoute, method: 'DELETE', path: `/api/CompanyComment/${gone}`, params: { id: String(gone) } });
    const list = await as('viewer', { handler: getComments, path: `/api/CompanyComment/getCommentsByCompanyGroupId?companyGroupId=${g.companyGroups[0]}` });
    expect(list.body).toEqual([
      { Id: keep, Content: 'Primul', CreatedBy: users.owner.userName, CreatedOn: expect.any(String), CompanyGroupId: g.companyGroups[0], IsOwn: false },
    ]);
    expect((await as('editor', { handler: updateCommentRoute, method: 'PUT', path: '/api/CompanyComment/update', body: { Id: gone, Content: 'Înviat' } })).status).toBe(404);
  });
});
