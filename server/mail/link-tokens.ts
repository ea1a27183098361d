// Signed tokens of the links inside a campaign message: the open pixel, each tracked link and the
// unsubscribe link. A token names the message (its random tracking id) and carries an HMAC over
// the purpose, the id and (for a link) the exact target URL, so a token cannot be guessed, moved
// to another message or pointed at another address: the click redirect only ever goes to a URL
// this server signed for that message, never an open redirect.
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret, env } from '../kernel/env';

// 'invitation-unsubscribe' names a group invitation (its UUID), not a campaign message.
type TokenPurpose = 'open' | 'click' | 'unsubscribe' | 'invitation-unsubscribe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let derived: Buffer | null = null;
function key(): Buffer {
  if (env.MAIL_TRACKING_SECRET) return Buffer.from(env.MAIL_TRACKING_SECRET);
  // A key of its own, so a tracking token can never stand for a session token or the reverse.
  derived ??= createHmac('sha256', authSecret()).update('radarfirme mail tracking v1').digest();
  return derived;
}

function mac(purpose: TokenPurpose, trackingId: string, extra: string): Buffer {
  // 128 bits of the HMAC: far beyond guessing, and short enough for a link.
  return createHmac('sha256', key()).update(`${purpose}\n${trackingId}\n${extra}`).digest().subarray(0, 16);
}

export function signToken(purpose: TokenPurpose, trackingId: string, extra = ''): string {
  return `${trackingId}.${mac(purpose, trackingId, extra).toString('base64url')}`;
}

/** The tracking id the token was signed for, or null for anything forged, altered or malformed. */
export function verifyToken(purpose: TokenPurpose, token: string | null | undefined, extra = ''): string | null {
  if (!token || token.length > 100) return null;
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const trackingId = token.slice(0, dot).toLowerCase();
  if (!UUID.test(trackingId)) return null;
  let given: Buffer;
  try {
    given = Buffer.from(token.slice(dot + 1), 'base64url');
  } catch {
    return null;
  }
  const expected = mac(purpose, trackingId, extra);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return trackingId;
}

const base = () => env.APP_URL.replace(/\/+$/, '');

export const openUrl = (trackingId: string) => `${base()}/api/track/open?t=${signToken('open', trackingId)}`;

/**
 * What a tracked link may lead to: an http(s) address without user info (no javascript:, data:,
 * or `https://bank.ro@elsewhere.example` disguise); anything else is never signed nor followed.
 */
export function isTrackableTarget(target: string): boolean {
  try {
    const url = new URL(target);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The tracked form of a link; a link that may not be tracked (isTrackableTarget) is left as written. */
export const clickUrl = (trackingId: string, target: string) =>
  isTrackableTarget(target) ? `${base()}/api/track/click?t=${signToken('click', trackingId, target)}&u=${encodeURIComponent(target)}` : target;

/** The page a person opens from the message's footer (asks to confirm, then POSTs). */
export const unsubscribePageUrl = (trackingId: string) => `${base()}/dezabonare?t=${signToken('unsubscribe', trackingId)}`;

/** RFC 8058 one-click target of the List-Unsubscribe header (POST only). */
export const unsubscribePostUrl = (trackingId: string) => `${base()}/api/track/unsubscribe?t=${signToken('unsubscribe', trackingId)}`;

/**
 * A group invitation's unsubscribe links (issue 28: every non-transactional mail carries
 * List-Unsubscribe): the same page and one-click endpoint as a campaign's, the token signed for the
 * invitation's id, so it can only ever unsubscribe the address that invitation went to.
 */
export const invitationUnsubscribePageUrl = (inviteId: string) => `${base()}/dezabonare?t=${signToken('invitation-unsubscribe', inviteId)}`;
export const invitationUnsubscribePostUrl = (inviteId: string) => `${base()}/api/track/unsubscribe?t=${signToken('invitation-unsubscribe', inviteId)}`;

/** RFC 8058 headers of a mail whose one-click unsubscribe target is `postUrl`. */
export const listUnsubscribeHeaders = (postUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${postUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
