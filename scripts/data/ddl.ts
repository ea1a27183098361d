// Keys, indexes and foreign keys of a set of tables, read from the catalog so that a bulk load can
// drop them, fill the tables, and rebuild them exactly as the migrations defined them (including
// indexes added by later migrations). Used by the demo seed and by scripts/data/large.ts.
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
