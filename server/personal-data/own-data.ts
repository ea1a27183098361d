// A user's own data (docs/decisions/060): "Descarcă datele mele" gathers what the account holds
// in one JSON file (the account, its groups, comments, contacts, templates, drafts and sendings,
// and since decision 109 its webhooks with their deliveries and its CRM connections with their log);
// "Șterge contul" checks the password and erases the account as an Admin's delete does
// (decision 017's table, server/users/commands.ts).
import 'server-only';
import { AUTH_TEXT } from '../auth/config';
import type { Actor } from '../auth/actor';
import { verifyPassword } from '../auth/passwords';
import { rateLimits } from '../auth/config';
import { prisma } from '../kernel/db';
import { toContactDto } from '../contacts/dto';
import { findContactsAddedBy } from '../contacts/queries';
import { findNotificationsOf } from '../watch/queries';
import { findOwnMailingsWithMessages } from '../sending/queries';
import { AppError } from '../kernel/errors';
import { hitRateLimit, rateLimited } from '../kernel/rate-limit';
import { deleteOwnAccount } from '../users/commands';
import { findWebhookDataOf } from '../webhooks/endpoints';
import { findCrmDataOf } from '../crm/sync';
import { findSavedSearchNoticesOf } from '../saved-searches/notices';

/** GET /api/Account/exportMyData: one JSON file, offered as a download. */
export async function exportOwnData(actor: Actor): Promise<Response> {
  const userId = actor.userId;
  const [account, groups, companyComments, mailComments, contacts, templates, mails, following, notifications, savedSearches, webhooks, crm, savedSearchNotices] = await Promise.all([
    prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, userName: true, email: true, emailVerified: true, createdAt: true, role: { select: { name: true } }, accounts: { select: { provider: true } } },
    }),
    prisma.groupMember.findMany({
      where: { userId, isDeleted: false, group: { isDeleted: false } },
      select: { access: true, isOwner: true, createdAt: true, group: { select: { id: true, name: true, createdAt: true, companies: { where: { isDeleted: false }, select: { cui: true, createdAt: true } } } } },
      orderBy: { id: 'asc' },
    }),
    prisma.companyComment.findMany({ where: { createdById: userId, isDeleted: false }, select: { id: true, cui: true, content: true, createdAt: true, updatedAt: true }, orderBy: { id: 'asc' } }),
    prisma.mailComment.findMany({ where: { createdById: userId, isDeleted: false }, select: { id: true, mailSendId: true, content: true, createdAt: true }, orderBy: { id: 'asc' } }),
    findContactsAddedBy(userId),
    prisma.mailTemplate.findMany({ where: { ownerId: userId, isDeleted: false }, select: { id: true, name: true, description: true, content: true, createdAt: true, updatedAt: true }, orderBy: { id: 'asc' } }),
    findOwnMailingsWithMessages(userId),
    prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        watchedCompanies: { select: { cui: true, createdAt: true }, orderBy: { cui: 'asc' } },
        watchedGroups: { select: { groupId: true, createdAt: true }, orderBy: { groupId: 'asc' } },
        notificationSettings: { select: { kind: true, channel: true } },
        notificationPreference: { select: { emailMode: true, digestHour: true, emailEnabled: true } },
      },
    }),
    findNotificationsOf(userId),
    prisma.savedSearch.findMany({ where: { userId }, select: { id: true, name: true, filter: true, createdAt: true, lastOpenedAt: true }, orderBy: { id: 'asc' } }),
    // Issue 50, decision 109: webhooks (without secrets) and CRM connections (without tokens).
    findWebhookDataOf(actor),
    findCrmDataOf(actor),
    // Decision 117: a saved search's new matches as in-app notices.
    findSavedSearchNoticesOf(userId),
  ]);
  const data = {
    exportedAt: new Date().toISOString(),
    account: { ...account, role: account.role.name, externalSignIns: account.accounts.map((a) => a.provider), accounts: undefined },
    groups: groups.map((m) => ({ ...m.group, access: m.access, isOwner: m.isOwner, memberSince: m.createdAt })),
    comments: { companies: companyComments, sendings: mailComments },
    contacts: contacts.map((c) => toContactDto(actor, c)),
    templates,
    drafts: mails.filter((m) => m.sentOn == null).map(({ mails: _unsent, ...d }) => d),
    sendings: mails.filter((m) => m.sentOn != null),
    following: { companies: following.watchedCompanies, groups: following.watchedGroups },
    notifications,
    notificationSettings: { kinds: following.notificationSettings, email: following.notificationPreference },
    savedSearches,
    savedSearchNotices,
    webhooks,
    crm,
  };
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(data, null, 2), {
    status: 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="radarfirme-datele-mele-${day}.json"`,
      'cache-control': 'no-store',
    },
  });
}

/** POST /api/Account/deleteMyAccount: the password confirms it; guessing it is rate-limited like sign-in. */
export async function deleteMyAccount(actor: Actor, password: string): Promise<void> {
  const limits = rateLimits();
  const hit = await hitRateLimit(`delete-account:user:${actor.userId}`, limits.accountMax, limits.windowSeconds);
  if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds, AUTH_TEXT.tooManyAttempts);
  const row = await prisma.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('VALIDATION', AUTH_TEXT.currentPasswordWrong, { Password: [AUTH_TEXT.currentPasswordWrong] });
  }
  await deleteOwnAccount(actor);
}
