// One round of the fiscal background work (decision 098), for the refresh loop (scripts/fiscal/
// refresh.ts, started by npm start) and the cron endpoint: followed companies whose check is old
// join the queue, the queue is checked (the pages' requests first: they are what visitors see), then
// the bulk jobs use the time left. Every call of every round takes its slot of the one shared rate.
import 'server-only';
import { processFiscalQueue, queueStaleFollowedCompanies } from './commands';
import { processBulkJobs } from './bulk';
import { refreshFollowedCourtCases } from './court-cases';
import type { AnafVatClient } from './anaf-client';

export type FiscalRound = { calls: number; checked: number; failed: number; queued: number; bulkChecked: number; courts: number };

export async function runFiscalRound(opts: { timeBudgetMs?: number; client?: AnafVatClient } = {}): Promise<FiscalRound> {
  const deadline = Date.now() + (opts.timeBudgetMs ?? 45_000);
  const queued = await queueStaleFollowedCompanies();
  const q = await processFiscalQueue({ client: opts.client, maxCalls: 20, maxWaitMs: Math.max(1000, deadline - Date.now()) });
  // Court cases of followed companies: a few a round, one portal query each in the portal's own turn.
  const courts = await refreshFollowedCourtCases(5).catch((e: unknown) => {
    console.error(`[instante] ${e instanceof Error ? e.message : String(e)}`);
    return 0;
  });
  const left = deadline - Date.now();
  const bulk = left > 2000 ? await processBulkJobs({ client: opts.client, timeBudgetMs: left }) : { jobs: 0, checked: 0 };
  return { calls: q.calls, checked: q.checked, failed: q.failed, queued, bulkChecked: bulk.checked, courts };
}
