import { apiRoute } from '@/server/http/route';
import { runFiscalRound } from '@/server/fiscal/worker';

export const dynamic = 'force-dynamic';
export const maxDuration = 60;

// Called by a scheduler (Authorization: Bearer CRON_SECRET) where no refresh loop runs: the checks
// the pages and the followed companies asked for, then the bulk checks (decision 098).
const def = {
  handler: async () => {
    const r = await runFiscalRound({ timeBudgetMs: 45_000 });
    return { Calls: r.calls, Checked: r.checked, Failed: r.failed, Queued: r.queued, BulkChecked: r.bulkChecked, CourtLookups: r.courts };
  },
};

export const GET = apiRoute('GET /api/cron/fiscal-checks', def);
export const POST = apiRoute('POST /api/cron/fiscal-checks', def);
