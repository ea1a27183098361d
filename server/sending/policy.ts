// Who sees what of the campaigns (docs/decisions/022-sending-visibility.md): the author sees the
// whole of their sendings; a member of a group (its owner or a member that was not removed) sees
// the messages sent to that group's companies, whoever sent them, and nothing of the other groups
// of the same sending. An Admin has no extra right here: campaigns are private work. Only the
// author sends a draft; only a comment's author edits or deletes it. Group membership is the
// groups' rule (server/groups/policy.ts).
import 'server-only';
import type { Actor } from '../auth/actor';
import { visibleGroupIdsSql } from '../groups/policy';

/**
 * SQL: a row of sending `gm` tied to group id expression `groupId` (a mail_send's or a
 * grouped_mail_company's group_id) is visible to the user at `user`.
 */
export const visibleMailRowSql = (user: string, gm: string, groupId: string) =>
  `(${gm}.created_by_id = ${user} OR ${groupId} IN ${visibleGroupIdsSql(user)})`;

export const canChangeMailComment = (actor: Actor, comment: { createdById: number }) => comment.createdById === actor.userId;
