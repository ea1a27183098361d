// The migration runner sends each migration script to PostgreSQL whole, as Prisma's native engine
// does: semicolons inside PL/pgSQL bodies, string literals and comments stay where they are, and a
// migration that fails part-way leaves nothing behind (one implicit transaction). Throwaway
// migration folders applied to a new database on the test cluster, dropped afterwards.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createThrowawayDb, root, runMigrate, withDb } from './support/migrations';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'rf-migrations-'));
const drops: Array<() => Promise<unknown>> = [];

const PLPGSQL = `-- A comment; with a semicolon, as a hand-written migration may have.
CREATE TABLE note (
  id int PRIMARY KEY,
  body text NOT NULL DEFAULT 'one; two'
);
INSERT INTO note (id, body) VALUES (1, 'first; second; third'), (2, DEFAULT);

CREATE FUNCTION note_parts(p_id int) RETURNS int AS $$
DECLARE
  parts int := 0;
  piece text;
BEGIN
  FOR piece IN SELECT regexp_split_to_table(body, ';') FROM note WHERE id = p_id LOOP
    parts := parts + 1;
  END LOOP;
  RETURN parts;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION note_label(p_id int) RETURNS text LANGUAGE plpgsql AS $body$
BEGIN
  RETURN 'note ' || p_id || '; parts: ' || note_parts(p_id);
END;
$body$;
`;

// The first statement succeeds, the second fails: nothing of the migration may stay.
const FAILING = `CREATE TABLE half_done (id int PRIMARY KEY);
INSERT INTO half_done VALUES (1);
SELECT 1 / 0;
`;

function writeMigrations(dir: string, migrations: Record<string, string>) {
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(root, 'prisma/migrations/migration_lock.toml'), path.join(dir, 'migration_lock.toml'));
  for (const [name, sql] of Object.entries(migrations)) {
    mkdirSync(path.join(dir, name), { recursive: true });
    writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

/** Each test on its own empty database, so that one cannot fail because of another. */
async function freshDb() {
  const db = await createThrowawayDb('rf_migration_scripts');
  drops.push(db.drop);
  return db.url;
}

jest.setTimeout(120_000);

afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

describe('migration scripts', () => {
  it('reach PostgreSQL whole: PL/pgSQL bodies and literals with semicolons', async () => {
    const dir = writeMigrations(path.join(tmp, 'first'), { '20260101000000_plpgsql': PLPGSQL });
    const url = await freshDb();
    const res = await runMigrate(url, dir);
    expect(res).toEqual({ ok: true, out: expect.stringContaining('20260101000000_plpgsql') });
    await withDb(url, async (c) => {
      const notes = await c.query('SELECT id, body FROM note ORDER BY id');
      expect(notes.rows).toEqual([
        { id: 1, body: 'first; second; third' },
        { id: 2, body: 'one; two' },
      ]);
      expect((await c.query('SELECT note_parts(1) AS n')).rows[0].n).toBe(3);
      expect((await c.query('SELECT note_label(2) AS l')).rows[0].l).toBe('note 2; parts: 2');
      const lang = await c.query(
        `SELECT p.proname, l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.proname LIKE 'note\\_%' ORDER BY 1`,
      );
      expect(lang.rows).toEqual([
        { proname: 'note_label', lanname: 'plpgsql' },
        { proname: 'note_parts', lanname: 'plpgsql' },
      ]);
    });
  });

  it('roll a failing migration back whole, as one transaction', async () => {
    const dir = writeMigrations(path.join(tmp, 'second'), {
      '20260101000000_base': 'CREATE TABLE base (id int PRIMARY KEY);\n',
      '20260101000100_failing': FAILING,
    });
    const url = await freshDb();
    const res = await runMigrate(url, dir);
    expect(res.ok).toBe(false);
    expect(res.out).toContain('20260101000100_failing');
    await withDb(url, async (c) => {
      expect((await c.query(`SELECT to_regclass('half_done') AS t`)).rows[0].t).toBeNull();
      const rows = await c.query('SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name');
      expect(rows.rows.map((r) => [r.migration_name, r.finished_at !== null])).toEqual([
        ['20260101000000_base', true],
        ['20260101000100_failing', false],
      ]);
    });
  });
});
