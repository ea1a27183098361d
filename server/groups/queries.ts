// Reads of the group domain. Every function takes the actor first and applies policy.ts, so a
// group the actor does not see answers like a missing one. Other domains (templates, drafts,
// sending) check a group through policy.ts (assertCanReadGroup and the where/SQL forms).
import 'server-only';
import { ACCESS_LABELS, ACCESS_LEVELS, type GroupListQuery } from '@/lib/groups/schemas';
import type { Group, GroupDetails, GroupForCompany, GroupForEdit, GroupMember, Paged, Permission } from '@/lib/groups/types';
import type { DeletedItem, DeletedListQuery } from '@/lib/shared/restore';
import { deletedPage, deletedPageArgs } from '../kernel/deleted-list';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { toGroup, toMember } from './dto';
import { actorMemberSelect, assertCanReadGroup, editableGroupWhere, liveCompanyGroupSql, liveCompanyGroupWhere, restorableGroupWhere, visibleGroupSql, visibleGroupWhere } from './policy';
import type { Prisma } from '../generated/prisma/client';

function groupSelect(actor: Actor) {
  return {
    id: true,
    name: true,
    ownerId: true,
    owner: { select: { userName: true } },
    members: actorMemberSelect(actor),
    companyCount: true,
    memberCount: true,
  } satisfies Prisma.GroupSelect;
}

function groupOrder(orderBy: string): Prisma.GroupOrderByWithRelationInput[] {
  const desc = orderBy.endsWith('_desc');
  const key = orderBy.replace(/_desc$/, '');
  const dir = desc ? 'desc' : 'asc';
  switch (key) {
    case 'CompaniesNumber':
      return [{ companyCount: dir }, { name: 'asc' }, { id: 'asc' }];
    case 'CreatedBy':
    case 'Role':
      return [{ owner: { userName: dir } }, { name: 'asc' }, { id: 'asc' }];
    case 'Name':
      return [{ name: dir }, { id: dir }];
    default:
      // The dropdowns send Profit_desc, which means nothing for a group: they get the name order.
      return [{ name: 'asc' }, { id: 'asc' }];
  }
}

const nameContains = (text: string): Prisma.GroupWhereInput => (text ? { name: { contains: text, mode: 'insensitive' } } : {});

/** GET /api/Group/getGroups: the groups the actor sees, paged. */
export async function listGroups(actor: Actor, q: GroupListQuery): Promise<Paged<Group>> {
  const where: Prisma.GroupWhereInput = { AND: [visibleGroupWhere(actor), nameContains(q.SearchText)] };
  const [count, rows] = await prisma.$transaction([
    prisma.group.count({ where }),
    prisma.group.findMany({
      where,
      select: groupSelect(actor),
      orderBy: groupOrder(q.OrderBy),
      skip: (q.PageNumber - 1) * q.PageSize,
      take: q.PageSize,
    }),
  ]);
  return { Items: rows.map((r) => toGroup(r, actor)), Count: count, NumberOfPages: Math.ceil(count / q.PageSize) };
}

/** GET /api/Group/getDeletedGroups: the actor's own deleted groups still restorable, newest deletion first. */
export async function listDeletedGroups(actor: Actor, q: DeletedListQuery): Promise<Paged<DeletedItem>> {
  const where = restorableGroupWhere(actor);
  const [count, rows] = await prisma.$transaction([prisma.group.count({ where }), prisma.group.findMany({ where, ...deletedPageArgs(q) })]);
  return deletedPage(rows, count);
}

/** GET /api/Group/getGroupsForEdit?searchText: the groups the actor may change (administration modal). */
export async function listGroupsForEdit(actor: Actor, searchText: string): Promise<GroupForEdit[]> {
  const rows = await prisma.group.findMany({
    where: { AND: [editableGroupWhere(actor), nameContains(searchText)] },
    select: { id: true, name: true, companyCount: true, ownerId: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: 500,
  });
  return rows.map((r) => ({ Id: r.id, Name: r.name, CompaniesNumber: r.companyCount, IsOwner: r.ownerId === actor.userId }));
}

/** GET /api/Group/get?id */
export async function getGroupOrThrow(actor: Actor, groupId: number): Promise<GroupDetails> {
  await assertCanReadGroup(actor, groupId);
  const row = await prisma.group.findUniqueOrThrow({ where: { id: groupId }, select: groupSelect(actor) });
  return { ...toGroup(row, actor), Members: await membersOf(groupId) };
}

async function membersOf(groupId: number): Promise<GroupMember[]> {
  const rows = await prisma.groupMember.findMany({
    where: { groupId, isDeleted: false },
    select: { id: true, access: true, isOwner: true, user: { select: { userName: true } } },
    orderBy: [{ isOwner: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toMember);
}

/** GET /api/Group/getGroupMembers?groupId */
export async function listGroupMembers(actor: Actor, groupId: number): Promise<GroupMember[]> {
  await assertCanReadGroup(actor, groupId);
  return membersOf(groupId);
}

/** GET /api/Group/getPermisions: the access levels, the default first. */
export function listPermissions(): Permission[] {
  return ACCESS_LEVELS.map((Id) => ({ Id, Name: ACCESS_LABELS[Id] }));
}

/** GET /api/Group/getGroupsForCompany?cui: the groups the actor may put the company in, and where it is. */
export async function listGroupsForCompany(actor: Actor, cui: number): Promise<GroupForCompany[]> {
  const rows = await prisma.group.findMany({
    where: editableGroupWhere(actor),
    select: { id: true, name: true, companies: { where: { cui, ...liveCompanyGroupWhere }, select: { id: true } } },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: 500,
  });
  return rows.map((r) => ({ GroupId: r.id, GroupName: r.name, IsSelected: r.companies.length > 0 }));
}

/** The name of the newest group the viewer sees holding the company (company page), or null. */
export function companyGroupNameSql(cui: string, user: string): string {
  return `(SELECT g.name FROM company_in_group cg JOIN company_group_list g ON g.id = cg.group_id
            WHERE cg.cui = ${cui} AND ${liveCompanyGroupSql('cg')} AND ${visibleGroupSql('g', user)}
            ORDER BY cg.created_at DESC LIMIT 1)`;
}
