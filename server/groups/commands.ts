// Writes of the group domain: actor first, policy.ts applied inside, a transaction whenever more
// than one row changes. A company sits in at most one of the groups a user may edit: the card menu
// adds or moves it (docs/decisions/013).
import 'server-only';
import { emitCompaniesAdded } from './webhook-events';
import type { AddGroupInput, UpdateGroupInput, AccessLevel } from '@/lib/groups/schemas';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import type { Prisma } from '../generated/prisma/client';
import { badRequest, conflict, forbidden, notFound } from '../kernel/errors';
import {
  assertCanDeleteGroup,
  assertCanEditGroup,
  assertCanLeaveGroup,
  canRestoreGroup,
  canManageMember,
  editableGroupWhere,
  findMembership,
  GROUP_NOT_FOUND,
  liveCompanyGroupWhere,
  NO_EDIT_RIGHT,
  OWNER_MEMBER_DATA,
} from './policy';

const COMPANY_NOT_FOUND = 'Compania nu a fost găsită.';
const COMPANY_GROUP_NOT_FOUND = 'Compania nu a fost găsită în grup.';
const MEMBER_NOT_FOUND = 'Membrul nu a fost găsit.';

type Tx = Prisma.TransactionClient;

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

/**
 * DELETE /api/Group/{id}: the owner only (403 for editors); soft delete, so the group leaves every
 * list and count at once and its owner can restore it for 30 days (restoreGroup).
 */
export async function deleteGroup(actor: Actor, groupId: number): Promise<void> {
  await assertCanDeleteGroup(actor, groupId);
  await prisma.group.update({ where: { id: groupId }, data: { isDeleted: true, deletedAt: new Date() }, select: { id: true } });
}

/** PUT /api/Group/restoreGroup?id: the owner, within 30 days of the deletion; 404 for anything else. */
export async function restoreGroup(actor: Actor, groupId: number): Promise<{ Id: number; Name: string }> {
  const g = groupId <= 2_147_483_647 ? await prisma.group.findUnique({ where: { id: groupId }, select: { id: true, name: true, ownerId: true, isDeleted: true, deletedAt: true } }) : null;
  if (!g || !canRestoreGroup(actor, g)) throw notFound(GROUP_NOT_FOUND);
  // Members, companies, comments and open invitations were left as they were: they come back with it.
  await prisma.group.update({ where: { id: g.id }, data: { isDeleted: false, deletedAt: null }, select: { id: true } });
  return { Id: g.id, Name: g.name };
}

