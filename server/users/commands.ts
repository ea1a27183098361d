import 'server-only';
// Changes made by an Admin to other users' accounts. Each runs in one Prisma transaction; the rules
// of who may not be changed are in policy.ts. A blocked user loses access at their next request:
// every API request re-reads the user's state (server/auth/tokens.ts verifyAccessToken), and
// blocking also revokes their refresh tokens, so neither a live access token nor a refresh works.
import { normalizeSearchText } from '@/lib/text';
import { USER_ERRORS } from '@/lib/users/texts';
import type { UpdatePrivacyInput, UpdateUserAccessInput, UpdateUserInput, UpdateUserRoleInput } from '@/lib/users/schemas';
import type { UserDetailsDto } from '@/lib/users/types';
import type { Actor } from '../auth/actor';
import { refreshContactFlags } from '../contacts/commands';
import { findUserAddedContact } from '../contacts/queries';
import { allOwnPrivateContactsWhere, contactNotFound, contactPrivacyData, isContactPrivate, ownPrivateContactsWhere } from '../contacts/policy';
import { OWNER_MEMBER_DATA, pickHeir } from '../groups/policy';
import { escapeHtml } from '@/lib/templates/merge';
import { cancelQueuedMessagesOf, parkQueuedMessagesOf, resumeParkedMessagesOf } from '../sending/cancel';
import { AUTH_TEXT } from '../auth/config';
import { activeUserSql, blockData, existingUserSql, existingUserWhere, userStandingSql, type UserStanding } from '../auth/policy';
import { prisma } from '../kernel/db';
import { Prisma } from '../generated/prisma/client';
import { AppError, badRequest } from '../kernel/errors';
import { toUserDetails } from './dto';
import { ADMIN_ROLE, assertKeepsAnAdmin, assertNotSelf, userNotFound } from './policy';
import { findUserRow } from './queries';
import { recordAudit } from '../privacy/audit';
import { ACCOUNT_MAIL_KINDS } from '../kernel/mail-kinds';

type Tx = Prisma.TransactionClient;


type Target = { id: number; role: string; standing: UserStanding; email: string };

/** The user row, locked for the rest of the transaction; 404 when missing or deleted. */
async function lockTarget(tx: Tx, userId: number): Promise<Target> {
  const rows = await tx.$queryRaw<Array<Target>>`
    SELECT u.id, r.name AS role, ${Prisma.raw(userStandingSql('u'))} AS standing, u.email
      FROM app_user u JOIN role r ON r.id = u.role_id
     WHERE u.id = ${userId} AND ${Prisma.raw(existingUserSql('u'))}
       FOR UPDATE OF u`;
  if (!rows[0]) throw userNotFound();
  return rows[0];
}

/**
 * Ids of the active Admins, locked (in id order) so that concurrent demotions are decided one after
 * the other. Taken before the target's own lock, always in this order, so two Admins acting on
 * each other wait instead of deadlocking.
 */
async function lockActiveAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx.$queryRaw<Array<{ id: number }>>`
    SELECT u.id FROM app_user u JOIN role r ON r.id = u.role_id
     WHERE r.name = ${ADMIN_ROLE} AND ${Prisma.raw(activeUserSql('u'))}
     ORDER BY u.id
       FOR UPDATE OF u`;
  return rows.map((r) => r.id);
}

async function answer(userId: number): Promise<UserDetailsDto> {
  const row = await findUserRow(userId);
  if (!row) throw userNotFound();
  return toUserDetails(row);
}

function conflictOn(nameTaken: boolean, emailTaken: boolean): AppError {
  const errors: Record<string, string[]> = {};
  if (nameTaken) errors.UserName = [AUTH_TEXT.userNameTaken];
  if (emailTaken) errors.Email = [AUTH_TEXT.emailTaken];
  return new AppError('CONFLICT', [...(errors.UserName ?? []), ...(errors.Email ?? [])].join(' '), errors);
}

/**
 * PUT /api/User/updateUser: name and e-mail, unique as at registration (name ignoring case and
 * diacritics, e-mail ignoring case); 409 names the field that is taken. A changed address is no
 * longer considered verified.
 */
