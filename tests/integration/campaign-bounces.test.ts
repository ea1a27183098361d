// Late bounces and complaints (issue 28, decision 058) on real PostgreSQL: real-world shaped DSN
// (Postfix hard, Exchange soft) and ARF samples posted to the bounce endpoint, the message found
// by its VERP address or its Message-ID; Amazon SES through a signed SNS notification and the
// Postmark webhook with basic auth. Hard bounces and complaints suppress with reason and date,
// soft ones are counted and suppress after MAIL_SOFT_BOUNCE_LIMIT. Decision 086: a report acts
// only on the message it names, sent to the address it reports; a soft one never requeues.
import { generateKeyPairSync, createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { resetTransports } from '@/server/kernel/mail-transport';
import { deliverCampaignMessages } from '@/server/sending/sender';
import { verpAddress } from '@/server/sending/bounces/verp';
import { processReports, snsStringToSign } from '@/server/sending/bounces/inbound';
import { metricsRegistry } from '@/server/kernel/counters';
import { POST as sendMails } from '@/app/api/MailSend/sendMails/route';
import { POST as inboundBounce } from '@/app/api/inbound/bounce/route';
import { POST as sesWebhook } from '@/app/api/webhooks/ses/route';
import { POST as postmarkWebhook } from '@/app/api/webhooks/postmark/route';
import { call, isolateMail, uniq } from './support/auth';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';
import { tokenOf } from './support/authz';
import { createUser, type TestUser } from '../factories/users';
import { addContact, createDraft, deleteContacts, pickCompanies } from '../factories/sending';

const CRON = 'test-cron-secret-campaign-bounces';
let sink: SmtpSink;
const sent: string[] = [];
let owner: TestUser;
let companies: { cui: number; name: string }[];
const emails: string[] = [];
const id = uniq();
const saved = { cron: env.CRON_SECRET, soft: env.MAIL_SOFT_BOUNCE_LIMIT, topics: env.SES_SNS_TOPIC_ARNS, postmark: env.POSTMARK_WEBHOOK_AUTH };

beforeAll(async () => {
  sink = await startSmtpSink((_parsed, raw) => sent.push(raw.toString('utf8')));
  env.CAMPAIGN_SMTP_URL = `smtp://127.0.0.1:${sink.port}`;
  env.MAIL_RATE_PER_MINUTE = 100_000;
  env.CRON_SECRET = CRON;
  env.MAIL_SOFT_BOUNCE_LIMIT = 2;
  isolateMail();
  resetTransports();
  owner = await createUser();
  companies = await pickCompanies(4, 300);
  for (const [i, c] of companies.entries()) {
    const e = `bounce${i}.${id}@exemplu-test.ro`;
    emails.push(e);
    await addContact(c.cui, e);
  }
});

afterAll(async () => {
  env.CRON_SECRET = saved.cron;
  env.MAIL_SOFT_BOUNCE_LIMIT = saved.soft;
  env.SES_SNS_TOPIC_ARNS = saved.topics;
  env.POSTMARK_WEBHOOK_AUTH = saved.postmark;
  resetTransports();
  await sink.close();
  await deleteContacts(emails);
});

type Row = { id: number; email: string; tracking_id: string; message_id: string; status: string; bounced_at: Date | null; soft_bounces: number };
let rows: Row[] = [];
const rowOf = async (email: string) => (await sql<Row>(`SELECT id, email, tracking_id::text, message_id, status, bounced_at, soft_bounces FROM mail_send WHERE id = $1`, [rows.find((r) => r.email === email)!.id]))[0];
const suppression = (email: string) => sql<{ reason: string; detail: string | null; created_at: Date }>(`SELECT reason, detail, created_at FROM mail_suppression WHERE email = $1`, [email]);

beforeEach(async () => {
  await sql(`DELETE FROM mail_suppression WHERE email = ANY($1::text[])`, [emails]);
  const draftId = await createDraft(owner.id, companies.map((c) => ({ cui: c.cui })));
  expect((await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: draftId }, token: await tokenOf(owner) })).status).toBe(200);
  await deliverCampaignMessages({ timeBudgetMs: 20_000 });
  rows = await sql<Row>(`SELECT id, email, tracking_id::text, message_id, status, bounced_at, soft_bounces FROM mail_send WHERE grouped_mail_id = $1 ORDER BY email`, [draftId]);
  expect(rows.every((r) => r.status === 'Trimis')).toBe(true);
});

