// Resending the verification link (docs/decisions/036-mail-abuse.md). It lives above auth because
// it mails: server/auth keeps the rule and the token, which lower domains need (decision 081).
import 'server-only';
import type { Actor } from '../auth/actor';
import { verificationLink, verifiedEmailSql, VERIFICATION_TEXT } from '../auth/verification';
import { sql } from '../kernel/db';
import { env } from '../kernel/env';
import { hitRateLimit, rateLimited } from '../kernel/rate-limit';
import { sendVerificationMail } from '../mail/messages';

/** POST /api/Account/resendVerification: a new link for the signed-in, unverified user. */
export async function resendVerificationMail(actor: Actor): Promise<{ Message: string }> {
  const rows = await sql<{ email: string; user_name: string; verified: boolean }>(
    `SELECT u.email, u.user_name, ${verifiedEmailSql('u')} AS verified FROM app_user u WHERE u.id = $1`,
    [actor.userId],
  );
  const user = rows[0];
  if (!user || user.verified) return { Message: VERIFICATION_TEXT.alreadyConfirmed };
  const hit = await hitRateLimit(`verify-resend:user:${actor.userId}`, env.EMAIL_VERIFICATION_RESEND_PER_HOUR, 3600);
  if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds, VERIFICATION_TEXT.tooManyResends);
  await sendVerificationMail({ to: user.email, userName: user.user_name, link: verificationLink(actor.userId, user.email), validHours: env.EMAIL_VERIFICATION_VALID_HOURS });
  return { Message: VERIFICATION_TEXT.resent };
}
