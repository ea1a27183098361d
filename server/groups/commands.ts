// Writes of the group domain: actor first, policy.ts applied inside, a transaction whenever more
// than one row changes. A company sits in at most one of the groups a user may edit: the card menu
// adds or moves it (docs/decisions/013).
import 'server-only';
import type { AddGroupInput, UpdateGroupInput, AccessLevel } from '@/lib/groups/schemas';
import type { Actor } from '../auth/actor';
import { prisma } from '../db';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import {
  assertCanEditGroup,
  assertCanReadGroup,
  canManageMember,
  editableGroupWhere,
  findMembership,
  GROUP_NOT_FOUND,
  NO_EDIT_RIGHT,
  OWNER_MEMBER_DATA,
} from './policy';

const COMPANY_NOT_FOUND = 'Compania nu a fost găsită.';
const COMPANY_GROUP_NOT_FOUND = 'Compania nu a fost găsită în grup.';
const MEMBER_NOT_FOUND = 'Membrul nu a fost găsit.';

/** POST /api/Group/add?name: the group and its owner's member row (Edit, fixed). */
export async function addGroup(actor: Actor, input: AddGroupInput): Promise<{ Id: number; Name: string }> {
  const group = await prisma.$transaction(async (tx) => {
    const g = await tx.group.create({ data: { name: input.Name, ownerId: actor.userId }, select: { id: true, name: true } });
    await tx.groupMember.create({ data: { groupId: g.id, userId: actor.userId, ...OWNER_MEMBER_DATA } });
    return g;
  });
  return { Id: group.id, Name: group.name };
}

/** PUT /api/Group/update */
export async function updateGroup(actor: Actor, input: UpdateGroupInput): Promise<{ Id: number; Name: string }> {
  await assertCanEditGroup(actor, input.Id);
  const g = await prisma.group.update({ where: { id: input.Id }, data: { name: input.Name }, select: { id: true, name: true } });
  return { Id: g.id, Name: g.name };
}

/** PUT /api/Group/updateRange: all or nothing; one group the actor may not change refuses the lot. */
export async function updateGroups(actor: Actor, input: UpdateGroupInput[]): Promise<{ Updated: number }> {
  const ids = [...new Set(input.map((g) => g.Id))];
  if (ids.length !== input.length) throw badRequest('Un grup apare de mai multe ori.');
  for (const id of ids) await assertCanEditGroup(actor, id);
  await prisma.$transaction(input.map((g) => prisma.group.update({ where: { id: g.Id }, data: { name: g.Name }, select: { id: true } })));
  return { Updated: input.length };
}

/** DELETE /api/Group/{id}: soft delete; the group leaves every list and count at once. */
export async function deleteGroup(actor: Actor, groupId: number): Promise<void> {
  await assertCanEditGroup(actor, groupId);
  await prisma.group.update({ where: { id: groupId }, data: { isDeleted: true }, select: { id: true } });
}

/** The member row of a group the actor sees, with the actor's standing in it (404 otherwise). */
async function memberInVisibleGroup(actor: Actor, memberId: number) {
  const member = await prisma.groupMember.findFirst({
    where: { id: memberId, isDeleted: false },
    select: { id: true, groupId: true, isOwner: true, userId: true },
  });
  const m = member ? await findMembership(actor, member.groupId) : null;
  if (!member || !m) throw notFound(MEMBER_NOT_FOUND);
  return { member, membership: m };
}

/** PUT /api/Group/editGroupMember */
export async function editGroupMember(actor: Actor, input: { GroupMemberId: number; Access: AccessLevel }): Promise<void> {
  const { member, membership } = await memberInVisibleGroup(actor, input.GroupMemberId);
  if (member.isOwner) throw forbidden('Drepturile autorului grupului nu pot fi modificate.');
  if (!canManageMember(membership, member)) throw forbidden(NO_EDIT_RIGHT);
  await prisma.groupMember.update({ where: { id: member.id }, data: { access: input.Access }, select: { id: true } });
}

/** PUT /api/Group/virtualDeleteGroupMember/{id} */
export async function removeGroupMember(actor: Actor, memberId: number): Promise<void> {
  const { member, membership } = await memberInVisibleGroup(actor, memberId);
  if (member.isOwner) throw forbidden('Autorul grupului nu poate fi eliminat.');
  if (!canManageMember(membership, member)) throw forbidden(NO_EDIT_RIGHT);
  await prisma.groupMember.update({ where: { id: member.id }, data: { isDeleted: true }, select: { id: true } });
}

