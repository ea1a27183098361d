// Who may do what inside a group. A group is seen only by its owner and its active members; for
// anybody else (an Admin included, docs/decisions/013) a group does not exist: every call answers
// exactly as for a missing id (404, same body), so no name, count or member leaks. The owner and
// members with Edit access invite, rename, move and remove; only the owner deletes (and restores,
// for 30 days: docs/decisions/042); any member but the owner may leave; View members only read.
// The one module of this rule (issue 31): the predicates, the Prisma `where`s, the SQL conditions
// and the refusals (404 for a group the actor does not see, 403 for a View member);
// tests/integration/rule-group-access.test.ts proves the forms select the same groups.
import 'server-only';
import type { AccessLevel } from '@/lib/groups/schemas';
import { restoreCutoff } from '@/lib/shared/restore';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { forbidden, notFound } from '../kernel/errors';
import type { Prisma } from '../generated/prisma/client';

export type Membership = { groupId: number; groupName: string; ownerId: number; isOwner: boolean; access: string };

export const GROUP_NOT_FOUND = 'Grupul nu a fost găsit.';
export const NO_EDIT_RIGHT = 'Nu aveți drept de editare în acest grup.';

/** The access a member row gives: the owner always Edit, a member what was granted (View unless Edit). */
export const memberAccess = (m: { isOwner: boolean; access: string }): AccessLevel => (m.isOwner || m.access === 'Edit' ? 'Edit' : 'View');

/** The member row written for a group's owner (a new group, an heir of a deleted owner). */
export const OWNER_MEMBER_DATA = { access: 'Edit', isOwner: true } as const;

/**
 * Who inherits a group whose owner's account is deleted: the first member with Edit access,
 * otherwise the first member (rows in joining order); none, and the group goes.
 */
export function pickHeir<T extends { access: string }>(members: T[]): T | undefined {
  return members.find((m) => memberAccess({ isOwner: false, access: m.access }) === 'Edit') ?? members[0];
}

/** Prisma select of the actor's own member row in a group (for membershipOf). */
export const actorMemberSelect = (actor: Actor) => ({ where: { userId: actor.userId, isDeleted: false }, select: { access: true } }) as const;

/** The actor's standing in a group they see, from the group row and their member row (actorMemberSelect). */
export function membershipOf(actor: Actor, g: { id: number; name: string; ownerId: number; members: Array<{ access: string }> }): Membership {
  const isOwner = g.ownerId === actor.userId;
  return { groupId: g.id, groupName: g.name, ownerId: g.ownerId, isOwner, access: memberAccess({ isOwner, access: g.members[0]?.access ?? 'View' }) };
}

export const canReadGroup = (m: Membership | null): m is Membership => m !== null;
export const canEditGroup = (m: Membership | null): boolean => !!m && memberAccess(m) === 'Edit';
/** Comments are discussion among the people who work the group: Edit members and the owner add them. */
export const canCommentInGroup = (m: Membership | null): boolean => canEditGroup(m);
/** The owner's own row is fixed: nobody changes its access or removes it. */
export const canManageMember = (m: Membership | null, target: { isOwner: boolean }): boolean => canEditGroup(m) && !target.isOwner;
/** Deleting a group takes it from every member: the owner's decision alone (docs/decisions/041). */
export const canDeleteGroup = (m: Membership | null): boolean => !!m && m.isOwner;
/** Any member leaves; the owner cannot (the group would have nobody to answer for it): they delete it. */
export const canLeaveGroup = (m: Membership | null): boolean => !!m && !m.isOwner;
/** Who invites also sees, resends and revokes the group's pending invitations. */
export const canManageInvitations = (m: Membership | null): boolean => canEditGroup(m);
/** The owner restores their own deleted group within the restore window; nobody else sees it. */
export const canRestoreGroup = (actor: Actor, g: { ownerId: number; isDeleted: boolean; deletedAt: Date | null }, now = new Date()): boolean =>
  g.isDeleted && g.ownerId === actor.userId && g.deletedAt !== null && g.deletedAt >= restoreCutoff(now);
const ONLY_OWNER_DELETES = 'Doar autorul grupului poate șterge grupul.';
const OWNER_CANNOT_LEAVE = 'Autorul grupului nu poate părăsi grupul; îl poate șterge.';
export const canChangeComment = (actor: Actor, comment: { createdById: number }): boolean => comment.createdById === actor.userId;

