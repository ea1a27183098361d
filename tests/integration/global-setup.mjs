// Starts one throwaway PostgreSQL for all integration tests (real server, never a mock).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup() {
  const t = Date.now();
  // Mail written by the tests goes to a throwaway local mailbox, never to a configured SMTP server.
  delete process.env.SMTP_URL;
  process.env.MAILBOX_DIR = mkdtempSync('/var/tmp/radarfirme-test-mailbox-');
  // No secret from the source exists any more; a run's own keeps the tests out of .data/auth-secret.
  process.env.AUTH_SECRET ??= randomBytes(32).toString('hex');
  globalThis.__RF_TEST_MAILBOX__ = process.env.MAILBOX_DIR; // removed by global-teardown.mjs
  // The cluster's seed reaches server/ modules that import 'server-only'; this process cannot
  // switch on the react-server condition the CLI uses, so tsx maps the package to an empty stub.
  process.env.TSX_TSCONFIG_PATH = new URL('../stubs/tsconfig.server-only.json', import.meta.url).pathname;
  const mod = await tsImport('../../scripts/db/test-cluster.ts', import.meta.url);
  const { startTestCluster } = mod.startTestCluster ? mod : mod.default;
  const cluster = await startTestCluster({ companies: 2000 });
  globalThis.__RF_TEST_CLUSTER__ = cluster;
  process.env.DATABASE_URL = cluster.url;
  process.env.RF_TEST_DATABASE_URL = cluster.url;
  console.log(`\n[integration] PostgreSQL de test pregătit în ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
