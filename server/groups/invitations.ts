// Invitations to a group. The id in the mailed link is a random UUID (122 random bits): it cannot
// be guessed, it expires after INVITATION_VALID_DAYS, it works once, it is bound to the invited
// address (the signed-in user's email must match) and accepting it never grants more than the
// level it carries. Any other state answers one and the same 404, so the link reveals nothing.
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { AccessLevel } from '@/lib/groups/schemas';
import type { InvitationSummary } from '@/lib/groups/types';
import { slugify } from '@/lib/slug';
import type { Actor } from '../auth/actor';
import { existingUserWhere } from '../auth/policy';
import { prisma } from '../kernel/db';
import { env } from '../kernel/env';
import { AppError, conflict, notFound } from '../kernel/errors';
import { VERIFICATION_TEXT } from '../auth/verification';
import { enqueueAndSend } from '../mail/outbox';
import { renderGroupInvitationMail } from '../mail/templates';
import { invitationUnsubscribePageUrl, invitationUnsubscribePostUrl, listUnsubscribeHeaders } from '../mail/link-tokens';
import { asAccess } from './dto';
import { assertCanInvite } from './invitation-policy';
import { assertCanEditGroup } from './policy';
import { clockNow } from '../kernel/clock';

export const INVITATION_VALID_DAYS = 7;
const INVITATION_GONE = 'Invitația nu mai este valabilă.';
const DAY_MS = 24 * 3600 * 1000;

export const isExpired = (createdAt: Date, now = clockNow().getTime()) => now - createdAt.getTime() > INVITATION_VALID_DAYS * DAY_MS;
const accessText = (a: AccessLevel) => (a === 'Edit' ? 'editezi' : 'vizualizezi');

function invitationPath(inviteId: string, groupName: string, groupId: number): string {
  return `/Invitatie/${inviteId}/${slugify(groupName) || 'grup'}/${groupId}`;
}

/** POST /api/Group/invite: an owner or Edit member invites an address (a user's, or someone who will register). */
export async function inviteToGroup(actor: Actor, input: { Email: string; GroupId: number; Access: AccessLevel }): Promise<{ Message: string }> {
  const membership = await assertCanEditGroup(actor, input.GroupId);
  const email = input.Email.trim().toLowerCase();
  const existing = await prisma.user.findFirst({ where: { email, ...existingUserWhere }, select: { id: true } });
  if (existing) {
    if (existing.id === membership.ownerId) throw conflict('Autorul grupului nu poate fi invitat.');
    const member = await prisma.groupMember.findFirst({ where: { groupId: input.GroupId, userId: existing.id, isDeleted: false }, select: { id: true } });
    if (member) throw conflict('Utilizatorul este deja membru al grupului.');
  }
  // Confirmed address, daily quotas, suppression list (036): the last check before the mail.
  await assertCanInvite(actor, email);
  const id = randomUUID();
  const inviter = await prisma.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { userName: true } });
  await prisma.$transaction([
    // A new invitation replaces an open one to the same address: only the newest link works.
    prisma.groupInvitation.updateMany({ where: { groupId: input.GroupId, email, status: 'Pending' }, data: { status: 'Replaced', answeredAt: new Date() } }),
    prisma.groupInvitation.create({ data: { id, groupId: input.GroupId, email, access: input.Access, invitedById: actor.userId }, select: { id: true } }),
  ]);
  const link = `${env.APP_URL.replace(/\/$/, '')}${invitationPath(id, membership.groupName, input.GroupId)}`;
  const mail = await renderGroupInvitationMail({
    invitedBy: inviter.userName,
    groupName: membership.groupName,
    accessText: accessText(input.Access),
    link,
    validDays: INVITATION_VALID_DAYS,
    unsubscribeLink: invitationUnsubscribePageUrl(id),
  });
  // Not transactional (the address did not ask for it): RFC 8058 one-click unsubscribe, which puts
  // the address on the suppression list that assertCanInvite reads (issue 28).
  await enqueueAndSend({ to: email, ...mail, kind: 'group-invitation', headers: listUnsubscribeHeaders(invitationUnsubscribePostUrl(id)) });
  return { Message: 'Invitația a fost trimisă cu succes!' };
}

/** The address an invitation went to (its unsubscribe link names it), or null. */
export async function invitedAddress(inviteId: string): Promise<string | null> {
  const inv = await prisma.groupInvitation.findUnique({ where: { id: inviteId }, select: { email: true } });
  return inv?.email ?? null;
}

