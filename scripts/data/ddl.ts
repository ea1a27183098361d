// Keys, indexes and foreign keys of a set of tables, read from the catalog so that a bulk load can
// drop them, fill the tables, and rebuild them exactly as the migrations defined them (including
// indexes added by later migrations), and the materialized views to refresh after a load. Used by
// the demo seed and by scripts/data/large.ts.
import type pg from 'pg';

export type Ddl = { ord: number; kind: 'pk' | 'unique' | 'index' | 'fk'; tbl: string; name: string; ddl: string };

/** Keys, unique constraints and indexes of the tables, and every foreign key from or to them. */
export async function readDefinitions(client: pg.ClientBase, tables: readonly string[]): Promise<Ddl[]> {
  const { rows } = await client.query<Omit<Ddl, 'ord'>>(
    `SELECT CASE c.contype WHEN 'p' THEN 'pk' WHEN 'u' THEN 'unique' ELSE 'fk' END AS kind,
            c.conrelid::regclass::text AS tbl, c.conname AS name,
            format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) AS ddl
     FROM pg_constraint c
     WHERE (c.conrelid::regclass::text = ANY($1) AND c.contype IN ('p', 'u', 'f'))
        OR (c.confrelid::regclass::text = ANY($1) AND c.contype = 'f')
     UNION ALL
     SELECT 'index', i.indrelid::regclass::text, i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
     FROM pg_index i
     WHERE i.indrelid::regclass::text = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)`,
    [tables],
  );
  const order = { pk: 0, unique: 1, index: 2, fk: 3 } as const;
  return rows
    .sort((a, b) => order[a.kind] - order[b.kind] || a.tbl.localeCompare(b.tbl) || a.name.localeCompare(b.name))
    .map((d, ord) => ({ ...d, ord }));
}

/** Foreign keys first (they depend on the keys), then keys, then plain indexes. */
export async function dropDefinitions(client: pg.ClientBase, defs: readonly Ddl[]): Promise<void> {
  for (const d of [...defs].reverse()) {
    if (d.kind === 'index') await client.query(`DROP INDEX IF EXISTS ${d.name}`);
    else await client.query(`ALTER TABLE ${d.tbl} DROP CONSTRAINT IF EXISTS "${d.name}"`);
  }
}

/** Rebuilds the given kinds in dependency order (keys before the foreign keys that need them). */
export async function createDefinitions(client: pg.ClientBase, defs: readonly Ddl[], kinds: readonly Ddl['kind'][]): Promise<void> {
  for (const d of defs) if (kinds.includes(d.kind)) await client.query(d.ddl);
}

/**
 * Materialized views defined by later migrations (e.g. the search count cube), in dependency
 * order, so that a bulk load leaves every one of them fresh; the landing views of
 * rf_refresh_stats() are excluded (refreshed by it).
 */
async function otherMaterializedViews(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ view: string; deps: string[] }>(
    `SELECT v.oid::regclass::text AS view,
            coalesce(array_agg(DISTINCT d.refobjid::regclass::text) FILTER (WHERE dc.relkind = 'm' AND dc.oid <> v.oid), '{}') AS deps
     FROM pg_class v
     JOIN pg_namespace n ON n.oid = v.relnamespace AND n.nspname = 'public'
     LEFT JOIN pg_rewrite r ON r.ev_class = v.oid
     LEFT JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid AND d.refclassid = 'pg_class'::regclass
     LEFT JOIN pg_class dc ON dc.oid = d.refobjid
     WHERE v.relkind = 'm'
     GROUP BY v.oid`,
  );
  const mine = new Set(['mv_company_counts', 'mv_landing_totals', 'mv_county_stats', 'mv_caen_stats', 'mv_caen_section_stats', 'mv_size_band_stats']);
  const deps = new Map(rows.map((r) => [r.view, r.deps]));
  const ordered: string[] = [];
  const visit = (v: string, seen: Set<string>) => {
    if (ordered.includes(v) || seen.has(v)) return;
    seen.add(v);
    for (const d of deps.get(v) ?? []) visit(d, seen);
    ordered.push(v);
  };
  for (const r of rows) visit(r.view, new Set());
  return ordered.filter((v) => !mine.has(v));
}

/** Refreshes the materialized views of otherMaterializedViews(), in order. */
export async function refreshOtherMaterializedViews(client: pg.ClientBase): Promise<void> {
  for (const view of await otherMaterializedViews(client)) await client.query(`REFRESH MATERIALIZED VIEW ${view}`);
}
