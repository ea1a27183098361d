// The three ways a late bounce or a complaint arrives (issue 28, decision 058), each turned into
// recordBounce calls: a report mailed to the bounce address (POST /api/inbound/bounce, fed by the
// bounce SMTP listener), Amazon SES through an SNS subscription, and Postmark's webhook.
import 'server-only';
import { createVerify } from 'node:crypto';
import { z } from 'zod';
import { env } from '../../kernel/env';
import { AppError, notFound } from '../../kernel/errors';
import { readRawBody } from '../../http/raw-body';
import { countIgnoredReports, recordBounce, recordBounces, recordBouncesTogether, tally, type BounceItem, type BounceOutcome } from './record';
import { parseReport, trackingIdIn, type ReportKind } from './report';
import { POSTMARK_TRACKING_KEY } from '../../kernel/mail-transport';
import { isSameSecret } from '../../security/secrets';
import { readBoundedText } from '../../kernel/bounded-response';

const outcome = (): BounceOutcome => ({ matched: 0, suppressed: 0, retried: 0, ignored: 0 });
const answer = (o: BounceOutcome) => ({ Matched: o.matched, Suppressed: o.suppressed, Retried: o.retried, Ignored: o.ignored });

type ReportAnswer = { Type: ReturnType<typeof parseReport>['type']; Matched: number; Suppressed: number; Retried: number; Ignored: number };

/** A report's recipients to record, and the count of those it names without a failure (a "delayed" notice). */
function itemsOf(raw: string, envelopeRecipients: string[]) {
  const report = parseReport(raw, envelopeRecipients);
  const items: BounceItem[] = [];
  let ignored = 0;
  for (const r of report.recipients) {
    if (r.kind) items.push({ trackingId: report.trackingId, email: r.email, kind: r.kind, detail: [r.status, r.diagnostic].filter(Boolean).join(' ') || r.kind });
    else ignored++;
  }
  countIgnoredReports('no-failure', ignored);
  return { type: report.type, items, ignored };
}

/**
 * A raw RFC 5322 report (DSN or ARF); `envelopeRecipients` are the RCPT TO of the inbound SMTP
 * session. Written together with the reports that arrive while another batch is written.
 */
export async function processReport(raw: string, envelopeRecipients: string[] = []): Promise<ReportAnswer> {
  const { type, items, ignored } = itemsOf(raw, envelopeRecipients);
  const o = tally(await recordBouncesTogether(items), outcome());
  o.ignored += ignored;
  return { Type: type, ...answer(o) };
}

/** Many reports at once (a bounce mailbox drained by `npm run mail:bounce-import`): parsed, then recorded in batches. */
export async function processReports(reports: { raw: string; envelopeRecipients?: string[] }[]): Promise<ReportAnswer[]> {
  const parsed = reports.map((r) => itemsOf(r.raw, r.envelopeRecipients ?? []));
  const outcomes = await recordBounces(parsed.flatMap((p) => p.items));
  let at = 0;
  return parsed.map((p) => {
    const o = tally(outcomes.slice(at, at + p.items.length), outcome());
    at += p.items.length;
    o.ignored += p.ignored;
    return { Type: p.type, ...answer(o) };
  });
}

// ───────────── Amazon SES via SNS ─────────────

// Exactly AWS's SNS endpoint of a region (sns.eu-central-1.amazonaws.com, sns.cn-north-1.amazonaws.com.cn):
// the looser `sns.<anything>.amazonaws.com` also admitted sns.s3.amazonaws.com, a host others can
// serve files from. The certificate's path is SNS's own (SimpleNotificationService-<hex>.pem).
const SNS_HOST = /^sns\.[a-z]{2}(?:-[a-z]+)+-\d\.amazonaws\.com(?:\.cn)?$/;
const SNS_CERT_PATH = /^\/SimpleNotificationService-[0-9a-f]{32}\.pem$/;
const SNS_FETCH_TIMEOUT_MS = 5000;
const CERT_MAX_BYTES = 16_384;
const certs = new Map<string, string>();

