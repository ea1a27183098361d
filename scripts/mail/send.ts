// Delivers the queued mail: the transactional outbox (server/mail/outbox.ts) and the campaign
// messages (server/sending/sender.ts). `npm run mail:send` runs once; `--loop` keeps running
// (scripts/start.ts starts it that way), which is what a cron calling /api/cron/send-mails does on
// a real deployment. Several of these may run at once, on one machine or several: each claims its
// own messages. `--campaigns-only` skips the outbox (the crash test and the benchmark use it).
// The campaign rate is the whole deployment's (server/sending/rate.ts), however many run. Log lines
// are JSON (LOG_FORMAT=text, the default on a terminal, keeps them as text); `--metrics-port N [--metrics-host H]` serves this
// process's Prometheus metrics (messages sent, failed, retried, deferred; memory) at /metrics.
import http from 'node:http';
import { purgeExpiredAuthData } from '../../server/auth/maintenance';
import { applyTrackingRetentionDaily } from '../../server/personal-data/retention';
import { closeDb } from '../../server/kernel/db';
import { usesLocalMailbox, mailboxDir } from '../../server/kernel/mailbox';
import { deliverQueuedMail } from '../../server/mail/outbox';
import { resetTransports } from '../../server/kernel/mail-transport';
import { deliverCampaignMessages } from '../../server/sending/sender';
import { collectProcessMetrics, createLogger, jsonLogsWanted, routeConsoleToLogger, sharedRegistry } from '../../server/http/front/observability.mjs';
import { queueNotificationMails } from '../../server/watch/delivery';
import { fanOutPending, fanOutPendingRuns } from '../../server/watch/fanout';
import { deliverWebhooks } from '../../server/webhooks/sender';
import { checkSavedSearchMatchesEvery5Min } from '../../server/saved-searches/new-matches';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const INTERVAL_MS = Number(arg('--interval') ?? 15_000);
const campaignsOnly = process.argv.includes('--campaigns-only');
const FANOUT_POLL_MS = Number(arg('--fanout-poll') ?? 2_000);

/** Set by SIGTERM/SIGINT: the round in progress claims nothing more and finishes what it holds. */
let stopping = false;
/** The longest a stopping sender waits for its round (the claimed batch) before it exits anyway. */
const STOP_WAIT_MS = Number(process.env.SENDER_STOP_WAIT_MS ?? 25_000);

/** True when campaign messages were handled (the loop then goes on without waiting). */
async function once(): Promise<boolean> {
  if (!campaignsOnly) {
    // monitoring: the followers' notifications of finished imports (decision 073), then the
    // notification mails now due join the outbox (docs/decisions/054)
    await fanOut();
    await queueNotificationMails();
    const r = await deliverQueuedMail({ limit: 200 });
    if (r.sent || r.retried || r.failed) console.log(`[mail] trimise ${r.sent}, de reîncercat ${r.retried}, eșuate definitiv ${r.failed}`);
    // saved searches' new matches (decisions 109 and 117: webhook events, or notices and mails
    // that the next round delivers), then the webhooks (issue 50): the events queued by the
    // fan-out above, this check and the app
    const m = await checkSavedSearchMatchesEvery5Min();
    if (m?.Events || m?.Notices) console.log(`[căutări salvate] ${m.Checked} verificate, ${m.Events} evenimente, ${m.Notices} notificări, ${m.Mails} e-mailuri`);
    const w = await deliverWebhooks({ timeBudgetMs: 20_000 });
    if (w.delivered || w.retried || w.failed) console.log(`[webhooks] livrate ${w.delivered}, de reîncercat ${w.retried}, eșuate definitiv ${w.failed}, adrese dezactivate ${w.disabled}`);
  }
  const c = await deliverCampaignMessages({ timeBudgetMs: 60_000, shouldStop: () => stopping });
  if (c.sent || c.retried || c.failed || c.suppressed || c.cancelled || c.parked) {
    console.log(`[campanii] trimise ${c.sent}, de reîncercat ${c.retried}, eșuate definitiv ${c.failed}, suprimate ${c.suppressed}, anulate ${c.cancelled}, în așteptarea deblocării autorului ${c.parked}`);
  }
  if (!campaignsOnly) {
    await purgeExpiredAuthData();
    // privacy (decision 060): opens and clicks past TRACKING_RETENTION_MONTHS, once a day.
    const kept = await applyTrackingRetentionDaily();
    if (kept?.deleted) console.log(`[retenție] înainte de ${kept.cutoff}: ${kept.deleted} deschideri/clicuri șterse`);
    if (kept?.notificationsDeleted) console.log(`[retenție] ${kept.notificationsDeleted} notificări citite vechi șterse`);
    if (kept?.webhookDeliveriesDeleted) console.log(`[retenție] ${kept.webhookDeliveriesDeleted} livrări webhook vechi șterse`);
  }
  return c.sent + c.retried + c.failed + c.suppressed + c.cancelled > 0;
}