async function assertCompanyExists(cui: number): Promise<void> {
  const found = await prisma.company.findUnique({ where: { cui }, select: { cui: true } });
  if (!found) throw notFound(COMPANY_NOT_FOUND);
}

/**
 * PUT /api/Group/updateOrAddCompanyToGroup (card menu): the company goes into the group and leaves
 * any other group the actor may edit, so it sits in one of them only.
 */
export async function putCompanyInGroup(actor: Actor, input: { Cui: number; GroupId: number }): Promise<void> {
  await assertCanEditGroup(actor, input.GroupId);
  await assertCompanyExists(input.Cui);
  await prisma.$transaction(async (tx) => {
    await tx.companyGroup.deleteMany({ where: { cui: input.Cui, groupId: { not: input.GroupId }, group: editableGroupWhere(actor) } });
    await tx.companyGroup.createMany({ data: [{ groupId: input.GroupId, cui: input.Cui, addedById: actor.userId }], skipDuplicates: true });
  });
}

/** DELETE /api/Group/deleteCompanyFromItsGroup/?cui: out of the actor's editable groups (404 when in none). */
export async function removeCompanyFromItsGroup(actor: Actor, cui: number): Promise<void> {
  const res = await prisma.companyGroup.deleteMany({ where: { cui, group: editableGroupWhere(actor) } });
  if (res.count === 0) throw notFound(COMPANY_GROUP_NOT_FOUND);
}

/** A company-in-group row of a group the actor sees (404 otherwise). */
async function companyGroupInVisibleGroup(actor: Actor, companyGroupId: number) {
  const row = await prisma.companyGroup.findUnique({ where: { id: companyGroupId }, select: { id: true, groupId: true, cui: true } });
  const m = row ? await findMembership(actor, row.groupId) : null;
  if (!row || !m) throw notFound(COMPANY_GROUP_NOT_FOUND);
  return { row, membership: m };
}

/** PUT /api/Group/updateCompanyGroup: moves one company-in-group row (its comments go with it). */
export async function moveCompanyGroup(actor: Actor, input: { Id: number; GroupId: number }): Promise<void> {
  const { row } = await companyGroupInVisibleGroup(actor, input.Id);
  await assertCanEditGroup(actor, row.groupId);
  if (row.groupId === input.GroupId) return;
  await assertCanEditGroup(actor, input.GroupId);
  const already = await prisma.companyGroup.findUnique({ where: { groupId_cui: { groupId: input.GroupId, cui: row.cui } }, select: { id: true } });
  if (already) throw conflict('Compania se află deja în grupul ales.');
  await prisma.companyGroup.update({ where: { id: row.id }, data: { groupId: input.GroupId }, select: { id: true } });
}

/** DELETE /api/Group/deleteCompanyFromGroup/?companyGroupId */
export async function deleteCompanyGroup(actor: Actor, companyGroupId: number): Promise<void> {
  const { row } = await companyGroupInVisibleGroup(actor, companyGroupId);
  await assertCanEditGroup(actor, row.groupId);
  await prisma.companyGroup.delete({ where: { id: row.id }, select: { id: true } });
}

/** POST /api/Group/addComapaniesToGroup?groupId: adds the known CUIs not yet in the group. */
export async function addCompaniesToGroup(actor: Actor, groupId: number, cuis: number[]): Promise<{ Added: number }> {
  await assertCanEditGroup(actor, groupId);
  const unique = [...new Set(cuis)];
  const known = await prisma.company.findMany({ where: { cui: { in: unique } }, select: { cui: true } });
  if (known.length !== unique.length) {
    const have = new Set(known.map((k) => k.cui));
    throw badRequest(`Companii necunoscute: ${unique.filter((c) => !have.has(c)).slice(0, 10).join(', ')}.`);
  }
  const res = await prisma.companyGroup.createMany({
    data: unique.map((cui) => ({ groupId, cui, addedById: actor.userId })),
    skipDuplicates: true,
  });
  return { Added: res.count };
}

export { assertCanReadGroup, GROUP_NOT_FOUND };