export async function updateUser(actor: Actor, input: UpdateUserInput): Promise<UserDetailsDto> {
  const userName = input.UserName.trim().replace(/\s+/g, ' ');
  const nameNorm = normalizeSearchText(userName);
  const email = input.Email.trim().toLowerCase();
  try {
    await prisma.$transaction(async (tx) => {
      const target = await lockTarget(tx, input.Id);
      const previous = await tx.user.findUniqueOrThrow({ where: { id: target.id }, select: { userName: true, email: true } });
      const [nameOwner, emailOwner] = await Promise.all([
        tx.user.findFirst({ where: { userNameNorm: nameNorm, id: { not: target.id } }, select: { id: true } }),
        tx.user.findFirst({ where: { email, id: { not: target.id } }, select: { id: true } }),
      ]);
      if (nameOwner || emailOwner) throw conflictOn(!!nameOwner, !!emailOwner);
      await tx.user.update({
        where: { id: target.id },
        data: { userName, userNameNorm: nameNorm, email, ...(email !== target.email ? { emailVerified: null } : {}) },
      });
      if (email !== target.email) await moveAddress(tx, target.id, target.email, email);
      await recordAudit(tx, actor, { action: 'user.update', targetType: 'user', targetId: target.id, before: { UserName: previous.userName, Email: previous.email }, after: { UserName: userName, Email: email } });
    });
  } catch (e) {
    // Two edits racing for the same name or address: the unique index decides.
    const err = e as { code?: string; meta?: { target?: unknown; driverAdapterError?: unknown } };
    if (err.code === 'P2002') {
      const where = JSON.stringify(err.meta ?? {});
      throw conflictOn(where.includes('user_name'), where.includes('email') || !where.includes('user_name'));
    }
    throw e;
  }
  return answer(input.Id);
}

/**
 * An Admin changed the account's address (decision 017): what was tied to the old one follows the
 * person or goes, so the old address is not left behind (a later delete finds the person's data
 * under the new address only):
 * - a reset link sent to the old address stops working (whoever reads that mailbox now must not
 *   set the password), and account mails to it that are not sent yet are dropped with the sent ones;
 * - invitations to the old address, in any status, are addressed to the new one: they were the
 *   person's, and a pending one can now be accepted by the account.
 */
async function moveAddress(tx: Tx, userId: number, from: string, to: string): Promise<void> {
  await tx.passwordResetToken.deleteMany({ where: { userId } });
  await tx.outboxMail.deleteMany({ where: { to: { equals: from, mode: 'insensitive' }, kind: { in: [...ACCOUNT_MAIL_KINDS] } } });
  await tx.groupInvitation.updateMany({ where: { email: { equals: from, mode: 'insensitive' } }, data: { email: to } });
}

/** PUT /api/User/updateUserAccess: blocking ends every session of the user at once. */
export async function updateUserAccess(actor: Actor, input: UpdateUserAccessInput): Promise<UserDetailsDto> {
  await prisma.$transaction(async (tx) => {
    const admins = input.IsBlocked ? await lockActiveAdmins(tx) : [];
    const target = await lockTarget(tx, input.UserId);
    if (input.IsBlocked) {
      assertNotSelf(actor, target.id, 'block');
      assertKeepsAnAdmin(target, admins);
    }
    await tx.user.update({ where: { id: target.id }, data: blockData(input.IsBlocked) });
    await recordAudit(tx, actor, { action: input.IsBlocked ? 'user.block' : 'user.unblock', targetType: 'user', targetId: target.id, before: { IsBlocked: target.standing === 'blocked' }, after: { IsBlocked: input.IsBlocked } });
    if (input.IsBlocked) {
      await tx.refreshToken.updateMany({ where: { userId: target.id, revokedAt: null }, data: { revokedAt: new Date() } });
      await parkQueuedMessagesOf(tx, target.id);
    } else {
      await resumeParkedMessagesOf(tx, target.id);
    }
  });
  return answer(input.UserId);
}

/** PUT /api/Role/updateUserRole: effective at the user's next request (the role is read per request). */
export async function updateUserRole(actor: Actor, input: UpdateUserRoleInput): Promise<UserDetailsDto> {
  await prisma.$transaction(async (tx) => {
    const role = await tx.role.findUnique({ where: { id: input.RoleId }, select: { id: true, name: true } });
    if (!role) throw badRequest(USER_ERRORS.roleNotFound, { RoleId: [USER_ERRORS.roleNotFound] });
    const admins = role.name !== ADMIN_ROLE ? await lockActiveAdmins(tx) : [];
    const target = await lockTarget(tx, input.UserId);
    if (role.name !== ADMIN_ROLE && target.role === ADMIN_ROLE) {
      assertNotSelf(actor, target.id, 'demote');
      assertKeepsAnAdmin(target, admins);
    }
    await tx.user.update({ where: { id: target.id }, data: { roleId: role.id } });
    await recordAudit(tx, actor, { action: 'user.role', targetType: 'user', targetId: target.id, before: { Role: target.role }, after: { Role: role.name } });
  });
  return answer(input.UserId);
}

