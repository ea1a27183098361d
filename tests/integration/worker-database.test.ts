// Each jest worker reads and writes its own database, cloned from the migrated and seeded template
// (decision 090): the server modules, and the children the tests spawn, reach rf_w<JEST_WORKER_ID>.
import pg from 'pg';
import { sql } from '@/server/kernel/db';

const worker = Number(process.env.JEST_WORKER_ID ?? '1');

test('the server modules reach the worker database, which holds the seeded template data', async () => {
  const [{ db }] = await sql<{ db: string }>('SELECT current_database() AS db');
  expect(db).toBe(`rf_w${worker}`);
  const [{ n }] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM company');
  // The template's 2,000 companies, less what earlier files of this worker deleted.
  expect(n).toBeGreaterThan(1900);
  expect(process.env.MAILBOX_DIR).toMatch(new RegExp(`/w${worker}$`));
});

test('the template itself refuses connections, so no test can block its copies', async () => {
  const c = new pg.Client({ connectionString: Object.assign(new URL(process.env.DATABASE_URL!), { pathname: '/rf_template' }).href });
  await expect(c.connect()).rejects.toThrow(/not currently accepting connections/);
  await c.end().catch(() => {});
});
