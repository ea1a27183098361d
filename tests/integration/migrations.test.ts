// The committed migrations apply to an EMPTY database, with the same runner as `npm start`, and a
// second run applies nothing. A new database on the test cluster, dropped afterwards.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createThrowawayDb, root, runMigrate, withDb } from './support/migrations';

const committed = readdirSync(path.join(root, 'prisma/migrations'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

let url = '';
let drop: () => Promise<unknown> = async () => {};

async function migrate(target: string): Promise<string> {
  const res = await runMigrate(target);
  if (!res.ok) throw new Error(res.out);
  return res.out;
}

jest.setTimeout(120_000);

beforeAll(async () => {
  ({ url, drop } = await createThrowawayDb('rf_migrations'));
});

afterAll(async () => {
  await drop();
});

describe('migrations on an empty database', () => {
  it('apply every committed migration', async () => {
    expect(committed.length).toBeGreaterThanOrEqual(2);
    expect(await withDb(url, async (c) => (await c.query(`SELECT to_regclass('company') AS t`)).rows[0].t)).toBeNull();
    const out = await migrate(url);
    for (const name of committed) expect(out).toContain(name);
    await withDb(url, async (c) => {
      const applied = await c.query('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY 1');
      expect(applied.rows.map((r) => r.migration_name)).toEqual(committed);
    });
  });

  it('create the tables, extensions, functions and views', async () => {
    await withDb(url, async (c) => {
      const tables = (await c.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).rows.map((r) => r.tablename);
      expect(tables).toEqual(
        expect.arrayContaining([
          'county', 'locality', 'locality_component', 'caen', 'caen_correspondence', 'company_status', 'company',
          'financial_year', 'company_status_event', 'company_trend', 'company_rank', 'contact', 'representative',
          'social_media', 'tender', 'eu_project', 'collaboration', 'role', 'app_user',
        ]),
      );
      const ext = (await c.query('SELECT extname FROM pg_extension')).rows.map((r) => r.extname);
      expect(ext).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
      const fns = (await c.query(`SELECT proname FROM pg_proc WHERE proname LIKE 'rf\\_%'`)).rows.map((r) => r.proname);
      expect(fns).toEqual(
        expect.arrayContaining([
          'rf_norm', 'rf_compute_insolvency', 'rf_refresh_derived', 'rf_refresh_company', 'rf_refresh_company_facts',
          'rf_refresh_ranks', 'rf_refresh_collaborations', 'rf_refresh_stats',
        ]),
      );
      const views = (await c.query(`SELECT matviewname FROM pg_matviews`)).rows.map((r) => r.matviewname);
      expect(views).toEqual(expect.arrayContaining(['mv_company_counts', 'mv_landing_totals', 'mv_county_stats', 'mv_caen_stats', 'mv_caen_section_stats', 'mv_size_band_stats']));
      expect((await c.query(`SELECT to_regclass('v_financial_year') AS v`)).rows[0].v).toBe('v_financial_year');
      // the per-year score is computed by the database
      const gen = await c.query(`SELECT attgenerated FROM pg_attribute WHERE attrelid = 'financial_year'::regclass AND attname = 'insolvency_score'`);
      expect(gen.rows[0].attgenerated).toBe('s');
    });
  });

  it('leave derived data functions that run on an empty database', async () => {
    await withDb(url, async (c) => {
      const steps = (await c.query('SELECT step, rows_written FROM rf_refresh_derived()')).rows;
      expect(steps.map((s) => s.step)).toEqual(['start', 'collaborations', 'company_facts_and_trends', 'ranks', 'risk', 'stats']);
      expect((await c.query('SELECT companies FROM mv_landing_totals')).rows[0].companies).toBe('0');
      expect((await c.query('SELECT count(*)::int AS n FROM mv_size_band_stats')).rows[0].n).toBe(4);
    });
  });

  it('apply nothing the second time', async () => {
    const out = await migrate(url);
    for (const name of committed) expect(out).not.toContain(name);
    await withDb(url, async (c) => {
      expect((await c.query('SELECT count(*)::int AS n FROM _prisma_migrations')).rows[0].n).toBe(committed.length);
    });
  });
});
