// Who follows what and who reads which notification (issue 26, docs/decisions/053). What a user
// follows and the notifications they get are theirs alone: for another user and for an Admin they
// do not exist (404, the same body as a missing id). Following a group is following what the user
// may read in it: its live companies, now and later, while the group is visible to them (owner or
// active member, server/groups/policy.ts); leaving the group, or its deletion, ends it for every
// later import. A blocked or deleted account gets no new notification and no mail.
// The one module of this rule: the Prisma `where`s, the SQL the fan-out reads and the refusals;
// tests/integration/watch-api.test.ts runs the SQL forms (the fan-out) and the Prisma forms (the
// endpoints) on the same cases: a member, a member who left, a company removed from the group.
import 'server-only';
import type { Actor } from '../auth/actor';
import { activeUserSql } from '../auth/policy';
import { liveCompanyGroupSql, visibleGroupSql } from '../groups/policy';
import type { Prisma } from '../generated/prisma/client';

export const WATCH_NOT_FOUND = 'Firma nu este urmărită.';
export const WATCHED_GROUP_NOT_FOUND = 'Grupul nu este urmărit.';

/** Prisma `where`: the actor's own follows of companies. */
export const ownCompanyWatchWhere = (actor: Actor) => ({ userId: actor.userId }) satisfies Prisma.WatchCompanyWhereInput;
/** Prisma `where`: the actor's own follows of groups. */
export const ownGroupWatchWhere = (actor: Actor) => ({ userId: actor.userId }) satisfies Prisma.WatchGroupWhereInput;
/** Prisma `where`: the actor's own notifications. */
export const ownNotificationWhere = (actor: Actor) => ({ userId: actor.userId }) satisfies Prisma.NotificationWhereInput;

/** SQL: the same rule for the feed's raw queries (`param`: the placeholder of the actor's id). */
export const ownNotificationSql = (alias: string, param: string) => `${alias}.user_id = ${param}`;


/**
 * SQL: the (user_id, cui) pairs of direct follows of the companies of `changes` (a relation with a
 * `cui` column), active users only.
 */
export function directWatchersSql(changes: string): string {
  return `SELECT wc.user_id, ch.id AS change_id, ch.kind
    FROM ${changes} ch
    JOIN watch_company wc ON wc.cui = ch.cui
    JOIN app_user u ON u.id = wc.user_id AND ${activeUserSql('u')}`;
}

/**
 * SQL: the same through followed groups, with the group rule applied for the follower at this
 * moment (a group left or deleted gives nothing) and only live company rows of the group.
 */
export function groupWatchersSql(changes: string): string {
  return `SELECT wg.user_id, ch.id AS change_id, ch.kind
    FROM ${changes} ch
    JOIN company_in_group cg ON cg.cui = ch.cui AND ${liveCompanyGroupSql('cg')}
    JOIN watch_group wg ON wg.group_id = cg.group_id
    JOIN company_group_list g ON g.id = wg.group_id AND ${visibleGroupSql('g', 'wg.user_id')}
    JOIN app_user u ON u.id = wg.user_id AND ${activeUserSql('u')}`;
}
