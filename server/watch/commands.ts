// Writes of monitoring, actor first: follow and unfollow a company or a group (a group only while
// the actor may read it), mark notifications read, save the settings. Rows of another user are
// never touched: every write is scoped by the policy's `where`.
import 'server-only';
import { CHANGE_KINDS } from '@/lib/watch/kinds';
import type { NotificationSettingsInput } from '@/lib/watch/schemas';
import type { Actor } from '../auth/actor';
import { prisma } from '../kernel/db';
import { assertCanReadGroup } from '../groups/policy';
import { notFound } from '../kernel/errors';
import { WATCHED_GROUP_NOT_FOUND, WATCH_NOT_FOUND, ownCompanyWatchWhere, ownGroupWatchWhere, ownNotificationWhere } from './policy';

const COMPANY_NOT_FOUND = 'Firma nu a fost găsită.';

/** The answer of a follow or unfollow: the text the page shows. */
type Done = { Message: string };

/** POST /api/Watch/watchCompany: idempotent (following twice is following). */
export async function watchCompany(actor: Actor, cui: number): Promise<Done> {
  const company = await prisma.company.findUnique({ where: { cui }, select: { cui: true } });
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  await prisma.watchCompany.upsert({ where: { userId_cui: { userId: actor.userId, cui } }, create: { userId: actor.userId, cui }, update: {} });
  return { Message: 'Firma este urmărită. Veți afla când se schimbă ceva.' };
}

/** DELETE /api/Watch/unwatchCompany?cui */
export async function unwatchCompany(actor: Actor, cui: number): Promise<Done> {
  const { count } = await prisma.watchCompany.deleteMany({ where: { AND: [ownCompanyWatchWhere(actor), { cui }] } });
  if (count === 0) throw notFound(WATCH_NOT_FOUND);
  return { Message: 'Firma nu mai este urmărită.' };
}

/** POST /api/Watch/watchGroup: only a group the actor sees (404 otherwise, as the groups answer). */
export async function watchGroup(actor: Actor, groupId: number): Promise<Done> {
  await assertCanReadGroup(actor, groupId);
  await prisma.watchGroup.upsert({
    where: { userId_groupId: { userId: actor.userId, groupId } },
    create: { userId: actor.userId, groupId },
    update: {},
  });
  return { Message: 'Grupul este urmărit: firmele lui, acum și de acum înainte.' };
}

/** DELETE /api/Watch/unwatchGroup?groupId */
export async function unwatchGroup(actor: Actor, groupId: number): Promise<Done> {
  const { count } = await prisma.watchGroup.deleteMany({ where: { AND: [ownGroupWatchWhere(actor), { groupId }] } });
  if (count === 0) throw notFound(WATCHED_GROUP_NOT_FOUND);
  return { Message: 'Grupul nu mai este urmărit.' };
}

/** PUT /api/Notification/markRead: the actor's own among the ids (others' are simply not theirs). */
export async function markRead(actor: Actor, ids: number[]): Promise<number> {
  const { count } = await prisma.notification.updateMany({
    where: { AND: [ownNotificationWhere(actor), { id: { in: ids.map(BigInt) }, readAt: null }] },
    data: { readAt: new Date() },
  });
  return count;
}

/** PUT /api/Notification/markAllRead */
export async function markAllRead(actor: Actor): Promise<number> {
  const { count } = await prisma.notification.updateMany({ where: { AND: [ownNotificationWhere(actor), { readAt: null }] }, data: { readAt: new Date() } });
  return count;
}

/** PUT /api/Notification/updateSettings: one row per kind, and the e-mail preference. */
export async function saveNotificationSettings(actor: Actor, input: NotificationSettingsInput): Promise<void> {
  const userId = actor.userId;
  await prisma.$transaction([
    ...CHANGE_KINDS.map((kind) =>
      prisma.notificationSetting.upsert({
        where: { userId_kind: { userId, kind } },
        create: { userId, kind, channel: input.Kinds[kind] },
        update: { channel: input.Kinds[kind] },
      }),
    ),
    prisma.notificationPreference.upsert({
      where: { userId },
      create: { userId, emailMode: input.EmailMode, digestHour: input.DigestHour, emailEnabled: input.EmailEnabled },
      update: { emailMode: input.EmailMode, digestHour: input.DigestHour, emailEnabled: input.EmailEnabled },
    }),
  ]);
}
