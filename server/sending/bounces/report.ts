// Reading the reports that come back to the bounce address (issue 28, decision 058): delivery
// status notifications (RFC 3464: multipart/report; report-type=delivery-status) and abuse
// reports (ARF, RFC 5965: report-type=feedback-report). A small MIME reader of our own: the
// mail parser of the tests folds the machine-readable parts into the text body or drops them.
// Which message a report is about: the VERP address it was sent to (bounces+<tracking id>@…,
// what our envelope sender was) or else the original Message-ID (<tracking id>@domain) quoted in
// the report's returned headers.
import 'server-only';

export type ReportKind = 'hard' | 'soft' | 'complaint';

export type ParsedReport = {
  /** The recipients the report names, with what happened to each. */
  recipients: { email: string; kind: ReportKind | null; status: string | null; diagnostic: string | null }[];
  /** The tracking id found in a VERP address or in the original Message-ID. */
  trackingId: string | null;
  type: 'dsn' | 'arf' | null;
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

type Part = { headers: Map<string, string>; body: string };

/** Header block (unfolded) and body of an RFC 5322 text. */
function splitHeaders(text: string): Part {
  const normalized = text.replace(/\r\n/g, '\n');
  const end = normalized.search(/\n\n/);
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const key = line.slice(0, i).trim().toLowerCase();
    // The first occurrence wins (Received and the like repeat; the fields we read do not).
    if (!headers.has(key)) headers.set(key, line.slice(i + 1).trim());
  }
  return { headers, body };
}

/** A DSN's groups of fields (per-message, then one per recipient), RFC 3464 §2.1. */
function fieldGroups(text: string): Map<string, string>[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split(/\n\s*\n/)
    .map((block) => {
      const m = new Map<string, string>();
      for (const line of block.split('\n')) {
        const i = line.indexOf(':');
        if (i > 0) m.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
      }
      return m;
    })
    .filter((m) => m.size > 0);
}

function param(value: string | undefined, name: string): string | null {
  if (!value) return null;
  const m = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return m ? (m[1] ?? m[2]) : null;
}

function decode(part: Part): string {
  const cte = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (cte === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (cte === 'quoted-printable') {
    return part.body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return part.body;
}

function multipartParts(part: Part): Part[] {
  const boundary = param(part.headers.get('content-type'), 'boundary');
  if (!boundary) return [];
  const chunks = part.body.split(`--${boundary}`);
  // chunks[0] is the preamble; the last one starts with "--" (the epilogue).
  return chunks
    .slice(1)
    .filter((c) => !c.startsWith('--'))
    .map((c) => splitHeaders(c.replace(/^[ \t]*\n/, '')));
}

/** The address inside "rfc822; a@b" or "<a@b>". */
function addressOf(v: string | undefined): string | null {
  if (!v) return null;
  const m = /([^\s<>;"]+@[^\s<>;"]+)/.exec(v.replace(/^[^;]*;/, ''));
  return m ? m[1].toLowerCase() : null;
}

/**
 * A DSN recipient's outcome: hard for a permanent failure (5.x.x), soft for a temporary one the
 * relay gave up on (4.x.x with Action failed); a "delayed" notice changes nothing (null).
 */
function dsnKind(action: string | undefined, status: string | undefined): ReportKind | null {
  const a = (action ?? '').toLowerCase();
  if (a !== 'failed') return null;
  return status?.trim().startsWith('5') ? 'hard' : 'soft';
}

/** The tracking id in a VERP address (local part after "+") or in our Message-ID. */
export function trackingIdIn(value: string | null | undefined): string | null {
  const m = value ? UUID.exec(value) : null;
  return m ? m[0].toLowerCase() : null;
}

export function parseReport(raw: string, envelopeRecipients: string[] = []): ParsedReport {
  const top = splitHeaders(raw);
  const reportType = (param(top.headers.get('content-type'), 'report-type') ?? '').toLowerCase();
  const parts = multipartParts(top);
  const verp = [...envelopeRecipients, top.headers.get('to') ?? '']
    .map((a) => /bounces?\+([^@\s>]+)@/i.exec(a)?.[1])
    .find(Boolean);
  let originalMessageId: string | null = null;
  const recipients: ParsedReport['recipients'] = [];
  let type: ParsedReport['type'] = null;

  for (const p of parts) {
    const ct = (p.headers.get('content-type') ?? '').toLowerCase().split(';')[0].trim();
    const body = decode(p);
    if (ct === 'message/delivery-status' || ct === 'message/global-delivery-status') {
      type = 'dsn';
      for (const g of fieldGroups(body).slice(1)) {
        const email = addressOf(g.get('final-recipient')) ?? addressOf(g.get('original-recipient'));
        if (!email) continue;
        recipients.push({ email, kind: dsnKind(g.get('action'), g.get('status')), status: g.get('status') ?? null, diagnostic: g.get('diagnostic-code') ?? null });
      }
    } else if (ct === 'message/feedback-report') {
      type = 'arf';
      const [g] = fieldGroups(body);
      const email = addressOf(g?.get('original-rcpt-to'));
      if (email) recipients.push({ email, kind: 'complaint', status: null, diagnostic: `Feedback-Type: ${g?.get('feedback-type') ?? 'abuse'}` });
    } else if (ct === 'text/rfc822-headers' || ct === 'message/rfc822' || ct === 'message/global-headers') {
      const original = splitHeaders(body);
      originalMessageId = original.headers.get('message-id') ?? originalMessageId;
      // An ARF report without Original-Rcpt-To: the recipient is the To of the returned message.
      if (reportType === 'feedback-report' && !recipients.length) {
        const to = addressOf(original.headers.get('to'));
        if (to) recipients.push({ email: to, kind: 'complaint', status: null, diagnostic: 'Feedback-Type: abuse' });
      }
    }
  }
  if (reportType === 'feedback-report') type = 'arf';
  return { recipients, trackingId: trackingIdIn(verp) ?? trackingIdIn(originalMessageId), type };
}
