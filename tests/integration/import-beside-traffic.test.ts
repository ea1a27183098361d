// Imports beside live traffic (issue 32, cluster-search; decision 050): an ONRC import into a
// company table the app is serving never drops its indexes, so an import killed (SIGKILL) at any
// point leaves every index and key of the schema in place and the company pages' queries on their
// indexes. Runs on a database of its own (60,000 generated companies would disturb the others).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createThrowawayDb, root, runMigrate, withDb } from './support/migrations';

jest.setTimeout(600_000);

const ROWS = 60_000; // above the importer's first-load threshold (50,000), as the issue's demo case
let db: Awaited<ReturnType<typeof createThrowawayDb>>;
let dir: string;
const rejects = path.join(os.tmpdir(), `rf-import-kill-${process.pid}-respinse.csv`);

/** Indexes of company, keys of the tables a first load touches, as names (compared to the schema's). */
const SHAPE_SQL = `SELECT (SELECT array_agg(indexname::text ORDER BY indexname) FROM pg_indexes WHERE tablename = 'company') AS indexes,
                          (SELECT array_agg(conname::text ORDER BY conname) FROM pg_constraint
                            WHERE conrelid::regclass::text IN ('company', 'company_status_event', 'company_source')) AS keys`;

const shape = () => withDb(db.url, async (c) => (await c.query<{ indexes: string[]; keys: string[] }>(SHAPE_SQL)).rows[0]);

/** The plan of a company-page lookup and of a county list with sequential scans off: an index or a (disabled) Seq Scan. */
const plans = () =>
  withDb(db.url, async (c) => {
    await c.query('SET enable_seqscan = off');
    const explain = async (q: string) => (await c.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${q}`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    return [await explain('SELECT * FROM company WHERE cui = 1000001'), await explain('SELECT cui FROM company WHERE county_id = 12 ORDER BY cui LIMIT 20')];
  });

/**
 * A SIGKILLed importer's session runs on in PostgreSQL until its statement ends (holding the run's
 * advisory lock): ended here, as the server would once it noticed the closed socket.
 */
async function endOrphanSessions() {
  await withDb(db.url, (c) =>
    c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'radarfirme-import%' AND pid <> pg_backend_pid()`),
  );
}

function startImport() {
  return spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/import/index.ts', 'onrc', dir, '--fortat', '--json', '--respinse', rejects], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: db.url, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

beforeAll(async () => {
  db = await createThrowawayDb('rf_import_kill');
  const migrated = await runMigrate(db.url);
  expect(migrated.out).toContain('Migrări aplicate');
  // A served register: a few hundred companies the app shows.
  await withDb(db.url, (c) => c.query(`INSERT INTO company (cui, name) SELECT 1000000 + n, 'FIRMA SERVITA ' || n || ' SRL' FROM generate_series(1, 300) n`));
  dir = mkdtempSync(path.join(os.tmpdir(), 'rf-onrc-kill-'));
  execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/import/generate.ts', 'onrc', dir, String(ROWS)], { cwd: root, stdio: 'ignore' });
});

afterAll(async () => {
  await db?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  rmSync(rejects, { force: true });
});

test('an import killed at random points never leaves the served company table without an index', async () => {
  const schema = await shape();
  expect(schema.indexes.length).toBeGreaterThan(10);
  const seed = Number(process.env.RF_KILL_SEED ?? Date.now() % 100_000);
  let s = seed;
  const random = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const phases: string[] = [];
  const phaseNow = () => withDb(db.url, async (c) => (await c.query<{ phase: string }>(`SELECT phase FROM import_run ORDER BY id DESC LIMIT 1`)).rows[0]?.phase ?? 'none');
  // Each round kills the run at a random moment once it has reached a phase (the killed run is
  // resumed by the next one, which goes further): staging, the merge (where the old first-load path
  // had dropped the indexes), the derived data.
  for (const target of ['stage', 'merge', 'merge', 'refresh', 'refresh']) {
    await endOrphanSessions();
    const child = startImport();
    let exited = false;
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => ((exited = true), resolve(code))));
    // While it runs, the schema is checked now and then, as a visitor's query would meet it.
    const during: string[][] = [];
    const probe = setInterval(() => void shape().then((x) => during.push(x.indexes)).catch(() => {}), 300);
    while (!exited && (await phaseNow()) !== target) await new Promise((r) => setTimeout(r, 100));
    const delay = Math.floor(random() * 1500);
    await new Promise((r) => setTimeout(r, delay));
    child.kill('SIGKILL');
    const code = await exit;
    clearInterval(probe);
    const phase = await withDb(db.url, async (c) => (await c.query<{ phase: string }>(`SELECT phase FROM import_run ORDER BY id DESC LIMIT 1`)).rows[0]?.phase ?? 'none');
    phases.push(`${target}+${delay} ms → ${code === null ? 'killed' : `exit ${code}`} in ${phase}`);
    for (const seen of during) expect(seen).toEqual(schema.indexes);
    expect(await shape()).toEqual(schema);
    const [page, list] = await plans();
    // By its primary key: an index scan, or a bitmap index scan when the killed run left other statistics.
    expect(page).toMatch(/Index Scan (using|on) company_pkey/);
    expect(list).toMatch(/Index/);
    expect(list).not.toMatch(/Seq Scan/);
  }
  // The last run completes (resuming the killed one) and the table is whole.
  await endOrphanSessions();
  const done = startImport();
  let err = '';
  done.stderr!.on('data', (c) => (err += c));
  expect(await new Promise((resolve) => done.on('exit', resolve)).then((code) => [code, code === 0 ? '' : err.slice(-2000)])).toEqual([0, '']);
  expect(await shape()).toEqual(schema);
  const [{ n }] = await withDb(db.url, async (c) => (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM company')).rows);
  expect(n).toBeGreaterThan(ROWS * 0.9);
  console.log(`[import-kill] seed ${seed}: ${phases.join('; ')}`);
});
