// The server Playwright starts: a throwaway PostgreSQL with the demo data and the production build
// (`next build` must have run) on E2E_PORT. A local SMTP mailbox folder per run.
import { spawn } from 'node:child_process';
import { spawnServer } from './server-runtime.mjs';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startTestCluster } from './db/test-cluster';
import { E2E_OIDC } from '../tests/e2e/support/local-oidc-config';
import { e2eStateFile } from '../tests/e2e/support/e2e-state';
import { E2E_ADMIN, E2E_DEMO_PASSWORD } from '../tests/e2e/support/credentials';
import { crmStandInEnv } from '../tests/stand-ins/crm-e2e';

const root = path.resolve(__dirname, '..');

async function main() {
  // NODE_ENV=production below: the published passwords are refused there (docs/decisions/031), so
  // the first admin gets the e2e one, which the specs read from the same place.
  const cluster = await startTestCluster({ companies: Number(process.env.E2E_COMPANIES ?? 3000), adminPassword: E2E_ADMIN.password });
  // A mailbox folder made here is removed when the server stops; one given in MAILBOX_DIR is kept.
  const ownMailbox = !process.env.MAILBOX_DIR;
  const mailbox = process.env.MAILBOX_DIR ?? mkdtempSync('/var/tmp/radarfirme-mailbox-');
  const port = process.env.E2E_PORT ?? '3100';
  // Campaign mail goes to an SMTP sink the sending e2e starts on this port (nothing listens
  // otherwise: the messages then wait in the queue, harmlessly). Transactional mail stays in the
  // mailbox folder the other specs read.
  const smtpPort = process.env.E2E_SMTP_PORT ?? String(Number(port) + 20000);
  const cronSecret = process.env.CRON_SECRET ?? randomBytes(24).toString('hex');
  const env = {
    ...process.env,
    DATABASE_URL: cluster.url,
    // Plain lines in Playwright's output (LOG_FORMAT=json shows the JSON lines and the access log).
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'text',
    MAILBOX_DIR: mailbox,
    PORT: port,
    APP_URL: `http://localhost:${port}`,
    NODE_ENV: 'production' as const,
    HOST: '127.0.0.1',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    DEMO_PASSWORD: E2E_DEMO_PASSWORD,
    // Sessions: a secret per run (production mode refuses the development default).
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString('hex'),
    // Every e2e sign-in comes from one address; the per-address limit has its integration test.
    AUTH_RATE_LIMIT_IP_MAX: process.env.AUTH_RATE_LIMIT_IP_MAX ?? '10000',
    // The same for registrations: the specs register dozens of fresh accounts from 127.0.0.1. The
    // per-address limit is proven on forgot-password by abuse-limits.spec.ts against this server and
    // on registration by tests/integration/client-address.test.ts.
    REGISTER_RATE_LIMIT_IP_PER_HOUR: process.env.REGISTER_RATE_LIMIT_IP_PER_HOUR ?? '10000',
    // Parallel workers sign in at once from that one address (the front's shedding, server/http/front/limits.mjs).
    AUTH_INFLIGHT_PER_ADDRESS: process.env.AUTH_INFLIGHT_PER_ADDRESS ?? '0',
    // Every spec browses anonymously from 127.0.0.1: no per-address limit on the metered API
    // (decision 087; proven by tests/integration/anonymous-api-limit.test.ts).
    ANON_API_PER_MINUTE: process.env.ANON_API_PER_MINUTE ?? '0',
    ANON_API_PER_DAY: process.env.ANON_API_PER_DAY ?? '0',
    // "Microsoft" is the local OpenID provider that tests/e2e/auth.spec.ts starts (support/local-oidc.ts).
    MICROSOFT_ENTRA_ID_ISSUER: process.env.MICROSOFT_ENTRA_ID_ISSUER ?? E2E_OIDC.issuer,
    MICROSOFT_ENTRA_ID_CLIENT_ID: process.env.MICROSOFT_ENTRA_ID_CLIENT_ID ?? E2E_OIDC.clientId,
    MICROSOFT_ENTRA_ID_CLIENT_SECRET: process.env.MICROSOFT_ENTRA_ID_CLIENT_SECRET ?? E2E_OIDC.clientSecret,
    CAMPAIGN_SMTP_URL: process.env.CAMPAIGN_SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`,
    CRON_SECRET: cronSecret,
    // The e2e opens and clicks within a second of delivery, which the machine filter would drop.
    MAIL_MIN_OPEN_SECONDS: process.env.MAIL_MIN_OPEN_SECONDS ?? '0',
    MAIL_MIN_CLICK_SECONDS: process.env.MAIL_MIN_CLICK_SECONDS ?? '0',
    MAIL_RETRY_BASE_SECONDS: process.env.MAIL_RETRY_BASE_SECONDS ?? '1',
    // The specs move the clock (POST /api/cron/test-clock) instead of waiting for a scheduled minute (decision 089).
    TEST_CLOCK: '1',
    // No balancer to tell: a stop drains what is in flight without the readiness grace (decision 103).
    SHUTDOWN_GRACE_MS: '0',
    ANAF_STAND_IN_PORT: String(Number(port) + 500),
    // The HubSpot and Pipedrive stand-ins (tokens and OAuth, decision 109).
    ...crmStandInEnv(port),
  };
  // What the specs need to prepare data and trigger the cron sender (tests/e2e/support/e2e-state.ts).
  writeFileSync(e2eStateFile(port), JSON.stringify({ databaseUrl: cluster.url, cronSecret, smtpPort: Number(smtpPort), mailboxDir: mailbox }), { mode: 0o600 });
  // The production server: Next behind the page cache's front (scripts/serve.mjs), as `npm start` runs it.
  const app = spawnServer(root, ['-p', port], { env });
  // The ANAF stand-in the app's fiscal checks call on a loopback instance (decision 098).
  const anaf = spawn(path.join(root, 'node_modules/.bin/tsx'), ['tests/stand-ins/anaf-vat-server.ts', '--port', String(Number(port) + 500)], { cwd: root, env, stdio: 'inherit' });
  const crm = spawn(path.join(root, 'node_modules/.bin/tsx'), ['tests/stand-ins/crm-server.ts', '--app-port', port], { cwd: root, env, stdio: 'inherit' });
  console.log(`[e2e] DATABASE_URL=${cluster.url} MAILBOX_DIR=${mailbox}`);
  const stop = async () => {
    app.kill('SIGTERM');
    anaf.kill('SIGTERM');
    crm.kill('SIGTERM');
    await cluster.cleanup();
    if (ownMailbox) rmSync(mailbox, { recursive: true, force: true });
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
