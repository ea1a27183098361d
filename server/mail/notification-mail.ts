// Who may still get notification mail (docs/decisions/063). The watch domain queues these mails
// and the outbox checks the same rule again when it delivers one, so the rule sits here, below
// both (mail sits below watch): the outbox cannot import the watch domain without a cycle
// (decision 081).
import 'server-only';
import { activeUserSql } from '../auth/policy';

/** The outbox kind of notification mail (immediate ones and digests). */
export const NOTIFICATION_MAIL_KIND = 'watch-notifications';

/**
 * SQL boolean: the account `u` with its preference row `p` may get notification mail at `email`:
 * an active account (not blocked, not deleted), mail not turned off, the address not on the
 * suppression list. Checked when the mails are queued and again when the outbox delivers one
 * (docs/decisions/063), so a change in between stops the mail.
 */
export const notificationMailAllowedSql = (u: string, p: string, email: string) =>
  `(${activeUserSql(u)} AND ${p}.email_enabled AND NOT EXISTS (SELECT 1 FROM mail_suppression ms WHERE ms.email = lower(${email})))`;

/**
 * SQL: the queued notification mails among the outbox rows `ids` (an int[] placeholder) that may
 * no longer go: their account is gone, blocked, unsubscribed, has another address now, or the
 * address was suppressed since the mail was queued.
 */
export const undeliverableNotificationMailSql = (ids: string) => `SELECT o.id FROM outbox_mail o
  WHERE o.id = ANY(${ids}) AND o.kind = '${NOTIFICATION_MAIL_KIND}' AND o.user_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM app_user u JOIN notification_preference p ON p.user_id = u.id
                    WHERE u.id = o.user_id AND lower(u.email) = lower(o."to") AND ${notificationMailAllowedSql('u', 'p', 'o."to"')})`;
