// Which opens and clicks a machine made rather than a person (docs/decisions/021): they are
// recorded with the reason and never move a message to Deschis or Interactionat.

export type TrackingKind = 'open' | 'click';

type TrackingRequest = {
  method: string;
  userAgent: string | null;
  /** Seconds since the message was accepted by the SMTP server; null when not delivered yet. */
  secondsSinceSent: number | null;
};

type FilterLimits = { minOpenSeconds: number; minClickSeconds: number };

// Link checkers of mail gateways and other automated fetchers name themselves in the User-Agent.
const SCANNER =
  /bot\b|bot\/|crawler|spider|scanner|preview|curl\/|wget\/|python-|python\/|java\/|go-http-client|okhttp|axios\/|node-fetch|headlesschrome|phantomjs|barracuda|proofpoint|mimecast|safelinks|symantec|forcepoint|trendmicro|sophos|fortiguard|cisco|ironport|zscaler|appriver|linkscanner|urldefense/i;

/** Apple Mail Privacy Protection loads every image through its proxy with this bare User-Agent. */
const APPLE_PRIVACY_PROXY = /^Mozilla\/5\.0$/;

export function machineReason(kind: TrackingKind, req: TrackingRequest, limits: FilterLimits): string | null {
  if (req.method === 'HEAD') return 'head';
  const ua = (req.userAgent ?? '').trim();
  if (!ua) return 'no-user-agent';
  if (SCANNER.test(ua)) return 'scanner';
  if (kind === 'open' && APPLE_PRIVACY_PROXY.test(ua)) return 'privacy-proxy';
  if (req.secondsSinceSent === null) return 'not-delivered';
  const min = kind === 'open' ? limits.minOpenSeconds : limits.minClickSeconds;
  if (req.secondsSinceSent < min) return 'too-fast';
  return null;
}
