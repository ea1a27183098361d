// Faults of the database that leave the app running (issue 51, decision 110): its disk full and
// the read replica unreachable or cut off from the primary (the WAL archive is read from
// pg_stat_archiver, server/kernel/durability.ts). Each one is noticed where it shows first, writes one
// log line when it starts and one when it ends, is counted, and is reported by readiness and the
// metrics; each mends by itself: a probe retries the disk or the replica at most every few seconds
// once a fault is seen, and the first success clears it without a restart.
import 'server-only';
import client from 'prom-client';
import type pg from 'pg';
import { metric } from './counters';

export type DbFault = 'disk-full' | 'wal-disk-full' | 'archive-failing' | 'replica-unreachable' | 'replica-not-streaming';

export const DB_FAULTS: readonly DbFault[] = ['disk-full', 'wal-disk-full', 'archive-failing', 'replica-unreachable', 'replica-not-streaming'];

type FaultState = { since: number; lastProbe: number; detail: string };

const state = new Map<DbFault, FaultState>();

/** How often a probe may retry a fault's cause (and how long reads skip an unreachable replica). */
export const FAULT_PROBE_MS = 5_000;

const START_LINE: Record<DbFault, string> = {
  'disk-full': 'discul bazei de date este plin (53100): scrierile eșuează cu 503, citirile continuă; eliberați spațiu, aplicația își revine singură',
  'wal-disk-full':
    'discul WAL al bazei de date (pg_wal) este plin: PostgreSQL s-a oprit, nici citirile nu merg; eliberați spațiu, supraveghetorul îl repornește și aplicația își revine singură',
  'archive-failing': 'arhivarea WAL eșuează: verificați discul sau depozitul copiilor; PostgreSQL reîncearcă singur, iar pg_wal crește până atunci',
  'replica-unreachable': 'replica de citire nu răspunde: citirile merg la primar până răspunde din nou',
  'replica-not-streaming': 'replica de citire nu mai primește WAL de la primar: datele ei rămân în urmă, o promovare acum ar pierde întârzierea',
};
const END_LINE: Record<DbFault, string> = {
  'disk-full': 'discul bazei de date are din nou loc: scrierile merg',
  'wal-disk-full': 'baza de date răspunde din nou după discul WAL plin',
  'archive-failing': 'arhivarea WAL merge din nou',
  'replica-unreachable': 'replica de citire răspunde din nou: citirile publice merg iar la ea',
  'replica-not-streaming': 'replica de citire primește din nou WAL de la primar',
};

function countFault(fault: DbFault, event: 'started' | 'ended' | 'fallback'): void {
  metric(client.Counter, {
    name: 'radarfirme_db_fault_total',
    help: 'Faults of the database seen by this instance (decision 110): started and ended per fault, and reads sent to the primary while the replica was unreachable (fallback)',
    labelNames: ['fault', 'event'],
  }).inc({ fault, event });
}

/** Records that `fault` holds now (one log line when it starts). */
export function raiseFault(fault: DbFault, detail: string): void {
  const now = Date.now();
  const s = state.get(fault);
  if (s) {
    s.detail = detail;
    return;
  }
  state.set(fault, { since: now, lastProbe: now, detail });
  countFault(fault, 'started');
  console.error(`[db] ${START_LINE[fault]} (${detail})`);
}

/** Records that `fault` is over (one log line, if it held). */
export function clearFault(fault: DbFault): void {
  const s = state.get(fault);
  if (!s) return;
  state.delete(fault);
  countFault(fault, 'ended');
  console.log(`[db] ${END_LINE[fault]} (după ${((Date.now() - s.since) / 1000).toFixed(1)} s)`);
}

export const hasFault = (fault: DbFault) => state.has(fault);

/** The faults holding now, oldest first, with how long they have lasted (readiness, metrics). */
export function currentFaults(): Array<{ fault: DbFault; seconds: number; detail: string }> {
  const now = Date.now();
  return [...state.entries()].sort((a, b) => a[1].since - b[1].since).map(([fault, s]) => ({ fault, seconds: (now - s.since) / 1000, detail: s.detail }));
}

