// Shared by the campaign benchmarks: a campaign of N addresses queued through the real sendDraft,
// a local SMTP sink (smtp-server) that counts what it accepted by Message-ID, and sender processes
// (scripts/mail/send.ts --loop --campaigns-only) started and killed like a real deployment's.
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(__dirname, '../..');

type Sink = {
  port: number;
  /** Accepted messages per Message-ID (a value above 1 is a duplicate). */
  accepted: Map<string, number>;
  total: () => number;
  firstAt: number | null;
  lastAt: number | null;
  /** Every acceptance in order: when, and to which address (the rate checks read it). */
  arrivals: { at: number; to: string }[];
  close: () => Promise<void>;
};

/**
 * Moments a test can act on (the crash tests SIGKILL a sender there): `onMailFrom(n)` when the n-th
 * message (from 1) opens its envelope, before the sink answers; `beforeAccept(messageId)` when a
 * message's data has fully arrived, before the sink counts it and answers 250.
 */
export type SinkHooks = { onMailFrom?: (n: number) => Promise<void> | void; beforeAccept?: (messageId: string) => Promise<void> | void };

export async function startSink(hooks: SinkHooks = {}): Promise<Sink> {
  let envelopes = 0;
  const accepted = new Map<string, number>();
  let total = 0;
  const sink: Sink = {
    port: 0,
    accepted,
    total: () => total,
    firstAt: null,
    lastAt: null,
    arrivals: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    // close() waits at most this long for connected clients to leave (the default is 30 s).
    closeTimeout: 500,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onMailFrom(_address, _session, callback) {
      envelopes++;
      if (!hooks.onMailFrom) return callback();
      Promise.resolve(hooks.onMailFrom(envelopes)).then(() => callback(), callback);
    },
    onData(stream, session, callback) {
      // Only the headers matter: the Message-ID says which queued row the message is.
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', async () => {
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? `?${total}`;
        // The message is whole: a receiver that answers 250 now has taken it, whether or not the
        // sender lives to read the answer (RFC 1047).
        await hooks.beforeAccept?.(id);
        accepted.set(id, (accepted.get(id) ?? 0) + 1);
        total++;
        const now = Date.now();
        sink.firstAt ??= now;
        sink.lastAt = now;
        sink.arrivals.push({ at: now, to: session.envelope.rcptTo[0]?.address ?? '' });
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets its connection: expected here, not a failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.server.address() as AddressInfo).port;
  return sink;
}

/**
 * Queues a campaign of `n` distinct addresses (5 per company) through sendDraft; returns its id.
 * `emailOf(i)` names the i-th address (default: on the sink's own domain).
 */
export async function queueCampaign(n: number, tag: string, emailOf = (i: number) => `bench-${tag}-${i}@sink.radarfirme.test`): Promise<{ draftId: number; userId: number; cleanup: () => Promise<void> }> {
  const { sql } = await import('../../server/kernel/db');
  const { sendDraft } = await import('../../server/sending/commands');
  const { createUser } = await import('../../tests/factories/users');
  const { addContactsBulk, createDraft } = await import('../../tests/factories/sending');
  const { env } = await import('../../server/kernel/env');
  env.MAIL_DAILY_LIMIT_PER_USER = Math.max(env.MAIL_DAILY_LIMIT_PER_USER, n * 2);
  const user = await createUser();
  // Companies without contacts of their own, so the campaign reaches exactly the n sink addresses.
  const companies = await sql<{ cui: number }>(
    `SELECT c.cui FROM company c WHERE NOT EXISTS (SELECT 1 FROM contact k WHERE k.cui = c.cui) ORDER BY c.cui LIMIT $1`,
    [Math.ceil(n / 5)],
  );
  if (companies.length * 5 < n) throw new Error(`Prea puține companii în baza de date (${companies.length}) pentru ${n} adrese.`);
  const rows = Array.from({ length: n }, (_, i) => ({ cui: companies[Math.floor(i / 5)].cui, email: emailOf(i) }));
  await addContactsBulk(rows);
  const draftId = await createDraft(user.id, companies.map((c) => ({ cui: c.cui })), { subject: 'Bench {{NumeFirma}}' });
  const result = await sendDraft({ userId: user.id, userName: user.userName, roles: ['User'] }, draftId);
  if (result.Queued !== n) throw new Error(`Așteptam ${n} mesaje în coadă, sunt ${result.Queued}.`);
  return {
    draftId,
    userId: user.id,
    cleanup: async () => {
      await sql(`DELETE FROM contact WHERE email = ANY($1::text[])`, [rows.map((r) => r.email)]);
      await sql(`DELETE FROM app_user WHERE id = $1`, [user.id]);
    },
  };
}

/** The settings of a sender process delivering to the sink on `port` (the benchmarks' and the tests'). */
export function senderSettings(url: string, port: number, over: Record<string, string>): Record<string, string> {
  return { DATABASE_URL: url, CAMPAIGN_SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_TRACKING: 'on', ...over };
}

/** Node itself (not the tsx launcher), so a SIGKILL kills the sender and not only its parent. */
export function startSender(env: Record<string, string>, log = false): ChildProcess {
  const args = ['--conditions=react-server', '--import', 'tsx', 'scripts/mail/send.ts', '--loop', '--campaigns-only', '--interval', '200'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: log ? 'inherit' : 'ignore',
  });
  return child;
}

export async function countByStatus(draftId: number): Promise<Record<string, number>> {
  const { sql } = await import('../../server/kernel/db');
  const rows = await sql<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM mail_send WHERE grouped_mail_id = $1 GROUP BY status`, [draftId]);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `main(url)` on a throwaway cluster when the file is started directly (not through run.ts). */
async function standalone(main: (o: { url: string }) => Promise<void>): Promise<void> {
  const { startTestCluster } = await import('../db/test-cluster');
  const cluster = await startTestCluster({ companies: Number(process.env.BENCH_COMPANIES ?? 4000) });
  process.env.DATABASE_URL = cluster.url;
  try {
    await main({ url: cluster.url });
  } finally {
    const { closeDb } = await import('../../server/kernel/db');
    await closeDb();
    await cluster.cleanup();
  }
}

/** `standalone(main)` for a bench file started directly: exit 0 when it passes, print the error and exit 1 otherwise. */
export function runStandalone(main: (o: { url: string }) => Promise<void>): void {
  standalone(main).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}

/** The most acceptances inside any window of `windowMs` (sliding): what a rate limit bounds. */
export function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

/** Waits until the campaign has nothing Queued or Sending, or throws after `timeoutMs`. */
export async function waitForEmptyQueue(draftId: number, timeoutMs: number): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await countByStatus(draftId);
    if (!s.Queued && !s.Sending) return s;
    if (Date.now() > deadline) throw new Error(`Coada nu s-a golit: ${JSON.stringify(s)}`);
    await sleep(200);
  }
}
