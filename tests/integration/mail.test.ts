// Mail: MJML templates in Romanian, the outbox with retries, delivery through SMTP (a local
// smtp-server read back with mailparser) and the local mailbox default.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { resetLink } from '@/server/account/password-reset';
import { waitForBackgroundTasks } from '@/server/mail/background';
import { isMailboxPageEnabled, listMailbox } from '@/server/kernel/mailbox';
import { sendLeaveMessageMail, sendPasswordResetMail, sendWelcomeMail } from '@/server/mail/messages';
import { backoffSeconds, deliverQueuedMail, enqueueMail, MAX_ATTEMPTS } from '@/server/mail/outbox';
import { renderLeaveMessageMail, renderPasswordResetMail, renderWelcomeMail } from '@/server/mail/templates';
import { resetTransports } from '@/server/kernel/mail-transport';
import { isolateMail, uniq } from './support/auth';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

let received: ParsedMail[] = [];
let sink: SmtpSink;
let port: number;

beforeAll(async () => {
  sink = await startSmtpSink((mail) => received.push(mail));
  port = sink.port;
});

afterAll(async () => {
  await waitForBackgroundTasks();
  resetTransports();
  await sink.close();
});

beforeEach(() => {
  received = [];
  isolateMail();
  resetTransports();
  // Failed attempts are logged on purpose; keep the test output readable.
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

const useSmtp = (p = port) => {
  env.SMTP_URL = `smtp://127.0.0.1:${p}`;
  resetTransports();
};

describe('templates', () => {
  test('welcome, reset and leave-a-message render to HTML in Romanian, with a text part', async () => {
    const welcome = await renderWelcomeMail({ userName: 'Ana' });
    expect(welcome.subject).toBe('Bun venit în RadarFirme!');
    expect(welcome.html).toContain('Contul tău a fost creat!');
    expect(welcome.html).toMatch(/^<!doctype html>/i);
    expect(welcome.text).toContain('Bună, Ana!');

    const reset = await renderPasswordResetMail({ userName: 'Ana', link: 'http://localhost:3000/Resetare-parola?email=a%40b.ro&token=abc', validMinutes: 30 });
    expect(reset.html).toContain('Resetează parola');
    expect(reset.html).toContain('href="http://localhost:3000/Resetare-parola?email=a%40b.ro&amp;token=abc"');
    expect(reset.text).toContain('valabil 30 de minute');

    const leave = await renderLeaveMessageMail({ Name: 'Ion', PhoneNumber: '0722 000 000', Email: 'ion@exemplu.ro', Message: 'Bună ziua' });
    // The visitor's name is in the body only: no text a person typed goes into a subject (036).
    expect(leave.subject).toBe('Mesaj nou de pe RadarFirme din formularul „Lasă-ne un mesaj”');
    expect(leave.html).toContain('Ion');
    expect(leave.html).toContain('0722 000 000');
  });

  test('values from people are escaped (no HTML injection through a user name or a message)', async () => {
    const evil = '<img src=x onerror=alert(1)>';
    const welcome = await renderWelcomeMail({ userName: evil });
    expect(welcome.html).not.toContain(evil);
    expect(welcome.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const leave = await renderLeaveMessageMail({ Name: 'x', PhoneNumber: 'y', Email: 'z@z.ro', Message: '<script>alert(1)</script>' });
    expect(leave.html).not.toContain('<script>alert(1)</script>');
  });
});

describe('SMTP delivery', () => {
  test('queued mail is delivered by SMTP and marked Sent; the message parses with its subject, parts and link', async () => {
    useSmtp();
    const to = `ana.${uniq()}@exemplu.ro`;
    const link = resetLink(to, 'tok123');
    const id = await sendPasswordResetMail({ to, userName: 'Ana', link, validMinutes: 30 });
    await waitForBackgroundTasks();
    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail.subject).toBe('Resetarea parolei RadarFirme');
    expect(mail.from?.text).toContain('no-reply@radarfirme.ro');
    expect((mail.to as { text: string }).text).toBe(to);
    expect(mail.html).toContain('Resetează parola');
    expect(mail.text).toContain(link);
    const [row] = await sql<{ status: string; attempts: number }>(`SELECT status, attempts FROM outbox_mail WHERE id = $1`, [id]);
    expect(row).toEqual({ status: 'Sent', attempts: 1 });
  });

  test('the leave-a-message mail goes to OPERATOR_EMAIL', async () => {
    useSmtp();
    await sendLeaveMessageMail({ Name: 'Ion', PhoneNumber: '0722000000', Email: 'ion@exemplu.ro', Message: 'Salut' });
    await waitForBackgroundTasks();
    expect(received.map((m) => (m.to as { text: string }).text)).toEqual([env.OPERATOR_EMAIL]);
  });

  test('a mail is due the moment it is queued (the default is not rounded up past now())', async () => {
    // With millisecond precision, CURRENT_TIMESTAMP was rounded up half the time, and a claim
    // right after the insert then saw the new mail as not yet due (a flaky test here).
    const due: boolean[] = [];
    for (let i = 0; i < 20; i++) {
      const [r] = await sql<{ due: boolean; id: number }>(
        `INSERT INTO outbox_mail ("to", subject, html, kind) VALUES ('due@exemplu.ro', 'x', 'x', 'leave-message') RETURNING id, next_attempt <= now() AS due`,
      );
      due.push(r.due);
      await sql(`DELETE FROM outbox_mail WHERE id = $1`, [r.id]);
    }
    expect(due).toEqual(Array(20).fill(true));
    // Both queues keep the due time at now()'s own precision, so no write of now() is rounded.
    const types = await sql<{ t: string }>(
      `SELECT format_type(atttypid, atttypmod) AS t FROM pg_attribute
        WHERE attrelid IN ('outbox_mail'::regclass, 'mail_send'::regclass) AND attname = 'next_attempt'`,
    );
    expect(types.map((r) => r.t)).toEqual(['timestamp(6) without time zone', 'timestamp(6) without time zone']);
  });

  test('an unreachable server: the mail stays queued with its error and a backoff, then is delivered on a later run', async () => {
    useSmtp(1); // nothing listens on port 1
    const id = await enqueueMail({ to: `x.${uniq()}@exemplu.ro`, subject: 'Test', html: '<p>t</p>', kind: 'leave-message' });
    const first = await deliverQueuedMail({ ids: [id] });
    expect(first).toEqual({ sent: 0, retried: 1, failed: 0, cancelled: 0 });
    const [row] = await sql<{ status: string; attempts: number; last_error: string; wait: number }>(
      `SELECT status, attempts, last_error, EXTRACT(EPOCH FROM next_attempt - now()) AS wait FROM outbox_mail WHERE id = $1`,
      [id],
    );
    expect(row.status).toBe('Queued');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(Number(row.wait)).toBeGreaterThan(backoffSeconds(1) - 5);
    // Not due yet: a run now does not touch it.
    expect(await deliverQueuedMail({ ids: [id] })).toEqual({ sent: 0, retried: 0, failed: 0, cancelled: 0 });

    useSmtp();
    await sql(`UPDATE outbox_mail SET next_attempt = now() WHERE id = $1`, [id]);
    expect(await deliverQueuedMail({ ids: [id] })).toEqual({ sent: 1, retried: 0, failed: 0, cancelled: 0 });
    expect(received).toHaveLength(1);
  });

  test('backoff doubles up to an hour; after the last attempt the mail is kept as Failed', async () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([30, 60, 120, 240]);
    expect(backoffSeconds(20)).toBe(3600);
    useSmtp(1);
    const id = await enqueueMail({ to: 'x@exemplu.ro', subject: 'Test', html: '<p>t</p>', kind: 'leave-message' });
    await sql(`UPDATE outbox_mail SET attempts = $2 - 1 WHERE id = $1`, [id, MAX_ATTEMPTS]);
    expect(await deliverQueuedMail({ ids: [id] })).toEqual({ sent: 0, retried: 0, failed: 1, cancelled: 0 });
    const [row] = await sql<{ status: string }>(`SELECT status FROM outbox_mail WHERE id = $1`, [id]);
    expect(row.status).toBe('Failed');
  });

  test('two senders at once never send the same mail twice', async () => {
    useSmtp();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await enqueueMail({ to: `p${i}@exemplu.ro`, subject: `P${i}`, html: '<p>p</p>', kind: 'leave-message' }));
    const reports = await Promise.all([deliverQueuedMail({ ids }), deliverQueuedMail({ ids }), deliverQueuedMail({ ids })]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(6);
    expect(received.map((m) => m.subject).sort()).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5']);
  });

  test('a sender that died mid-send leaves its claim; the mail is retried after the lease', async () => {
    useSmtp();
    const id = await enqueueMail({ to: 'lease@exemplu.ro', subject: 'Lease', html: '<p>l</p>', kind: 'leave-message' });
    await sql(`UPDATE outbox_mail SET status = 'Sending', attempts = 1, next_attempt = now() + interval '2 minutes' WHERE id = $1`, [id]);
    expect((await deliverQueuedMail({ ids: [id] })).sent).toBe(0);
    await sql(`UPDATE outbox_mail SET next_attempt = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await deliverQueuedMail({ ids: [id] })).sent).toBe(1);
  });
});

describe('the local mailbox (no SMTP_URL)', () => {
  test('each message is written as .eml and .json, readable with its links', async () => {
    const dir = isolateMail();
    const to = `ana.${uniq()}@exemplu.ro`;
    const link = resetLink(to, 'tok456');
    await sendWelcomeMail({ to, userName: 'Ana' });
    await sendPasswordResetMail({ to, userName: 'Ana', link, validMinutes: 30 });
    await waitForBackgroundTasks();
    const files = readdirSync(dir).sort();
    expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('.json'))).toHaveLength(2);

    const entries = await listMailbox();
    expect(entries.map((e) => e.Subject).sort()).toEqual(['Bun venit în RadarFirme!', 'Resetarea parolei RadarFirme']);
    const resetEntry = entries.find((e) => e.Kind === 'password-reset')!;
    expect(resetEntry.To).toBe(to);
    expect(resetEntry.Links).toContain(link);

    const eml = readFileSync(path.join(dir, `${resetEntry.Id}.eml`));
    const parsed = await simpleParser(eml);
    expect(parsed.subject).toBe('Resetarea parolei RadarFirme');
    expect(parsed.text).toContain(link);
  });

  test('?to= keeps one recipient\'s messages, even when newer mail to others fills the page', async () => {
    isolateMail();
    const mine = `Ion.${uniq()}@Exemplu.ro`;
    await sendWelcomeMail({ to: mine, userName: 'Ion' });
    await waitForBackgroundTasks();
    for (let i = 0; i < 5; i++) await sendWelcomeMail({ to: `altul${i}.${uniq()}@exemplu.ro`, userName: 'Altul' });
    await waitForBackgroundTasks();
    expect((await listMailbox(3)).map((e) => e.To)).not.toContain(mine);
    const filtered = await listMailbox(3, mine.toLowerCase());
    expect(filtered.map((e) => e.To)).toEqual([mine]);
    expect(await listMailbox(3, 'nimeni@exemplu.ro')).toEqual([]);
  });

  test('the /dev/mailbox page is on for a local app and off for a real deployment or with SMTP', () => {
    const saved = { ...env };
    try {
      Object.assign(env, { SMTP_URL: undefined, NODE_ENV: 'production', HOST: '127.0.0.1', APP_URL: 'http://localhost:3000', MAILBOX_PAGE: 'auto' });
      expect(isMailboxPageEnabled()).toBe(true);
      Object.assign(env, { APP_URL: 'https://radarfirme.ro' });
      expect(isMailboxPageEnabled()).toBe(false);
      // No setting turns it on for an instance meant to be reachable (issue 23).
      Object.assign(env, { MAILBOX_PAGE: 'on' });
      expect(isMailboxPageEnabled()).toBe(false);
      Object.assign(env, { NODE_ENV: 'development', MAILBOX_PAGE: 'off', APP_URL: 'http://localhost:3000' });
      expect(isMailboxPageEnabled()).toBe(false);
      Object.assign(env, { MAILBOX_PAGE: 'auto', SMTP_URL: 'smtp://mail:25' });
      expect(isMailboxPageEnabled()).toBe(false);
    } finally {
      Object.assign(env, saved);
    }
  });
});
