// The envelope sender of a campaign message (issue 28, decision 058): the bounce address with the
// message's tracking id after a "+" (VERP), so a bounce that arrives hours later names the message
// even when the report quotes nothing of it. The domain stays the From's (SPF alignment).
import 'server-only';
import { env } from '../../kernel/env';
import { fromAddress } from '../identity';

export function verpAddress(trackingId: string): string | null {
  const setting = env.CAMPAIGN_BOUNCE_ADDRESS;
  if (setting === 'off') return null;
  const base = setting ?? `bounces@${fromAddress().split('@')[1] ?? 'radarfirme.ro'}`;
  const at = base.lastIndexOf('@');
  return `${base.slice(0, at)}+${trackingId}${base.slice(at)}`;
}
