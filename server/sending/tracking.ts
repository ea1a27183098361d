// Opens, clicks and unsubscribes arriving from the links of a campaign message. Every event is
// recorded; only those a person made (lib/sending/machine.ts) move the message to Deschis or
// Interactionat. A status never goes back: Trimis < Deschis < Interactionat.
import 'server-only';
import { machineReason, type TrackingKind } from '@/lib/sending/machine';
import { sql } from '../kernel/db';
import { env } from '../kernel/env';
import { withTransaction } from '../kernel/tx';
import { isTrackableTarget, verifyToken } from '../mail/link-tokens';
import { invitedAddress } from '../groups/invitations';
import { findMessageByTrackingId } from './queries';
import { emitCampaignEvent } from './webhook-events';

type TrackingOutcome = { counted: boolean; filtered: string | null } | null;

type Found = Awaited<ReturnType<typeof findMessageByTrackingId>>;

async function record(kind: TrackingKind, mail: Found, req: Request, url: string | null = null): Promise<TrackingOutcome> {
  if (!mail) return null;
  const userAgent = req.headers.get('user-agent');
  const filtered = machineReason(
    kind,
    { method: req.method, userAgent, secondsSinceSent: mail.seconds },
    { minOpenSeconds: env.MAIL_MIN_OPEN_SECONDS, minClickSeconds: env.MAIL_MIN_CLICK_SECONDS },
  );
  const status = kind === 'open' ? 'Deschis' : 'Interactionat';
  // The event and the status it moves to are written together, or not at all.
  await withTransaction(async (db) => {
    // A click keeps its link (issue 28: clicks per link); a signed target is at most what we sent.
    await db.query(`INSERT INTO mail_status_event (mail_send_id, status, filtered, user_agent, url) VALUES ($1, $2, $3, $4, $5)`, [
      mail.id,
      status,
      filtered,
      userAgent?.slice(0, 300) ?? null,
      url?.slice(0, 2000) ?? null,
    ]);
    if (filtered) return;
    if (kind === 'open') {
      await db.query(
        `UPDATE mail_send SET status = CASE WHEN status = 'Trimis' THEN 'Deschis' ELSE status END, opened_at = coalesce(opened_at, now())
          WHERE id = $1 AND status IN ('Trimis', 'Deschis', 'Interactionat')`,
        [mail.id],
      );
    } else {
      // A click is also proof of an open (the pixel may have been blocked).
      await db.query(
        `UPDATE mail_send SET status = 'Interactionat', opened_at = coalesce(opened_at, now()), clicked_at = coalesce(clicked_at, now())
          WHERE id = $1 AND status IN ('Trimis', 'Deschis', 'Interactionat')`,
        [mail.id],
      );
    }
  });
  if (filtered) return { counted: false, filtered };
  await emitCampaignEvent(kind === 'open' ? 'campaign.opened' : 'campaign.clicked', mail.id, { url: url ?? undefined });
  return { counted: true, filtered: null };
}

/** The open pixel: a forged or unknown token records nothing (the pixel is served anyway). */
export async function recordOpen(token: string | null, req: Request): Promise<TrackingOutcome> {
  const trackingId = verifyToken('open', token);
  return trackingId ? record('open', await findMessageByTrackingId(trackingId), req) : null;
}

/**
 * A tracked link: the target only if the token was signed for exactly this URL and this message,
 * so the endpoint can never send a visitor to an address that was not in the message; and only
 * while the message exists, was sent, and was sent less than MAIL_CLICK_LINK_DAYS ago (decision
 * 086): otherwise one signed link would be a redirector from our domain for ever.
 */
export async function recordClick(token: string | null, target: string | null, req: Request): Promise<{ target: string } | null> {
  if (!target || !isTrackableTarget(target)) return null;
  const trackingId = verifyToken('click', token, target);
  if (!trackingId) return null;
  const mail = await findMessageByTrackingId(trackingId);
  if (!mail || mail.seconds === null || mail.seconds > env.MAIL_CLICK_LINK_DAYS * 86_400) return null;
  await record('click', mail, req, target);
  return { target };
}

/**
 * The address an unsubscribe token stands for: a campaign message's (by its tracking id) or a group
 * invitation's (by the invitation's id). Null for anything forged or unknown.
 */
async function unsubscribeTarget(token: string | null): Promise<{ email: string; mailSendId: number | null } | null> {
  const trackingId = verifyToken('unsubscribe', token);
  if (trackingId) {
    const mail = await findMessageByTrackingId(trackingId);
    return mail ? { email: mail.email, mailSendId: mail.id } : null;
  }
  const inviteId = verifyToken('invitation-unsubscribe', token);
  const email = inviteId ? await invitedAddress(inviteId) : null;
  return email ? { email, mailSendId: null } : null;
}

/** Puts the message's (or the invitation's) address on the suppression list. Null when the token is not valid. */
export async function unsubscribe(token: string | null): Promise<{ email: string } | null> {
  const target = await unsubscribeTarget(token);
  if (!target) return null;
  await withTransaction(async (db) => {
    await db.query(
      `INSERT INTO mail_suppression (email, reason, mail_send_id) VALUES ($1, 'Unsubscribe', $2)
       ON CONFLICT (email) DO UPDATE SET reason = 'Unsubscribe', mail_send_id = EXCLUDED.mail_send_id, created_at = now()`,
      [target.email, target.mailSendId],
    );
    // Messages of the address still waiting in the queue are not sent either.
    await db.query(`UPDATE mail_send SET status = 'Suprimat' WHERE email = $1 AND status = 'Queued'`, [target.email]);
  });
  if (target.mailSendId !== null) await emitCampaignEvent('campaign.unsubscribed', target.mailSendId);
  return { email: target.email };
}

/** The address behind a valid unsubscribe token, masked, for the confirmation page. */
export async function describeUnsubscribe(token: string | null): Promise<{ maskedEmail: string; already: boolean } | null> {
  const target = await unsubscribeTarget(token);
  if (!target) return null;
  const already = (await sql(`SELECT 1 FROM mail_suppression WHERE email = $1 AND reason = 'Unsubscribe'`, [target.email])).length > 0;
  const [local, domain] = target.email.split('@');
  return { maskedEmail: `${local.slice(0, 2)}${'•'.repeat(Math.max(1, local.length - 2))}@${domain}`, already };
}