const snsSchema = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: z.string(),
  TopicArn: z.string(),
  Message: z.string(),
  Timestamp: z.string(),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string(),
  SigningCertURL: z.string(),
  Subject: z.string().optional(),
  SubscribeURL: z.string().optional(),
  Token: z.string().optional(),
});
type SnsMessage = z.infer<typeof snsSchema>;

/** An https URL at an SNS regional host (no port, no user info); with `certificate`, also SNS's certificate path, no query. */
function isSnsUrl(u: string | undefined, opts: { certificate?: boolean } = {}): boolean {
  try {
    const url = new URL(u ?? '');
    if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '' || !SNS_HOST.test(url.hostname)) return false;
    return !opts.certificate || (SNS_CERT_PATH.test(url.pathname) && url.search === '' && url.hash === '');
  } catch {
    return false;
  }
}

/** The string SNS signs: the listed fields, "Name\nvalue\n" each, in this order (AWS docs). */
export function snsStringToSign(m: SnsMessage): string {
  const keys =
    m.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : (['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const);
  return keys
    .filter((k) => m[k] !== undefined)
    .map((k) => `${k}\n${m[k]}\n`)
    .join('');
}

async function signingCert(url: string): Promise<string> {
  const cached = certs.get(url);
  if (cached) return cached;
  const refuse = () => new AppError('UNAUTHORIZED', 'Semnătura notificării nu poate fi verificată.');
  let pem: string;
  try {
    // A slow or huge answer must not hold the request: bounded in time and size.
    const res = await fetch(url, { signal: AbortSignal.timeout(SNS_FETCH_TIMEOUT_MS), redirect: 'error' });
    if (!res.ok) throw refuse();
    pem = await readBoundedText(res, CERT_MAX_BYTES);
  } catch {
    throw refuse();
  }
  if (!/-----BEGIN (CERTIFICATE|PUBLIC KEY)-----/.test(pem)) throw refuse();
  if (certs.size > 20) certs.clear();
  certs.set(url, pem);
  return pem;
}

async function verifySns(m: SnsMessage): Promise<void> {
  const refuse = () => new AppError('UNAUTHORIZED', 'Semnătura notificării nu este validă.');
  if (!isSnsUrl(m.SigningCertURL, { certificate: true })) throw refuse();
  const verifier = createVerify(m.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  verifier.update(snsStringToSign(m), 'utf8');
  let ok = false;
  try {
    ok = verifier.verify(await signingCert(m.SigningCertURL), m.Signature, 'base64');
  } catch {
    ok = false;
  }
  if (!ok) throw refuse();
}

// The SES event read through a schema: a signed message of an unexpected shape is a 400, never a
// TypeError (a 500) half-way through its recipients.
const sesEventSchema = z.object({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  bounce: z.object({ bounceType: z.string().optional(), bouncedRecipients: z.array(z.object({ emailAddress: z.string(), diagnosticCode: z.string().optional(), status: z.string().optional() })).optional() }).optional(),
  complaint: z.object({ complainedRecipients: z.array(z.object({ emailAddress: z.string() })).optional(), complaintFeedbackType: z.string().optional() }).optional(),
  mail: z.object({ headers: z.array(z.object({ name: z.string(), value: z.string() })).optional(), commonHeaders: z.object({ messageId: z.string().optional() }).optional() }).optional(),
});
type SesEvent = z.infer<typeof sesEventSchema>;

export async function processSesWebhook(body: string) {
  const topics = (env.SES_SNS_TOPIC_ARNS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!topics.length) throw notFound('Webhook-ul nu este configurat.');
  let parsed: SnsMessage;
  try {
    parsed = snsSchema.parse(JSON.parse(body));
  } catch {
    throw new AppError('BAD_REQUEST', 'Notificarea SNS nu poate fi citită.');
  }
  // The topic first: a notification of another topic never makes us fetch anything.
  if (!topics.includes(parsed.TopicArn)) throw new AppError('FORBIDDEN', 'Subiectul SNS nu este acceptat.');
  await verifySns(parsed);
  if (parsed.Type === 'SubscriptionConfirmation') {
    // Confirmed only for an accepted topic, and only at an SNS address (never a URL someone chose).
    if (isSnsUrl(parsed.SubscribeURL)) await fetch(parsed.SubscribeURL!, { signal: AbortSignal.timeout(SNS_FETCH_TIMEOUT_MS), redirect: 'error' }).catch(() => null);
    return { Confirmed: true };
  }
  if (parsed.Type !== 'Notification') return { Ignored: 1 };
  let event: SesEvent;
  try {
    event = sesEventSchema.parse(JSON.parse(parsed.Message));
  } catch {
    throw new AppError('BAD_REQUEST', 'Mesajul SES nu poate fi citit.');
  }
  const type = event.notificationType ?? event.eventType;
  const messageId = event.mail?.headers?.find((h) => h.name.toLowerCase() === 'message-id')?.value ?? event.mail?.commonHeaders?.messageId;
  const trackingId = trackingIdIn(messageId);
  const o = outcome();
  if (type === 'Bounce') {
    const kind: ReportKind = event.bounce?.bounceType === 'Permanent' ? 'hard' : 'soft';
    for (const r of event.bounce?.bouncedRecipients ?? []) {
      await recordBounce({ trackingId, email: r.emailAddress, kind, detail: `SES ${event.bounce?.bounceType ?? ''} ${r.status ?? ''} ${r.diagnosticCode ?? ''}`.trim() }, o);
    }
  } else if (type === 'Complaint') {
    for (const r of event.complaint?.complainedRecipients ?? []) {
      await recordBounce({ trackingId, email: r.emailAddress, kind: 'complaint', detail: `SES complaint ${event.complaint?.complaintFeedbackType ?? ''}`.trim() }, o);
    }
  } else {
    countIgnoredReports('no-failure');
    o.ignored++;
  }
  return answer(o);
}

// ───────────── Postmark ─────────────

const HARD = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);
const SOFT = new Set(['SoftBounce', 'Transient', 'DnsError']);

const postmarkSchema = z.object({
  RecordType: z.string(),
  Type: z.string().optional(),
  Email: z.string().email(),
  Details: z.string().optional(),
  Description: z.string().optional(),
  // Our tracking id comes back here: campaign messages carry it as X-PM-Metadata-tracking-id (server/kernel/mail-transport.ts).
  Metadata: z.record(z.string(), z.unknown()).optional(),
});

// A Postmark event is a few KB (a bounce with its "Content" dump included, tens of KB).
const POSTMARK_MAX_CHARS = 1_000_000;

/** Basic auth of the webhook URL, compared in constant time; 404 when the webhook is not configured. */
function assertPostmarkAuth(req: Request): void {
  const expected = env.POSTMARK_WEBHOOK_AUTH;
  if (!expected) throw notFound('Webhook-ul nu este configurat.');
  const given = Buffer.from((req.headers.get('authorization') ?? '').replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
  if (!isSameSecret(given, expected)) throw new AppError('UNAUTHORIZED', 'Acces neautorizat!');
}

export async function processPostmarkWebhook(req: Request) {
  assertPostmarkAuth(req);
  const body = await readRawBody(req, POSTMARK_MAX_CHARS);
  let p: z.infer<typeof postmarkSchema>;
  try {
    p = postmarkSchema.parse(JSON.parse(body));
  } catch {
    throw new AppError('BAD_REQUEST', 'Notificarea Postmark nu poate fi citită.');
  }
  const o = outcome();
  const kind: ReportKind | null =
    p.RecordType === 'SpamComplaint' ? 'complaint' : p.RecordType === 'Bounce' && HARD.has(p.Type ?? '') ? 'hard' : p.RecordType === 'Bounce' && SOFT.has(p.Type ?? '') ? 'soft' : null;
  // Postmark's MessageID is its own: the message is named by the metadata we sent (decision 086).
  const tracked = p.Metadata?.[POSTMARK_TRACKING_KEY];
  const trackingId = typeof tracked === 'string' ? trackingIdIn(tracked) : null;
  if (kind) await recordBounce({ trackingId, email: p.Email, kind, detail: `Postmark ${p.Type ?? p.RecordType} ${p.Details ?? p.Description ?? ''}`.trim() }, o);
  else {
    countIgnoredReports('no-failure');
    o.ignored++;
  }
  return answer(o);
}
