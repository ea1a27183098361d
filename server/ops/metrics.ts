// Prometheus metrics of an app instance (issue 32, docs/decisions/052-shared-mail-rate-metrics-logs.md):
// the counters (server/kernel/counters.ts) and the request latency (the front, server/http/front/observability.mjs)
// are kept as they happen; the gauges that describe shared state (the mail queue, the search
// engine, the pool) are read when Prometheus scrapes.
import 'server-only';
import client from 'prom-client';
import { getPool, sql } from '../kernel/db';
import { engineLagSeconds, engineStatus } from '../search/engine';
import { searchCacheStats } from '../search/caches';
import { searchIndexStats } from '../search/search-index';
import { metric, metricsRegistry } from '../kernel/counters';
import { refreshDbFaults } from '../kernel/durability';
import { currentFaults, DB_FAULTS, type DbFault } from '../kernel/db-faults';

/**
 * The campaign queue per status. mail_send is read only through server/sending/queries.ts
 * (decision 085), which sits above ops: the route passes its countQueueByStatus in.
 */
export type CampaignQueueCounter = () => Promise<Array<{ state: string; n: number }>>;

// A gauge is registered once per registry, and its collect() with it: it reads the counter through
// this variable, so it always uses the one renderMetrics was last given.
let countCampaignQueue: CampaignQueueCounter | null = null;

/** The gauges read at scrape time; registered once per registry. */
function registerScrapeGauges(): void {
  metric(client.Gauge, {
    name: 'radarfirme_db_durability',
    help: 'WAL archiving and replication of the primary (decisions 102, 103): archive_enabled, archived, archive_failed (attempts since the statistics reset), archive_failing (0/1, the newest attempt failed), archive_last_success_age_seconds, replicas_streaming, replica_lag_bytes',
    labelNames: ['measure'],
    async collect() {
      this.reset();
      const d = await refreshDbFaults();
      if (!d) return;
      this.set({ measure: 'archive_enabled' }, d.archiveEnabled ? 1 : 0);
      this.set({ measure: 'archived' }, d.archivedCount);
      this.set({ measure: 'archive_failed' }, d.archiveFailedCount);
      this.set({ measure: 'archive_failing' }, d.archiveFailing ? 1 : 0);
      if (d.archiveLastSuccessAgeSeconds !== null) this.set({ measure: 'archive_last_success_age_seconds' }, d.archiveLastSuccessAgeSeconds);
      this.set({ measure: 'replicas_streaming' }, d.replicasStreaming);
      this.set({ measure: 'replica_lag_bytes' }, d.replicaLagBytes);
    },
  });
  metric(client.Gauge, {
    name: 'radarfirme_db_fault',
    help: 'Faults of the database holding now (decision 110), 1 while it holds: disk-full, wal-disk-full, archive-failing, replica-unreachable, replica-not-streaming; read after radarfirme_db_durability has refreshed them',
    labelNames: ['fault'],
    async collect() {
      await refreshDbFaults();
      const now = new Set<DbFault>(currentFaults().map((f) => f.fault));
      for (const fault of DB_FAULTS) this.set({ fault }, now.has(fault) ? 1 : 0);
    },
  });
  metric(client.Gauge, {
    name: 'radarfirme_mail_queue_depth',
    help: 'Campaign messages waiting (Queued) or held by a sender (Sending), and transactional mail waiting in the outbox',
    labelNames: ['queue', 'state'],
    async collect() {
      this.reset();
      // Both or neither, as when this was one statement: a failed read leaves the campaign at 0 and no outbox line.
      const [campaign, outbox] = await Promise.all([
        countCampaignQueue ? countCampaignQueue() : [],
        sql<{ state: string; n: number }>(`SELECT status AS state, count(*)::int AS n FROM outbox_mail WHERE status IN ('Queued', 'Sending') GROUP BY status`),
      ]).catch(() => [[], []]);
      for (const state of ['Queued', 'Sending']) this.set({ queue: 'campaign', state }, 0);
      for (const r of campaign) this.set({ queue: 'campaign', state: r.state }, r.n);
      for (const r of outbox) this.set({ queue: 'outbox', state: r.state }, r.n);
    },
  });
  metric(client.Gauge, {
    name: 'radarfirme_search_engine',
    help: 'The in-process search copy: ready (0/1), rows, seconds of the last load, companies applied since, reads of the change log since the start, age of the copy in seconds, reloads seen; its search index: current (0/1), seconds of the last build, bytes, searches it answered and declined since the start, ANDs made without the SIMD arena (no free slot)',
    labelNames: ['measure'],
    async collect() {
      const s = await engineStatus();
      this.set({ measure: 'enabled' }, s.enabled ? 1 : 0);
      this.set({ measure: 'ready' }, s.ready ? 1 : 0);
      this.set({ measure: 'rows' }, s.rows);
      this.set({ measure: 'load_seconds' }, s.loadSeconds);
      this.set({ measure: 'applied' }, s.applied);
      this.set({ measure: 'change_log_reads' }, s.syncs);
      this.set({ measure: 'copy_age_seconds' }, s.loadedAt ? (Date.now() - s.loadedAt) / 1000 : 0);
      this.set({ measure: 'reloads' }, Math.max(0, s.loadsCompleted - 1));
      this.set({ measure: 'index_current' }, s.indexCurrent ? 1 : 0);
      this.set({ measure: 'index_build_seconds' }, s.indexBuildMs / 1000);
      this.set({ measure: 'index_bytes' }, s.indexBytes);
      const ix = searchIndexStats();
      this.set({ measure: 'index_answered' }, ix.answered);
      this.set({ measure: 'index_declined' }, ix.declined);
    },
  });
  metric(client.Gauge, {
    name: 'radarfirme_search_cache',
    help: 'The search caches since the start: whole answers per filter (result_*) and the companies of result pages by CUI (item_*: companies found kept or read, pages asked, pages that needed PostgreSQL)',
    labelNames: ['measure'],
    collect() {
      const s = searchCacheStats();
      this.set({ measure: 'result_entries' }, s.answers);
      this.set({ measure: 'result_hits' }, s.hits);
      this.set({ measure: 'result_misses' }, s.misses);
      this.set({ measure: 'item_entries' }, s.rows);
      this.set({ measure: 'item_hits' }, s.rowHits);
      this.set({ measure: 'item_misses' }, s.rowMisses);
      this.set({ measure: 'item_pages' }, s.pages);
      this.set({ measure: 'item_page_reads' }, s.reads);
    },
  });
  metric(client.Gauge, {
    name: 'radarfirme_search_engine_lag_seconds',
    help: 'Age of the oldest committed company change the in-process search copy has not applied yet (0: up to date; NaN: no copy, engine off or first load)',
    async collect() {
      this.set((await engineLagSeconds().catch(() => null)) ?? Number.NaN);
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

/** The text Prometheus scrapes; `campaignQueue` counts the campaign messages waiting (countQueueByStatus of server/sending/queries.ts). */
export async function renderMetrics(campaignQueue: CampaignQueueCounter): Promise<{ body: string; contentType: string }> {
  countCampaignQueue = campaignQueue;
  registerScrapeGauges();
  const registry = metricsRegistry();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