/** PUT /api/Contact/updatePrivacy: only contacts a user added (the company's public list has no owner to hide it for). */
export async function updateContactPrivacy(actor: Actor, input: UpdatePrivacyInput): Promise<{ Id: number; Private: boolean }> {
  await prisma.$transaction(async (tx) => {
    const contact = await findUserAddedContact(tx, input.Id);
    if (!contact) throw contactNotFound();
    await tx.contact.update({ where: { id: contact.id }, data: contactPrivacyData(input.Private) });
    await recordAudit(tx, actor, { action: 'contact.privacy', targetType: 'contact', targetId: contact.id, before: { Private: isContactPrivate(contact) }, after: { Private: input.Private } });
    // A private contact must not light the company's HasEmail / HasPhone search flags.
    await refreshContactFlags(tx, contact.cui);
  });
  return { Id: input.Id, Private: input.Private };
}

const DELETED_USER_NAME = 'Utilizator șters';

/**
 * The personal data of the account kept outside its own row, erased in the delete's transaction
 * (decision 017, "What is erased"): the mails queued or sent to it (every kind classified as the
 * account's in server/kernel/mail-kinds.ts, decision 086), every invitation addressed to it whatever its
 * status, the invitation quota rows it sent or received, the sign-in and reset counters keyed by
 * its address, and its name in the invitation mails it sent to other people (they keep the mail,
 * with the tombstone's name as the inviter).
 */
async function eraseTraces(tx: Tx, target: { id: number; email: string; userName: string }, claimEmails: string[], tombstone: string): Promise<void> {
  const addresses = [...new Set([target.email, ...claimEmails.map((e) => e.trim().toLowerCase())])];
  // Every kind classified as the account's mail (server/kernel/mail-kinds.ts, decision 086), by address
  // or by the account it was written for (the monitoring digests carry the user id).
  await tx.outboxMail.deleteMany({
    where: {
      kind: { in: [...ACCOUNT_MAIL_KINDS] },
      OR: [
        { to: { in: [target.email], mode: 'insensitive' } },
        { userId: target.id },
        // A claim decision goes to the address typed in the claim, which may not be the account's.
        { to: { in: addresses, mode: 'insensitive' }, kind: 'claim-decision' },
      ],
    },
  });
  // "<name> te invită ..." in invitations to others: the name as typed (text part, subject) and as
  // escaped in the HTML. Only this phrase is replaced, so a short name cannot mangle other words.
  for (const [from, to] of [
    [`${target.userName} te invită`, `${tombstone} te invită`],
    [`${escapeHtml(target.userName)} te invită`, `${escapeHtml(tombstone)} te invită`],
  ]) {
    await tx.$executeRaw`
      UPDATE outbox_mail
         SET subject = replace(subject, ${from}, ${to}), html = replace(html, ${from}, ${to}), text = replace(text, ${from}, ${to})
       WHERE kind = 'group-invitation' AND (strpos(html, ${from}) > 0 OR strpos(coalesce(text, ''), ${from}) > 0 OR strpos(subject, ${from}) > 0)`;
  }
  await tx.groupInvitation.deleteMany({ where: { email: { equals: target.email, mode: 'insensitive' } } });
  // The quota ledger: the mails the account sent, and those sent to its address (decision 086).
  await tx.invitationMail.deleteMany({ where: { OR: [{ invitedById: target.id }, { email: target.email.toLowerCase() }] } });
  await tx.rateLimit.deleteMany({
    where: { key: { in: [`login:account:${target.email}`, `forgot:email:${target.email}`, `claim:user:${target.id}`] } },
  });
}

/**
 * DELETE /api/User/{id}: the account is erased but its row stays as an anonymous tombstone, so
 * sent mailings, comments and shared contacts keep a valid author (decision 017):
 * - personal data goes: name, e-mail, password, external sign-ins, sessions, reset links, claim
 *   requests, invitations addressed to them (any status), mails sent to them, counters keyed by
 *   their address, their name in invitation mails they sent;
 * - groups they own pass to another active member (an editor first, then the longest-standing);
 *   groups nobody else uses are deleted; their memberships end;
 * - their templates, drafts and private contacts are deleted (the content of templates and
 *   drafts emptied); sent mailings and the contacts they shared publicly stay;
 * - their campaign messages not yet sent are cancelled.
 */
export async function deleteUser(actor: Actor, userId: number): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const target = await lockTarget(tx, userId);
    assertNotSelf(actor, target.id, 'delete');
    assertKeepsAnAdmin(target, admins);
    await eraseAccount(tx, actor, target);
  });
}

/**
 * POST /api/Account/deleteMyAccount (privacy, issue 30): the user erases their own account, the
 * same way (the password is checked by the caller, server/personal-data/own-data.ts). The last active
 * Admin cannot leave (409). Not audited: it is not an Admin's action.
 */