const fixture = (name: string, row: Row, opts: { verp?: boolean; messageId?: boolean; recipient?: string } = {}) =>
  readFileSync(path.join(__dirname, '../fixtures/mail', `${name}.eml`), 'utf8')
    .replace(/\{\{BOUNCE_TO\}\}/g, opts.verp === false ? 'bounces@radarfirme.ro' : verpAddress(row.tracking_id)!)
    .replace(/\{\{RECIPIENT\}\}/g, opts.recipient ?? row.email)
    .replace(/\{\{MESSAGE_ID\}\}/g, opts.messageId === false ? '<altceva@exemplu-test.ro>' : row.message_id);

// call() sends JSON; a report is raw text: a Request of our own.
async function post(handler: typeof inboundBounce, url: string, body: string, headers: Record<string, string>) {
  const res = await handler(new Request(`http://localhost${url}`, { method: 'POST', body, headers }));
  return { status: res.status, body: await res.json().catch(() => null) };
}
const report = (raw: string, headers: Record<string, string> = { authorization: `Bearer ${CRON}` }, rcpt?: string) =>
  post(inboundBounce, `/api/inbound/bounce${rcpt ? `?rcpt=${encodeURIComponent(rcpt)}` : ''}`, raw, { 'content-type': 'message/rfc822', ...headers });

test('the envelope sender is the VERP bounce address of the message', () => {
  expect(verpAddress('0f8fad5b-d9cb-469f-a165-70867728950e')).toMatch(/^bounces\+0f8fad5b-d9cb-469f-a165-70867728950e@/);
});

test('a Postfix DSN (5.1.1) suppresses the address as a bounce with the detail and the date; the endpoint wants the cron secret', async () => {
  const row = rows[0];
  const raw = fixture('dsn-postfix-hard', row);
  expect((await report(raw, {})).status).toBe(401);
  expect((await report(raw, { authorization: 'Bearer gresit' })).status).toBe(401);
  const r = await report(raw);
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ Type: 'dsn', Matched: 1, Suppressed: 1 });
  const [s] = await suppression(row.email);
  expect(s.reason).toBe('Bounce');
  expect(s.detail).toMatch(/^5\.1\.1 smtp; 550 5\.1\.1/);
  expect(Date.now() - s.created_at.getTime()).toBeLessThan(60_000);
  expect((await rowOf(row.email)).bounced_at).not.toBeNull();
  // The other recipients are untouched.
  expect(await suppression(rows[1].email)).toHaveLength(0);
});

test('found by the original Message-ID when the report went to a plain bounce address; by the VERP recipient when the headers are not quoted', async () => {
  const byId = await report(fixture('dsn-postfix-hard', rows[1], { verp: false }));
  expect(byId.body).toMatchObject({ Matched: 1, Suppressed: 1 });
  expect((await suppression(rows[1].email))[0].reason).toBe('Bounce');
  // Neither VERP in To nor our Message-ID, but the SMTP envelope recipient was the VERP address.
  const raw = fixture('dsn-postfix-hard', rows[2], { verp: false, messageId: false });
  const byRcpt = await report(raw, undefined, verpAddress(rows[2].tracking_id)!);
  expect(byRcpt.body).toMatchObject({ Matched: 1, Suppressed: 1 });
  expect((await rowOf(rows[2].email)).bounced_at).not.toBeNull();
});

