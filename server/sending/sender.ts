// The campaign sender (docs/decisions/020-campaign-queue.md). The mail_send rows are the durable
// queue: sendMails inserts them in one transaction; any number of senders (the loop of
// `npm start`, `npm run mail:send`, a cron calling /api/cron/send-mails, on one machine or many)
// claim due rows with FOR UPDATE SKIP LOCKED and a lease, deliver them through the pooled SMTP
// transport at MAIL_RATE_PER_MINUTE (the whole deployment's rate, rate.ts), and commit each row's outcome right after the SMTP server's
// answer. A sender killed at any moment leaves its claimed rows to be taken again when the lease
// ends: nothing is lost, and a message is sent twice only if the kill fell between the SMTP
// server's acceptance and that commit (the repeat carries the same Message-ID; at most one message
// per SMTP connection is in that window, for one round trip: docs/decisions/061).
import 'server-only';
import { sql } from '../kernel/db';
import { userStandingSql } from '../auth/policy';
import { env } from '../kernel/env';
import { sendCampaignMail } from '../kernel/mail-transport';
import { applyMergeFields } from '@/lib/templates/merge';
import { serializeDesign } from '@/lib/templates/design';
import type { MergeValues } from '../templates/render';
import { buildMergeValues, mergeTargetKey } from '../templates/merge-values';
import { composeMessage } from './compose';
import { AUTHOR_DELETED_ERROR, PARKED_UNTIL } from './cancel';
import { claimSize, recordSenderReport, sendInSlot } from './rate';
import { runCampaignSchedules } from './schedule';
import { verpAddress } from './bounces/verp';
import { IDENTITY_COLUMNS_SQL, identityOfRow, type IdentityRow, type SenderIdentity } from './identity';
import { nowSql } from '../kernel/clock';
import { emitCampaignEvent } from './webhook-events';

type Claimed = {
  id: number;
  grouped_mail_id: number;
  cui: number;
  email: string;
  tracking_id: string;
  message_id: string;
  attempts: number;
  suppressed: boolean;
  author_deleted: boolean;
  author_blocked: boolean;
};

/**
 * `cancelled`: messages of a deleted author, taken and cancelled instead of sent; `parked`: messages
 * of a blocked author, taken and put back to wait for the unblock.
 */
type SenderReport = { sent: number; retried: number; failed: number; suppressed: number; cancelled: number; parked: number };

const retryDelaySeconds = (attempts: number) =>
  Math.min(3600, env.MAIL_RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));

/**
 * Claims due messages: the oldest due first, read in that order from mail_send_due_idx (migration
 * 20261124000000), with the author's state read at this moment, not only when the sending was queued (decision 017):
 * - a blocked author's messages were parked when the block was set (cancel.ts), so they are not
 *   due; one claimed anyway (a block set directly in the database, or a message a sender held at
 *   the block and put back) comes back with `author_blocked` and the caller parks it;
 * - a deleted author's messages come back with `author_deleted` and the caller cancels them
 *   (deleteUser already cancels those queued at the moment of the delete; this catches one that a
 *   sender held then and put back for a retry).
 * The author is joined after the LIMIT, on the claimed rows only. $1 how many, $2 the lease in
 * seconds; exported for the plan test.
 */
export const claimSql = () => `WITH picked AS (
       SELECT id FROM mail_send
        WHERE status IN ('Queued', 'Sending') AND next_attempt <= ${nowSql()}
        ORDER BY next_attempt, id
        LIMIT $1
        FOR UPDATE SKIP LOCKED),
     claimed AS (
       UPDATE mail_send ms
          SET status = 'Sending', attempts = ms.attempts + 1, next_attempt = ${nowSql()} + make_interval(secs => $2)
         FROM picked
        WHERE ms.id = picked.id
       RETURNING ms.id, ms.grouped_mail_id, ms.cui, ms.email, ms.tracking_id::text AS tracking_id, ms.message_id, ms.attempts)
     SELECT c.*, EXISTS (SELECT 1 FROM mail_suppression s WHERE s.email = c.email) AS suppressed,
            ${userStandingSql('u')} = 'gone' AS author_deleted, ${userStandingSql('u')} = 'blocked' AS author_blocked
       FROM claimed c
       JOIN grouped_mail gm ON gm.id = c.grouped_mail_id
       JOIN app_user u ON u.id = gm.created_by_id`;

async function claimMessages(limit: number): Promise<Claimed[]> {
  return sql<Claimed>(claimSql(), [limit, env.MAIL_LEASE_SECONDS]);
}

type Design = { subject: string; content: string; author: string; authorId: number; identity: SenderIdentity };
const designs = new Map<number, Design>();
let designChars = 0;
/**
 * Decision 124: the designs kept between batches, by characters. A design's text may be 5 MB (the
 * editor's project data beside the MJML); a batch of 100 messages of 100 sendings read whole came to
 * 500 MB, past the server's 320 MB heap. Only the MJML is read (what the renderer uses, itself
 * bounded at 256 KB when saved), and the kept ones are dropped past this many characters.
 */
