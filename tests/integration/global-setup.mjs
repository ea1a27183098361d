// Starts one throwaway PostgreSQL for all integration tests (real server, never a mock), migrates
// and seeds one database, makes it the template rf_template and clones one database per jest
// worker from it (decision 090): tests/integration/worker-database.ts points each worker at its own.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { createWorkerDatabase, TEMPLATE } from './worker-database-create.mjs';

export default async function globalSetup(globalConfig) {
  const t = Date.now();
  // Mail written by the tests goes to a throwaway local mailbox, never to a configured SMTP server;
  // each worker writes into its own folder inside it (worker-database.ts).
  delete process.env.SMTP_URL;
  process.env.RF_TEST_MAILBOX_ROOT = mkdtempSync('/var/tmp/radarfirme-test-mailbox-');
  process.env.MAILBOX_DIR = process.env.RF_TEST_MAILBOX_ROOT;
  // No secret from the source exists any more; a run's own keeps the tests out of .data/auth-secret.
  process.env.AUTH_SECRET ??= randomBytes(32).toString('hex');
  globalThis.__RF_TEST_MAILBOX__ = process.env.RF_TEST_MAILBOX_ROOT; // removed by global-teardown.mjs
  // The cluster's seed reaches server/ modules that import 'server-only'; this process cannot
  // switch on the react-server condition the CLI uses, so tsx maps the package to an empty stub.
  process.env.TSX_TSCONFIG_PATH = new URL('../stubs/tsconfig.server-only.json', import.meta.url).pathname;
  const mod = await tsImport('../../scripts/db/test-cluster.ts', import.meta.url);
  const { startTestCluster } = mod.startTestCluster ? mod : mod.default;
  const workers = Math.max(1, globalConfig?.maxWorkers ?? 1);
  // max_connections stays at 100: the read-replica test's standby must not have fewer than its
  // primary, and two workers' pools stay well below it.
  const cluster = await startTestCluster({ companies: 2000 });
  globalThis.__RF_TEST_CLUSTER__ = cluster;
  const admin = Object.assign(new URL(cluster.url), { pathname: '/postgres' }).href;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    const seeded = new URL(cluster.url).pathname.slice(1);
    // Nobody may connect to a template while it is copied: renamed, so no test reaches it by its old name.
    await c.query(`ALTER DATABASE "${seeded}" RENAME TO ${TEMPLATE}`);
    await c.query(`ALTER DATABASE ${TEMPLATE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } finally {
    await c.end();
  }
  process.env.RF_TEST_CLUSTER_URL = admin;
  // The databases of the workers jest will start, made now (a worker id beyond them is made on
  // first use by worker-database.ts).
  for (let id = 1; id <= workers; id++) {
    await createWorkerDatabase(admin, id);
    writeFileSync(path.join(process.env.RF_TEST_MAILBOX_ROOT, `.rf_w${id}-ready`), '');
  }
  const first = Object.assign(new URL(cluster.url), { pathname: '/rf_w1' }).href;
  process.env.DATABASE_URL = first;
  process.env.RF_TEST_DATABASE_URL = first;
  console.log(`\n[integration] PostgreSQL de test pregătit în ${((Date.now() - t) / 1000).toFixed(1)} s (${workers} ${workers === 1 ? 'bază' : 'baze'} de lucru)`);
}
