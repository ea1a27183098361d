// One jest worker's database, cloned from the migrated and seeded template (decision 090).
import pg from 'pg';

export const TEMPLATE = 'rf_template';
const workerDatabase = (id) => `rf_w${Number(id)}`;

/** Creates rf_w<id> from the template; a database already there (another process made it) is kept. */
export async function createWorkerDatabase(adminUrl, id) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`CREATE DATABASE ${workerDatabase(id)} TEMPLATE ${TEMPLATE}`);
  } catch (e) {
    if (e?.code !== '42P04') throw e; // duplicate_database
  } finally {
    await c.end();
  }
}
