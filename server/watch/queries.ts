// Reads of monitoring: the actor's followed companies and groups, their notifications (the feed and
// the bell's count), their settings, and a company's public change history. Every read of a
// user's own rows goes through policy.ts (their own rows only: another user's do not exist).
import 'server-only';
import { CHANGE_KINDS, DEFAULT_CHANNEL, DEFAULT_DIGEST_HOUR, DEFAULT_EMAIL_MODE, type ChangeKind, type Channel, type EmailMode } from '@/lib/watch/kinds';
import { CHANGE_PAGE_SIZE, NOTIFICATION_PAGE_SIZE, WATCH_DEFAULT_ORDER, WATCH_PAGE_SIZE, type NotificationsQuery, type WatchedCompaniesQuery } from '@/lib/watch/schemas';
import type { CompanyChangeItem, NotificationItem, NotificationSettings, WatchStatus, WatchedCompany, WatchedGroup } from '@/lib/watch/types';
import type { Paged } from '@/lib/shared/paged';
import type { Actor } from '../auth/actor';
import { prisma, sql } from '../kernel/db';
import { liveCompanyGroupWhere, visibleGroupWhere } from '../groups/policy';
import type { Prisma } from '../generated/prisma/client';
import { ownCompanyWatchWhere, ownGroupWatchWhere, ownNotificationSql, ownNotificationWhere } from './policy';
import { parseCui } from '@/lib/cui';

const pages = (count: number, size: number) => Math.ceil(count / size);

function watchOrder(orderBy: string): Prisma.WatchCompanyOrderByWithRelationInput[] {
  const key = (orderBy || WATCH_DEFAULT_ORDER).replace(/_desc$/, '');
  const dir = (orderBy || WATCH_DEFAULT_ORDER).endsWith('_desc') ? 'desc' : 'asc';
  switch (key) {
    case 'Name':
      return [{ company: { name: dir } }, { cui: 'asc' }];
    case 'Cui':
      return [{ cui: dir }];
    case 'County':
      return [{ company: { county: { name: dir } } }, { company: { name: 'asc' } }];
    default:
      return [{ createdAt: dir }, { cui: 'asc' }];
  }
}

/** GET /api/Watch/getWatchedCompanies: the actor's followed companies, 20 a page. */
export async function listWatchedCompanies(actor: Actor, q: WatchedCompaniesQuery): Promise<Paged<WatchedCompany>> {
  const text = q.SearchText;
  const cui = parseCui(text);
  const search: Prisma.WatchCompanyWhereInput = !text
    ? {}
    : cui != null
      ? { OR: [{ cui }, { company: { name: { contains: text, mode: 'insensitive' } } }] }
      : { company: { name: { contains: text, mode: 'insensitive' } } };
  const where: Prisma.WatchCompanyWhereInput = { AND: [ownCompanyWatchWhere(actor), search] };
  const [count, rows] = await prisma.$transaction([
    prisma.watchCompany.count({ where }),
    prisma.watchCompany.findMany({
      where,
      orderBy: watchOrder(q.OrderBy),
      skip: (q.PageNumber - 1) * WATCH_PAGE_SIZE,
      take: WATCH_PAGE_SIZE,
      select: {
        createdAt: true,
        company: { select: { cui: true, name: true, isActive: true, county: { select: { name: true } }, statusCode: true } },
      },
    }),
  ]);
  const codes = [...new Set(rows.map((r) => r.company.statusCode))];
  const statuses = new Map((await prisma.companyStatus.findMany({ where: { code: { in: codes } }, select: { code: true, name: true } })).map((s) => [s.code, s.name]));
  return {
    Items: rows.map((r) => ({
      Cui: r.company.cui,
      Name: r.company.name,
      County: r.company.county?.name ?? null,
      Status: statuses.get(r.company.statusCode) ?? null,
      IsActive: r.company.isActive,
      FollowedAt: r.createdAt.toISOString(),
    })),
    Count: count,
    NumberOfPages: pages(count, WATCH_PAGE_SIZE),
  };
}

/** GET /api/Watch/getWatchedGroups: the groups the actor follows and still sees. */
export async function listWatchedGroups(actor: Actor): Promise<WatchedGroup[]> {
  const rows = await prisma.watchGroup.findMany({
    where: { AND: [ownGroupWatchWhere(actor), { group: visibleGroupWhere(actor) }] },
    orderBy: { group: { name: 'asc' } },
    select: { createdAt: true, group: { select: { id: true, name: true, companyCount: true } } },
  });
  return rows.map((r) => ({ GroupId: r.group.id, Name: r.group.name, CompanyCount: r.group.companyCount, FollowedAt: r.createdAt.toISOString() }));
}

/** GET /api/Watch/getWatchStatus?cui: whether the actor follows the company, directly or through groups. */
export async function getWatchStatus(actor: Actor, cui: number): Promise<WatchStatus> {
  const [direct, groups] = await Promise.all([
    prisma.watchCompany.findFirst({ where: { AND: [ownCompanyWatchWhere(actor), { cui }] }, select: { cui: true } }),
    prisma.watchGroup.findMany({
      where: { AND: [ownGroupWatchWhere(actor), { group: { AND: [visibleGroupWhere(actor), { companies: { some: { cui, ...liveCompanyGroupWhere } } }] } }] },
      select: { group: { select: { name: true } } },
      orderBy: { group: { name: 'asc' } },
    }),
  ]);
  return { IsWatched: direct !== null, WatchedThroughGroups: groups.map((g) => g.group.name) };
}

