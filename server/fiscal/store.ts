// Writing the answers of ANAF (decision 098): one statement per call upserts the companies' last
// check; a company whose VAT registration, inactive status or e-Factura registration changed since
// its previous good check gets a change fact (company_change) in a finished import run of source
// "anaf", which the monitoring's fan-out worker turns into notifications and mail for its followers
// exactly as it does for the registry's changes (server/watch/fanout.ts, decision 073).
import 'server-only';
import type pg from 'pg';
import { withTransaction } from '../kernel/tx';
import { sql } from '../kernel/db';
import type { VatAnswer, VatStatus } from './anaf-parse';

type Previous = { cui: number; vat_payer: boolean | null; inactive: boolean | null; e_factura: boolean | null; checked_at: Date | null; found: boolean | null };

export type FiscalChange = { cui: number; kind: 'vat' | 'inactive' | 'efactura'; oldValue: string; newValue: string };

const yesNo = (b: boolean) => (b ? 'Da' : 'Nu');

/** What changed between two good answers: the monitoring events of one company. */
export function diffFiscal(prev: Pick<Previous, 'vat_payer' | 'inactive' | 'e_factura'>, next: VatStatus): FiscalChange[] {
  const out: FiscalChange[] = [];
  if (prev.vat_payer !== null && prev.vat_payer !== next.vatPayer) {
    out.push({ cui: next.cui, kind: 'vat', oldValue: prev.vat_payer ? 'plătitor de TVA' : 'neplătitor de TVA', newValue: next.vatPayer ? 'plătitor de TVA' : `înregistrare anulată${next.vatEndedOn ? ` (${next.vatEndedOn})` : ''}` });
  }
  if (prev.inactive !== null && prev.inactive !== next.inactive) {
    out.push({ cui: next.cui, kind: 'inactive', oldValue: yesNo(prev.inactive), newValue: next.inactive ? `Da${next.inactiveSince ? ` (din ${next.inactiveSince})` : ''}` : 'Nu (reactivată)' });
  }
  if (prev.e_factura !== null && prev.e_factura !== next.eFactura) {
    out.push({ cui: next.cui, kind: 'efactura', oldValue: yesNo(prev.e_factura), newValue: next.eFactura ? 'Da' : 'Nu (ieșită din registru)' });
  }
  return out;
}

const UPSERT_FOUND_SQL = `INSERT INTO fiscal_check AS f (cui, checked_at, found, vat_payer, vat_since, vat_ended_on, vat_on_cash, vat_on_cash_since,
    split_vat, split_vat_since, inactive, inactive_since, reactivated_on, e_factura, e_factura_since, anaf_name, anaf_address, error_at, error)
  SELECT x.cui, clock_timestamp(), true, x.vat_payer, x.vat_since, x.vat_ended_on, x.vat_on_cash, x.vat_on_cash_since,
    x.split_vat, x.split_vat_since, x.inactive, x.inactive_since, x.reactivated_on, x.e_factura, x.e_factura_since, x.anaf_name, x.anaf_address, NULL, NULL
  FROM jsonb_to_recordset($1::jsonb) AS x(cui int, vat_payer bool, vat_since date, vat_ended_on date, vat_on_cash bool, vat_on_cash_since date,
    split_vat bool, split_vat_since date, inactive bool, inactive_since date, reactivated_on date, e_factura bool, e_factura_since date,
    anaf_name text, anaf_address text)
  JOIN company c ON c.cui = x.cui
  ORDER BY x.cui
  ON CONFLICT (cui) DO UPDATE SET checked_at = EXCLUDED.checked_at, found = true, vat_payer = EXCLUDED.vat_payer, vat_since = EXCLUDED.vat_since,
    vat_ended_on = EXCLUDED.vat_ended_on, vat_on_cash = EXCLUDED.vat_on_cash, vat_on_cash_since = EXCLUDED.vat_on_cash_since,
    split_vat = EXCLUDED.split_vat, split_vat_since = EXCLUDED.split_vat_since, inactive = EXCLUDED.inactive, inactive_since = EXCLUDED.inactive_since,
    reactivated_on = EXCLUDED.reactivated_on, e_factura = EXCLUDED.e_factura, e_factura_since = EXCLUDED.e_factura_since,
    anaf_name = EXCLUDED.anaf_name, anaf_address = EXCLUDED.anaf_address, error_at = NULL, error = NULL`;

