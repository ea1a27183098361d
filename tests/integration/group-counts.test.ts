// The companies and members of a group (and the companies of a draft) are counted on their rows by
// triggers (migration 20261123001200_group_counts): every way of writing keeps them equal to the
// real counts, and the group list reads them.
import { sql } from '@/server/kernel/db';
import { GET as getGroups } from '@/app/api/Group/getGroups/route';
import { createUser, deleteUsers, type TestUser } from '../factories/users';
import { addCompany, addMember, createGroup, someCuis } from '../factories/groups';
import { call } from './support/auth';
import { tokenOf } from './support/authz';

type Counts = { company_count: number; member_count: number; real_companies: number; real_members: number };

async function countsOf(groupId: number): Promise<Counts> {
  const [r] = await sql<Counts>(
    `SELECT g.company_count, g.member_count,
            (SELECT count(*) FROM company_in_group c WHERE c.group_id = g.id AND NOT c.is_deleted)::int AS real_companies,
            (SELECT count(*) FROM group_member m WHERE m.group_id = g.id AND NOT m.is_deleted)::int AS real_members
       FROM company_group_list g WHERE g.id = $1`,
    [groupId],
  );
  return r;
}

let owner: TestUser;
let other: TestUser;
let third: TestUser;

beforeAll(async () => {
  [owner, other, third] = await Promise.all([createUser(), createUser(), createUser()]);
});
afterAll(async () => {
  await deleteUsers(owner, other, third);
});

test('companies: bulk insert, move between groups, delete, a deleted company; members: add, soft delete, restore', async () => {
  const a = await createGroup(owner);
  const b = await createGroup(owner);
  const cuis = await someCuis(30, 500);
  // One statement with many rows (as addComapaniesToGroup does).
  await sql(`INSERT INTO company_in_group (group_id, cui, added_by_id) SELECT $1, unnest($2::int[]), $3`, [a.id, cuis.slice(0, 25), owner.id]);
  await addCompany(b, cuis[25], owner);
  expect(await countsOf(a.id)).toMatchObject({ company_count: 25, real_companies: 25 });
  // A move of three companies from a to b in one statement.
  await sql(`UPDATE company_in_group SET group_id = $1 WHERE group_id = $2 AND cui = ANY($3::int[])`, [b.id, a.id, cuis.slice(0, 3)]);
  expect(await countsOf(a.id)).toMatchObject({ company_count: 22, real_companies: 22 });
  expect(await countsOf(b.id)).toMatchObject({ company_count: 4, real_companies: 4 });
  await sql(`DELETE FROM company_in_group WHERE group_id = $1 AND cui = ANY($2::int[])`, [a.id, cuis.slice(3, 8)]);
  expect(await countsOf(a.id)).toMatchObject({ company_count: 17, real_companies: 17 });
  // Soft deletes (a removal from the group) and restores (a re-add), in one statement each.
  await sql(`UPDATE company_in_group SET is_deleted = true WHERE group_id = $1 AND cui = ANY($2::int[])`, [a.id, cuis.slice(8, 12)]);
  expect(await countsOf(a.id)).toMatchObject({ company_count: 13, real_companies: 13 });
  await sql(`UPDATE company_in_group SET is_deleted = true WHERE group_id = $1 AND cui = ANY($2::int[])`, [a.id, cuis.slice(8, 12)]);
  expect(await countsOf(a.id)).toMatchObject({ company_count: 13, real_companies: 13 });
  await sql(`UPDATE company_in_group SET is_deleted = false WHERE group_id = $1 AND cui = ANY($2::int[])`, [a.id, cuis.slice(8, 10)]);
  expect(await countsOf(a.id)).toMatchObject({ company_count: 15, real_companies: 15 });
  // A removed row moving to another group counts in neither.
  await sql(`UPDATE company_in_group SET group_id = $1 WHERE group_id = $2 AND cui = $3`, [b.id, a.id, cuis[11]]);
  expect(await countsOf(b.id)).toMatchObject({ company_count: 4, real_companies: 4 });

  // Members: the owner's row plus two; one removed (soft delete), then brought back.
  const m1 = await addMember(a, other, 'View');
  await addMember(a, third, 'Edit');
  expect(await countsOf(a.id)).toMatchObject({ member_count: 3, real_members: 3 });
  await sql(`UPDATE group_member SET is_deleted = true WHERE id = $1`, [m1]);
  expect(await countsOf(a.id)).toMatchObject({ member_count: 2, real_members: 2 });
  await sql(`UPDATE group_member SET is_deleted = false, access = 'Edit' WHERE id = $1`, [m1]);
  expect(await countsOf(a.id)).toMatchObject({ member_count: 3, real_members: 3 });

  // The list answers the counters, and sorts by them.
  const res = await call(getGroups, '/api/Group/getGroups?PageNumber=1&PageSize=20&SearchText=&OrderBy=CompaniesNumber_desc', { token: await tokenOf(owner) });
  expect(res.status).toBe(200);
  const items = (res.body as { Items: Array<{ Id: number; CompaniesNumber: number; Members: number }> }).Items;
  const mine = items.filter((g) => g.Id === a.id || g.Id === b.id);
  expect(mine).toEqual([
    expect.objectContaining({ Id: a.id, CompaniesNumber: 15, Members: 3 }),
    expect.objectContaining({ Id: b.id, CompaniesNumber: 4, Members: 1 }),
  ]);
});

test('a draft counts its companies', async () => {
  const [d] = await sql<{ id: number }>(`INSERT INTO grouped_mail (name, content, created_by_id) VALUES ('Oferta', '{}', $1) RETURNING id`, [owner.id]);
  const g = await createGroup(owner);
  const cuis = await someCuis(10, 700);
  await sql(`INSERT INTO grouped_mail_company (grouped_mail_id, group_id, cui) SELECT $1, $2, unnest($3::int[])`, [d.id, g.id, cuis]);
  await sql(`DELETE FROM grouped_mail_company WHERE grouped_mail_id = $1 AND cui = $2`, [d.id, cuis[0]]);
  const [r] = await sql<{ company_count: number; real: number }>(
    `SELECT company_count, (SELECT count(*) FROM grouped_mail_company WHERE grouped_mail_id = $1)::int AS real FROM grouped_mail WHERE id = $1`,
    [d.id],
  );
  expect(r).toEqual({ company_count: 9, real: 9 });
});
