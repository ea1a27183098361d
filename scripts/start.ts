// `npm start`: RadarFirme at http://localhost:3000 with demo data. Without DATABASE_URL it runs the
// embedded PostgreSQL (data in .data/pg, kept between runs), applies migrations, loads reference
// data, seeds the demo set on the first run and creates the first admin; then it builds the app if
// needed and serves it. `npm run dev` does the same with the Next.js dev server.
//
// It listens on loopback (HOST=127.0.0.1) unless told otherwise, and an instance started to be
// reachable (HOST not loopback, NODE_ENV=production, APP_URL not on localhost) refuses to start
// while a published password would sign in (server/kernel/exposure.ts, docs/decisions/031).
import { spawn } from 'node:child_process';
import { spawnServer } from './server-runtime.mjs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startEmbedded, type EmbeddedHandle } from './db/embedded';
import { LOCAL_DB } from './db/local';
import { migrate, migratesAtBoot, pendingMigrations } from './db/migrate';
import { prepareDatabase } from './data/prepare';
import { inspectPublishedCredentials, replacePublishedPasswords } from './data/published-credentials';
import pg from 'pg';
import { reachableBecause, startupRefusal, type ExposureSettings, type StartupRefusal } from '../server/kernel/exposure';
import { env as appEnv } from '../server/kernel/env';
import { anafVatUrl } from '../server/fiscal/anaf-client';

// The operator's own NODE_ENV, read before anything runs: the build below is always a production one.
const operatorNodeEnv = process.env.NODE_ENV;

const root = path.resolve(__dirname, '..');
const dev = process.argv.includes('--dev');
// `npm start -- --check`: only says whether this instance may start with these settings (exit 0)
// or not (exit 1, the reason on one line); it applies pending migrations, changes no account and
// starts nothing.
const checkOnly = process.argv.includes('--check');
const port = process.env.PORT ?? '3000';

/**
 * Replaces the published passwords by the ones the operator set (ADMIN_PASSWORD, DEMO_PASSWORD),
 * then asks whether this instance may start with what is left.
 */
async function checkPublishedCredentials(url: string, settings: ExposureSettings, dryRun: boolean): Promise<StartupRefusal | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const given = { adminEmail: appEnv.ADMIN_EMAIL, adminPassword: appEnv.ADMIN_PASSWORD, demoPassword: appEnv.DEMO_PASSWORD };
    const found = await inspectPublishedCredentials(client, given.adminEmail);
    const replaced = await replacePublishedPasswords(client, found, given, { dryRun });
    if (!dryRun && replaced.admin) console.log('[date] parola publicată a administratorului a fost înlocuită cu ADMIN_PASSWORD');
    if (!dryRun && replaced.demo) console.log(`[date] parola publicată a ${replaced.demo} conturi demonstrative a fost înlocuită cu DEMO_PASSWORD`);
    return startupRefusal(settings, {
      adminPassword: appEnv.ADMIN_PASSWORD,
      adminExists: found.adminExists,
      adminHasPublishedPassword: found.adminHasPublishedPassword && !replaced.admin,
      demoAccountsEnabled: appEnv.DEMO_ACCOUNTS,
      demoPassword: appEnv.DEMO_PASSWORD,
      demoAccountsWithPublishedPassword: found.demoWithPublishedPassword.length - replaced.demo,
    });
  } finally {
    await client.end();
  }
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  return spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
}