// ANAF does not know the CUI: said once, every status cleared (nothing to show as a yes or a no).
const UPSERT_NOT_FOUND_SQL = `INSERT INTO fiscal_check AS f (cui, checked_at, found)
  SELECT c.cui, clock_timestamp(), false FROM company c WHERE c.cui = ANY($1::int[]) ORDER BY c.cui
  ON CONFLICT (cui) DO UPDATE SET checked_at = EXCLUDED.checked_at, found = false, vat_payer = NULL, vat_since = NULL, vat_ended_on = NULL,
    vat_on_cash = NULL, vat_on_cash_since = NULL, split_vat = NULL, split_vat_since = NULL, inactive = NULL, inactive_since = NULL,
    reactivated_on = NULL, e_factura = NULL, e_factura_since = NULL, anaf_name = NULL, anaf_address = NULL, error_at = NULL, error = NULL`;

/** Stores one call's answer; returns the change facts written. */
export async function saveVatAnswer(answer: VatAnswer, today: string): Promise<FiscalChange[]> {
  return withTransaction(async (client) => {
    const cuis = [...answer.found.map((f) => f.cui), ...answer.notFound];
    if (cuis.length === 0) return [];
    // Locked in CUI order, so two writers of overlapping batches (a page refresh and a bulk job) queue instead of deadlocking.
    const prev = await client.query<Previous>(
      `SELECT cui, vat_payer, inactive, e_factura, checked_at, found FROM fiscal_check WHERE cui = ANY($1::int[]) ORDER BY cui FOR UPDATE`,
      [cuis],
    );
    const before = new Map(prev.rows.map((r) => [r.cui, r]));
    const rows = answer.found.map((f) => ({
      cui: f.cui,
      vat_payer: f.vatPayer,
      vat_since: f.vatSince,
      vat_ended_on: f.vatEndedOn,
      vat_on_cash: f.vatOnCash,
      vat_on_cash_since: f.vatOnCashSince,
      split_vat: f.splitVat,
      split_vat_since: f.splitVatSince,
      inactive: f.inactive,
      inactive_since: f.inactiveSince,
      reactivated_on: f.reactivatedOn,
      e_factura: f.eFactura,
      e_factura_since: f.eFacturaSince,
      anaf_name: f.name,
      anaf_address: f.address,
    }));
    if (rows.length) await client.query(UPSERT_FOUND_SQL, [JSON.stringify(rows)]);
    if (answer.notFound.length) await client.query(UPSERT_NOT_FOUND_SQL, [answer.notFound]);
    const changes = answer.found.flatMap((f) => {
      const p = before.get(f.cui);
      return p && p.checked_at && p.found ? diffFiscal(p, f) : [];
    });
    if (changes.length) await recordChanges(client, changes, today);
    return changes;
  });
}

/** The changes as one finished run of source "anaf": the fan-out worker notifies the followers. */
async function recordChanges(client: pg.PoolClient, changes: FiscalChange[], today: string): Promise<void> {
  const run = await client.query<{ id: number }>(
    `INSERT INTO import_run (source, file_key, file_name, data_date, status, phase, finished_at)
     VALUES ('anaf', 'anaf-vat:' || to_char(clock_timestamp(), 'YYYYMMDDHH24MISSMS'), 'ANAF PlatitorTvaRest v9', $1::date, 'done', 'done', now()) RETURNING id`,
    [today],
  );
  await client.query(
    `INSERT INTO company_change (cui, kind, old_value, new_value, source, data_date, run_id)
     SELECT x.cui, x.kind, x.old_value, x.new_value, 'anaf', $2::date, $3 FROM jsonb_to_recordset($1::jsonb) AS x(cui int, kind text, old_value text, new_value text)`,
    [JSON.stringify(changes.map((c) => ({ cui: c.cui, kind: c.kind, old_value: c.oldValue, new_value: c.newValue }))), today, run.rows[0].id],
  );
}

/** A check that could not be made: the reason beside the last good answer, which stays. */
export async function saveVatFailure(cuis: readonly number[], message: string): Promise<void> {
  await sql(
    `INSERT INTO fiscal_check AS f (cui, error_at, error)
     SELECT c.cui, clock_timestamp(), $2 FROM company c WHERE c.cui = ANY($1::int[]) ORDER BY c.cui
     ON CONFLICT (cui) DO UPDATE SET error_at = EXCLUDED.error_at, error = EXCLUDED.error`,
    [cuis, message.slice(0, 300)],
  );
}
