// The counters of the app and the senders, in the process's one Prometheus registry (issue 32,
// docs/decisions/052-shared-mail-rate-metrics-logs.md). The registry lives on globalThis: the front
// server (scripts/observability.mjs) creates it and records the request latency there; Next loads
// this module in its own bundle, and what it counts lands in the same registry, which /api/metrics
// writes out (server/ops/metrics.ts). Only prom-client here: the page cache and the sender import it.
import 'server-only';
import client, { type Registry } from 'prom-client';

const REGISTRY = Symbol.for('radarfirme.metrics.registry');

export function metricsRegistry(): Registry {
  const g = globalThis as Record<symbol, unknown>;
  g[REGISTRY] ??= new client.Registry();
  return g[REGISTRY] as Registry;
}

export type Kind = typeof client.Counter | typeof client.Gauge;
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
