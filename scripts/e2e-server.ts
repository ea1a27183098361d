// The server Playwright starts: a throwaway PostgreSQL with the demo data and the production build
// (`next build` must have run) on E2E_PORT. A local SMTP mailbox folder per run.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { startTestCluster } from './db/test-cluster';

const root = path.resolve(__dirname, '..');

async function main() {
  const cluster = await startTestCluster({ companies: Number(process.env.E2E_COMPANIES ?? 3000) });
  const mailbox = process.env.MAILBOX_DIR ?? mkdtempSync('/var/tmp/radarfirme-mailbox-');
  const port = process.env.E2E_PORT ?? '3100';
  const env = { ...process.env, DATABASE_URL: cluster.url, MAILBOX_DIR: mailbox, PORT: port, APP_URL: `http://localhost:${port}`, NODE_ENV: 'production' as const };
  const app = spawn(path.join(root, 'node_modules/.bin/next'), ['start', '-p', port], { cwd: root, env, stdio: 'inherit' });
  console.log(`[e2e] DATABASE_URL=${cluster.url} MAILBOX_DIR=${mailbox}`);
  const stop = async () => {
    app.kill('SIGTERM');
    await cluster.cleanup();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  app.on('exit', () => void stop());
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
