// Crafted delivery reports for the hostile-input run (issue 45, decision 086): what anyone can post
// to the bounce address and the relays' webhooks to stop mail to someone or to break the server.
// Shared by tests/integration/hostile-reports.test.ts (150 of them) and the benchmark
// scripts/bench/hostile-reports.bench.ts (1,000). Every report is built against real delivered
// messages (`victims`) and none of them may change anything: each names no message of ours, or
// another recipient's, or a message that does not exist, or carries no valid signature, or is
// malformed, oversized or built to make a parser work hard.
import { createSign, randomUUID, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type Victim = { email: string; tracking_id: string; message_id: string };

type HostileFormat = 'dsn' | 'arf' | 'sns' | 'postmark';

export type HostileReport = {
  format: HostileFormat;
  /** What it tries, for the failure message. */
  label: string;
  /** The endpoint: /api/inbound/bounce (with ?rcpt= when set), /api/webhooks/ses or /api/webhooks/postmark. */
  path: string;
  body: string;
  headers: Record<string, string>;
};

/** The accounts the webhooks are configured with while the run lasts. */
export type HostileSetup = {
  cronSecret: string;
  postmarkAuth: string;
  snsTopic: string;
  /** The certificate URL the (stubbed) fetch serves the signing key at, and that key. */
  snsCertUrl: string;
  snsPrivateKey: KeyObject;
};

const FIXTURES = path.join(__dirname, '../fixtures/mail');
const fixtures = {
  hard: readFileSync(path.join(FIXTURES, 'dsn-postfix-hard.eml'), 'utf8'),
  soft: readFileSync(path.join(FIXTURES, 'dsn-exchange-soft.eml'), 'utf8'),
  arf: readFileSync(path.join(FIXTURES, 'arf-abuse.eml'), 'utf8'),
};

const PLAIN_BOUNCE = 'bounces@radarfirme.ro';
const verpOf = (trackingId: string) => `bounces+${trackingId}@radarfirme.ro`;

function fill(raw: string, o: { to: string; recipient: string; messageId: string }): string {
  return raw.replace(/\{\{BOUNCE_TO\}\}/g, o.to).replace(/\{\{RECIPIENT\}\}/g, o.recipient).replace(/\{\{MESSAGE_ID\}\}/g, o.messageId);
}

/** A DSN with `n` recipient groups, all failed permanently. */
function manyRecipients(addresses: string[]): string {
  const groups = addresses.map((a) => `Final-Recipient: rfc822; ${a}\nAction: failed\nStatus: 5.1.1\n`).join('\n');
  return `From: MAILER-DAEMON@relay.exemplu-test.ro\nTo: ${PLAIN_BOUNCE}\nMIME-Version: 1.0\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n--b\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; relay.exemplu-test.ro\n\n${groups}\n--b--\n`;
}

type Maker = (v: Victim, other: Victim, i: number, s: HostileSetup) => Omit<HostileReport, 'headers'> & { headers?: Record<string, string> };

const raw = (label: string, format: 'dsn' | 'arf', body: string, rcpt?: string) => ({
  format,
  label,
  path: `/api/inbound/bounce${rcpt ? `?rcpt=${encodeURIComponent(rcpt)}` : ''}`,
  body,
});

function signSns(s: HostileSetup, message: object | string, over: Record<string, string> = {}): string {
  const m: Record<string, string> = {
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: s.snsTopic,
    Message: typeof message === 'string' ? message : JSON.stringify(message),
    Timestamp: new Date().toISOString(),
    SignatureVersion: '2',
    SigningCertURL: s.snsCertUrl,
    ...over,
  };
  const keys = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'].filter((k) => m[k] !== undefined);
  const signer = createSign('RSA-SHA256');
  signer.update(keys.map((k) => `${k}\n${m[k]}\n`).join(''));
  return JSON.stringify({ ...m, Signature: signer.sign(s.snsPrivateKey, 'base64') });
}

const sesBounce = (email: string, messageId: string | null, bounceType = 'Permanent') => ({
  notificationType: 'Bounce',
  bounce: { bounceType, bouncedRecipients: [{ emailAddress: email, status: '5.1.1' }] },
  mail: { headers: messageId ? [{ name: 'Message-ID', value: messageId }] : [] },
});

const MAKERS: Maker[] = [
  // ── DSN and ARF to the bounce address ──
  (v) => raw('DSN without VERP nor Message-ID (attack 3)', 'dsn', fill(fixtures.hard, { to: PLAIN_BOUNCE, recipient: v.email, messageId: '<altceva@exemplu-test.ro>' })),
  (v, o) => raw('DSN: VERP of one message, another recipient', 'dsn', fill(fixtures.hard, { to: verpOf(o.tracking_id), recipient: v.email, messageId: '<x@y>' })),
  (v, o) => raw('DSN: our Message-ID of one message, another recipient', 'dsn', fill(fixtures.hard, { to: PLAIN_BOUNCE, recipient: v.email, messageId: o.message_id })),
  (v) => raw('DSN: a tracking id of no message', 'dsn', fill(fixtures.hard, { to: verpOf(randomUUID()), recipient: v.email, messageId: `<${randomUUID()}@radarfirme.ro>` })),
  (v, o) => raw('DSN: the envelope recipient names another message', 'dsn', fill(fixtures.hard, { to: PLAIN_BOUNCE, recipient: v.email, messageId: '<x@y>' }), verpOf(o.tracking_id)),
  (v) => raw('soft DSN without id (would requeue)', 'dsn', fill(fixtures.soft, { to: PLAIN_BOUNCE, recipient: v.email, messageId: '<x@y>' })),
  (v, o) => raw('soft DSN: VERP of another message', 'dsn', fill(fixtures.soft, { to: verpOf(o.tracking_id), recipient: v.email, messageId: '<x@y>' })),
  (v) => raw('ARF complaint without id', 'arf', fill(fixtures.arf, { to: PLAIN_BOUNCE, recipient: v.email, messageId: '<x@y>' })),
  (v, o) => raw('ARF complaint: VERP of another message', 'arf', fill(fixtures.arf, { to: verpOf(o.tracking_id), recipient: v.email, messageId: '<x@y>' })),
  (v, o) => raw('DSN naming 2,000 recipients, the VERP of one message', 'dsn', manyRecipients(Array.from({ length: 2000 }, (_, k) => (k % 2 ? v.email : `a${k}@exemplu-test.ro`))).replace(`To: ${PLAIN_BOUNCE}`, `To: ${verpOf(o.tracking_id)}`)),
  (v) => raw('header of 1 MB (folded)', 'dsn', `X-Long: ${'a'.repeat(80).concat('\n ').repeat(12_000)}\n${fill(fixtures.hard, { to: PLAIN_BOUNCE, recipient: v.email, messageId: '<x@y>' })}`),
  (v) => raw('parameters built to backtrack', 'dsn', `Content-Type: multipart/report; ${';'.repeat(100_000)} report-type=delivery-status; boundary="b"\n\n--b\nContent-Type: message/delivery-status\n\n\nFinal-Recipient: ${' '.repeat(50_000)}${v.email}\nAction: failed\nStatus: 5.0.0\n--b--\n`),
  (v) => raw('addresses without @, 200,000 characters', 'dsn', `Content-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n--b\nContent-Type: message/delivery-status\n\n\nFinal-Recipient: rfc822; ${'x'.repeat(200_000)}\nAction: failed\nStatus: 5.0.0\n\nFinal-Recipient: rfc822; ${v.email}\nAction: failed\nStatus: 5.0.0\n--b--\n`),
  (v) => raw('5,000 empty MIME parts', 'dsn', `Content-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n${'--b\n\n'.repeat(5000)}--b\nContent-Type: message/delivery-status\n\n\nFinal-Recipient: rfc822; ${v.email}\nAction: failed\nStatus: 5.0.0\n--b--\n`),
  (v) => raw('base64 part of garbage', 'dsn', `Content-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n--b\nContent-Type: message/delivery-status\nContent-Transfer-Encoding: base64\n\n${Buffer.from(`\n\nFinal-Recipient: rfc822; ${v.email}\nAction: failed\nStatus: 5.1.1\n`).toString('base64')}@@@@!!!!${'\u00ff'.repeat(1000)}\n--b--\n`),
  (v) => raw('quoted-printable with broken escapes', 'arf', `Content-Type: multipart/report; report-type=feedback-report; boundary="b"\n\n--b\nContent-Type: message/feedback-report\nContent-Transfer-Encoding: quoted-printable\n\nFeedback-Type: abuse=\nOriginal-Rcpt-To: <${v.email}>=ZZ=4\n--b--\n`),
  (v) => raw('NUL bytes and control characters', 'dsn', fill(fixtures.hard, { to: PLAIN_BOUNCE, recipient: `${v.email}\u0000`, messageId: '<\u0000@\u0001>' })),
  (v) => raw('no boundary, no headers', 'dsn', `\n\n\n${v.email} ${v.tracking_id}\n`),
  () => raw('empty body', 'dsn', ''),
  (v, o) => raw('bare CR line ends, a tracking id in the wrong place', 'dsn', fill(fixtures.hard, { to: PLAIN_BOUNCE, recipient: v.email, messageId: '<x@y>' }).replace(/\n/g, '\r').concat(`\rX-Id: bounces+${o.tracking_id}@radarfirme.ro`)),
  // ── Amazon SES through SNS ──
  (v, o, _i, s) => ({ format: 'sns', label: 'SNS: signed, no Message-ID', path: '/api/webhooks/ses', body: signSns(s, sesBounce(v.email, null)) }),
  (v, o, _i, s) => ({ format: 'sns', label: 'SNS: signed, another message\'s Message-ID', path: '/api/webhooks/ses', body: signSns(s, sesBounce(v.email, o.message_id)) }),
  (v, o, _i, s) => ({ format: 'sns', label: 'SNS: signed soft bounce of another message', path: '/api/webhooks/ses', body: signSns(s, sesBounce(v.email, o.message_id, 'Transient')) }),
  (v, _o, _i, s) => ({ format: 'sns', label: 'SNS: signed complaint without id', path: '/api/webhooks/ses', body: signSns(s, { notificationType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: v.email }] }, mail: {} }) }),
  (v, _o, _i, s) => ({ format: 'sns', label: 'SNS: signed, recipients of the wrong shape', path: '/api/webhooks/ses', body: signSns(s, { notificationType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: v.email }, mail: { headers: [{ name: 'Message-ID', value: v.message_id }] } }) }),
  (_v, _o, _i, s) => ({ format: 'sns', label: 'SNS: signed, Message is null', path: '/api/webhooks/ses', body: signSns(s, 'null') }),
  (v, _o, _i, s) => ({ format: 'sns', label: 'SNS: forged signature', path: '/api/webhooks/ses', body: JSON.stringify({ ...JSON.parse(signSns(s, sesBounce(v.email, v.message_id))), Signature: Buffer.from('forged').toString('base64') }) }),
  (v, _o, _i, s) => ({ format: 'sns', label: 'SNS: certificate on sns.s3.amazonaws.com', path: '/api/webhooks/ses', body: signSns(s, sesBounce(v.email, v.message_id), { SigningCertURL: 'https://sns.s3.amazonaws.com/SimpleNotificationService-0123456789abcdef0123456789abcdef.pem' }) }),
  (v, _o, _i, s) => ({ format: 'sns', label: 'SNS: another topic', path: '/api/webhooks/ses', body: signSns(s, sesBounce(v.email, v.message_id), { TopicArn: 'arn:aws:sns:eu-central-1:999999999999:altul' }) }),
  (_v, _o, _i, s) => ({ format: 'sns', label: 'SNS: subscription to a foreign address', path: '/api/webhooks/ses', body: signSns(s, 'x', { Type: 'SubscriptionConfirmation', SubscribeURL: 'https://rau.example/confirm', Token: 't' }) }),
  () => ({ format: 'sns', label: 'SNS: not JSON', path: '/api/webhooks/ses', body: '{"Type": "Notification", '.repeat(10_000) }),
  (v) => ({ format: 'sns', label: 'SNS: 2 MB Message, unsigned', path: '/api/webhooks/ses', body: JSON.stringify({ Type: 'Notification', MessageId: 'm', TopicArn: 'arn:aws:sns:eu-central-1:1:t', Message: v.email.repeat(100_000), Timestamp: 't', SignatureVersion: '1', Signature: 's', SigningCertURL: 'https://sns.eu-central-1.amazonaws.com/x.pem' }) }),
  // ── Postmark ──
  (v) => ({ format: 'postmark', label: 'Postmark: hard bounce without metadata', path: '/api/webhooks/postmark', body: JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', Email: v.email }) }),
  (v, o) => ({ format: 'postmark', label: 'Postmark: another message\'s tracking id', path: '/api/webhooks/postmark', body: JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', Email: v.email, Metadata: { 'tracking-id': o.tracking_id } }) }),
  (v) => ({ format: 'postmark', label: 'Postmark: spam complaint without metadata', path: '/api/webhooks/postmark', body: JSON.stringify({ RecordType: 'SpamComplaint', Email: v.email }) }),
  (v, o) => ({ format: 'postmark', label: 'Postmark: soft bounce of another message', path: '/api/webhooks/postmark', body: JSON.stringify({ RecordType: 'Bounce', Type: 'SoftBounce', Email: v.email, Metadata: { 'tracking-id': o.tracking_id } }) }),
  (v) => ({ format: 'postmark', label: 'Postmark: metadata of the wrong type', path: '/api/webhooks/postmark', body: JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', Email: v.email, Metadata: { 'tracking-id': { $ne: null } } }) }),
  (v) => ({ format: 'postmark', label: 'Postmark: no credential', path: '/api/webhooks/postmark', body: JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', Email: v.email, Metadata: { 'tracking-id': v.tracking_id } }), headers: { authorization: '' } }),
  (v) => ({ format: 'postmark', label: 'Postmark: 3 MB body', path: '/api/webhooks/postmark', body: JSON.stringify({ RecordType: 'Bounce', Type: 'HardBounce', Email: v.email, Details: 'x'.repeat(3_000_000) }) }),
  () => ({ format: 'postmark', label: 'Postmark: not JSON', path: '/api/webhooks/postmark', body: '[[[[[[[[[['.repeat(10_000) }),
];

/** The `i`-th crafted report (the kinds in turn) against the `victims` (at least two). */
export function hostileReport(i: number, victims: Victim[], setup: HostileSetup): HostileReport {
  if (victims.length < 2) throw new Error('hostileReport: two victims at least');
  const v = victims[i % victims.length];
  const other = victims[(i + 1) % victims.length];
  const r = MAKERS[i % MAKERS.length](v, other, i, setup);
  const auth: Record<string, string> =
    r.format === 'postmark' ? { authorization: `Basic ${Buffer.from(setup.postmarkAuth).toString('base64')}` } : r.format === 'sns' ? {} : { authorization: `Bearer ${setup.cronSecret}` };
  const type = r.format === 'postmark' ? 'application/json' : r.format === 'sns' ? 'text/plain; charset=UTF-8' : 'message/rfc822';
  const headers: Record<string, string> = { 'content-type': type, ...auth, ...r.headers };
  if (headers.authorization === '') delete headers.authorization;
  return { ...r, headers };
}

/** `n` crafted reports at once (a test's 150; the benchmark builds its 1,000 one at a time). */
export const hostileReports = (n: number, victims: Victim[], setup: HostileSetup): HostileReport[] => Array.from({ length: n }, (_, i) => hostileReport(i, victims, setup));

export const HOSTILE_KINDS = MAKERS.length;
