import 'server-only';
// Managing invitations after they are sent (docs/decisions/041): the owner and editors of a group
// list its pending invitations, revoke one or resend one; the invited user lists the live
// invitations addressed to them. Resending is a new invitation through inviteToGroup, so it keeps
// every rule and limit of a first sending (the old link is replaced there).
import { INVITATION_PAGE_SIZE } from '@/lib/groups/schemas';
import type { MyInvitation, Paged, PendingInvitation } from '@/lib/groups/types';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { forbidden, notFound } from '../kernel/errors';
import { asAccess } from './dto';
import { INVITATION_VALID_DAYS, inviteToGroup, isExpired } from './invitations';
import { assertCanReadGroup, canManageInvitations, findMembership, NO_EDIT_RIGHT } from './policy';

const INVITATION_NOT_FOUND = 'Invitația nu a fost găsită.';
const DAY_MS = 24 * 3600 * 1000;
const expiresOn = (sentOn: Date) => new Date(sentOn.getTime() + INVITATION_VALID_DAYS * DAY_MS);

const page = (n: number) => ({ skip: (n - 1) * INVITATION_PAGE_SIZE, take: INVITATION_PAGE_SIZE });
const pages = (count: number) => Math.ceil(count / INVITATION_PAGE_SIZE);

async function userNames(ids: number[]): Promise<Map<number, string>> {
  const rows = await prisma.user.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, userName: true } });
  return new Map(rows.map((r) => [r.id, r.userName]));
}

/** GET /api/Group/getGroupInvitations?groupId: pending invitations (expired ones flagged), newest first. */
export async function listGroupInvitations(actor: Actor, groupId: number, pageNumber: number): Promise<Paged<PendingInvitation>> {
  const m = await assertCanReadGroup(actor, groupId);
  if (!canManageInvitations(m)) throw forbidden(NO_EDIT_RIGHT);
  const where = { groupId, status: 'Pending' };
  const [count, rows] = await prisma.$transaction([
    prisma.groupInvitation.count({ where }),
    prisma.groupInvitation.findMany({
      where,
      select: { id: true, email: true, access: true, invitedById: true, createdAt: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      ...page(pageNumber),
    }),
  ]);
  const names = await userNames(rows.map((r) => r.invitedById));
  const now = Date.now();
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      Email: r.email,
      Access: asAccess(r.access),
      InvitedBy: names.get(r.invitedById) ?? '',
      SentOn: r.createdAt.toISOString(),
      ExpiresOn: expiresOn(r.createdAt).toISOString(),
      IsExpired: isExpired(r.createdAt, now),
    })),
    Count: count,
    NumberOfPages: pages(count),
  };
}

/**
 * A pending invitation of a group the actor may manage. Someone outside the group gets the 404 of a
 * missing id; a View member 403 (they see the group, nothing leaks); a used one 404.
 */
async function pendingInvitationToManage(actor: Actor, inviteId: string) {
  const inv = await prisma.groupInvitation.findUnique({ where: { id: inviteId }, select: { id: true, groupId: true, email: true, access: true, status: true } });
  const m = inv ? await findMembership(actor, inv.groupId) : null;
  if (!inv || !m) throw notFound(INVITATION_NOT_FOUND);
  if (!canManageInvitations(m)) throw forbidden(NO_EDIT_RIGHT);
  if (inv.status !== 'Pending') throw notFound(INVITATION_NOT_FOUND);
  return inv;
}

/** PUT /api/Group/revokeInvite?inviteId: the link stops working at once. */
export async function revokeInvitation(actor: Actor, inviteId: string): Promise<{ Message: string }> {
  const inv = await pendingInvitationToManage(actor, inviteId);
  const res = await prisma.groupInvitation.updateMany({ where: { id: inv.id, status: 'Pending' }, data: { status: 'Revoked', answeredAt: new Date() } });
  if (res.count !== 1) throw notFound(INVITATION_NOT_FOUND);
  return { Message: 'Invitația a fost revocată.' };
}

/** POST /api/Group/resendInvite?inviteId: a new link and a new 7-day term, through the same path as a new invitation. */
export async function resendInvitation(actor: Actor, inviteId: string): Promise<{ Message: string }> {
  const inv = await pendingInvitationToManage(actor, inviteId);
  await inviteToGroup(actor, { Email: inv.email, GroupId: inv.groupId, Access: asAccess(inv.access) });
  return { Message: 'Invitația a fost retrimisă cu succes!' };
}

/**
 * GET /api/Group/getMyInvitations: live invitations to the signed-in user's address, newest first.
 * It shows group and inviter names, so it must bind to the address exactly as accepting does
 * (openInvitationFor in invitations.ts): a confirmed address only (decision 036).
 */
export async function listMyInvitations(actor: Actor, pageNumber: number): Promise<Paged<MyInvitation>> {
  const user = await prisma.user.findUnique({ where: { id: actor.userId }, select: { email: true, emailVerified: true } });
  if (!user || !user.emailVerified) return { Items: [], Count: 0, NumberOfPages: 0 };
  const where = {
    email: user.email.toLowerCase(),
    status: 'Pending',
    createdAt: { gte: new Date(Date.now() - INVITATION_VALID_DAYS * DAY_MS) },
    group: { isDeleted: false },
  };
  const [count, rows] = await prisma.$transaction([
    prisma.groupInvitation.count({ where }),
    prisma.groupInvitation.findMany({
      where,
      select: { id: true, access: true, invitedById: true, createdAt: true, group: { select: { id: true, name: true } } },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      ...page(pageNumber),
    }),
  ]);
  const names = await userNames(rows.map((r) => r.invitedById));
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      GroupId: r.group.id,
      GroupName: r.group.name,
      Access: asAccess(r.access),
      InvitedBy: names.get(r.invitedById) ?? '',
      SentOn: r.createdAt.toISOString(),
      ExpiresOn: expiresOn(r.createdAt).toISOString(),
    })),
    Count: count,
    NumberOfPages: pages(count),
  };
}