/** The fan-out of the imports that ended since the last round (decision 073). */
async function fanOut(): Promise<void> {
  const r = await fanOutPendingRuns();
  for (const run of r.runs) console.log(`[monitorizare] importul #${run.runId}: ${run.created} notificări în ${(run.ms / 1000).toFixed(1)} s`);
}

/**
 * The idle wait between rounds, cut short when an import ends: its followers are notified within
 * FANOUT_POLL_MS of its end (plus the fan-out's own time), not at the next 15-s round.
 */
async function idle(ms: number, stopped: () => boolean): Promise<void> {
  const end = Date.now() + ms;
  while (!stopped() && Date.now() < end) {
    await new Promise((r) => setTimeout(r, Math.min(FANOUT_POLL_MS, end - Date.now())));
    if (!campaignsOnly && !stopped() && (await fanOutPending().catch(() => false))) return;
  }
}

/** This sender's metrics, for Prometheus (loopback unless --metrics-host says otherwise). */
function serveMetrics(port: number, host: string) {
  collectProcessMetrics();
  http
    .createServer((req, res) => {
      if (req.url !== '/metrics') {
        res.statusCode = 404;
        res.end();
        return;
      }
      sharedRegistry()
        .metrics()
        .then((body) => {
          res.setHeader('content-type', sharedRegistry().contentType);
          res.end(body);
        })
        .catch(() => {
          res.statusCode = 500;
          res.end();
        });
    })
    .listen(port, host)
    .unref();
}

async function main() {
  const loop = process.argv.includes('--loop');
  if (jsonLogsWanted()) routeConsoleToLogger(createLogger('sender'));
  if (arg('--metrics-port')) serveMetrics(Number(arg('--metrics-port')), arg('--metrics-host') ?? '127.0.0.1');
  if (usesLocalMailbox()) console.log(`[mail] fără SMTP_URL: mesajele se scriu în ${mailboxDir()} (și pe /dev/mailbox)`);
  if (!loop) {
    await once();
    resetTransports();
    await closeDb();
    return;
  }
  let round: Promise<boolean> = Promise.resolve(false);
  // A release's SIGTERM: no new claim; the messages already claimed are sent and committed (each
  // leaves Sending), so no lease is left to run out. Past STOP_WAIT_MS the process ends anyway and
  // what it still holds is sent again after its lease, with the same Message-ID (decision 061).
  const stop = async () => {
    if (stopping) process.exit(0);
    stopping = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([round, new Promise((r) => (timer = setTimeout(r, STOP_WAIT_MS)))]);
    clearTimeout(timer);
    resetTransports();
    await closeDb().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  while (!stopping) {
    // A failed round (database restarting, SMTP down) is logged and retried on the next tick.
    round = once().catch((e) => {
      console.error(`[mail] ${e instanceof Error ? e.message : String(e)}`);
      return false;
    });
    const busy = await round;
    if (!busy) await idle(INTERVAL_MS, () => stopping);
  }
}

main().catch((e) => {
  console.error(`[mail] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