test('an Exchange soft bounce (4.2.2) is counted and never requeues the message; the second one suppresses the address', async () => {
  const row = rows[3];
  const first = await report(fixture('dsn-exchange-soft', row));
  expect(first.body).toMatchObject({ Type: 'dsn', Matched: 1, Retried: 0, Suppressed: 0 });
  // Not back in the queue (086): a forged soft bounce would otherwise have it sent twice.
  expect(await rowOf(row.email)).toMatchObject({ status: 'Trimis', soft_bounces: 1, bounced_at: null });
  expect(await suppression(row.email)).toHaveLength(0);
  const second = await report(fixture('dsn-exchange-soft', row));
  expect(second.body).toMatchObject({ Suppressed: 1 });
  const [s] = await suppression(row.email);
  expect(s.reason).toBe('Bounce');
  expect(s.detail).toMatch(/^2 respingeri temporare/);
  expect((await rowOf(row.email)).status).toBe('Trimis');
});

const ignoredCount = async (reason: string) => {
  const m = metricsRegistry().getSingleMetric('radarfirme_bounce_reports_ignored_total');
  const values = m ? (await m.get()).values : [];
  return values.find((v) => v.labels.reason === reason)?.value ?? 0;
};

describe('forged reports (decision 086)', () => {
  const untouched = async () => {
    expect(await sql(`SELECT email FROM mail_suppression WHERE email = ANY($1::text[])`, [emails])).toEqual([]);
    for (const r of rows) expect(await rowOf(r.email)).toMatchObject({ status: 'Trimis', bounced_at: null, soft_bounces: 0 });
  };

  test('a report that names no message of ours (no VERP, no Message-ID) stops nothing, and is counted', async () => {
    const before = await ignoredCount('unnamed');
    for (const name of ['dsn-postfix-hard', 'arf-abuse', 'dsn-exchange-soft']) {
      const r = await report(fixture(name, rows[0], { verp: false, messageId: false }));
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ Matched: 0, Suppressed: 0, Retried: 0, Ignored: 1 });
    }
    expect(await ignoredCount('unnamed')).toBe(before + 3);
    await untouched();
  });

  test('a report naming our message but another address (VERP of one recipient, reporting another) stops nothing', async () => {
    const before = await ignoredCount('mismatch');
    const hard = await report(fixture('dsn-postfix-hard', rows[0], { recipient: rows[1].email }));
    expect(hard.body).toMatchObject({ Matched: 0, Suppressed: 0, Ignored: 1 });
    const complaint = await report(fixture('arf-abuse', rows[0], { recipient: rows[2].email }));
    expect(complaint.body).toMatchObject({ Matched: 0, Suppressed: 0, Ignored: 1 });
    // The envelope recipient names message 0 too; the report is about address 3.
    const soft = await report(fixture('dsn-exchange-soft', rows[0], { verp: false, messageId: false, recipient: rows[3].email }), undefined, verpAddress(rows[0].tracking_id)!);
    expect(soft.body).toMatchObject({ Matched: 0, Retried: 0, Ignored: 1 });
    expect(await ignoredCount('mismatch')).toBe(before + 3);
    await untouched();
  });

  test('a tracking id that is no message of ours stops nothing', async () => {
    const raw = fixture('dsn-postfix-hard', rows[0]).replaceAll(rows[0].tracking_id, '00000000-0000-4000-8000-000000000000');
    expect((await report(raw)).body).toMatchObject({ Matched: 0, Ignored: 1 });
    await untouched();
  });
});

test('an ARF abuse report suppresses the address as a complaint, even over an unsubscribe', async () => {
  const row = rows[0];
  await sql(`INSERT INTO mail_suppression (email, reason, mail_send_id) VALUES ($1, 'Unsubscribe', $2)`, [row.email, row.id]);
  const r = await report(fixture('arf-abuse', row));
  expect(r.body).toMatchObject({ Type: 'arf', Matched: 1, Suppressed: 1 });
  expect((await suppression(row.email))[0]).toMatchObject({ reason: 'Complaint', detail: 'Feedback-Type: abuse' });
});

