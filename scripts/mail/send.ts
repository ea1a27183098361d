// Delivers the queued mail of the outbox (server/mail/outbox.ts). `npm run mail:send` runs once;
// `--loop` keeps running and delivers every 15 s (scripts/start.ts starts it that way), which is
// what a cron calling /api/cron/send-mails does on a real deployment.
import { purgeExpiredAuthData } from '../../server/auth/maintenance';
import { closeDb } from '../../server/db';
import { usesLocalMailbox, mailboxDir } from '../../server/mail/mailbox';
import { deliverQueuedMail } from '../../server/mail/outbox';

const INTERVAL_MS = 15_000;

async function once(): Promise<void> {
  const r = await deliverQueuedMail({ limit: 200 });
  if (r.sent || r.retried || r.failed) console.log(`[mail] trimise ${r.sent}, de reîncercat ${r.retried}, eșuate definitiv ${r.failed}`);
  await purgeExpiredAuthData();
}

async function main() {
  const loop = process.argv.includes('--loop');
  if (usesLocalMailbox()) console.log(`[mail] fără SMTP_URL: mesajele se scriu în ${mailboxDir()} (și pe /dev/mailbox)`);
  if (!loop) {
    await once();
    await closeDb();
    return;
  }
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await closeDb().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  while (!stopping) {
    // A failed round (database restarting, SMTP down) is logged and retried on the next tick.
    await once().catch((e) => console.error(`[mail] ${e instanceof Error ? e.message : String(e)}`));
    await new Promise((r) => setTimeout(r, INTERVAL_MS));
  }
}

main().catch((e) => {
  console.error(`[mail] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
