// The importer of ANAF's lists of debtors with tax arrears (decision 099). ANAF publishes them each
// quarter, separately for large, medium and other taxpayers, with the arrears per budget; the
// layout of the published files could not be established from public documentation, so no parser
// ships: a parser of a confirmed layout implements ArrearsListParser and hands its list to
// importArrearsList, which stores it and records a monitoring event for each company newly listed
// in its category (kind "arrears", source "anaf"), fanned out to followers like every change.
import 'server-only';
import { withTransaction } from '../kernel/tx';

const ARREARS_CATEGORIES = ['mari', 'mijlocii', 'mici', 'alte'] as const;
export type ArrearsCategory = (typeof ARREARS_CATEGORIES)[number];

/** One company's arrears on one budget (lei). */
export type ArrearsRow = { cui: number; budget: string; principal: number; accessories: number };

/** One published list: its date (the end of the quarter it reports) and its category. */
export type ArrearsList = { listDate: string; category: ArrearsCategory; source: string; rows: ArrearsRow[] };

/** What a parser of one published layout provides. */
export interface ArrearsListParser {
  /** Whether this parser reads the file (by its name and first bytes). */
  accepts(fileName: string, head: string): boolean;
  /** The list in the file; throws with a Romanian message naming the line it cannot read. */
  parse(fileName: string, text: string): ArrearsList;
}

const lei = (n: number) => `${Math.round(n).toLocaleString('ro-RO')} lei`;

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