/** PUT /api/Group/leaveGroup?groupId: a member (not the owner) removes their own member row. */
export async function leaveGroup(actor: Actor, groupId: number): Promise<void> {
  await assertCanLeaveGroup(actor, groupId);
  await prisma.groupMember.updateMany({ where: { groupId, userId: actor.userId, isDeleted: false }, data: { isDeleted: true } });
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
 * Puts company-in-group rows `from` (live rows of one company) into group `groupId`, comments
 * included. A company's row in a group is removed by a soft delete (docs/decisions/038): when the
 * target group already holds a row of the company (removed earlier, or live), that row is restored
 * and the moving rows' comments are re-attached to it; otherwise the one moving row changes group.
 */
async function moveRowsInto(tx: Tx, actor: Actor, cui: number, from: number[], groupId: number): Promise<void> {
  const target = await tx.companyGroup.findUnique({ where: { groupId_cui: { groupId, cui } }, select: { id: true, isDeleted: true } });
  if (!target && from.length === 1) {
    await tx.companyGroup.update({ where: { id: from[0] }, data: { groupId }, select: { id: true } });
    return;
  }
  const targetId = target
    ? (await tx.companyGroup.update({
        where: { id: target.id },
        data: target.isDeleted ? { isDeleted: false, addedById: actor.userId, createdAt: new Date() } : {},
        select: { id: true },
      })).id
    : (await tx.companyGroup.create({ data: { groupId, cui, addedById: actor.userId }, select: { id: true } })).id;
  const moving = from.filter((id) => id !== targetId);
  if (!moving.length) return;
  await tx.companyComment.updateMany({ where: { companyGroupId: { in: moving } }, data: { companyGroupId: targetId } });
  await tx.companyGroup.updateMany({ where: { id: { in: moving } }, data: { isDeleted: true } });
}

/**
 * PUT /api/Group/updateOrAddCompanyToGroup (card menu, company page): the company goes into the
 * group and leaves any other group the actor may edit, so it sits in one of them only. Its comments
 * go with it.
 */
export async function putCompanyInGroup(actor: Actor, input: { Cui: number; GroupId: number }): Promise<void> {
  await assertCanEditGroup(actor, input.GroupId);
  await assertCompanyExists(input.Cui);
  const wasIn = (await prisma.companyGroup.count({ where: { groupId: input.GroupId, cui: input.Cui, ...liveCompanyGroupWhere } })) > 0;
  await prisma.$transaction(async (tx) => {
    const others = await tx.companyGroup.findMany({
      where: { cui: input.Cui, ...liveCompanyGroupWhere, groupId: { not: input.GroupId }, group: editableGroupWhere(actor) },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    await moveRowsInto(tx, actor, input.Cui, others.map((r) => r.id), input.GroupId);
  });
  if (!wasIn) await emitCompaniesAdded(input.GroupId, actor.userId, [input.Cui]);
}

/** DELETE /api/Group/deleteCompanyFromItsGroup/?cui: out of the actor's editable groups (404 when in none); soft delete. */
export async function removeCompanyFromItsGroup(actor: Actor, cui: number): Promise<void> {
  const res = await prisma.companyGroup.updateMany({ where: { cui, ...liveCompanyGroupWhere, group: editableGroupWhere(actor) }, data: { isDeleted: true } });
  if (res.count === 0) throw notFound(COMPANY_GROUP_NOT_FOUND);
}

/** A live company-in-group row of a group the actor sees (404 otherwise). */
async function companyGroupInVisibleGroup(actor: Actor, companyGroupId: number) {
  const row = await prisma.companyGroup.findFirst({ where: { id: companyGroupId, ...liveCompanyGroupWhere }, select: { id: true, groupId: true, cui: true } });
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
  await prisma.$transaction(async (tx) => {
    const already = await tx.companyGroup.findUnique({ where: { groupId_cui: { groupId: input.GroupId, cui: row.cui } }, select: { isDeleted: true } });
    if (already && !already.isDeleted) throw conflict('Compania se află deja în grupul ales.');
    await moveRowsInto(tx, actor, row.cui, [row.id], input.GroupId);
  });
}

/** DELETE /api/Group/deleteCompanyFromGroup/?companyGroupId: soft delete (the comments stay for a re-add). */
export async function deleteCompanyGroup(actor: Actor, companyGroupId: number): Promise<void> {
  const { row } = await companyGroupInVisibleGroup(actor, companyGroupId);
  await assertCanEditGroup(actor, row.groupId);
  await prisma.companyGroup.update({ where: { id: row.id }, data: { isDeleted: true }, select: { id: true } });
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
  const alreadyIn = new Set(
    (await prisma.companyGroup.findMany({ where: { groupId, cui: { in: unique }, ...liveCompanyGroupWhere }, select: { cui: true } })).map((r) => r.cui),
  );
  // Companies removed from the group earlier come back with their comments (soft delete).
  const [restored, created] = await prisma.$transaction([
    prisma.companyGroup.updateMany({
      where: { groupId, cui: { in: unique }, isDeleted: true },
      data: { isDeleted: false, addedById: actor.userId, createdAt: new Date() },
    }),
    prisma.companyGroup.createMany({ data: unique.map((cui) => ({ groupId, cui, addedById: actor.userId })), skipDuplicates: true }),
  ]);
  await emitCompaniesAdded(groupId, actor.userId, unique.filter((c) => !alreadyIn.has(c)));
  return { Added: restored.count + created.count };
}
