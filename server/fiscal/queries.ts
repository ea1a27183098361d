// Reading the last fiscal checks (decision 098). The company page reads one stored row and never
// calls ANAF: a missing or stale check is only *asked for* (a row in the refresh queue, written
// without the page waiting for it), and the background worker makes the call.
import 'server-only';
import { env } from '../kernel/env';
import { readSql, sql } from '../kernel/db';
import { clockNow } from '../kernel/clock';
import { LruCache } from '../kernel/lru';
import type { FiscalCheckDto } from '@/lib/fiscal/types';
import type { FactFilterInfo } from '@/lib/search/types';

type Row = {
  cui: number;
  checked_at: Date | null;
  found: boolean | null;
  vat_payer: boolean | null;
  vat_since: string | null;
  vat_ended_on: string | null;
  vat_on_cash: boolean | null;
  vat_on_cash_since: string | null;
  split_vat: boolean | null;
  split_vat_since: string | null;
  inactive: boolean | null;
  inactive_since: string | null;
  reactivated_on: string | null;
  e_factura: boolean | null;
  e_factura_since: string | null;
  error_at: Date | null;
  error: string | null;
};

// Dates as text: a DATE is a calendar day, never shifted by a time zone.
const COLUMNS = `cui, checked_at, found, vat_payer, vat_since::text, vat_ended_on::text, vat_on_cash, vat_on_cash_since::text,
  split_vat, split_vat_since::text, inactive, inactive_since::text, reactivated_on::text, e_factura, e_factura_since::text, error_at, error`;

/** Whether a check made at `checkedAt` is older than FISCAL_MAX_AGE_HOURS. */
function isFiscalCheckStale(checkedAt: Date | null, now: Date = clockNow()): boolean {
  return checkedAt === null || now.getTime() - checkedAt.getTime() > env.FISCAL_MAX_AGE_HOURS * 3_600_000;
}

function toFiscalCheckDto(r: Row): FiscalCheckDto {
  return {
    Cui: r.cui,
    CheckedAt: r.checked_at?.toISOString() ?? null,
    Found: r.found,
    VatPayer: r.vat_payer,
    VatSince: r.vat_since,
    VatEndedOn: r.vat_ended_on,
    VatOnCash: r.vat_on_cash,
    VatOnCashSince: r.vat_on_cash_since,
    SplitVat: r.split_vat,
    SplitVatSince: r.split_vat_since,
    Inactive: r.inactive,
    InactiveSince: r.inactive_since,
    ReactivatedOn: r.reactivated_on,
    EFactura: r.e_factura,
    EFacturaSince: r.e_factura_since,
    // An error older than the last good answer no longer says anything.
    ErrorAt: r.error_at && (!r.checked_at || r.error_at > r.checked_at) ? r.error_at.toISOString() : null,
    Error: r.error_at && (!r.checked_at || r.error_at > r.checked_at) ? r.error : null,
    IsStale: isFiscalCheckStale(r.checked_at),
  };
}

/** The stored check of a company, or null when it was never checked. */
export async function getFiscalCheck(cui: number, opts: { onPrimary?: boolean } = {}): Promise<FiscalCheckDto | null> {
  const [row] = await readSql<Row>(`SELECT ${COLUMNS} FROM fiscal_check WHERE cui = $1`, [cui], opts.onPrimary ?? false);
  return row ? toFiscalCheckDto(row) : null;
}

/** The stored checks of many companies (the bulk report), by CUI. */
export async function listFiscalChecks(cuis: readonly number[]): Promise<Map<number, FiscalCheckDto>> {
  const rows = await sql<Row>(`SELECT ${COLUMNS} FROM fiscal_check WHERE cui = ANY($1::int[])`, [cuis]);
  return new Map(rows.map((r) => [r.cui, toFiscalCheckDto(r)]));
}

// A company asked for once stays asked for a while in this process: repeated views of a stale page
// do not write the queue on every request.
const recentlyAsked = new LruCache<true>(20_000, 5 * 60_000);

/**
 * The company page's read: the stored check, and when it is missing or stale a background check is
 * asked for. The queue write is not awaited and its failure is ignored: the page depends on
 * neither ANAF nor the queue.
 */
export async function readFiscalBlock(cui: number): Promise<FiscalCheckDto | null> {
  const check = await getFiscalCheck(cui);
  if ((!check || check.IsStale) && !recentlyAsked.get(String(cui))) {
    recentlyAsked.set(String(cui), true);
    // A failed write is asked again when the entry expires.
    void sql(`INSERT INTO fiscal_refresh_request (cui) SELECT cui FROM company WHERE cui = $1 ON CONFLICT (cui) DO NOTHING`, [cui]).catch(() => {});
  }
  return check;
}

/** Tests: forget which companies were asked for. */
export function forgetAskedCompanies(): void {
  recentlyAsked.clear();
}

/** The hint beside the search's fiscal and risk filters (decision 107), read at most once a minute. */
let factInfo: { at: number; value: Promise<FactFilterInfo> } | null = null;

export function findFactFilterInfo(): Promise<FactFilterInfo> {
  if (!factInfo || Date.now() - factInfo.at > 60_000) {
    const value = sql<{ checked: number; list_date: string | null }>(
      `SELECT (SELECT count(*)::int FROM fiscal_check WHERE checked_at IS NOT NULL AND found) AS checked,
              (SELECT to_char(max(list_date), 'YYYY-MM-DD') FROM tax_arrears_list l WHERE EXISTS (SELECT 1 FROM tax_arrears t WHERE t.list_id = l.id)) AS list_date`,
    ).then(([row]) => ({ CheckedCompanies: row?.checked ?? 0, ArrearsListDate: row?.list_date ?? null }));
    factInfo = { at: Date.now(), value };
    // A failed read is not kept: the next page asks again.
    value.catch(() => {
      if (factInfo?.value === value) factInfo = null;
    });
  }
  return factInfo.value;
}