test('garbage is a clear 4xx or an ignored report, never a 500', async () => {
  // An empty post is an empty report: nothing matched (the cron check of auth-matrix posts none).
  expect((await report('')).body).toMatchObject({ Type: null, Matched: 0 });
  const r = await report('Subject: salut\n\nnu este un raport');
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({ Type: null, Matched: 0 });
});

describe('Amazon SES via SNS', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certUrl = 'https://sns.eu-central-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem';
  const topic = 'arn:aws:sns:eu-central-1:123456789012:ses-bounces';
  let fetchSpy: jest.SpyInstance;

  beforeEach(() => {
    env.SES_SNS_TOPIC_ARNS = topic;
    fetchSpy = jest.spyOn(global, 'fetch').mockImplementation(async (u) => {
      if (String(u) === certUrl) return new Response(publicKey.export({ type: 'spki', format: 'pem' }) as string);
      return new Response('', { status: 404 });
    });
  });
  afterEach(() => fetchSpy.mockRestore());

  const signed = (message: object, over: Record<string, string> = {}) => {
    const m = {
      Type: 'Notification',
      MessageId: `msg-${uniq()}`,
      TopicArn: topic,
      Message: JSON.stringify(message),
      Timestamp: new Date().toISOString(),
      SignatureVersion: '2',
      SigningCertURL: certUrl,
      ...over,
    };
    const signer = createSign('RSA-SHA256');
    signer.update(snsStringToSign(m as Parameters<typeof snsStringToSign>[0]));
    return { ...m, Signature: signer.sign(privateKey, 'base64') };
  };
  const ses = (body: object) => post(sesWebhook as typeof inboundBounce, '/api/webhooks/ses', JSON.stringify(body), { 'content-type': 'text/plain; charset=UTF-8' });

  test('a signed permanent bounce suppresses; a forged signature, a foreign certificate host or topic is refused', async () => {
    const row = rows[1];
    const event = {
      notificationType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: row.email, status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }] },
      mail: { headers: [{ name: 'Message-ID', value: row.message_id }] },
    };
    const good = signed(event);
    expect((await ses({ ...good, Signature: signed({ other: 1 }).Signature })).status).toBe(401);
    expect((await ses(signed(event, { SigningCertURL: 'https://rau.example/cert.pem' }))).status).toBe(401);
    fetchSpy.mockClear();
    // Hosts and paths others can serve files from (086): refused before anything is fetched.
    for (const u of [
      'https://sns.s3.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem',
      'https://sns.eu-central-1.amazonaws.com/uploads/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem',
      'https://sns.eu-central-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem?x=1',
      'https://sns.eu-central-1.amazonaws.com:8443/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem',
      'http://sns.eu-central-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem',
    ]) {
      expect((await ses(signed(event, { SigningCertURL: u }))).status).toBe(401);
    }
    expect((await ses(signed(event, { TopicArn: 'arn:aws:sns:eu-central-1:999:altul' }))).status).toBe(403);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await suppression(row.email)).toHaveLength(0);
    const r = await ses(good);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Matched: 1, Suppressed: 1 });
    expect((await suppression(row.email))[0]).toMatchObject({ reason: 'Bounce' });
    expect((await suppression(row.email))[0].detail).toMatch(/^SES Permanent 5\.1\.1/);
  });

  test('a certificate answer past its 16 KB is refused without being read whole (decision 124)', async () => {
    const hugeUrl = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0123456789abcdef0123456789abcdef.pem';
    let pulled = 0;
    fetchSpy.mockImplementation(async () => {
      // No declared length and no end: only the reader's bound stops it.
      const chunk = new TextEncoder().encode('-----BEGIN CERTIFICATE-----\n'.padEnd(64 * 1024, 'A'));
      return new Response(new ReadableStream({ pull: (c) => { pulled += chunk.byteLength; c.enqueue(chunk); } }));
    });
    const event = { notificationType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: rows[0].email }] }, mail: { headers: [] } };
    expect((await ses(signed(event, { SigningCertURL: hugeUrl }))).status).toBe(401);
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(1024 * 1024);
  });

  test('a complaint suppresses as a complaint; unconfigured, the webhook answers 404', async () => {
    const row = rows[2];
    const complaint = (email: string, headers: { name: string; value: string }[]) => signed({ notificationType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: email }], complaintFeedbackType: 'abuse' }, mail: { headers } });
    // Signed, but naming no message of ours, or our message and another address: nothing happens (086).
    expect((await ses(complaint(row.email, []))).body).toMatchObject({ Matched: 0, Suppressed: 0, Ignored: 1 });
    expect((await ses(complaint(rows[0].email, [{ name: 'Message-ID', value: row.message_id }]))).body).toMatchObject({ Matched: 0, Ignored: 1 });
    expect(await suppression(row.email)).toHaveLength(0);
    expect(await suppression(rows[0].email)).toHaveLength(0);
    const r = await ses(complaint(row.email, [{ name: 'Message-ID', value: row.message_id }]));
    expect(r.body).toMatchObject({ Suppressed: 1 });
    expect((await suppression(row.email))[0].reason).toBe('Complaint');
    env.SES_SNS_TOPIC_ARNS = undefined;
    expect((await ses(signed({ notificationType: 'Bounce' }))).status).toBe(404);
  });
});