export async function deleteOwnAccount(actor: Actor): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const target = await lockTarget(tx, actor.userId);
    assertKeepsAnAdmin(target, admins);
    await eraseAccount(tx, null, target);
  });
}

/** The erasure itself, in the caller's transaction, the target locked; `by` is the Admin who deleted. */
async function eraseAccount(tx: Tx, by: Actor | null, target: Target): Promise<void> {
  const userId = target.id;
  const now = new Date();
  const tombstone = `${DELETED_USER_NAME} #${userId}`;
  const person = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { userName: true } });

  const owned = await tx.group.findMany({ where: { ownerId: userId, isDeleted: false }, select: { id: true } });
  for (const group of owned) {
    const heirs = await tx.groupMember.findMany({
      where: { groupId: group.id, userId: { not: userId }, isDeleted: false, user: existingUserWhere },
      select: { id: true, userId: true, access: true, createdAt: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    const heir = pickHeir(heirs);
    if (heir) {
      await tx.group.update({ where: { id: group.id }, data: { ownerId: heir.userId } });
      await tx.groupMember.update({ where: { id: heir.id }, data: OWNER_MEMBER_DATA });
    } else {
      await tx.group.update({ where: { id: group.id }, data: { isDeleted: true } });
    }
  }
  await tx.groupMember.updateMany({ where: { userId, isDeleted: false }, data: { isDeleted: true, isOwner: false } });

  // Soft-deleted (a sent mailing may still show the template's name), emptied of what the user wrote.
  await tx.mailTemplate.updateMany({ where: { ownerId: userId, isDeleted: false }, data: { isDeleted: true } });
  await tx.mailTemplate.updateMany({ where: { ownerId: userId }, data: { content: '{}', description: null } });
  await tx.groupedMail.updateMany({ where: { createdById: userId, sentOn: null }, data: { isDeleted: true, content: '{}', html: null, description: null } });
  await cancelQueuedMessagesOf(tx, userId);
  await tx.contact.updateMany({ where: ownPrivateContactsWhere(userId), data: { isDeleted: true } });
  // privacy (decision 060): nobody will ever read them again, so what they said about people goes.
  await tx.contact.updateMany({ where: allOwnPrivateContactsWhere(userId), data: { name: null, role: null, phone: null, email: null } });
  const claims = await tx.claimRequest.findMany({ where: { userId }, select: { email: true } });
  await tx.claimRequest.deleteMany({ where: { userId } });
  await eraseTraces(tx, { id: userId, email: target.email, userName: person.userName }, claims.map((c) => c.email), tombstone);

  // What the account followed, was told and saved (issues 26, 27): nobody reads it again.
  await tx.watchCompany.deleteMany({ where: { userId } });
  await tx.watchGroup.deleteMany({ where: { userId } });
  await tx.notification.deleteMany({ where: { userId } });
  await tx.notificationSetting.deleteMany({ where: { userId } });
  await tx.notificationPreference.deleteMany({ where: { userId } });
  await tx.savedSearch.deleteMany({ where: { userId } });
  // Issue 50, decision 109: webhook endpoints (their deliveries and attempts go with them) and CRM
  // connections (the companies seen, the sync log), and any OAuth authorisation still pending.
  await tx.webhookEndpoint.deleteMany({ where: { userId } });
  await tx.crmConnection.deleteMany({ where: { userId } });
  await tx.crmOauthState.deleteMany({ where: { userId } });
  await tx.refreshToken.deleteMany({ where: { userId } });
  await tx.passwordResetToken.deleteMany({ where: { userId } });
  await tx.externalAccount.deleteMany({ where: { userId } });
  // The entry names the account by id only: its name and address are what the delete erases.
  if (by) await recordAudit(tx, by, { action: 'user.delete', targetType: 'user', targetId: userId, before: { Role: target.role }, after: null });

  // The tombstone's name is reserved (its normalised form is taken, so nobody registers it later
  // and is mistaken for the author of what the deleted user left), unless someone already has it.
  const tombstoneNorm = normalizeSearchText(tombstone);
  const taken = await tx.user.findFirst({ where: { userNameNorm: tombstoneNorm }, select: { id: true } });
  const suffix = now.getTime().toString(36);
  await tx.user.update({
    where: { id: userId },
    data: {
      userName: tombstone,
      userNameNorm: taken ? `${tombstoneNorm} ${suffix}` : tombstoneNorm,
      email: `sters-${userId}-${suffix}@utilizator-sters.invalid`,
      emailVerified: null,
      passwordHash: null,
      isDeleted: true,
      role: { connect: { name: 'User' } },
    },
  });
}
