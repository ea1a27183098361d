// The importer of ANAF's lists of debtors with tax arrears (decisions 099 and 108). ANAF publishes
// them each quarter, separately for large, medium and other taxpayers, with the arrears per budget.
// A parser of a layout (arrears-file.ts reads the one documented in docs/guide/fiscal-checks.md, "Tax arrears")
// implements ArrearsListParser and hands its list to importArrearsList, which stores it and records
// a monitoring event for each company newly listed in its category (kind "arrears", source "anaf"),
// fanned out to followers like every change. The company page reads getTaxArrears.
import 'server-only';
import { withTransaction } from '../kernel/tx';
import { readSql } from '../kernel/db';
import { formatNumber } from '@/lib/format';
import type { TaxArrearsDto } from '@/lib/fiscal/types';

const ARREARS_CATEGORIES = ['mari', 'mijlocii', 'mici', 'alte'] as const;
export type ArrearsCategory = (typeof ARREARS_CATEGORIES)[number];

/** One company's arrears on one budget (lei). */
export type ArrearsRow = { cui: number; budget: string; principal: number; accessories: number };

/** One published list: its date (the end of the quarter it reports) and its category. */
export type ArrearsList = { listDate: string; category: ArrearsCategory; source: string; rows: ArrearsRow[] };

/** What a parser of one published layout provides. */
export interface ArrearsListParser {
  /** Whether this parser reads the file (by its name). */
  accepts(fileName: string): boolean;
  /** The list in the file; throws with a Romanian message naming the line it cannot read. `facts`: what the file name may not say. */
  parse(fileName: string, content: Buffer, facts?: { listDate?: string; category?: ArrearsCategory }): Promise<ArrearsList>;
}

const lei = (n: number) => `${formatNumber(Math.round(n))} lei`;

/**
 * Stores a list (a list already imported for the same date and category is replaced) and returns
 * how many companies it names and how many are newly listed. Companies RadarFirme does not know are
 * left out.
 */
export async function importArrearsList(list: ArrearsList): Promise<{ companies: number; newlyListed: number }> {
  if (!ARREARS_CATEGORIES.includes(list.category)) throw new Error(`Categorie de listă necunoscută: ${list.category}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(list.listDate)) throw new Error(`Data listei nu este o dată: ${list.listDate}`);
  return withTransaction(async (client) => {
    const [{ id }] = (
      await client.query<{ id: number }>(
        `INSERT INTO tax_arrears_list (list_date, category, source) VALUES ($1::date, $2, $3)
         ON CONFLICT (list_date, category) DO UPDATE SET source = EXCLUDED.source, imported_at = now() RETURNING id`,
        [list.listDate, list.category, list.source.slice(0, 200)],
      )
    ).rows;
    await client.query(`DELETE FROM tax_arrears WHERE list_id = $1`, [id]);
    // The companies of the category's previous list: a company no longer listed must have its
    // cached page drawn again too, and only rows of a list touch a page (the triggers of
    // tax_arrears). A no-op update fires them.
    await client.query(
      `UPDATE tax_arrears SET principal = principal WHERE list_id = (
         SELECT id FROM tax_arrears_list WHERE category = $1 AND list_date < $2::date ORDER BY list_date DESC LIMIT 1)`,
      [list.category, list.listDate],
    );
    await client.query(
      `INSERT INTO tax_arrears (list_id, cui, budget, principal, accessories)
       SELECT $1, x.cui, x.budget, sum(x.principal), sum(x.accessories)
       FROM jsonb_to_recordset($2::jsonb) AS x(cui int, budget text, principal bigint, accessories bigint)
       JOIN company c ON c.cui = x.cui
       GROUP BY x.cui, x.budget`,
      [id, JSON.stringify(list.rows.map((r) => ({ ...r, principal: Math.round(r.principal), accessories: Math.round(r.accessories) })))],
    );
    // Newly listed: in this list, not in the previous list of the same category.
    const fresh = await client.query<{ cui: number; total: string }>(
      `SELECT a.cui, sum(a.principal + a.accessories)::text AS total FROM tax_arrears a
        WHERE a.list_id = $1
          AND NOT EXISTS (
            SELECT 1 FROM tax_arrears p JOIN tax_arrears_list pl ON pl.id = p.list_id
             WHERE p.cui = a.cui AND pl.category = $2 AND pl.list_date < $3::date
               AND pl.list_date = (SELECT max(list_date) FROM tax_arrears_list WHERE category = $2 AND list_date < $3::date))
        GROUP BY a.cui ORDER BY a.cui`,
      [id, list.category, list.listDate],
    );
    const [{ n }] = (await client.query<{ n: number }>(`SELECT count(DISTINCT cui)::int AS n FROM tax_arrears WHERE list_id = $1`, [id])).rows;
    if (fresh.rows.length) {
      const run = await client.query<{ id: number }>(
        `INSERT INTO import_run (source, file_key, file_name, data_date, status, phase, finished_at)
         VALUES ('anaf', 'anaf-arrears:' || $1 || ':' || $2, $3, $1::date, 'done', 'done', now()) RETURNING id`,
        [list.listDate, list.category, list.source.slice(0, 200)],
      );
      await client.query(
        `INSERT INTO company_change (cui, kind, old_value, new_value, source, data_date, run_id)
         SELECT x.cui, 'arrears', NULL, x.text, 'anaf', $2::date, $3 FROM jsonb_to_recordset($1::jsonb) AS x(cui int, text text)`,
        [JSON.stringify(fresh.rows.map((r) => ({ cui: r.cui, text: `${lei(Number(r.total))} (lista din ${list.listDate})` }))), list.listDate, run.rows[0].id],
      );
    }
    return { companies: n, newlyListed: fresh.rows.length };
  });
}

/**
 * The company page's block (decision 108): the company's arrears in the newest list of each
 * category that names it, by budget, with the list's date; and the date of the newest list at all
 * (null: no list was ever imported, the page shows no block). A company listed in an older list
 * and absent from its category's newest one is no longer listed.
 */
export async function getTaxArrears(cui: number): Promise<TaxArrearsDto | null> {
  const rows = await readSql<{ newest: string | null; list_date: string | null; category: string | null; budget: string | null; principal: string | null; accessories: string | null }>(
    `WITH latest AS (SELECT DISTINCT ON (category) id, category, list_date FROM tax_arrears_list ORDER BY category, list_date DESC)
     SELECT (SELECT max(list_date)::text FROM tax_arrears_list) AS newest, l.list_date::text, l.category, a.budget, a.principal::text, a.accessories::text
       FROM (SELECT 1) one
       LEFT JOIN (tax_arrears a JOIN latest l ON l.id = a.list_id) ON a.cui = $1
      ORDER BY l.list_date DESC NULLS LAST, a.budget`,
    [cui],
  );
  const newest = rows[0]?.newest ?? null;
  if (newest === null) return null;
  const listed = rows.filter((r) => r.list_date !== null);
  if (listed.length === 0) return { NewestListDate: newest, ListDate: null, Category: null, Budgets: [], Total: 0 };
  // A company is in one category; should two lists name it, the newest is shown.
  const first = listed[0];
  const budgets = listed
    .filter((r) => r.list_date === first.list_date && r.category === first.category)
    .map((r) => ({ Budget: r.budget!, Principal: Number(r.principal), Accessories: Number(r.accessories) }));
  return {
    NewestListDate: newest,
    ListDate: first.list_date,
    Category: first.category as ArrearsCategory,
    Budgets: budgets,
    Total: budgets.reduce((t, b) => t + b.Principal + b.Accessories, 0),
  };
}
