// One mail rate for the whole deployment (issue 32, docs/decisions/052-shared-mail-rate-metrics-logs.md).
// MAIL_RATE_PER_MINUTE is the rate of every campaign sender together, on every machine: each
// message reserves its send slot in PostgreSQL (table mail_rate_slot, one row per bucket) with one
// UPDATE that moves the bucket's next free moment on by 60/rate seconds, and the sender waits until
// its slot. The row lock orders the senders; the database clock is the only clock, so machines
// whose clocks differ still share one rate. Large mailbox providers get their own, lower bucket
// (MAIL_DOMAIN_RATES): a message to them takes a slot of its provider first, then a global one.
// A slot too far away (the provider is saturated, or the claim's lease would end first) is not
// reserved: the message goes back to the queue, due at that moment ("deferred"), without counting
// as an attempt, so no sender sleeps past its lease and another sender never takes it over mid-wait.
import 'server-only';
import { sql } from '../kernel/db';
import { env } from '../kernel/env';
import { countMailOutcome } from '../kernel/counters';
import { nowSql } from '../kernel/clock';

/** A provider's bucket: its name and its own rate per minute. */
export type DomainRate = { bucket: string; perMinute: number; domains: readonly string[] };

/**
 * `MAIL_DOMAIN_RATES`: "gmail=gmail.com,googlemail.com:1200; yahoo=yahoo.com,yahoo.ro:600".
 * Throws on anything else, so a typo fails at start instead of lifting a limit.
 */
export function parseDomainRates(text: string): DomainRate[] {
  const out: DomainRate[] = [];
  for (const part of text.split(';').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([a-z0-9-]{1,40})\s*=\s*([a-z0-9.,\s-]+):\s*(\d{1,7})$/i.exec(part);
    if (!m || Number(m[3]) < 1) throw new Error(`MAIL_DOMAIN_RATES: "${part}" nu are forma nume=domeniu,domeniu:pe_minut`);
    const domains = m[2].split(',').map((d) => d.trim().toLowerCase()).filter(Boolean);
    out.push({ bucket: m[1].toLowerCase(), perMinute: Number(m[3]), domains });
  }
  return out;
}

let parsed: { text: string; byDomain: Map<string, DomainRate> } | null = null;

/** The provider bucket of an address, or null when only the global rate applies. */
export function domainRateOf(email: string): DomainRate | null {
  if (parsed?.text !== env.MAIL_DOMAIN_RATES) {
    const byDomain = new Map<string, DomainRate>();
    for (const rate of parseDomainRates(env.MAIL_DOMAIN_RATES)) for (const d of rate.domains) byDomain.set(d, rate);
    parsed = { text: env.MAIL_DOMAIN_RATES, byDomain };
  }
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return parsed.byDomain.get(domain) ?? null;
}

/**
 * Reserves the next slot of a bucket when it is at most `maxWaitMs` away; answers how long to wait
 * for it, or null (nothing reserved) with the moment it would have been. $1 key, $2 seconds per
 * message, $3 the longest wait accepted in seconds.
 */
const RESERVE_SQL = `INSERT INTO mail_rate_slot AS b (key, next_at) VALUES ($1, clock_timestamp() + make_interval(secs => $2))
  ON CONFLICT (key) DO UPDATE SET next_at = greatest(b.next_at, clock_timestamp()) + make_interval(secs => $2)
   WHERE b.next_at <= clock_timestamp() + make_interval(secs => $3)
  RETURNING greatest(0, extract(epoch FROM b.next_at - make_interval(secs => $2) - clock_timestamp()) * 1000)::float8 AS wait_ms`;

async function reserve(key: string, perMinute: number, maxWaitMs: number): Promise<{ waitMs: number } | { retryInMs: number }> {
  const [row] = await sql<{ wait_ms: number }>(RESERVE_SQL, [key, 60 / perMinute, Math.max(0, maxWaitMs) / 1000]);
  if (row) return { waitMs: row.wait_ms };
  const [busy] = await sql<{ ms: number }>(`SELECT greatest(0, extract(epoch FROM next_at - clock_timestamp()) * 1000)::float8 AS ms FROM mail_rate_slot WHERE key = $1`, [key]);
  return { retryInMs: busy?.ms ?? 1000 };
}

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/** A provider slot further than this is not waited for: the message is deferred instead. */
const MAX_DOMAIN_WAIT_MS = 2_000;
/** Margin kept before the claim's lease ends (the send itself and its commit): 10 s, or a quarter of a short lease. */
const leaseMarginMs = () => Math.min(10_000, env.MAIL_LEASE_SECONDS * 250);

