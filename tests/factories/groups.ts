// Group builders shared by the integration tests: a group of an owner (with the owner's member row,
// as POST /api/Group/add makes it), members at a level, and companies in it.
import { sql } from '@/server/kernel/db';
import type { TestUser } from './users';

export type TestGroup = { id: number; name: string };

export async function createGroup(owner: TestUser, name = `Grup ${Math.random().toString(36).slice(2, 8)}`): Promise<TestGroup> {
  const [g] = await sql<{ id: number }>(`INSERT INTO company_group_list (name, owner_id) VALUES ($1, $2) RETURNING id`, [name, owner.id]);
  await sql(`INSERT INTO group_member (group_id, user_id, access, is_owner) VALUES ($1, $2, 'Edit', true)`, [g.id, owner.id]);
  return { id: g.id, name };
}

export async function addMember(group: TestGroup, user: TestUser, access: 'View' | 'Edit'): Promise<number> {
  const [m] = await sql<{ id: number }>(`INSERT INTO group_member (group_id, user_id, access) VALUES ($1, $2, $3) RETURNING id`, [group.id, user.id, access]);
  return m.id;
}

export async function addCompany(group: TestGroup, cui: number, by: TestUser): Promise<number> {
  const [r] = await sql<{ id: number }>(`INSERT INTO company_in_group (group_id, cui, added_by_id) VALUES ($1, $2, $3) RETURNING id`, [group.id, cui, by.id]);
  return r.id;
}

export async function addComment(companyGroupId: number, cui: number, by: TestUser, content = 'Am sunat azi'): Promise<number> {
  const [r] = await sql<{ id: number }>(
    `INSERT INTO company_comment (company_group_id, cui, content, created_by_id) VALUES ($1, $2, $3, $4) RETURNING id`,
    [companyGroupId, cui, content, by.id],
  );
  return r.id;
}

/** Some CUIs of the seeded companies, largest profit first (stable between runs). */
export async function someCuis(n: number, offset = 0): Promise<number[]> {
  const rows = await sql<{ cui: number }>(`SELECT cui FROM company ORDER BY profit DESC, cui DESC LIMIT $1 OFFSET $2`, [n, offset]);
  return rows.map((r) => r.cui);
}