const DESIGNS_MAX_CHARS = 16 * 1024 * 1024;

async function loadDesigns(ids: number[]): Promise<void> {
  const missing = ids.filter((id) => !designs.has(id));
  if (!missing.length) return;
  if (designs.size > 200 || designChars > DESIGNS_MAX_CHARS) {
    designs.clear();
    designChars = 0;
  }
  // The MJML alone, taken out in PostgreSQL; a text that is not JSON renders empty, as readDesign does.
  const rows = await sql<{ id: number; name: string; mjml: string | null; author_id: number } & IdentityRow>(
    `SELECT gm.id, gm.name,
            CASE WHEN pg_input_is_valid(gm.content, 'json') AND json_typeof(gm.content::json->'mjml') = 'string' THEN gm.content::json->>'mjml' END AS mjml,
            gm.created_by_id AS author_id, ${IDENTITY_COLUMNS_SQL('u')}
       FROM grouped_mail gm JOIN app_user u ON u.id = gm.created_by_id WHERE gm.id = ANY($1::int[])`,
    [missing],
  );
  for (const r of rows) {
    const content = r.mjml === null ? '' : serializeDesign(r.mjml, null);
    designChars += content.length;
    designs.set(r.id, { subject: r.name, content, author: r.author_name, authorId: r.author_id, identity: identityOfRow(r) });
  }
}

/**
 * Each message's merge values, built by the one builder (templates/merge-values.ts) as its author
 * sees them: a contact name another user keeps private, or one a takedown hides, never reaches the
 * message (issue 45). Keyed by the message id; a message whose sending is gone has none.
 */
async function mergeValuesOfBatch(batch: Claimed[]): Promise<Map<number, MergeValues>> {
  const byAuthor = new Map<number, Claimed[]>();
  for (const m of batch) {
    const design = designs.get(m.grouped_mail_id);
    if (!design) continue;
    const list = byAuthor.get(design.authorId);
    if (list) list.push(m);
    else byAuthor.set(design.authorId, [m]);
  }
  const out = new Map<number, MergeValues>();
  for (const [authorId, messages] of byAuthor) {
    const values = await buildMergeValues(authorId, messages.map((m) => ({ cui: m.cui, email: m.email })));
    for (const m of messages) {
      const v = values.get(mergeTargetKey(m));
      if (v) out.set(m.id, v);
    }
  }
  return out;
}

type SmtpError = Error & { responseCode?: number; response?: string; code?: string };

/** A 5xx answer (or an address the server refused outright) will not change on a retry. */
function isPermanentFailure(e: SmtpError): boolean {
  if (typeof e.responseCode === 'number') return e.responseCode >= 500 && e.responseCode < 600;
  return e.code === 'EENVELOPE';
}

/** A refused mailbox (user unknown, no such domain): the address goes on the suppression list. */
const isBounce = (e: SmtpError) => e.responseCode === 550 || e.responseCode === 551 || e.responseCode === 553;

/**
 * Marks one delivered row Trimis, right after the SMTP server's 250 and before the SMTP connection
 * takes the next message (sendInSlot holds the connection's slot until this returns; decision 061).
 * One statement, so one transaction: the status change and its Trimis event (like the Deschis and
 * Interactionat events of tracking.ts) are committed together or not at all. Only a row still
 * Sending moves, so a repeated delivery (a second sender after the lease, a retry) writes no second
 * event; the partial unique index is the backstop. A sender killed between the 250 and this commit
 * sends the message again after the lease, with the same Message-ID: at most one message per SMTP
 * connection is ever in that window, for one round trip to PostgreSQL.
 */
async function markSent(id: number): Promise<void> {
  try {
    await sql(
      `WITH delivered AS (
         UPDATE mail_send SET status = 'Trimis', sent_at = now(), last_error = NULL
          WHERE id = $1 AND status = 'Sending'
         RETURNING id, sent_at)
       INSERT INTO mail_status_event (mail_send_id, status, created_at)
       SELECT id, 'Trimis', sent_at FROM delivered
       ON CONFLICT (mail_send_id) WHERE status = 'Trimis' DO NOTHING`,
      [id],
    );
  } catch (e) {
    // The row stays Sending and is delivered again after the lease: a repeat, never a loss.
    console.error(`[campanii] marcarea mesajului ${id} ca trimis a eșuat: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function deliverOne(m: Claimed, values: MergeValues | undefined, report: SenderReport, leaseEndsAt: number): Promise<void> {
  const design = designs.get(m.grouped_mail_id);
  if (!design || !values) {
    // The sending (or the company) was deleted under us: nothing to send.
    await sql(`UPDATE mail_send SET status = 'Esuat', last_error = $2 WHERE id = $1`, [m.id, design ? 'Firma nu mai există.' : 'Trimiterea a fost ștearsă.']);
    report.failed++;
    return;
  }
  try {
    const composed = await composeMessage({ content: design.content, values, trackingId: m.tracking_id, senderName: design.author });
    const mail = {
      to: m.email,
      // The subject takes the merge fields too (plain text: header encoding is nodemailer's).
      subject: applyMergeFields(design.subject, values, (v) => v.replace(/[\r\n]+/g, ' ')),
      html: composed.html,
      text: composed.text,
      headers: composed.headers,
      messageId: m.message_id,
      from: design.identity.from,
      replyTo: design.identity.replyTo,
      envelopeFrom: verpAddress(m.tracking_id),
      kind: 'campaign' as const,
      ref: `campaign-${m.id}`,
    };
    // The deployment's one rate (rate.ts): false = put back in the queue for its later slot. The
    // commit runs inside the slot: the connection carries no other message before it is done.
    const sent = await sendInSlot(m, leaseEndsAt, async () => {
      await sendCampaignMail(mail);
      await markSent(m.id);
    });
    if (!sent) return;
    report.sent++;
    // Outside the slot: the SMTP connection does not wait for the webhook queue.
    await emitCampaignEvent('campaign.delivered', m.id);
  } catch (err) {
    const e = err as SmtpError;
    const answer = (e.response ?? e.message ?? String(err)).slice(0, 2000);
    const permanent = isPermanentFailure(e);
    const giveUp = permanent || m.attempts >= env.MAIL_MAX_ATTEMPTS;
    await sql(
      `UPDATE mail_send SET status = $2, last_error = $3, next_attempt = ${nowSql()} + make_interval(secs => $4) WHERE id = $1`,
      [m.id, giveUp ? 'Esuat' : 'Queued', answer, retryDelaySeconds(m.attempts)],
    );
    if (permanent && isBounce(e)) {
      await sql(
        `INSERT INTO mail_suppression (email, reason, mail_send_id, detail) VALUES ($1, 'Bounce', $2, $3) ON CONFLICT (email) DO NOTHING`,
        [m.email, m.id, answer.slice(0, 500)],
      );
    }
    if (giveUp) report.failed++;
    else report.retried++;
    if (!permanent) console.error(`[campanii] mesajul ${m.id} către ${m.email}: încercarea ${m.attempts} a eșuat: ${answer}`);
  }
}

/**
 * Delivers due campaign messages until none is left, `maxMessages` were handled or `timeBudgetMs`
 * ran out (a cron call must answer). `concurrency` messages are in flight at once.
 */
export async function deliverCampaignMessages(
  opts: {
    batchSize?: number;
    maxMessages?: number;
    timeBudgetMs?: number;
    concurrency?: number;
    /** True once the sender is asked to stop (a release's SIGTERM): no new batch is claimed, the claimed one finishes. */
    shouldStop?: () => boolean;
  } = {},
): Promise<SenderReport> {
  const batchSize = opts.batchSize ?? 100;
  const concurrency = opts.concurrency ?? env.MAIL_SMTP_CONNECTIONS * 4;
  const deadline = Date.now() + (opts.timeBudgetMs ?? 50_000);
  const report: SenderReport = { sent: 0, retried: 0, failed: 0, suppressed: 0, cancelled: 0, parked: 0 };
  let handled = 0;
  await runCampaignSchedules(); // issue 28: sending windows and due follow-ups (schedule.ts)
  while (Date.now() < deadline && handled < (opts.maxMessages ?? Infinity) && !opts.shouldStop?.()) {
    const batch = await claimMessages(claimSize(Math.min(batchSize, (opts.maxMessages ?? Infinity) - handled)));
    const leaseEndsAt = Date.now() + env.MAIL_LEASE_SECONDS * 1000;
    if (!batch.length) break;
    handled += batch.length;
    const cancelled = batch.filter((m) => m.author_deleted);
    if (cancelled.length) {
      await sql(`UPDATE mail_send SET status = 'Esuat', last_error = $2 WHERE id = ANY($1::int[])`, [cancelled.map((m) => m.id), AUTHOR_DELETED_ERROR]);
      report.cancelled += cancelled.length;
    }
    const parked = batch.filter((m) => m.author_blocked);
    if (parked.length) {
      // Back to Queued as it was (this claim's attempt does not count), due again at the unblock.
      await sql(`UPDATE mail_send SET status = 'Queued', attempts = attempts - 1, next_attempt = $2::timestamp WHERE id = ANY($1::int[])`, [
        parked.map((m) => m.id),
        PARKED_UNTIL,
      ]);
      report.parked += parked.length;
    }
    const suppressed = batch.filter((m) => m.suppressed && !m.author_deleted && !m.author_blocked);
    if (suppressed.length) {
      await sql(`UPDATE mail_send SET status = 'Suprimat', last_error = NULL WHERE id = ANY($1::int[])`, [suppressed.map((m) => m.id)]);
      report.suppressed += suppressed.length;
    }
    const todo = batch.filter((m) => !m.suppressed && !m.author_deleted && !m.author_blocked);
    if (!todo.length) continue;
    await loadDesigns([...new Set(todo.map((m) => m.grouped_mail_id))]);
    const values = await mergeValuesOfBatch(todo);
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const m = todo[next++];
        await deliverOne(m, values.get(m.id), report, leaseEndsAt);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
  }
  recordSenderReport(report);
  return report;
}
