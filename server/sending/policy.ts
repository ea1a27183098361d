// Who sees what of the campaigns (docs/decisions/022-sending-visibility.md): the author sees the
// whole of their sendings; a member of a group (its owner or a member that was not removed) sees
// the messages sent to that group's companies, whoever sent them, and nothing of the other groups
// of the same sending. An Admin has no extra right here: campaigns are private work. Who may send
// a draft is canSend below, applied by every path that makes mail go out; only a comment's author
// edits or deletes it. Group membership is the groups' rule (server/groups/policy.ts).
import 'server-only';
import type pg from 'pg';
import type { Actor } from '../auth/actor';
import { emailNotVerified, hasVerifiedEmail } from '../auth/verification';
import { draftNotFound, isOwnDraft } from '../drafts/policy';
import { visibleGroupIdsSql } from '../groups/policy';
import type { AppError } from '../kernel/errors';

/**
 * SQL: a row of sending `gm` tied to group id expression `groupId` (a mail_send's or a
 * grouped_mail_company's group_id) is visible to the user at `user`.
 */
export const visibleMailRowSql = (user: string, gm: string, groupId: string) =>
  `(${gm}.created_by_id = ${user} OR ${groupId} IN ${visibleGroupIdsSql(user)})`;

export const canChangeMailComment = (actor: Actor, comment: { createdById: number }) => comment.createdById === actor.userId;

// ───────────── who may send ─────────────

/** What the send rule reads of a draft, or of the sending it became. */
export type SendTarget = { createdById: number; isDeleted?: boolean };
/** What the send rule reads of the actor's account. */
export type SenderState = { emailVerified: boolean };

/**
 * The refusal of a send, or null when the actor may send: only the author of a draft that is
 * not deleted sends it, and only once their address is confirmed (decision 036). Another user's
 * draft answers exactly as a missing one (404) and comes first, so nothing about the actor's
 * account is told about a draft that is not theirs.
 */
export function sendRefusal(actor: Actor, draft: SendTarget | null | undefined, sender: SenderState): AppError | null {
  if (!draft || !isOwnDraft(actor, draft)) return draftNotFound();
  if (!sender.emailVerified) return emailNotVerified();
  return null;
}

/** Predicate: the actor may send this draft (or make its sending go out: a schedule, a test, a follow-up). */
export const canSend = (actor: Actor, draft: SendTarget | null | undefined, sender: SenderState): boolean =>
  sendRefusal(actor, draft, sender) === null;

/**
 * Every send path calls this: campaign send, test send, (re)scheduling, a follow-up. Ownership is
 * decided before the account is read; `db` when the caller holds a transaction (the check then
 * sees the same row state the send will).
 */
export async function assertCanSend<T extends SendTarget>(actor: Actor, draft: T | null | undefined, db?: pg.ClientBase): Promise<T> {
  const owned = assertOwnSending(actor, draft);
  const refusal = sendRefusal(actor, owned, { emailVerified: await hasVerifiedEmail(actor.userId, db) });
  if (refusal) throw refusal;
  return owned;
}

/**
 * The ownership half alone, for withdrawing a sending (cancel a schedule or a follow-up): stopping
 * mail is never refused to its author, confirmed address or not.
 */
export function assertOwnSending<T extends SendTarget>(actor: Actor, draft: T | null | undefined): T {
  if (!draft || !isOwnDraft(actor, draft)) throw draftNotFound();
  return draft;
}
