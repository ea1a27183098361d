// What happens to the queued campaign messages of an author who can no longer send
// (docs/decisions/017 and 020): a deleted author's messages are cancelled, a blocked author's wait
// ("parked": still Queued, due at a date that never comes, so the sender's index scan of due
// messages never meets them) and become due again when the author is unblocked.
import 'server-only';
import type { Prisma } from '../generated/prisma/client';

/**
 * The reason a cancelled message shows in the history. It uses the existing status Esuat (with
 * this text as its error), like a message of a sending deleted under the sender, so the history,
 * its colours and its counts need nothing new.
 */
export const AUTHOR_DELETED_ERROR = 'Mesajul nu a mai fost trimis: autorul campaniei a fost șters.';

/**
 * Cancels, inside the caller's transaction, the campaign messages of `userId` not yet sent: the
 * Queued ones and the Sending ones whose lease is over (their sender died). A message a sender
 * holds right now (lease running) is left to it: it may already be on the wire; if it comes back
 * for a retry, the sender cancels it then (claimMessages returns `author_deleted`).
 */
export async function cancelQueuedMessagesOf(tx: Prisma.TransactionClient, userId: number): Promise<number> {
  return tx.$executeRaw`
    UPDATE mail_send ms
       SET status = 'Esuat', last_error = ${AUTHOR_DELETED_ERROR}
      FROM grouped_mail gm
     WHERE gm.id = ms.grouped_mail_id
       AND gm.created_by_id = ${userId}
       AND (ms.status = 'Queued' OR (ms.status = 'Sending' AND ms.next_attempt <= now()))`;
}

/** The due date of a parked message: Queued, but never due while its author is blocked. */
export const PARKED_UNTIL = '9999-12-31 00:00:00';

/** Parks the author's Queued messages (inside the caller's transaction: the block). */
export async function parkQueuedMessagesOf(tx: Prisma.TransactionClient, userId: number): Promise<number> {
  return tx.$executeRaw`
    UPDATE mail_send ms
       SET next_attempt = ${PARKED_UNTIL}::timestamp
      FROM grouped_mail gm
     WHERE gm.id = ms.grouped_mail_id AND gm.created_by_id = ${userId} AND ms.status = 'Queued'`;
}

/** Makes the author's parked messages due now (inside the caller's transaction: the unblock). */
export async function resumeParkedMessagesOf(tx: Prisma.TransactionClient, userId: number): Promise<number> {
  return tx.$executeRaw`
    UPDATE mail_send ms
       SET next_attempt = now()
      FROM grouped_mail gm
     WHERE gm.id = ms.grouped_mail_id AND gm.created_by_id = ${userId}
       AND ms.status = 'Queued' AND ms.next_attempt >= ${PARKED_UNTIL}::timestamp`;
}
