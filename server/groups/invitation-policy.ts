// Who may mail an invitation, and to whom (docs/decisions/036-mail-abuse.md). An invitation is a
// mail the platform sends, signed with its domain, to an address a user typed: without limits it
// is a spam and phishing relay. Every path that mails an invitation (a new one, a resend) calls
// assertCanInvite() right before it queues the mail, and nothing else decides.
import 'server-only';
import type { Actor } from '../auth/actor';
import { assertVerifiedEmail } from '../auth/verification';
import { env } from '../kernel/env';
import { AppError, conflict } from '../kernel/errors';
import { withTransaction } from '../kernel/tx';

export const INVITE_QUOTA_TEXT = {
  perUser: (limit: number) =>
    `Ați atins limita zilnică de ${limit} ${limit === 1 ? 'invitație' : 'de invitații'}. Puteți trimite alte invitații după ce trec 24 de ore de la primele.`,
  perRecipient: (limit: number) =>
    `Această adresă a primit deja ${limit} ${limit === 1 ? 'invitație' : 'invitații'} în ultimele 24 de ore. Încercați din nou mâine.`,
  suppressed:
    'Nu putem trimite invitația: această adresă s-a dezabonat de la mesajele RadarFirme sau nu poate primi e-mailuri.',
} as const;

const DAY_SECONDS = 24 * 3600;

/**
 * Refuses, in this order: an actor whose address is not confirmed (403), an inviter over
 * INVITE_DAILY_LIMIT_PER_USER invitation mails in 24 hours (429), an address that already got
 * INVITE_DAILY_LIMIT_PER_RECIPIENT invitation mails in 24 hours from anyone (429), an address on
 * the suppression list of the campaigns (409). When the quotas pass, one mail is written to the
 * ledger first, so a suppressed address probed over and over still uses the prober's quota.
 * `email` must be lower-case. Call it last, just before the mail is queued.
 */
export async function assertCanInvite(actor: Actor, email: string): Promise<void> {
  const suppressed = await withTransaction(async (db) => {
    await assertVerifiedEmail(actor, db);
    // The inviter's row, then the address (as a lock key), are locked so that two invitations at
    // once cannot both take the last unit of a quota.
    await db.query(`SELECT 1 FROM app_user WHERE id = $1 FOR UPDATE`, [actor.userId]);
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('invitation_mail:' || $1))`, [email]);
    // Count and the seconds until the oldest mail of the window leaves it (the Retry-After).
    const window = `created_at > now() - make_interval(secs => $3)`;
    const retry = `GREATEST(1, CEIL(EXTRACT(EPOCH FROM (min(created_at) + make_interval(secs => $3) - now()))))::int`;
    const counts = await db.query<{ by_user: number; user_retry: number; to_address: number; address_retry: number; suppressed: boolean }>(
      `SELECT u.n AS by_user, u.retry AS user_retry, a.n AS to_address, a.retry AS address_retry,
              EXISTS (SELECT 1 FROM mail_suppression WHERE email = $2) AS suppressed
         FROM (SELECT count(*)::int AS n, ${retry} AS retry FROM invitation_mail WHERE invited_by_id = $1 AND ${window}) u,
              (SELECT count(*)::int AS n, ${retry} AS retry FROM invitation_mail WHERE email = $2 AND ${window}) a`,
      [actor.userId, email, DAY_SECONDS],
    );
    const c = counts.rows[0];
    if (c.by_user >= env.INVITE_DAILY_LIMIT_PER_USER) throw quotaReached(INVITE_QUOTA_TEXT.perUser(env.INVITE_DAILY_LIMIT_PER_USER), c.user_retry);
    if (c.to_address >= env.INVITE_DAILY_LIMIT_PER_RECIPIENT) throw quotaReached(INVITE_QUOTA_TEXT.perRecipient(env.INVITE_DAILY_LIMIT_PER_RECIPIENT), c.address_retry);
    await db.query(`INSERT INTO invitation_mail (invited_by_id, email) VALUES ($1, $2)`, [actor.userId, email]);
    return c.suppressed;
  });
  if (suppressed) throw conflict(INVITE_QUOTA_TEXT.suppressed, { Email: [INVITE_QUOTA_TEXT.suppressed] });
}

const quotaReached = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });
