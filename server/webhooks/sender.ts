// The webhook sender (issue 50, docs/decisions/096), run by the cron route /api/cron/send-webhooks
// (and right after "Retrimite" / "Trimite un test"). As the mail outbox: a due row is claimed with
// FOR UPDATE SKIP LOCKED and a lease (status Sending, next_attempt = end of the lease), so two
// senders never post the same row at once and a sender that dies mid-way leaves it to be retried
// after the lease, with the SAME webhook-id (at least once; receivers drop repeats by that id).
// A failure is retried with exponential backoff until the delivery is 24 hours old, then Failed.
// An endpoint whose delivery failed for its whole 24 hours, with no success in between (at least
// DISABLE_AFTER_FAILURES failed attempts in a row), is disabled, and its owner gets a mail.
import 'server-only';
import { activeUserSql } from '../auth/policy';
import { env } from '../kernel/env';
import { sql } from '../kernel/db';
import { nowSql } from '../kernel/clock';
import { enqueueAndSend } from '../mail/outbox';
import { renderNoticeMail } from '../mail/templates';
import { resolveTarget, UnsafeTargetError, type TargetMode } from './address';
import { isSuccess, postToTarget, type SendResult } from './transport';
import { signWebhook } from './signing';

const LEASE_SECONDS = 60;
const BASE_BACKOFF_SECONDS = 30;
const MAX_BACKOFF_SECONDS = 4 * 3600;
const RETRY_WINDOW_HOURS = 24;
const DISABLE_AFTER_FAILURES = 10;
/** Posts in flight at once: a slow receiver holds one slot for at most the send timeout. */
const PARALLEL = 4;
/** Bodies larger than this are not sent (an event is a few hundred bytes; this guards a bug). */
const BODY_MAX_BYTES = 256 * 1024;

const webhookBackoffSeconds = (attempts: number) => Math.min(MAX_BACKOFF_SECONDS, BASE_BACKOFF_SECONDS * 2 ** Math.max(0, attempts - 1));

type Claimed = { id: string; endpoint_id: number; msg_id: string; payload: string; attempts: number; age_s: number; url: string; secret: string };

export type WebhookSendReport = { delivered: number; retried: number; failed: number; disabled: number };

type Options = {
  ids?: Array<bigint | number | string>;
  limit?: number;
  timeBudgetMs?: number;
  /** The test button: a disabled endpoint still gets its sample. */
  includeDisabled?: boolean;
  /** The test button: one attempt, no retries, no effect on the endpoint's failure streak. */
  noRetry?: boolean;
  /** Tests pass { production: true } to check the refusals; otherwise NODE_ENV decides. */
  mode?: TargetMode;
};

async function claim(opts: Options, limit: number): Promise<Claimed[]> {
  const now = nowSql();
  return sql<Claimed>(
    `WITH due AS (
       SELECT d.id FROM webhook_delivery d
         JOIN webhook_endpoint e ON e.id = d.endpoint_id AND ($3 OR e.disabled_at IS NULL)
         -- an account blocked or deleted since the event was queued: its deliveries wait, unsent
         JOIN app_user u ON u.id = e.user_id AND ${activeUserSql('u')}
        WHERE d.status IN ('Queued', 'Sending') AND d.next_attempt <= ${now}
          AND ($2::bigint[] IS NULL OR d.id = ANY($2::bigint[]))
        ORDER BY d.next_attempt, d.id
        LIMIT $1
        FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_delivery d SET status = 'Sending', attempts = d.attempts + 1, next_attempt = ${now} + make_interval(secs => ${LEASE_SECONDS})
       FROM due, webhook_endpoint e
      WHERE d.id = due.id AND e.id = d.endpoint_id
      RETURNING d.id::text, d.endpoint_id, d.msg_id, d.payload, d.attempts, extract(epoch FROM ${now} - d.created_at)::int AS age_s, e.url, e.secret`,
    [limit, opts.ids ? opts.ids.map(String) : null, opts.includeDisabled === true],
  );
}

async function attemptOne(d: Claimed, mode: TargetMode): Promise<SendResult> {
  if (Buffer.byteLength(d.payload) > BODY_MAX_BYTES) return { status: null, error: 'corpul evenimentului depășește limita', excerpt: null, durationMs: 0 };
  try {
    const target = await resolveTarget(d.url, mode);
    return await postToTarget(target, d.payload, signWebhook(d.secret, d.msg_id, d.payload));
  } catch (e) {
    if (e instanceof UnsafeTargetError) return { status: null, error: `adresă refuzată: ${e.message}`, excerpt: null, durationMs: 0 };
    return { status: null, error: e instanceof Error ? e.message : String(e), excerpt: null, durationMs: 0 };
  }
}