/** True when a probe of `fault` is due (at most one every FAULT_PROBE_MS), and marks it taken. */
export function probeDue(fault: DbFault): boolean {
  const s = state.get(fault);
  if (!s || Date.now() - s.lastProbe < FAULT_PROBE_MS) return false;
  s.lastProbe = Date.now();
  return true;
}

/** Tests: forget every fault. */
export function resetFaultsForTest(): void {
  state.clear();
}

/**
 * True for PostgreSQL's disk_full (53100) however it arrives: node-postgres' error, Prisma's
 * driver-adapter error (the code in cause.originalCode or meta) or only the OS message in the text.
 */
export function isDiskFullError(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 4) return false;
  const o = e as { code?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; meta?: unknown; kind?: unknown };
  if (o.code === '53100' || o.originalCode === '53100') return true;
  if (typeof o.message === 'string' && /No space left on device|could not extend file/i.test(o.message)) return true;
  return isDiskFullError(o.cause, depth + 1) || isDiskFullError(o.meta, depth + 1) || (typeof o.meta === 'object' && o.meta !== null && Object.values(o.meta).some((v) => isDiskFullError(v, depth + 1)));
}

/**
 * A disk-full error of the WAL (decision 118): PostgreSQL could not write pg_wal/xlogtemp.* (a new
 * segment) or a log file; that backend PANICs and the whole server stops, unlike a full data disk.
 */
const WAL_WRITE = /pg_wal\/|write to log file/;

/** Notes a failed statement: a disk-full one raises the fault. Returns whether it was one. */
export function noteDbError(e: unknown): boolean {
  if (!isDiskFullError(e)) return false;
  const message = (e as { message?: string }).message ?? '';
  raiseFault(WAL_WRITE.test(message) ? 'wal-disk-full' : 'disk-full', message.slice(0, 200) || '53100');
  return true;
}

/**
 * After a disk-full error: does the database take a write that needs new space? A temporary table
 * grown by about 1 MB (every new page extends its file on disk at once), in a transaction rolled
 * back, so the probe leaves nothing behind.
 */
export async function probeDiskSpace(pool: pg.Pool): Promise<void> {
  if (!probeDue('disk-full')) return;
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query('CREATE TEMP TABLE rf_disk_probe (b text) ON COMMIT DROP');
    // 1,000-character rows stay below the size PostgreSQL compresses: ~125 pages really written.
    await c.query(`INSERT INTO rf_disk_probe SELECT repeat(md5(g::text), 31) FROM generate_series(1, 1000) g`);
    await c.query('ROLLBACK');
    clearFault('disk-full');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    noteDbError(e);
  } finally {
    c.release();
  }
}

/** Errors of reaching a server (not of a statement): refused, reset, timed out, cut, shutting down. */
export function isUnreachableError(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', '57P01', '57P02', '57P03'].includes(err?.code ?? '') ||
    /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(err?.message ?? '')
  );
}

/**
 * The replica as the app sees it: reachable, and receiving WAL from the primary
 * (pg_stat_wal_receiver on the replica). Called by readiness and the metrics when a replica is
 * configured; raises or clears both replica faults.
 */
export async function probeReplica(pool: pg.Pool, timeoutMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const rows = await Promise.race([
      pool.query<{ standby: boolean; status: string | null }>(`SELECT pg_is_in_recovery() AS standby, (SELECT status FROM pg_stat_wal_receiver) AS status`).then((r) => r.rows),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error('connection timeout'), { code: 'ETIMEDOUT' })), timeoutMs);
      }),
    ]);
    clearFault('replica-unreachable');
    // A promoted replica (no longer a standby) streams from nobody and needs nothing.
    if (rows[0].standby && rows[0].status !== 'streaming') raiseFault('replica-not-streaming', `wal receiver: ${rows[0].status ?? 'oprit'}`);
    else clearFault('replica-not-streaming');
  } catch (e) {
    if (isUnreachableError(e)) raiseFault('replica-unreachable', (e as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

/** Counts one read sent to the primary because the replica was unreachable. */
export const countReplicaFallback = () => countFault('replica-unreachable', 'fallback');
