// Crash safety of the campaign sender, by fault injection (prints figures, fails loudly on loss):
// 5,000 messages to a local SMTP sink; the sender process is SIGKILLed at random moments 20 times
// and restarted. Every address must be received (0 lost). A message may arrive twice only when a
// kill fell between the sink's acceptance and the database commit; the test counts, at each kill,
// the messages the sink had accepted whose row was not yet committed ("in flight"), and checks
// that the duplicates do not exceed their sum.
// Run: npm run bench -- mail-crash   (or: npx tsx scripts/bench/mail-crash.bench.ts)
import { queueCampaign, senderSettings, sleep, runStandalone, startSender, startSink, waitForEmptyQueue } from './mail-support';

const MESSAGES = Number(process.env.CRASH_MESSAGES ?? 5000);
const KILLS = Number(process.env.CRASH_KILLS ?? 20);

export default async function run({ url }: { url: string }): Promise<void> {
  (await import('../../server/kernel/env')).env.DATABASE_URL = url;
  const sink = await startSink();
  const { sql } = await import('../../server/kernel/db');
  const campaign = await queueCampaign(MESSAGES, `crash${Date.now().toString(36)}`);
  const senderEnv = senderSettings(url, sink.port, { MAIL_LEASE_SECONDS: '2', MAIL_RATE_PER_MINUTE: '1000000' });
  const began = Date.now();
  // Accepted by the sink but not committed at some kill: the only messages that may arrive twice.
  const inFlight = new Set<string>();
  const kills: string[] = [];
  try {
    for (let k = 0; k < KILLS; k++) {
      const before = sink.total();
      const child = startSender(senderEnv);
      // The kill must land while messages are moving: wait for this sender's first delivery (it
      // needs a second or more to start), then a random moment of the sending.
      const started = Date.now();
      while (sink.total() === before && Date.now() - started < 20_000) await sleep(20);
      await sleep(Math.random() * 1500);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      // A message whose last bytes were already on the wire may still be accepted by the sink.
      await sleep(300);
      // Accepted by the sink but not committed: the only messages a restart can send again.
      const sending = await sql<{ message_id: string }>(`SELECT message_id FROM mail_send WHERE grouped_mail_id = $1 AND status = 'Sending'`, [campaign.draftId]);
      const now = sending.filter((r) => sink.accepted.has(r.message_id));
      for (const r of now) inFlight.add(r.message_id);
      kills.push(`${sink.accepted.size}/${MESSAGES} (${now.length} în zbor)`);
    }
    const finisher = startSender(senderEnv);
    try {
      await waitForEmptyQueue(campaign.draftId, 180_000);
    } finally {
      // Also when the queue did not empty in time: a sender left running would go on sending.
      finisher.kill('SIGTERM');
      await new Promise((r) => finisher.once('exit', r));
    }

    const rows = await sql<{ message_id: string; status: string }>(`SELECT message_id, status FROM mail_send WHERE grouped_mail_id = $1`, [campaign.draftId]);
    const lost = rows.filter((r) => !sink.accepted.has(r.message_id)).length;
    const duplicates = sink.total() - sink.accepted.size;
    const inFlightAtKills = inFlight.size;
    // Every repeated message must be one of those in flight at a kill.
    const strays = [...sink.accepted].filter(([id, n]) => n > 1 && !inFlight.has(id)).length;
    const notSent = rows.filter((r) => r.status !== 'Trimis').length;
    console.log(`Omorâri (SIGKILL): ${kills.length}; primite la fiecare: ${kills.join(', ')}`);
    console.log(`Mesaje: ${MESSAGES}; primite distinct: ${sink.accepted.size}; pierdute: ${lost}; rânduri netrimise: ${notSent}`);
    console.log(`Duplicate: ${duplicates} (limita: ${inFlightAtKills} mesaje distincte acceptate și necomise la omorâri; duplicate în afara lor: ${strays}); durată ${((Date.now() - began) / 1000).toFixed(1)} s`);
    if (lost || notSent) throw new Error(`${lost} mesaje pierdute, ${notSent} rânduri netrimise`);
    if (duplicates > inFlightAtKills || strays) throw new Error(`${duplicates} duplicate (${strays} în afara celor în zbor) > ${inFlightAtKills} în zbor`);
    console.log('OK: 0 pierdute, duplicate în limită.');
  } finally {
    await sink.close();
    await campaign.cleanup();
  }
}

if (require.main === module) runStandalone(run);
