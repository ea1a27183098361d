// The fiscal background worker (issue 48, decision 098): the ANAF checks the company pages and the
// followed companies asked for, then the bulk checks. `--loop` keeps running (npm start starts it
// that way); without it, one round. On a deployment a scheduler calling /api/cron/fiscal-checks
// does the same. Any number may run on any number of machines: the call rate is the deployment's
// (remote_call_slot in PostgreSQL), and each request and job is taken by one worker.
import { closeDb } from '../../server/kernel/db';
import { runFiscalRound } from '../../server/fiscal/worker';
import { fanOutPendingRuns } from '../../server/watch/fanout';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const IDLE_MS = Number(arg('--interval') ?? 5_000);

async function once(): Promise<boolean> {
  const r = await runFiscalRound({ timeBudgetMs: 50_000 });
  if (r.calls || r.bulkChecked || r.failed) {
    console.log(`[anaf] ${r.calls} apeluri, ${r.checked} firme verificate, ${r.failed} eșuate, ${r.bulkChecked} în verificări în masă`);
  }
  // Changes found become notifications now rather than at the mail sender's next round.
  if (r.checked || r.bulkChecked) await fanOutPendingRuns();
  return r.calls > 0 || r.bulkChecked > 0;
}

async function main() {
  if (!process.argv.includes('--loop')) {
    await once();
    await closeDb();
    return;
  }
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  while (!stopped) {
    let busy = false;
    try {
      busy = await once();
    } catch (e) {
      console.error(`[anaf] ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!busy) await new Promise((r) => setTimeout(r, IDLE_MS));
  }
  await closeDb();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
