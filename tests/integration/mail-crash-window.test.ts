// "None doubled" (issue 32, decision 061): a campaign sender SIGKILLed right after an SMTP 250 sends
// nothing twice, because each message is committed Trimis before its connection carries the next
// one. The one window no sender can close: the receiver took the whole message and the sender
// died before reading the 250 (RFC 1047); that message is sent again after the lease, with the
// same Message-ID, so the receiver can drop the copy.
import type { ChildProcess } from 'node:child_process';
import { sql } from '@/server/kernel/db';
import { env } from '@/server/kernel/env';
import { countByStatus, queueCampaign, senderSettings, sleep, startSender, startSink } from '../../scripts/bench/mail-support';

jest.setTimeout(300_000);

const exited = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));

/** One SMTP connection, so "the next message is on the wire" means "the previous one is done". */
const settings = (port: number) => senderSettings(env.DATABASE_URL, port, { MAIL_RATE_PER_MINUTE: '1000000', MAIL_LEASE_SECONDS: '2', MAIL_SMTP_CONNECTIONS: '1' });

/** Starts a sender whenever the previous one was killed, until the campaign's queue is empty; answers how many were started. */
async function sendThroughKills(draftId: number, port: number, current: { child: ChildProcess | null }): Promise<number> {
  const deadline = Date.now() + 240_000;
  for (let starts = 1; ; starts++) {
    const child = startSender(settings(port));
    current.child = child;
    for (;;) {
      const s = await countByStatus(draftId);
      if (!s.Queued && !s.Sending) {
        child.kill('SIGTERM');
        await exited(child);
        return starts;
      }
      if (child.exitCode !== null || child.signalCode !== null) break; // killed: start the next one
      if (Date.now() > deadline) throw new Error(`the queue did not empty: ${JSON.stringify(s)}`);
      await sleep(100);
    }
  }
}

async function rowsOf(draftId: number) {
  return sql<{ message_id: string; status: string; events: number }>(
    `SELECT ms.message_id, ms.status, (SELECT count(*)::int FROM mail_status_event e WHERE e.mail_send_id = ms.id AND e.status = 'Trimis') AS events
       FROM mail_send ms WHERE ms.grouped_mail_id = $1`,
    [draftId],
  );
}

test('killed as the next message opens its envelope (just after the previous 250): nothing lost, nothing doubled', async () => {
  const current: { child: ChildProcess | null } = { child: null };
  const killAt = new Set([4, 11]);
  let kills = 0;
  const sink = await startSink({
    // The n-th envelope: every message before it got its 250. A SIGKILL now is a crash "after the 250".
    onMailFrom: async (n) => {
      if (!killAt.has(n) || !current.child) return;
      current.child.kill('SIGKILL');
      await exited(current.child);
      kills++;
    },
  });
  const campaign = await queueCampaign(15, `window${Date.now().toString(36)}`);
  try {
    // A killed sender leaves its rows Sending until their lease ends; the next sender takes them.
    expect(await sendThroughKills(campaign.draftId, sink.port, current)).toBe(3);
    await sleep(300);
    expect(kills).toBe(2);
    const rows = await rowsOf(campaign.draftId);
    expect(rows).toHaveLength(15);
    expect(rows.every((r) => r.status === 'Trimis' && r.events === 1)).toBe(true);
    expect(sink.accepted.size).toBe(15); // none lost
    expect(sink.total()).toBe(15); // none doubled (before decision 061 the ids waiting for the 20 ms batch were sent again)
  } finally {
    if (current.child && current.child.exitCode === null && current.child.signalCode === null) current.child.kill('SIGKILL');
    await sink.close();
    await campaign.cleanup();
  }
});

test('killed after the receiver took the message but before its 250 arrived: sent again once, with the same Message-ID', async () => {
  const current: { child: ChildProcess | null } = { child: null };
  let victim: string | null = null;
  const sink = await startSink({
    beforeAccept: async (messageId) => {
      if (victim || !current.child) return;
      victim = messageId;
      current.child.kill('SIGKILL');
      await exited(current.child);
    },
  });
  const campaign = await queueCampaign(10, `window250${Date.now().toString(36)}`);
  try {
    expect(await sendThroughKills(campaign.draftId, sink.port, current)).toBe(2);
    await sleep(300);
    const rows = await rowsOf(campaign.draftId);
    expect(rows.every((r) => r.status === 'Trimis' && r.events === 1)).toBe(true);
    expect(victim).not.toBeNull();
    // The one repeat is that message, under the Message-ID it had the first time.
    expect(sink.accepted.get(victim!)).toBe(2);
    expect([...sink.accepted.values()].filter((n) => n > 1)).toHaveLength(1);
    expect(sink.accepted.size).toBe(10);
    expect(rows.map((r) => r.message_id)).toContain(victim);
  } finally {
    if (current.child && current.child.exitCode === null && current.child.signalCode === null) current.child.kill('SIGKILL');
    await sink.close();
    await campaign.cleanup();
  }
});
