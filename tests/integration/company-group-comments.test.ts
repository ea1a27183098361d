// Comments survive every move of a company between groups, and a removal from a group is a soft
// delete that a later re-add restores, comments included (docs/decisions/038). Every path that
// moves or removes a company is driven through its route; every reader skips removed rows.
import { sql } from '@/server/kernel/db';
import { GET as getCompanyGroups } from '@/app/api/Group/getCompanyGroups/route';
import { PUT as moveCompany } from '@/app/api/Group/updateCompanyGroup/route';
import { DELETE as deleteCompanyFromGroup } from '@/app/api/Group/deleteCompanyFromGroup/route';
import { POST as addCompanies } from '@/app/api/Group/addComapaniesToGroup/route';
import { GET as groupsForCompany } from '@/app/api/Group/getGroupsForCompany/route';
import { PUT as updateOrAdd } from '@/app/api/Group/updateOrAddCompanyToGroup/route';
import { DELETE as deleteFromItsGroup } from '@/app/api/Group/deleteCompanyFromItsGroup/route';
import { GET as getComments } from '@/app/api/CompanyComment/getCommentsByCompanyGroupId/route';
import { POST as addCommentRoute } from '@/app/api/CompanyComment/add/route';
import { GET as getDetails } from '@/app/api/Company/getDetails/[cui]/route';
import { companiesOfGroups } from '@/server/drafts/recipients';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { createGroup, someCuis, type TestGroup } from '../factories/groups';
import { call } from './support/auth';
import { tokenOf } from './support/authz';

let owner: TestUser;
let token: string;
let cuis: number[];

beforeAll(async () => {
  owner = await createUser();
  token = await tokenOf(owner);
  cuis = await someCuis(12, 900);
});
afterAll(async () => {
  await deleteUsers(owner);
});

