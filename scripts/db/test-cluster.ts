// A throwaway PostgreSQL for the integration and e2e tests: a fresh data folder, fsync off, a free
// port, migrations applied, reference data and a small deterministic demo set loaded.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startEmbedded, type EmbeddedHandle } from './embedded';
import { migrate } from './migrate';
import { prepareDatabase } from '../data/prepare';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export type TestCluster = EmbeddedHandle & { cleanup: () => Promise<void> };

/** `adminPassword`: the first admin's password (ADMIN_PASSWORD, or the published default, when unset). */
export async function startTestCluster(opts: { companies?: number; adminPassword?: string } = {}): Promise<TestCluster> {
  const base = mkdtempSync(path.join(process.env.RF_TEST_TMP ?? '/var/tmp', 'radarfirme-test-'));
  // mkdtemp makes the folder 0700; postgres (run as its own user when we are root) must traverse it.
  chmodSync(base, 0o755);
  const db = await startEmbedded({ dataDir: path.join(base, 'pg'), port: await freePort(), durable: false, sharedBuffers: '128MB' });
  await migrate(db.url);
  await prepareDatabase(db.url, { demoCompanies: opts.companies ?? 2000, quiet: true, adminPassword: opts.adminPassword });
  return {
    ...db,
    cleanup: async () => {
      await db.stop().catch(() => {});
      rmSync(base, { recursive: true, force: true });
      rmSync(db.dataDir, { recursive: true, force: true });
    },
  };
}