const changeSelect = { id: true, cui: true, kind: true, oldValue: true, newValue: true, source: true, dataDate: true, createdAt: true } satisfies Prisma.CompanyChangeSelect;
type ChangeRow = Prisma.CompanyChangeGetPayload<{ select: typeof changeSelect }>;

const toChange = (c: ChangeRow): CompanyChangeItem => ({
  Id: Number(c.id),
  Cui: c.cui,
  Kind: c.kind,
  OldValue: c.oldValue,
  NewValue: c.newValue,
  Source: c.source,
  DataDate: c.dataDate.toISOString().slice(0, 10),
  CreatedAt: c.createdAt.toISOString(),
});

/** GET /api/Company/getCompanyChanges?cui: the company's change facts, newest first (public: official data). */
export async function listCompanyChanges(cui: number, pageNumber: number): Promise<Paged<CompanyChangeItem>> {
  const where = { cui };
  const [count, rows] = await prisma.$transaction([
    prisma.companyChange.count({ where }),
    prisma.companyChange.findMany({ where, orderBy: { id: 'desc' }, skip: (pageNumber - 1) * CHANGE_PAGE_SIZE, take: CHANGE_PAGE_SIZE, select: changeSelect }),
  ]);
  return { Items: rows.map(toChange), Count: count, NumberOfPages: pages(count, CHANGE_PAGE_SIZE) };
}

type FeedRow = {
  notification_id: string;
  read_at: Date | null;
  id: string;
  cui: number;
  kind: string;
  old_value: string | null;
  new_value: string | null;
  source: string;
  data_date: string;
  created_at: Date;
  company_name: string;
};

/**
 * GET /api/Notification/getNotifications: the actor's feed, newest first, by kind and read state.
 * Raw SQL (docs/decisions/063): the count and the page run at once, each on the notification's own
 * indexes ((user_id, id), (user_id, kind, id), the unread partial index); the page joins only its
 * 20 rows to their changes and companies. Through Prisma it was five round trips in a transaction.
 */
export async function listNotifications(actor: Actor, q: NotificationsQuery): Promise<Paged<NotificationItem>> {
  const where = [ownNotificationSql('n', '$1'), q.Kind ? 'n.kind = $2' : '$2::text IS NULL', q.UnreadOnly ? 'n.read_at IS NULL' : 'true'].join(' AND ');
  const params = [actor.userId, q.Kind || null];
  const [counted, rows] = await Promise.all([
    sql<{ n: number }>(`SELECT count(*)::int AS n FROM notification n WHERE ${where}`, params),
    sql<FeedRow>(
      `SELECT n.id::text AS notification_id, n.read_at AT TIME ZONE 'UTC' AS read_at, c.id::text AS id, c.cui, c.kind, c.old_value, c.new_value, c.source, c.data_date::text,
              c.created_at AT TIME ZONE 'UTC' AS created_at, co.name AS company_name
       FROM (SELECT id, change_id, read_at FROM notification n WHERE ${where} ORDER BY n.id DESC LIMIT $3 OFFSET $4) n
       JOIN company_change c ON c.id = n.change_id
       JOIN company co ON co.cui = c.cui
       ORDER BY n.id DESC`,
      [...params, NOTIFICATION_PAGE_SIZE, (q.PageNumber - 1) * NOTIFICATION_PAGE_SIZE],
    ),
  ]);
  const count = counted[0].n;
  return {
    Items: rows.map((r) => ({
      ...toChange({ id: BigInt(r.id), cui: r.cui, kind: r.kind, oldValue: r.old_value, newValue: r.new_value, source: r.source, dataDate: new Date(`${r.data_date}T00:00:00Z`), createdAt: r.created_at }),
      NotificationId: Number(r.notification_id),
      CompanyName: r.company_name,
      ReadAt: r.read_at?.toISOString() ?? null,
    })),
    Count: count,
    NumberOfPages: pages(count, NOTIFICATION_PAGE_SIZE),
  };
}

/** GET /api/Notification/getUnreadCount: the bell. */
export async function countUnread(actor: Actor): Promise<number> {
  return prisma.notification.count({ where: { AND: [ownNotificationWhere(actor), { readAt: null }] } });
}

/** GET /api/Notification/getSettings: every kind with its channel (the default where unset). */
export async function getNotificationSettings(actor: Actor): Promise<NotificationSettings> {
  const [rows, pref] = await Promise.all([
    prisma.notificationSetting.findMany({ where: { userId: actor.userId }, select: { kind: true, channel: true } }),
    prisma.notificationPreference.findUnique({ where: { userId: actor.userId }, select: { emailMode: true, digestHour: true, emailEnabled: true } }),
  ]);
  const set = new Map(rows.map((r) => [r.kind, r.channel as Channel]));
  return {
    Kinds: Object.fromEntries(CHANGE_KINDS.map((k) => [k, set.get(k) ?? DEFAULT_CHANNEL])) as Record<ChangeKind, Channel>,
    EmailMode: (pref?.emailMode as EmailMode | undefined) ?? DEFAULT_EMAIL_MODE,
    DigestHour: pref?.digestHour ?? DEFAULT_DIGEST_HOUR,
    EmailEnabled: pref?.emailEnabled ?? true,
  };
}
