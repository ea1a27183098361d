// Prometheus metrics of the app and the senders (issue 32, docs/decisions/052-shared-mail-rate-metrics-logs.md).
// The registry lives on globalThis: the front server (scripts/observability.mjs) creates it and
// records the request latency; Next loads this module in its own bundle, and the counters it adds
// here land in the same registry, which /api/metrics writes out. Gauges that describe shared state
// (the mail queue, the search engine, the pool) are read when Prometheus scrapes, not kept up to date.
import 'server-only';
import client, { type Registry } from 'prom-client';
import { getPool, sql } from '../db';
import { engineStatus } from '../search/engine';

const REGISTRY = Symbol.for('radarfirme.metrics.registry');
const CONTEXT = Symbol.for('radarfirme.requestContext');

export function metricsRegistry(): Registry {
  const g = globalThis as Record<symbol, unknown>;
  g[REGISTRY] ??= new client.Registry();
  return g[REGISTRY] as Registry;
}

/** The id of the request being served (the front's x-request-id), or null outside a request. */
export function currentRequestId(): string | null {
  const als = (globalThis as Record<symbol, { getStore(): { requestId?: string } | undefined } | undefined>)[CONTEXT];
  return als?.getStore()?.requestId ?? null;
}

type Kind = typeof client.Counter | typeof client.Gauge;
function metric<K extends Kind>(kind: K, config: ConstructorParameters<K>[0]): InstanceType<K> {
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

let lastLoadedAt = 0;
let reloads = 0;

/** The gauges read at scrape time; registered once per registry. */
function registerScrapeGauges(): void {
  metric(client.Gauge, {
    name: 'radarfirme_mail_queue_depth',
    help: 'Campaign messages waiting (Queued) or held by a sender (Sending), and transactional mail waiting in the outbox',
    labelNames: ['queue', 'state'],
    async collect() {
      this.reset();
      const rows = await sql<{ queue: string; state: string; n: number }>(
        `SELECT 'campaign' AS queue, status AS state, count(*)::int AS n FROM mail_send WHERE status IN ('Queued', 'Sending') GROUP BY status
         UNION ALL
         SELECT 'outbox', status, count(*)::int FROM outbox_mail WHERE status IN ('Queued', 'Sending') GROUP BY status`,
      ).catch(() => []);
      for (const state of ['Queued', 'Sending']) this.set({ queue: 'campaign', state }, 0);
      for (const r of rows) this.set({ queue: r.queue, state: r.state }, r.n);
    },
  });
  metric(client.Gauge, {
    name: 'radarfirme_search_engine',
    help: 'The in-process search copy: ready (0/1), rows, seconds of the last load, companies applied since, age of the copy in seconds, reloads seen',
    labelNames: ['measure'],
    async collect() {
      const s = await engineStatus();
      if (s.loadedAt && s.loadedAt !== lastLoadedAt) {
        if (lastLoadedAt) reloads++;
        lastLoadedAt = s.loadedAt;
      }
      this.set({ measure: 'enabled' }, s.enabled ? 1 : 0);
      this.set({ measure: 'ready' }, s.ready ? 1 : 0);
      this.set({ measure: 'rows' }, s.rows);
      this.set({ measure: 'load_seconds' }, s.loadSeconds);
      this.set({ measure: 'applied' }, s.applied);
      this.set({ measure: 'copy_age_seconds' }, s.loadedAt ? (Date.now() - s.loadedAt) / 1000 : 0);
      this.set({ measure: 'reloads' }, reloads);
      // The sync lag, when the engine reports it (cluster-search's exact sync adds it).
      const lag = (s as { lagSeconds?: number }).lagSeconds;
      if (typeof lag === 'number') this.set({ measure: 'lag_seconds' }, lag);
    },
  });
  metric(client.Gauge, {
    name: 'radarfirme_db_pool',
    help: 'The raw-SQL connection pool: connections (total, idle) and queries waiting for a connection',
    labelNames: ['state'],
    collect() {
      const pool = getPool();
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}

/** The text Prometheus scrapes. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  registerScrapeGauges();
  const registry = metricsRegistry();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
