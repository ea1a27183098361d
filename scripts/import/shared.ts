// Pieces the importers share: the source/date bookkeeping of the companies a chunk touched.
import type pg from 'pg';
import type { Source } from './engine';

/**
 * company_source for the companies of a chunk (temp table `tbl` with columns cui and changed):
 * data_date moves to the newest data that holds the company, changed_date to the data that last
 * changed its facts. Rows are written only when one of the dates moves.
 */
export async function recordSources(client: pg.ClientBase, source: Source, tbl: string, dataDate: string): Promise<void> {
  const agg = `(SELECT cui, bool_or(changed) AS changed FROM ${tbl} GROUP BY cui)`;
  await client.query(
    `UPDATE company_source s SET data_date = greatest(s.data_date, $1::date),
            changed_date = CASE WHEN k.changed THEN $1::date ELSE s.changed_date END
     FROM ${agg} k
     WHERE s.cui = k.cui AND s.source = $2 AND (s.data_date < $1::date OR (k.changed AND s.changed_date <> $1::date))`,
    [dataDate, source],
  );
  await client.query(
    `INSERT INTO company_source (cui, source, data_date, changed_date)
     SELECT k.cui, $2::varchar, $1::date, $1::date FROM ${agg} k
     WHERE EXISTS (SELECT 1 FROM company c WHERE c.cui = k.cui)
       AND NOT EXISTS (SELECT 1 FROM company_source s WHERE s.cui = k.cui AND s.source = $2)`,
    [dataDate, source],
  );
  await client.query(`INSERT INTO imp_changed (source, cui) SELECT DISTINCT $1::varchar, cui FROM ${tbl} WHERE changed ON CONFLICT DO NOTHING`, [source]);
}