describe('Postmark', () => {
  const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;
  const pm = (body: object, auth?: string) =>
    post(postmarkWebhook as typeof inboundBounce, '/api/webhooks/postmark', JSON.stringify(body), { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) });

  test('campaign messages carry their tracking id as Postmark metadata', () => {
    const raw = sent.find((m) => m.includes(rows[0].message_id));
    expect(raw).toMatch(new RegExp(`X-PM-Metadata-tracking-id: ${rows[0].tracking_id}`, 'i'));
  });

  test('basic auth is required; a hard bounce suppresses the message its metadata names; unconfigured it is 404', async () => {
    const row = rows[3];
    const body = { RecordType: 'Bounce', Type: 'HardBounce', Email: row.email, Details: 'smtp;550 5.1.1 The email account does not exist.', Metadata: { 'tracking-id': row.tracking_id } };
    env.POSTMARK_WEBHOOK_AUTH = undefined;
    expect((await pm(body, basic('postmark:parola-lunga')))).toMatchObject({ status: 404 });
    env.POSTMARK_WEBHOOK_AUTH = 'postmark:parola-lunga';
    expect((await pm(body)).status).toBe(401);
    expect((await pm(body, basic('postmark:greșită-lungă'))).status).toBe(401);
    expect(await suppression(row.email)).toHaveLength(0);
    // No metadata, or another recipient's: ignored (086).
    expect((await pm({ ...body, Metadata: undefined }, basic('postmark:parola-lunga'))).body).toMatchObject({ Matched: 0, Ignored: 1 });
    expect((await pm({ ...body, Metadata: { 'tracking-id': rows[1].tracking_id } }, basic('postmark:parola-lunga'))).body).toMatchObject({ Matched: 0, Ignored: 1 });
    expect(await suppression(row.email)).toHaveLength(0);
    const r = await pm(body, basic('postmark:parola-lunga'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Matched: 1, Suppressed: 1 });
    expect((await rowOf(row.email)).bounced_at).not.toBeNull();
    const spam = await pm({ RecordType: 'SpamComplaint', Email: rows[0].email, Metadata: { 'tracking-id': rows[0].tracking_id } }, basic('postmark:parola-lunga'));
    expect(spam.body).toMatchObject({ Suppressed: 1 });
    expect((await suppression(rows[0].email))[0].reason).toBe('Complaint');
    expect((await pm({ RecordType: 'Bounce', Email: 'nu-e-adresa' }, basic('postmark:parola-lunga'))).status).toBe(400);
  });
});

