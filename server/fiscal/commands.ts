// Checks of ANAF's VAT-payer register (decision 098): a list of companies checked 100 to a call at
// the deployment's shared rate; the background queue the company page and the followed companies
// feed; "Verifică acum" of a signed-in user, limited per user.
import 'server-only';
import { env } from '../kernel/env';
import { sql } from '../kernel/db';
import { nowSql } from '../kernel/clock';
import { notFound } from '../kernel/errors';
import { hitRateLimit, rateLimited } from '../kernel/rate-limit';
import type { Actor } from '../auth/actor';
import { liveCompanyGroupSql } from '../groups/policy';
import type { FiscalCheckDto } from '@/lib/fiscal/types';
import { AnafVatClient, FiscalUnavailableError, anafClient } from './anaf-client';
import { saveVatAnswer, saveVatFailure, type FiscalChange } from './store';
import { chunk, backoffDelay } from './resilience';
import { getFiscalCheck } from './queries';
import { checkNowLimitKey } from './policy';

export type CheckReport = { checked: number; failed: number; changes: FiscalChange[]; error: string | null };

/** Today in Romania (the date ANAF is asked about). */
export function bucharestToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * Checks these companies: one call per ANAF_CUIS_PER_CALL CUIs, each in its slot of the shared
 * rate. A call that fails leaves its companies' last good answers and records why. `maxWaitMs`:
 * the longest wait of each call for its slot and retries. `onProgress` runs after each call.
 */
export async function checkCompanies(
  cuis: readonly number[],
  opts: { client?: AnafVatClient; maxWaitMs?: number; onProgress?: (r: CheckReport) => Promise<void> | void } = {},
): Promise<CheckReport> {
  const client = opts.client ?? anafClient();
  const report: CheckReport = { checked: 0, failed: 0, changes: [], error: null };
  const today = bucharestToday();
  for (const batch of chunk([...new Set(cuis)], env.ANAF_CUIS_PER_CALL)) {
    try {
      const answer = await client.checkVat(batch, today, opts.maxWaitMs ?? 120_000);
      report.changes.push(...(await saveVatAnswer(answer, today)));
      report.checked += batch.length;
    } catch (e) {
      if (!(e instanceof FiscalUnavailableError)) throw e;
      await saveVatFailure(batch, e.message);
      report.failed += batch.length;
      report.error = e.message;
    }
    await opts.onProgress?.(report);
  }
  return report;
}

/** Asks for a background check of these companies (nothing happens for an unknown CUI). */
export async function requestFiscalRefresh(cuis: readonly number[]): Promise<void> {
  if (cuis.length === 0) return;
  await sql(
    `INSERT INTO fiscal_refresh_request (cui) SELECT c.cui FROM company c WHERE c.cui = ANY($1::int[]) ORDER BY c.cui
     ON CONFLICT (cui) DO NOTHING`,
    [cuis],
  );
}

/** Requests older than this many attempts wait the longest backoff (they are never dropped: a page may still show them). */
const QUEUE_BACKOFF = { baseMs: 60_000, capMs: 3_600_000 };

/**
 * The background worker's round (the refresh loop, the cron endpoint): takes the due requests 100
 * at a time and checks them, until none is due or `maxCalls` calls were made. A request is taken
 * by deleting it (SKIP LOCKED: two workers never take the same); a failed one goes back with a
 * later due time. A worker killed between taking and checking loses its requests: the next page
 * view or follow round asks again.
 */
