// The counters of the app and the senders, in the process's one Prometheus registry (issue 32,
// docs/decisions/052-shared-mail-rate-metrics-logs.md). The registry lives in the process slot
// (server/kernel/process-slot.mjs, decision 082): the front server (server/http/front/observability.mjs) creates it and records the request latency there; Next loads
// this module in its own bundle, and what it counts lands in the same registry, which /api/metrics
// writes out (server/ops/metrics.ts). Only prom-client here: the page cache and the sender import it.
import 'server-only';
import client, { type Registry } from 'prom-client';
import { processSlot } from '../kernel/process-slot.mjs';

export function metricsRegistry(): Registry {
  return processSlot('metrics.registry', () => new client.Registry());
}

export type Kind = typeof client.Counter | typeof client.Gauge | typeof client.Histogram;
export function metric<K extends Kind>(kind: K, config: ConstructorParameters<K>[0]): InstanceType<K> {
  const registry = metricsRegistry();
  return (registry.getSingleMetric(config.name) ?? new kind({ ...config, registers: [registry] } as never)) as InstanceType<K>;
}

/** Campaign messages by outcome: sent, failed (given up), retried (temporary failure), deferred (rate). */
export type MailOutcome = 'sent' | 'failed' | 'retried' | 'deferred' | 'suppressed';

export function countMailOutcome(outcome: MailOutcome, n = 1): void {
  if (n > 0) metric(client.Counter, { name: 'radarfirme_mail_messages_total', help: 'Campaign messages handled by this process, by outcome', labelNames: ['outcome'] }).inc({ outcome }, n);
}

/** Answers of the company and CAEN page cache: hit (from memory), revalidated (304), miss (rendered). */
export function countPageCache(result: 'hit' | 'revalidated' | 'miss'): void {
  metric(client.Counter, { name: 'radarfirme_page_cache_requests_total', help: 'Company and CAEN page cache answers by result', labelNames: ['result'] }).inc({ result });
}

/** Why the search copy was loaded in full: the first load, the change log (an import, a very large edit), a caller (tests, tools). */
export type SearchLoadReason = 'initial' | 'change-log' | 'requested';

/** Full loads of the in-process search copy, by reason and result (the reloads are those after `initial`). */
export function countSearchLoad(reason: SearchLoadReason, result: 'ok' | 'failed'): void {
  metric(client.Counter, {
    name: 'radarfirme_search_engine_loads_total',
    help: 'Full loads of the in-process search copy, by reason (initial, change-log: an import or a very large edit, requested) and result',
    labelNames: ['reason', 'result'],
  }).inc({ reason, result });
}

/**
 * Seconds a caller waited for a connection of a pg pool (server/kernel/db.ts): 0 when an idle one was
 * there, the connect time when a new one was opened, the queue time when the pool was full.
 */
export function observePoolWait(pool: 'primary' | 'replica' | 'prisma', seconds: number): void {
  metric(client.Histogram, {
    name: 'radarfirme_db_pool_wait_seconds',
    help: 'Time to get a connection from a database pool (idle, newly opened, or queued behind a full pool), by pool',
    labelNames: ['pool'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  }).observe({ pool }, seconds);
}

/**
 * Connections the pools could not open at the first try (server/kernel/db-hosts.ts, decision 103):
 * retried (waiting for a primary), recovered (opened after retries), switched (new connections now
 * go to another host: a promotion), failed (gave up: the caller got the error).
 */
export function countDbConnect(pool: 'primary' | 'replica' | 'prisma' | 'change-log', outcome: 'retried' | 'recovered' | 'switched' | 'failed'): void {
  metric(client.Counter, {
    name: 'radarfirme_db_connect_total',
    help: 'Connections a database pool could not open at once, by pool and outcome (retried, recovered, switched to another host, failed)',
    labelNames: ['pool', 'outcome'],
  }).inc({ pool, outcome });
}