async function recordAttempt(d: Claimed, r: SendResult): Promise<void> {
  await sql(`INSERT INTO webhook_attempt (delivery_id, attempted_at, status_code, error, duration_ms, response_excerpt) VALUES ($1, ${nowSql()}, $2, $3, $4, $5)`, [
    d.id,
    r.status,
    r.error?.slice(0, 500) ?? (isSuccess(r.status) ? null : `răspuns ${r.status}`),
    r.durationMs,
    r.excerpt?.slice(0, 1000) ?? null,
  ]);
}

async function disableIfFailingForADay(endpointId: number): Promise<boolean> {
  const reason = `Dezactivat automat: toate livrările au eșuat în ultimele ${RETRY_WINDOW_HOURS} de ore.`;
  const rows = await sql<{ url: string; email: string; user_name: string }>(
    `WITH off AS (
       UPDATE webhook_endpoint SET disabled_at = ${nowSql()}, disabled_reason = $2
        WHERE id = $1 AND disabled_at IS NULL AND consecutive_failures >= $3
        RETURNING user_id, url)
     SELECT off.url, u.email, u.user_name FROM off JOIN app_user u ON u.id = off.user_id`,
    [endpointId, reason, DISABLE_AFTER_FAILURES],
  );
  if (!rows.length) return false;
  const { url, email, user_name } = rows[0];
  const mail = await renderNoticeMail({
    subject: 'Un webhook RadarFirme a fost dezactivat',
    title: 'Webhook dezactivat',
    intro: `Bună, ${user_name}! Adresa de mai jos nu a primit cu succes niciun eveniment în ultimele ${RETRY_WINDOW_HOURS} de ore, așa că nu îi mai trimitem evenimente. Verificați serverul, apoi reactivați webhook-ul din pagina Webhook-uri; evenimentele din ultimele ${RETRY_WINDOW_HOURS} de ore se pot retrimite din jurnalul livrărilor.`,
    rows: [
      { label: 'Adresa', value: url },
      { label: 'Pagina', value: `${env.APP_URL.replace(/\/$/, '')}/Webhook-uri` },
    ],
  });
  await enqueueAndSend({ to: email, ...mail, kind: 'webhook-disabled' });
  return true;
}

async function settle(d: Claimed, r: SendResult, opts: Options, report: WebhookSendReport): Promise<void> {
  await recordAttempt(d, r);
  const now = nowSql();
  if (isSuccess(r.status)) {
    await sql(`UPDATE webhook_delivery SET status = 'Delivered', delivered_at = ${now}, last_status = $2, last_error = NULL WHERE id = $1`, [d.id, r.status]);
    if (!opts.noRetry) await sql(`UPDATE webhook_endpoint SET consecutive_failures = 0, failing_since = NULL WHERE id = $1`, [d.endpoint_id]);
    report.delivered++;
    return;
  }
  const error = (r.error ?? `răspuns ${r.status}`).slice(0, 500);
  const wait = webhookBackoffSeconds(d.attempts);
  const giveUp = opts.noRetry || d.age_s + wait > RETRY_WINDOW_HOURS * 3600;
  await sql(`UPDATE webhook_delivery SET status = $2, last_status = $3, last_error = $4, next_attempt = ${now} + make_interval(secs => $5) WHERE id = $1`, [
    d.id,
    giveUp ? 'Failed' : 'Queued',
    r.status,
    error,
    wait,
  ]);
  if (giveUp) report.failed++;
  else report.retried++;
  if (opts.noRetry) return;
  await sql(`UPDATE webhook_endpoint SET consecutive_failures = consecutive_failures + 1, failing_since = coalesce(failing_since, ${now}) WHERE id = $1`, [d.endpoint_id]);
  // A delivery that failed through its whole retry window, with no success of the endpoint since
  // (the streak is reset by any 2xx): the endpoint has been failing for a day.
  if (giveUp && (await disableIfFailingForADay(d.endpoint_id))) report.disabled++;
}

/** Posts what is due (or the given deliveries), within the time budget; the rest waits for the next call. */
export async function deliverWebhooks(opts: Options = {}): Promise<WebhookSendReport> {
  const mode = opts.mode ?? { production: env.NODE_ENV === 'production' };
  const report: WebhookSendReport = { delivered: 0, retried: 0, failed: 0, disabled: 0 };
  const deadline = Date.now() + (opts.timeBudgetMs ?? 25_000);
  const limit = opts.limit ?? 200;
  let left = limit;
  while (left > 0 && Date.now() < deadline) {
    const batch = await claim(opts, Math.min(PARALLEL, left));
    if (!batch.length) break;
    left -= batch.length;
    await Promise.all(batch.map(async (d) => settle(d, await attemptOne(d, mode), opts, report)));
  }
  return report;
}
