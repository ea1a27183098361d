// The group-membership rule (server/groups/policy.ts) in each of its forms, on real groups: who
// sees a group (findMembership, visibleGroupWhere, visibleGroupSql / visibleGroupIdsSql) and who
// changes one (canEditGroup, editableGroupWhere, editableGroupSql): the same groups for the owner,
// another user, an Admin and anonymous (who sees none; the forms take a signed-in actor).
import { prisma, sql } from '@/server/kernel/db';
import { canEditGroup, editableGroupSql, editableGroupWhere, findMembership, pickHeir, visibleGroupIdsSql, visibleGroupSql, visibleGroupWhere } from '@/server/groups/policy';
import type { Actor } from '@/server/auth/actor';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { createGroup } from '../factories/sending';
import { actorOf, allAgree, expectedOf, selections, type Caller } from './support/rule-forms';

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let actors: Record<Caller, Actor | null>;
const g: Record<string, number> = {};
let all: number[];

beforeAll(async () => {
  owner = await createUser();
  other = await createUser();
  admin = await createUser({ role: 'Admin' });
  actors = { owner: actorOf(owner), other: actorOf(other), admin: actorOf(admin, true), anonymous: null };
  g.owned = await createGroup(owner.id, { name: 'Regula: al meu' });
  g.view = await createGroup(other.id, { name: 'Regula: văd', members: [{ userId: owner.id, access: 'View' }] });
  g.edit = await createGroup(other.id, { name: 'Regula: editez', members: [{ userId: owner.id, access: 'Edit' }] });
  g.removed = await createGroup(other.id, { name: 'Regula: scos', members: [{ userId: owner.id, access: 'Edit' }] });
  await sql(`UPDATE group_member SET is_deleted = true WHERE group_id = $1 AND user_id = $2`, [g.removed, owner.id]);
  g.deleted = await createGroup(owner.id, { name: 'Regula: șters', members: [{ userId: other.id, access: 'Edit' }] });
  await sql(`UPDATE company_group_list SET is_deleted = true WHERE id = $1`, [g.deleted]);
  g.foreign = await createGroup(other.id, { name: 'Regula: străin' });
  all = Object.values(g);
});

afterAll(async () => {
  await sql(`DELETE FROM company_group_list WHERE id = ANY($1::int[])`, [all]);
  await deleteUsers(owner, other, admin);
});

const none = async () => [] as number[];
const bySql = async (a: Actor | null, condition: string) =>
  a ? (await sql<{ id: number }>(`SELECT g.id FROM company_group_list g WHERE g.id = ANY($2::int[]) AND ${condition}`, [a.userId, all])).map((r) => r.id) : [];

test('who sees a group: findMembership, Prisma where and SQL select the same groups', async () => {
  const forms = {
    predicate: async (a: Actor | null) => (a ? (await Promise.all(all.map(async (id) => ((await findMembership(a, id)) ? id : 0)))).filter(Boolean) : []),
    where: async (a: Actor | null) => (a ? (await prisma.group.findMany({ where: { id: { in: all }, ...visibleGroupWhere(a) }, select: { id: true } })).map((r) => r.id) : []),
    sql: (a: Actor | null) => bySql(a, visibleGroupSql('g', '$1')),
  };
  const s = await selections(actors, forms, {
    owner: [g.owned, g.view, g.edit],
    other: [g.view, g.edit, g.removed, g.foreign],
    admin: [],
    anonymous: [],
  });
  expect(allAgree(s)).toEqual(expectedOf(s));
  // The id-list form is the same condition.
  const ids = await selections(actors, { ...forms, sql: (a) => bySql(a, `g.id IN ${visibleGroupIdsSql('$1')}`), predicate: none, where: none }, { owner: [], other: [], admin: [], anonymous: [] });
  expect(Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, v.sql]))).toEqual(Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.expected])));
});

test('who changes a group: canEditGroup, Prisma where and SQL select the same groups', async () => {
  const s = await selections(
    actors,
    {
      predicate: async (a) => (a ? (await Promise.all(all.map(async (id) => (canEditGroup(await findMembership(a, id)) ? id : 0)))).filter(Boolean) : []),
      where: async (a) => (a ? (await prisma.group.findMany({ where: { id: { in: all }, ...editableGroupWhere(a) }, select: { id: true } })).map((r) => r.id) : []),
      // editableGroupSql answers "may change" on a row the query already limits to visible groups.
      sql: (a) => bySql(a, `${visibleGroupSql('g', '$1')} AND ${editableGroupSql('g', '$1')}`),
    },
    {
      owner: [g.owned, g.edit],
      other: [g.view, g.edit, g.removed, g.foreign],
      admin: [],
      anonymous: [],
    },
  );
  expect(allAgree(s)).toEqual(expectedOf(s));
});

test('the heir of a deleted owner: the first Edit member, else the first member', () => {
  expect(pickHeir([{ id: 1, access: 'View' }, { id: 2, access: 'Edit' }])?.id).toBe(2);
  expect(pickHeir([{ id: 1, access: 'View' }, { id: 2, access: 'View' }])?.id).toBe(1);
  expect(pickHeir([])).toBeUndefined();
});