describe('in batches (decision 065 addendum)', () => {
  test('a drained mailbox (processReports): one batch, the outcomes of one report at a time; the addresses\' queued messages stopped', async () => {
    // A second sending, still queued, to the same four addresses.
    const queuedDraft = await createDraft(owner.id, companies.map((c) => ({ cui: c.cui })));
    expect((await call(sendMails, '/api/MailSend/sendMails', { body: { MailDraftId: queuedDraft }, token: await tokenOf(owner) })).status).toBe(200);
    const answers = await processReports([
      { raw: fixture('dsn-postfix-hard', rows[0]) },
      { raw: fixture('arf-abuse', rows[0]) }, // the same address: the complaint wins
      { raw: fixture('dsn-postfix-hard', rows[1]) },
      { raw: fixture('dsn-postfix-hard', rows[1]) }, // the same message twice
      { raw: 'Subject: salut\n\nnu este un raport' },
      { raw: fixture('dsn-exchange-soft', rows[2]) },
    ]);
    expect(answers).toMatchObject([
      { Type: 'dsn', Matched: 1, Suppressed: 1 },
      { Type: 'arf', Matched: 1, Suppressed: 1 },
      { Type: 'dsn', Matched: 1, Suppressed: 1 },
      { Type: 'dsn', Matched: 1, Suppressed: 1 },
      { Type: null, Matched: 0 },
      { Type: 'dsn', Matched: 1, Retried: 0, Suppressed: 0 },
    ]);
    expect((await suppression(rows[0].email))[0]).toMatchObject({ reason: 'Complaint', detail: 'Feedback-Type: abuse' });
    expect((await suppression(rows[1].email))[0].reason).toBe('Bounce');
    expect(await suppression(rows[2].email)).toHaveLength(0);
    expect(await rowOf(rows[0].email)).toMatchObject({ bounced_at: expect.any(Date) });
    expect(await rowOf(rows[1].email)).toMatchObject({ bounced_at: expect.any(Date), status: 'Trimis' });
    expect(await rowOf(rows[2].email)).toMatchObject({ status: 'Trimis', soft_bounces: 1, bounced_at: null });
    const queued = await sql<{ email: string; status: string }>(`SELECT email, status FROM mail_send WHERE grouped_mail_id = $1 ORDER BY email`, [queuedDraft]);
    expect(Object.fromEntries(queued.map((q) => [q.email, q.status]))).toEqual({ [rows[0].email]: 'Suprimat', [rows[1].email]: 'Suprimat', [rows[2].email]: 'Queued', [rows[3].email]: 'Queued' });
    await sql(`DELETE FROM grouped_mail WHERE id = $1`, [queuedDraft]);
  });

  test('reports posted at the same time are written together, each answered with its own outcome', async () => {
    const [a, b, c, d] = await Promise.all([
      report(fixture('dsn-postfix-hard', rows[0])),
      report(fixture('arf-abuse', rows[1])),
      report(fixture('dsn-postfix-hard', rows[2], { verp: false, messageId: false })), // no message named: ignored (086)
      report('Subject: salut\n\nnu este un raport'),
    ]);
    expect(a.body).toMatchObject({ Type: 'dsn', Matched: 1, Suppressed: 1, Ignored: 0 });
    expect(b.body).toMatchObject({ Type: 'arf', Matched: 1, Suppressed: 1 });
    expect(c.body).toMatchObject({ Type: 'dsn', Matched: 0, Suppressed: 0, Ignored: 1 });
    expect(d.body).toMatchObject({ Type: null, Matched: 0, Suppressed: 0 });
    expect((await suppression(rows[0].email))[0].reason).toBe('Bounce');
    expect((await suppression(rows[1].email))[0].reason).toBe('Complaint');
    expect(await suppression(rows[2].email)).toHaveLength(0);
    expect(await suppression(rows[3].email)).toHaveLength(0);
  });
});