export async function processFiscalQueue(opts: { maxCalls?: number; client?: AnafVatClient; maxWaitMs?: number } = {}): Promise<{ calls: number; checked: number; failed: number }> {
  const out = { calls: 0, checked: 0, failed: 0 };
  while (out.calls < (opts.maxCalls ?? 30)) {
    const taken = await sql<{ cui: number; attempts: number }>(
      `DELETE FROM fiscal_refresh_request WHERE cui IN (
         SELECT cui FROM fiscal_refresh_request WHERE due_at <= ${nowSql()} ORDER BY due_at, cui LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING cui, attempts`,
      [env.ANAF_CUIS_PER_CALL],
    );
    if (taken.length === 0) break;
    out.calls++;
    const r = await checkCompanies(
      taken.map((t) => t.cui),
      { client: opts.client, maxWaitMs: opts.maxWaitMs },
    );
    out.checked += r.checked;
    out.failed += r.failed;
    if (r.failed > 0) {
      const attempts = Math.max(...taken.map((t) => t.attempts)) + 1;
      await sql(
        `INSERT INTO fiscal_refresh_request (cui, attempts, due_at) SELECT c.cui, $2, ${nowSql()} + make_interval(secs => $3)
         FROM company c WHERE c.cui = ANY($1::int[]) ORDER BY c.cui
         ON CONFLICT (cui) DO UPDATE SET attempts = EXCLUDED.attempts, due_at = EXCLUDED.due_at`,
        [taken.map((t) => t.cui), attempts, backoffDelay(attempts, QUEUE_BACKOFF) / 1000],
      );
      // The service is in trouble: the rest of the queue waits for the next round.
      break;
    }
  }
  return out;
}

/**
 * Followed companies (directly or through a followed group) whose last check is older than
 * FISCAL_MAX_AGE_HOURS, or missing, join the queue: their followers hear of a change without anyone
 * opening the page. At most `limit` per round, oldest first.
 */
export async function queueStaleFollowedCompanies(limit = 1000): Promise<number> {
  const rows = await sql<{ n: number }>(
    `WITH followed AS (
       SELECT cui FROM watch_company
       UNION
       SELECT cg.cui FROM watch_group wg JOIN company_in_group cg ON cg.group_id = wg.group_id AND ${liveCompanyGroupSql('cg')}
     ), due AS (
       SELECT f.cui FROM followed f LEFT JOIN fiscal_check k ON k.cui = f.cui
       WHERE k.checked_at IS NULL OR k.checked_at < ${nowSql()} - make_interval(secs => $1)
       ORDER BY k.checked_at NULLS FIRST LIMIT $2
     ), ins AS (
       INSERT INTO fiscal_refresh_request (cui) SELECT cui FROM due ORDER BY cui ON CONFLICT (cui) DO NOTHING RETURNING 1
     )
     SELECT count(*)::int AS n FROM ins`,
    [env.FISCAL_MAX_AGE_HOURS * 3600, limit],
  );
  return rows[0]?.n ?? 0;
}

/** How long "Verifică acum" waits for its slot before it leaves the check to the queue. */
const CHECK_NOW_WAIT_MS = 5_000;

/**
 * "Verifică acum": the user's own request, so the user (not a page) waits for the answer, at most a
 * few seconds for the shared slot. Limited per user per hour; an answer that could not be had
 * leaves the last good one and says why.
 */
export async function checkNow(actor: Actor, cui: number): Promise<{ Message: string; Check: FiscalCheckDto }> {
  const [company] = await sql<{ cui: number }>(`SELECT cui FROM company WHERE cui = $1`, [cui]);
  if (!company) throw notFound('Firma nu a fost găsită.');
  if (env.FISCAL_CHECK_NOW_PER_HOUR > 0) {
    const hit = await hitRateLimit(checkNowLimitKey(actor), env.FISCAL_CHECK_NOW_PER_HOUR, 3600);
    if (!hit.allowed) throw rateLimited(hit.retryAfterSeconds, (m) => `Ați făcut multe verificări la ANAF. Încercați din nou peste ${m} minute.`);
  }
  const r = await checkCompanies([cui], { maxWaitMs: CHECK_NOW_WAIT_MS });
  if (r.failed > 0) await requestFiscalRefresh([cui]);
  const check = await getFiscalCheck(cui, { onPrimary: true });
  return {
    Message: r.failed > 0 ? `Verificarea nu a putut fi făcută acum: ${r.error ?? ''} Se reia automat.` : 'Datele fiscale au fost verificate la ANAF.',
    Check: check!,
  };
}
