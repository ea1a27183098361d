// A user's own data (docs/decisions/060): "Descarcă datele mele" gathers what the account holds
// in one JSON file (the account, its groups, comments, contacts, templates, drafts and sendings,
// and since decision 109 its webhooks with their deliveries and its CRM connections with their log),
// written as it is read since decision 124;
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
import { findOwnDrafts, findOwnSendingsWithMessages } from '../sending/queries';
import { AppError } from '../kernel/errors';
import { hitRateLimit, rateLimited } from '../kernel/rate-limit';
import { deleteOwnAccount } from '../users/commands';
import { findWebhookDataOf, findWebhookDeliveriesOf } from '../webhooks/endpoints';
import { findCrmCompaniesOf, findCrmDataOf } from '../crm/sync';
import { liveCompanyGroupWhere } from '../groups/policy';
import { jsonStream, pagedById, streamed } from './json-stream';
import { findSavedSearchNoticesOf } from '../saved-searches/notices';

/**
 * Rows read at a time for each long list of the download (decision 124): a group has no size
 * limit, a sending may have 10,000 messages and a design 5 MB, notifications and deliveries grow
 * with what is followed. Read whole, one heavy account's file took more than the server's 320 MB
 * heap; written as read, the file holds one batch in memory.
 */
const ROWS_PER_READ = 1000;
const MAILINGS_PER_READ = 1;
const TEMPLATES_PER_READ = 4;

/** GET /api/Account/exportMyData: one JSON file, offered as a download, written as it is read. */
export async function exportOwnData(actor: Actor): Promise<Response> {
  const userId = actor.userId;
  const [account, groups, companyComments, mailComments, contacts, following, savedSearches, webhooks, crm, savedSearchNotices] = await Promise.all([
    prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, userName: true, email: true, emailVerified: true, createdAt: true, role: { select: { name: true } }, accounts: { select: { provider: true } } },
    }),
    prisma.groupMember.findMany({
      where: { userId, isDeleted: false, group: { isDeleted: false } },
      select: { access: true, isOwner: true, createdAt: true, group: { select: { id: true, name: true, createdAt: true } } },
      orderBy: { id: 'asc' },
    }),
    prisma.companyComment.findMany({ where: { createdById: userId, isDeleted: false }, select: { id: true, cui: true, content: true, createdAt: true, updatedAt: true }, orderBy: { id: 'asc' } }),
    prisma.mailComment.findMany({ where: { createdById: userId, isDeleted: false }, select: { id: true, mailSendId: true, content: true, createdAt: true }, orderBy: { id: 'asc' } }),
    findContactsAddedBy(userId),
    prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        watchedCompanies: { select: { cui: true, createdAt: true }, orderBy: { cui: 'asc' } },
        watchedGroups: { select: { groupId: true, createdAt: true }, orderBy: { groupId: 'asc' } },
        notificationSettings: { select: { kind: true, channel: true } },
        notificationPreference: { select: { emailMode: true, digestHour: true, emailEnabled: true } },
      },
    }),
    prisma.savedSearch.findMany({ where: { userId }, select: { id: true, name: true, filter: true, createdAt: true, lastOpenedAt: true }, orderBy: { id: 'asc' } }),
    // Issue 50, decision 109: webhooks (without secrets) and CRM connections (without tokens).
    findWebhookDataOf(actor),
    findCrmDataOf(actor),
    // Decision 117: a saved search's new matches as in-app notices.
    findSavedSearchNoticesOf(userId),
  ]);
  const withoutId = <R extends { id: unknown }>({ id: _id, ...rest }: R) => rest;
  const data = {
    exportedAt: new Date().toISOString(),
    account: { ...account, role: account.role.name, externalSignIns: account.accounts.map((a) => a.provider), accounts: undefined },
    groups: groups.map((m) => ({
      ...m.group,
      companies: pagedById(
        (after, take) =>
          prisma.companyGroup.findMany({ where: { groupId: m.group.id, ...liveCompanyGroupWhere, id: { gt: after } }, select: { id: true, cui: true, createdAt: true }, orderBy: { id: 'asc' }, take }),
        withoutId,
        ROWS_PER_READ,
      ),
      access: m.access,
      isOwner: m.isOwner,
      memberSince: m.createdAt,
    })),
    comments: { companies: companyComments, sendings: mailComments },
    contacts: contacts.map((c) => toContactDto(actor, c)),
    templates: pagedById(
      (after, take) =>
        prisma.mailTemplate.findMany({
          where: { ownerId: userId, isDeleted: false, id: { gt: after } },
          select: { id: true, name: true, description: true, content: true, createdAt: true, updatedAt: true },
          orderBy: { id: 'asc' },
          take,
        }),
      (t) => t,
      TEMPLATES_PER_READ,
    ),
    drafts: pagedById((after, take) => findOwnDrafts(userId, after, take), (d) => d, MAILINGS_PER_READ),
    sendings: pagedById((after, take) => findOwnSendingsWithMessages(userId, after, take), (d) => d, MAILINGS_PER_READ),
    following: { companies: following.watchedCompanies, groups: following.watchedGroups },
    notifications: pagedById((after, take) => findNotificationsOf(userId, after, take), (n) => n, ROWS_PER_READ),
    notificationSettings: { kinds: following.notificationSettings, email: following.notificationPreference },
    savedSearches,
    savedSearchNotices,
    webhooks: webhooks.map(({ events, ...e }) => ({
      ...e,
      deliveries: pagedById((after, take) => findWebhookDeliveriesOf(actor, e.id, after, take), withoutId, ROWS_PER_READ),
      events,
    })),
    crm: crm.map(({ id, syncLog, ...c }) => ({
      ...c,
      companies: streamed(async function* () {
        let after = 0;
        for (;;) {
          const rows = await findCrmCompaniesOf(actor, id, after, ROWS_PER_READ);
          if (rows.length) yield rows;
          if (rows.length < ROWS_PER_READ) return;
          after = rows[rows.length - 1].cui;
        }
      }),
      syncLog,
    })),
  };
  const day = new Date().toISOString().slice(0, 10);
  return new Response(jsonStream(data), {
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
