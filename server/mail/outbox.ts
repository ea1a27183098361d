// The outbox: every mail is first a row of outbox_mail (Queued), then delivered by
// deliverQueuedMail(): right after the request that queued it (best effort), and by the sender
// that cron / scripts/mail/send.ts runs every 15 s. A row is claimed with FOR UPDATE SKIP LOCKED
// and a lease, so several senders never send the same mail twice and a sender that dies mid-way
// leaves the row to be retried after the lease. Failures are retried with exponential backoff;
// after MAX_ATTEMPTS the row stays as Failed (kept, with its last error): nothing is lost.
import 'server-only';
import { sql } from '../kernel/db';
import { undeliverableNotificationMailSql } from './notification-mail';
import { runInBackground } from './background';
import type { MailKind } from '../kernel/mail-kinds';
import { sendMail } from '../kernel/mail-transport';

export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 120;
const BASE_BACKOFF_SECONDS = 30;
const MAX_BACKOFF_SECONDS = 3600;

type MailToQueue = { to: string; subject: string; html: string; text?: string | null; kind: MailKind; headers?: Record<string, string> | null };

export async function enqueueMail(mail: MailToQueue): Promise<number> {
  const rows = await sql<{ id: number }>(
    `INSERT INTO outbox_mail ("to", subject, html, text, kind, headers) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [mail.to, mail.subject.slice(0, 300), mail.html, mail.text ?? null, mail.kind.slice(0, 32), mail.headers ?? null],
  );
  return rows[0].id;
}

/** Queues a mail and tries to deliver it once the current answer is sent. */
export async function enqueueAndSend(mail: MailToQueue): Promise<number> {
  const id = await enqueueMail(mail);
  runInBackground(() => deliverQueuedMail({ ids: [id] }), `livrarea mesajului ${id}`);
  return id;
}

export const backoffSeconds = (attempts: number) => Math.min(MAX_BACKOFF_SECONDS, BASE_BACKOFF_SECONDS * 2 ** Math.max(0, attempts - 1));

type Claimed = { id: number; to: string; subject: string; html: string; text: string | null; kind: MailKind; attempts: number; headers: Record<string, string> | null };

type DeliveryReport = { sent: number; failed: number; retried: number; cancelled: number };

/**
 * Notification mail whose recipient may no longer get it (blocked, deleted, unsubscribed or
 * suppressed since it was queued: server/watch/policy.ts) is Cancelled, not sent (docs/decisions/063).
 */
async function cancelUndeliverable(ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await sql<{ id: number }>(
    `UPDATE outbox_mail SET status = 'Cancelled', last_error = 'destinatarul nu mai poate primi notificări' WHERE id IN (${undeliverableNotificationMailSql('$1::int[]')}) RETURNING id`,
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

export async function deliverQueuedMail(opts: { limit?: number; ids?: number[] } = {}): Promise<DeliveryReport> {
  const limit = opts.limit ?? 50;
  // Claim: Queued rows that are due, or Sending rows whose lease ran out (a sender died).
  const claimed = await sql<Claimed>(
    `UPDATE outbox_mail o SET status = 'Sending', attempts = o.attempts + 1, next_attempt = now() + make_interval(secs => $2)
      WHERE o.id IN (
        SELECT id FROM outbox_mail
         WHERE status IN ('Queued', 'Sending') AND next_attempt <= now()
           AND ($3::int[] IS NULL OR id = ANY($3::int[]))
         ORDER BY next_attempt, id
         LIMIT $1
         FOR UPDATE SKIP LOCKED)
      RETURNING o.id, o."to", o.subject, o.html, o.text, o.kind, o.attempts, o.headers`,
    [limit, LEASE_SECONDS, opts.ids ?? null],
  );
  const report: DeliveryReport = { sent: 0, failed: 0, retried: 0, cancelled: 0 };
  const stopped = await cancelUndeliverable(claimed.map((m) => m.id));
  report.cancelled = stopped.size;
  for (const mail of claimed) {
    if (stopped.has(mail.id)) continue;
    try {
      await sendMail({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, kind: mail.kind, ref: `${mail.kind}-${mail.id}`, headers: mail.headers ?? undefined });
      await sql(`UPDATE outbox_mail SET status = 'Sent', sent_at = now(), last_error = NULL WHERE id = $1`, [mail.id]);
      report.sent++;
    } catch (e) {
      const message = (e instanceof Error ? e.message : String(e)).slice(0, 2000);
      const giveUp = mail.attempts >= MAX_ATTEMPTS;
      await sql(
        `UPDATE outbox_mail SET status = $2, last_error = $3, next_attempt = now() + make_interval(secs => $4) WHERE id = $1`,
        [mail.id, giveUp ? 'Failed' : 'Queued', message, backoffSeconds(mail.attempts)],
      );
      if (giveUp) report.failed++;
      else report.retried++;
      console.error(`[mail] ${mail.kind} #${mail.id} către ${mail.to}: încercarea ${mail.attempts} a eșuat: ${message}`);
    }
  }
  return report;
}