/**
 * A company's row in a group is removed by a soft delete (docs/decisions/038): a removed row keeps
 * its comments for a later re-add and counts nowhere. Every reader of company_in_group uses one of
 * these forms.
 */
export const liveCompanyGroupWhere = { isDeleted: false } as const satisfies Prisma.CompanyGroupWhereInput;
/** SQL: row alias `cg` of company_in_group is live (not removed from its group). */
export const liveCompanyGroupSql = (cg: string): string => `NOT ${cg}.is_deleted`;

/** Prisma `where` for the groups the actor sees (not deleted; owner or active member). */
export function visibleGroupWhere(actor: Actor): Prisma.GroupWhereInput {
  return {
    isDeleted: false,
    OR: [{ ownerId: actor.userId }, { members: { some: { userId: actor.userId, isDeleted: false } } }],
  };
}

/** Prisma `where` for the actor's deleted groups that can still be restored (canRestoreGroup as a query). */
export function restorableGroupWhere(actor: Actor, now = new Date()): Prisma.GroupWhereInput {
  return { ownerId: actor.userId, isDeleted: true, deletedAt: { gte: restoreCutoff(now) } };
}

/** Prisma `where` for the groups the actor may change. */
export function editableGroupWhere(actor: Actor): Prisma.GroupWhereInput {
  return {
    isDeleted: false,
    OR: [{ ownerId: actor.userId }, { members: { some: { userId: actor.userId, isDeleted: false, access: 'Edit' } } }],
  };
}

/**
 * The same rule as SQL, for the raw-SQL paths (company page, companies in groups): `g` is the alias
 * of company_group_list, `user` the placeholder of the actor's id.
 */
export function visibleGroupSql(g: string, user: string): string {
  return `NOT ${g}.is_deleted AND (${g}.owner_id = ${user} OR EXISTS (SELECT 1 FROM group_member gm_v WHERE gm_v.group_id = ${g}.id AND gm_v.user_id = ${user} AND NOT gm_v.is_deleted))`;
}

/** SQL: the ids of the groups the user at `user` sees (a subquery: `x IN ${visibleGroupIdsSql('$1')}`). */
export const visibleGroupIdsSql = (user: string) => `(SELECT g_v.id FROM company_group_list g_v WHERE ${visibleGroupSql('g_v', user)})`;

/** SQL boolean: the actor may change group `g` (`idColumn` names the group id column of `g`). */
export function editableGroupSql(g: string, user: string, idColumn = 'id'): string {
  return `(${g}.owner_id = ${user} OR EXISTS (SELECT 1 FROM group_member gm_e WHERE gm_e.group_id = ${g}.${idColumn} AND gm_e.user_id = ${user} AND NOT gm_e.is_deleted AND gm_e.access = 'Edit'))`;
}

/** The actor's standing in a group, or null when the group is missing, deleted or not theirs to see. */
export async function findMembership(actor: Actor, groupId: number): Promise<Membership | null> {
  if (!Number.isSafeInteger(groupId) || groupId < 1 || groupId > 2_147_483_647) return null;
  const group = await prisma.group.findFirst({
    where: { id: groupId, ...visibleGroupWhere(actor) },
    select: { id: true, name: true, ownerId: true, members: actorMemberSelect(actor) },
  });
  return group ? membershipOf(actor, group) : null;
}

/** 404 unless the actor sees the group. */
export async function assertCanReadGroup(actor: Actor, groupId: number): Promise<Membership> {
  const m = await findMembership(actor, groupId);
  if (!canReadGroup(m)) throw notFound(GROUP_NOT_FOUND);
  return m;
}

/** 404 unless the actor sees the group; 403 for a View member. */
export async function assertCanEditGroup(actor: Actor, groupId: number): Promise<Membership> {
  const m = await assertCanReadGroup(actor, groupId);
  if (!canEditGroup(m)) throw forbidden(NO_EDIT_RIGHT);
  return m;
}

/** 404 unless the actor sees the group; 403 for anyone but the owner. */
export async function assertCanDeleteGroup(actor: Actor, groupId: number): Promise<Membership> {
  const m = await assertCanReadGroup(actor, groupId);
  if (!canDeleteGroup(m)) throw forbidden(ONLY_OWNER_DELETES);
  return m;
}

/** 404 unless the actor sees the group; 403 for its owner. */
export async function assertCanLeaveGroup(actor: Actor, groupId: number): Promise<Membership> {
  const m = await assertCanReadGroup(actor, groupId);
  if (!canLeaveGroup(m)) throw forbidden(OWNER_CANNOT_LEAVE);
  return m;
}