const put = (cui: number, g: TestGroup) => call(updateOrAdd, '/api/Group/updateOrAddCompanyToGroup', { method: 'PUT', token, body: { Cui: cui, GroupId: g.id } });
const move = (id: number, g: TestGroup) => call(moveCompany, '/api/Group/updateCompanyGroup', { method: 'PUT', token, body: { Id: id, GroupId: g.id } });
const remove = (id: number) => call(deleteCompanyFromGroup, `/api/Group/deleteCompanyFromGroup?companyGroupId=${id}`, { method: 'DELETE', token });
const removeFromItsGroup = (cui: number) => call(deleteFromItsGroup, `/api/Group/deleteCompanyFromItsGroup?cui=${cui}`, { method: 'DELETE', token });
const add = (g: TestGroup, list: number[]) => call(addCompanies, `/api/Group/addComapaniesToGroup?groupId=${g.id}`, { method: 'POST', token, body: list });
const comment = async (rowId: number, cui: number, text: string) => {
  const r = await call(addCommentRoute, '/api/CompanyComment/add', { token, body: { Content: text, CompanyCui: cui, CompanyGroupId: rowId } });
  expect(r.status).toBe(200);
};
const comments = async (rowId: number) => {
  const r = await call(getComments, `/api/CompanyComment/getCommentsByCompanyGroupId?companyGroupId=${rowId}`, { token });
  return r.status === 200 ? (r.body as Array<{ Content: string }>).map((c) => c.Content).sort() : r.status;
};
/** The live row of the company in the group, as the group page lists it (id), or null. */
const rowIn = async (g: TestGroup, cui: number): Promise<number | null> => {
  const r = await call(getCompanyGroups, `/api/Group/getCompanyGroups?GroupId=${g.id}&PageNumber=1&OrderBy=Name`, { token });
  expect(r.status).toBe(200);
  return (r.body.Items as Array<{ CompanyGroupId: number; Cui: number }>).find((x) => x.Cui === cui)?.CompanyGroupId ?? null;
};
const countOf = async (g: TestGroup) => (await sql<{ n: number }>(`SELECT company_count AS n FROM company_group_list WHERE id = $1`, [g.id]))[0].n;
const storedComments = async (cui: number) => Number((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM company_comment WHERE cui = $1`, [cui]))[0].n);

test('the table menu (updateCompanyGroup) keeps the comments, also into a group the company was removed from', async () => {
  const [a, b] = [await createGroup(owner), await createGroup(owner)];
  const cui = cuis[0];
  expect((await add(a, [cui])).body).toEqual({ Added: 1 });
  const inA = (await rowIn(a, cui))!;
  await comment(inA, cui, 'Primul comentariu');
  expect((await move(inA, b)).status).toBe(200);
  const inB = (await rowIn(b, cui))!;
  expect(await rowIn(a, cui)).toBeNull();
  expect(await comments(inB)).toEqual(['Primul comentariu']);

  // Removed from b, added to a again, then moved to b, where its removed row is: that row is
  // restored and the comments written in a go with the company.
  await comment(inB, cui, 'Al doilea comentariu');
  expect((await remove(inB)).status).toBe(200);
  expect((await add(a, [cui])).body).toEqual({ Added: 1 });
  const newInA = (await rowIn(a, cui))!;
  expect(newInA).not.toBe(inB);
  await comment(newInA, cui, 'Al treilea comentariu');
  expect((await move(newInA, b)).status).toBe(200);
  expect(await rowIn(a, cui)).toBeNull();
  const back = (await rowIn(b, cui))!;
  expect(back).toBe(inB);
  expect(await comments(back)).toEqual(['Al doilea comentariu', 'Al treilea comentariu', 'Primul comentariu']);
  expect([await countOf(a), await countOf(b)]).toEqual([0, 1]);
  // A move onto a group where the company is live is refused, nothing changes.
  expect((await add(a, [cui])).body).toEqual({ Added: 1 });
  expect((await move(back, a)).status).toBe(409);
  expect(await comments(back)).toEqual(['Al doilea comentariu', 'Al treilea comentariu', 'Primul comentariu']);
});

test('the card and company-page menu (updateOrAddCompanyToGroup) keeps the comments', async () => {
  const [a, b, c] = [await createGroup(owner), await createGroup(owner), await createGroup(owner)];
  const cui = cuis[1];
  expect((await put(cui, a)).status).toBe(200);
  const inA = (await rowIn(a, cui))!;
  await comment(inA, cui, 'Discuție din A');
  expect((await put(cui, b)).status).toBe(200);
  const inB = (await rowIn(b, cui))!;
  expect(await rowIn(a, cui)).toBeNull();
  expect(await comments(inB)).toEqual(['Discuție din A']);
  expect((await put(cui, c)).status).toBe(200);
  // Back into a: the same row, with every comment of the company's path.
  await comment((await rowIn(c, cui))!, cui, 'Discuție din C');
  expect((await put(cui, a)).status).toBe(200);
  const again = (await rowIn(a, cui))!;
  expect(again).toBe(inA);
  expect(await comments(again)).toEqual(['Discuție din A', 'Discuție din C']);
  expect([await countOf(a), await countOf(b), await countOf(c)]).toEqual([1, 0, 0]);
  // Putting it where it already is changes nothing.
  expect((await put(cui, a)).status).toBe(200);
  expect(await comments(again)).toEqual(['Discuție din A', 'Discuție din C']);
});

test('removal is a soft delete: the comments stay, removed rows are read nowhere, a re-add restores them', async () => {
  const [a, b] = [await createGroup(owner), await createGroup(owner)];
  const [cui, cui2] = [cuis[2], cuis[3]];
  await add(a, [cui, cui2]);
  const inA = (await rowIn(a, cui))!;
  await comment(inA, cui, 'Nu răspunde la telefon');
  expect(await countOf(a)).toBe(2);

  expect((await remove(inA)).status).toBe(200);
  expect(await storedComments(cui)).toBe(1);
  expect(await countOf(a)).toBe(1);
  // Every reader skips the removed row.
  expect(await rowIn(a, cui)).toBeNull();
  const all = await call(getCompanyGroups, '/api/Group/getCompanyGroups?PageNumber=1&OrderBy=Name', { token });
  expect((all.body.Items as Array<{ Cui: number }>).map((x) => x.Cui)).not.toContain(cui);
  const picker = await call(groupsForCompany, `/api/Group/getGroupsForCompany?cui=${cui}`, { token });
  expect(picker.body.find((x: { GroupId: number }) => x.GroupId === a.id).IsSelected).toBe(false);
  const details = await call(getDetails, `/api/Company/getDetails/${cui}`, { token, params: { cui: String(cui) } });
  expect(details.body.CompanyGroupName).toBeNull();
  expect((await companiesOfGroups([a.id], [], 10_000)).map((x) => x.cui)).toEqual([cui2]);
  expect(await comments(inA)).toBe(404);
  expect((await remove(inA)).status).toBe(404);
  expect((await move(inA, b)).status).toBe(404);

  // Re-added from the group page's picker: the same row, with its comments.
  expect((await add(a, [cui])).body).toEqual({ Added: 1 });
  expect(await rowIn(a, cui)).toBe(inA);
  expect(await comments(inA)).toEqual(['Nu răspunde la telefon']);
  expect(await countOf(a)).toBe(2);
  expect((await companiesOfGroups([a.id], [], 10_000)).map((x) => x.cui).sort()).toEqual([cui, cui2].sort());
});

test('the card menu removal (deleteCompanyFromItsGroup) is a soft delete too, and a put restores the comments', async () => {
  const a = await createGroup(owner);
  const cui = cuis[4];
  await put(cui, a);
  const inA = (await rowIn(a, cui))!;
  await comment(inA, cui, 'Ofertă trimisă');
  expect((await removeFromItsGroup(cui)).status).toBe(200);
  expect(await rowIn(a, cui)).toBeNull();
  expect(await storedComments(cui)).toBe(1);
  expect((await removeFromItsGroup(cui)).status).toBe(404);
  expect((await put(cui, a)).status).toBe(200);
  expect(await rowIn(a, cui)).toBe(inA);
  expect(await comments(inA)).toEqual(['Ofertă trimisă']);
});

test('no route hard-deletes a company-in-group row', async () => {
  const [a, b] = [await createGroup(owner), await createGroup(owner)];
  const cui = cuis[5];
  await add(a, [cui]);
  const id = (await rowIn(a, cui))!;
  await move(id, b);
  await remove((await rowIn(b, cui))!);
  await put(cui, a);
  await removeFromItsGroup(cui);
  const rows = await sql<{ group_id: number; is_deleted: boolean }>(`SELECT group_id, is_deleted FROM company_in_group WHERE cui = $1 AND group_id = ANY($2::int[]) ORDER BY id`, [
    cui,
    [a.id, b.id],
  ]);
  expect(rows).toEqual([
    { group_id: b.id, is_deleted: true },
    { group_id: a.id, is_deleted: true },
  ]);
});