/** What the public invitation page shows; null for an unknown id or a deleted group. */
export async function getInvitationSummary(inviteId: string): Promise<InvitationSummary | null> {
  if (!/^[0-9a-f-]{36}$/i.test(inviteId)) return null;
  const inv = await prisma.groupInvitation.findUnique({
    where: { id: inviteId },
    select: { status: true, access: true, createdAt: true, invitedById: true, group: { select: { id: true, name: true, isDeleted: true } } },
  });
  // A replaced (resent) or revoked link is as dead as an unknown one.
  if (!inv || inv.group.isDeleted || inv.status === 'Replaced' || inv.status === 'Revoked') return null;
  const inviter = await prisma.user.findUnique({ where: { id: inv.invitedById }, select: { userName: true } });
  const expired = inv.status === 'Pending' && isExpired(inv.createdAt);
  const status = expired ? 'Expired' : (inv.status as InvitationSummary['Status']);
  return {
    GroupId: inv.group.id,
    GroupName: inv.group.name,
    Access: asAccess(inv.access),
    InvitedBy: inviter?.userName ?? '',
    IsOpen: status === 'Pending',
    Status: status,
  };
}

/** The open invitation addressed to the actor, or 404 (wrong address, used, expired, group gone). */
async function openInvitationFor(actor: Actor, inviteId: string) {
  const [inv, user] = await Promise.all([
    prisma.groupInvitation.findUnique({
      where: { id: inviteId },
      select: { id: true, email: true, access: true, status: true, createdAt: true, groupId: true, group: { select: { name: true, isDeleted: true, ownerId: true } } },
    }),
    prisma.user.findUnique({ where: { id: actor.userId }, select: { email: true, emailVerified: true } }),
  ]);
  // Registering takes any address; only a confirmed one may answer what was sent to it (036).
  if (user && !user.emailVerified) throw new AppError('FORBIDDEN', VERIFICATION_TEXT.requiredToAnswer);
  if (!inv || !user || inv.status !== 'Pending' || inv.group.isDeleted || isExpired(inv.createdAt) || inv.email !== user.email.toLowerCase()) {
    throw notFound(INVITATION_GONE);
  }
  return inv;
}

/** POST /api/Group/acceptInvite?inviteId */
export async function acceptInvitation(actor: Actor, inviteId: string): Promise<{ GroupId: number; GroupName: string }> {
  const inv = await openInvitationFor(actor, inviteId);
  await prisma.$transaction(async (tx) => {
    // Used once: only the call that flips Pending goes on.
    const flipped = await tx.groupInvitation.updateMany({ where: { id: inv.id, status: 'Pending' }, data: { status: 'Accepted', answeredAt: new Date() } });
    if (flipped.count !== 1) throw notFound(INVITATION_GONE);
    if (inv.group.ownerId === actor.userId) return;
    const row = await tx.groupMember.findUnique({ where: { groupId_userId: { groupId: inv.groupId, userId: actor.userId } }, select: { id: true, isDeleted: true } });
    if (!row) {
      await tx.groupMember.create({ data: { groupId: inv.groupId, userId: actor.userId, access: inv.access, isOwner: false } });
    } else if (row.isDeleted) {
      await tx.groupMember.update({ where: { id: row.id }, data: { isDeleted: false, access: inv.access }, select: { id: true } });
    }
    // An active member keeps the level they have: an invitation never raises it.
  });
  // Accepting does not prove the address (decision 036): invitation ids reach the inviters' list of
  // pending invitations and the invitee's own list, so an account that only claims the address
  // could accept without ever reading the mail.
  return { GroupId: inv.groupId, GroupName: inv.group.name };
}

/** POST /api/Group/rejectInvite?inviteId */
export async function rejectInvitation(actor: Actor, inviteId: string): Promise<{ GroupId: number }> {
  const inv = await openInvitationFor(actor, inviteId);
  const flipped = await prisma.groupInvitation.updateMany({ where: { id: inv.id, status: 'Pending' }, data: { status: 'Rejected', answeredAt: new Date() } });
  if (flipped.count !== 1) throw notFound(INVITATION_GONE);
  return { GroupId: inv.groupId };
}

/**
 * Days an invitation row is kept after it was sent: its link's INVITATION_VALID_DAYS, then 30 days
 * during which the mail's unsubscribe link (it names the invitation) still finds the address.
 */
export const INVITATION_KEEP_DAYS = INVITATION_VALID_DAYS + 30;
/** The quota ledger (invitation_mail) counts the last 24 hours (invitation-policy.ts); a day's margin. */
const INVITATION_MAIL_KEEP_HOURS = 48;

export type InvitationRetentionReport = { invitationsDeleted: number; invitationMailsDeleted: number };

/**
 * Retention of invitations (decision 086): the invitations older than INVITATION_KEEP_DAYS, whatever
 * their status (the link is dead by then), and the quota ledger's rows past its window; both hold
 * an address of someone who may never have had an account. Run with the other retention steps.
 */
export async function purgeOldInvitations(now = clockNow()): Promise<InvitationRetentionReport> {
  const [invitations, mails] = await prisma.$transaction([
    prisma.groupInvitation.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - INVITATION_KEEP_DAYS * DAY_MS) } } }),
    prisma.invitationMail.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - INVITATION_MAIL_KEEP_HOURS * 3600_000) } } }),
  ]);
  return { invitationsDeleted: invitations.count, invitationMailsDeleted: mails.count };
}