/**
 * At most MAIL_SMTP_CONNECTIONS messages of this process hold a slot and are not yet answered: a
 * slot is taken only when a connection can carry the message at once. Without this gate, slots
 * taken by more workers than connections waited in the SMTP pool and left together (a burst of
 * several slots' worth when the connections opened).
 */
let inFlight = 0;
const gateQueue: (() => void)[] = [];
async function enterGate(): Promise<void> {
  if (inFlight < env.MAIL_SMTP_CONNECTIONS) {
    inFlight++;
    return;
  }
  await new Promise<void>((resolve) => gateQueue.push(resolve));
}
function leaveGate(): void {
  const next = gateQueue.shift();
  if (next) next();
  else inFlight--;
}

/**
 * Sends one message in its slot of the deployment's rate: `send` runs when the slot has come and
 * true is answered; false when the message was put back in the queue for later instead (the caller
 * does nothing more with it). `leaseEndsAt`: when the claim ends. The connection's place is held
 * until `send` returns, so a `send` that also commits the outcome (sender.ts) commits it before
 * this connection carries another message (decision 061).
 */
export async function sendInSlot(m: { id: number; email: string }, leaseEndsAt: number, send: () => Promise<unknown>): Promise<boolean> {
  await enterGate();
  try {
    if (!(await takeSendSlot(m, leaseEndsAt))) return false;
    await send();
    return true;
  } finally {
    leaveGate();
  }
}

async function takeSendSlot(m: { id: number; email: string }, leaseEndsAt: number): Promise<boolean> {
  const leaseLeft = leaseEndsAt - leaseMarginMs() - Date.now();
  const provider = domainRateOf(m.email);
  let waitMs = 0;
  if (provider) {
    const slot = await reserve(`domain:${provider.bucket}`, provider.perMinute, Math.min(MAX_DOMAIN_WAIT_MS, leaseLeft));
    if ('retryInMs' in slot) return deferMessage(m.id, slot.retryInMs);
    waitMs = slot.waitMs;
  }
  // The global slot is taken once the provider's has come, so both rates hold at the moment of sending.
  await sleep(waitMs);
  const slot = await reserve('global', env.MAIL_RATE_PER_MINUTE, leaseEndsAt - leaseMarginMs() - Date.now());
  if ('retryInMs' in slot) return deferMessage(m.id, slot.retryInMs);
  await sleep(slot.waitMs);
  return true;
}

/** Back to Queued, due when its slot would have come; this claim's attempt does not count. */
async function deferMessage(id: number, inMs: number): Promise<false> {
  await sql(
    `UPDATE mail_send SET status = 'Queued', attempts = greatest(0, attempts - 1), next_attempt = ${nowSql()} + make_interval(secs => $2)
      WHERE id = $1 AND status = 'Sending'`,
    [id, Math.max(0.05, inMs / 1000)],
  );
  countMailOutcome('deferred');
  return false;
}

/**
 * How many messages one sender claims at once: no more than its share of the rate can send well
 * inside the lease (a claim that outlives its lease could be taken over and sent twice).
 */
export function claimSize(wanted: number): number {
  const perLease = (env.MAIL_RATE_PER_MINUTE / 60) * env.MAIL_LEASE_SECONDS;
  return Math.max(1, Math.min(wanted, Math.floor(perLease / 4)));
}

/** Tests: forget the parsed MAIL_DOMAIN_RATES. */
export function resetDomainRates(): void {
  parsed = null;
}

/** The metrics of one sender round (deferred messages are counted as they are put back). */
export function recordSenderReport(r: { sent: number; retried: number; failed: number; suppressed: number }): void {
  countMailOutcome('sent', r.sent);
  countMailOutcome('retried', r.retried);
  countMailOutcome('failed', r.failed);
  countMailOutcome('suppressed', r.suppressed);
}
