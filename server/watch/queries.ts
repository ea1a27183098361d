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
import { notificationMailAllowedSql } from '../mail/notification-mail';
import { parseCui } from '@/lib/cui';
import { DIGEST_TIME_ZONE } from '@/lib/watch/kinds';

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

// ───────────── the mail step's reads (server/watch/delivery.ts; docs/decisions/085: the notification table is read here only) ─────────────

/** A digest lists at most this many changes (the rest: "și încă N" with the feed's link). */
const NOTIFICATIONS_PER_MAIL = 100;

/**
 * Pending e-mail notifications of a user: after their watermark (`mailed_through`, the last one
 * handled: mailed or closed without a mail, docs/decisions/063), on the e-mail channel and not read
 * in the feed already. The watermark replaces a stamp per notification: a digest run writes one
 * preference row per user, not every notification it lists.
 */
const PENDING_OF = (n: string, p: string) => `${n}.user_id = ${p}.user_id AND ${n}.id > ${p}.mailed_through AND ${n}.channel = 'email' AND ${n}.read_at IS NULL`;

/**
 * The users due at `now`: with pending e-mail notifications (one probe of the (user_id, id) index
 * per preference row; the fan-out gives every user it notifies by e-mail a preference row),
 * immediate ones always, digest ones when their hour has come today (Bucharest) and no digest went
 * today. `last_id`: their newest pending notification, the watermark after this run. `sendable`:
 * active account, address not suppressed, mail not turned off.
 */
export const DUE_SQL = `
  SELECT u.id AS user_id, u.email, u.user_name, p.unsubscribe_id::text, p.email_mode AS mode,
         ${notificationMailAllowedSql('u', 'p', 'u.email')} AS sendable, x.last_id
  FROM notification_preference p
  JOIN app_user u ON u.id = p.user_id
  CROSS JOIN LATERAL (SELECT max(n.id) AS last_id FROM notification n WHERE ${PENDING_OF('n', 'p')}) x
  WHERE x.last_id IS NOT NULL
    AND (p.email_mode = 'immediate'
     OR (p.digest_hour <= extract(hour FROM $1::timestamptz AT TIME ZONE '${DIGEST_TIME_ZONE}')
         AND coalesce(p.last_digest_on, '-infinity'::date) < ($1::timestamptz AT TIME ZONE '${DIGEST_TIME_ZONE}')::date))
  ORDER BY u.id`;

/**
 * The pending e-mail notifications of a batch of users (up to their `last_id`), newest first, at
 * most NOTIFICATIONS_PER_MAIL each, with the user's total: per user one walk of the (user_id, id DESC)
 * index that stops at the limit, then only those rows joined to their changes and companies by
 * primary key (decision 063, addendum: a window over the whole batch joined every pending row and
 * let the planner hash the whole change table).
 */
export const PENDING_SQL = `
  SELECT d.user_id, n.notification_id::text, c.id::text AS change_id, c.cui, co.name AS company, c.kind, c.old_value, c.new_value, c.source, c.data_date::text, n.total
  FROM unnest($1::int[], $2::bigint[]) d(user_id, last_id)
  JOIN notification_preference p ON p.user_id = d.user_id
  CROSS JOIN LATERAL (
    SELECT n.id AS notification_id, n.change_id, count(*) OVER ()::int AS total
    FROM notification n WHERE ${PENDING_OF('n', 'p')} AND n.id <= d.last_id
    ORDER BY n.id DESC LIMIT ${NOTIFICATIONS_PER_MAIL}) n
  JOIN company_change c ON c.id = n.change_id
  JOIN company co ON co.cui = c.cui
  ORDER BY d.user_id, n.notification_id DESC`;

/** Every notification of a user with its change (the user's own-data download). */
export async function findNotificationsOf(userId: number, after: number, take: number) {
  return prisma.notification.findMany({
    where: { userId, id: { gt: after } },
    select: { id: true, channel: true, createdAt: true, readAt: true, emailedAt: true, change: { select: { cui: true, kind: true, oldValue: true, newValue: true, source: true } } },
    orderBy: { id: 'asc' },
    take,
  });
}