async function main() {
  let db: EmbeddedHandle | null = null;
  let url = process.env.DATABASE_URL;
  if (!url) {
    db = await startEmbedded(LOCAL_DB);
    url = db.url;
    console.log(`[db] PostgreSQL local pornit (${db.dataDir})`);
  }
  if (migratesAtBoot({ nodeEnv: operatorNodeEnv, databaseUrlSet: db === null, migrateOnBoot: appEnv.MIGRATE_ON_BOOT })) {
    const applied = await migrate(url);
    if (applied.length) console.log(`[db] migrări aplicate: ${applied.join(', ')}`);
  } else {
    // Production on an external database: migrations are a release step (`npm run db:migrate`).
    const pending = await pendingMigrations(url);
    if (pending.length) {
      throw new Error(`${pending.length} migrări neaplicate (${pending[pending.length - 1]}): rulați întâi \`npm run db:migrate\` (pasul de lansare) sau porniți cu MIGRATE_ON_BOOT=1`);
    }
  }
  // Before anything is created: a reachable instance must not create an account with a published password.
  const settings: ExposureSettings = { host: appEnv.HOST, operatorNodeEnv, appUrl: appEnv.APP_URL };
  const refusal = await checkPublishedCredentials(url, settings, checkOnly);
  if (refusal || checkOnly) {
    await db?.stop().catch(() => {});
    if (refusal) throw new Error(refusal.message);
    console.log(`[start] verificare / check: ${reachableBecause(settings) ?? 'loopback'}: pornirea este permisă / may start`);
    process.exit(0);
  }
  const prepared = await prepareDatabase(url, {});

  const reachable = reachableBecause(settings) !== null;
  // The developer mailbox lists reset links: never on an instance meant to be reachable.
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, PORT: port, HOST: appEnv.HOST, ...(reachable ? { MAILBOX_PAGE: 'off' } : {}) };
  const tsxBin = path.join(root, 'node_modules/.bin/tsx');
  // A new database also gets the demo accounts (groups, contacts, templates, drafts; see
  // scripts/data/demo-accounts.ts), once: DEMO_ACCOUNTS=0 leaves the signed-in half empty.
  if (prepared.adminCreated && appEnv.DEMO_ACCOUNTS) {
    const code = await new Promise<number>((resolve) =>
      run(tsxBin, ['--conditions=react-server', 'scripts/data/demo-accounts.ts'], env).on('exit', (c) => resolve(c ?? 1)),
    );
    if (code !== 0) console.log('[date] aplicația pornește fără conturile demonstrative');
  }
  const nextBin = path.join(root, 'node_modules/.bin/next');
  if (!dev && !existsSync(path.join(root, '.next/BUILD_ID'))) {
    console.log('[app] prima pornire: se construiește aplicația (next build)…');
    const code = await new Promise<number>((resolve) => run(nextBin, ['build'], { ...env, NODE_ENV: 'production' }).on('exit', (c) => resolve(c ?? 1)));
    if (code !== 0) throw new Error('next build a eșuat');
  }
  // Next behind the front of scripts/serve.mjs: the one place that binds the socket, tells the app
  // the peer's address (the mailbox) and the client address every per-address limit reads
  // (TRUST_PROXY); in production it also answers from the page cache. --dev: Next's dev server.
  // Its heap, allocator and thread pool as scripts/server-runtime.mjs says (decision 122).
  const app = spawnServer(root, ['-p', port, '-H', appEnv.HOST, ...(dev ? ['--dev'] : [])], { env });
  // The mail sender: a cron-like loop delivering queued mail every 15 s (see scripts/mail/send.ts).
  // react-server: the campaign renderer is marked server-only, which this condition allows outside Next.
  const mailer = existsSync(path.join(root, 'scripts/mail/send.ts'))
    ? run(tsxBin, ['--conditions=react-server', 'scripts/mail/send.ts', '--loop'], env)
    : null;
  // Fiscal checks (decision 098): without ANAF_VAT_URL a loopback instance talks to the local ANAF
  // stand-in, answering for the demo companies; the worker makes the checks the pages ask for.
  const standIn = !appEnv.ANAF_VAT_URL && new URL(anafVatUrl()).hostname === '127.0.0.1'
    ? run(tsxBin, ['tests/stand-ins/anaf-vat-server.ts', '--port', String(appEnv.ANAF_STAND_IN_PORT)], env)
    : null;
  const fiscalWorker = run(tsxBin, ['--conditions=react-server', 'scripts/fiscal/refresh.ts', '--loop'], env);
  console.log(`[app] RadarFirme: http://localhost:${port}${reachable ? ` (ascultă pe ${appEnv.HOST})` : ''}`);

  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    app.kill('SIGTERM');
    mailer?.kill('SIGTERM');
    fiscalWorker.kill('SIGTERM');
    standIn?.kill('SIGTERM');
    await db?.stop().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  app.on('exit', (c) => void stop(c ?? 0));
}

main().catch((e) => {
  console.error(`[start] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
