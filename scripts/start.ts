// `npm start`: RadarFirme at http://localhost:3000 with demo data. Without DATABASE_URL it runs the
// embedded PostgreSQL (data in .data/pg, kept between runs), applies migrations, loads reference
// data, seeds the demo set on the first run and creates the first admin; then it builds the app if
// needed and serves it. `npm run dev` does the same with the Next.js dev server.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startEmbedded, type EmbeddedHandle } from './db/embedded';
import { LOCAL_DB } from './db/local';
import { migrate } from './db/migrate';
import { prepareDatabase } from './data/prepare';

const root = path.resolve(__dirname, '..');
const dev = process.argv.includes('--dev');
const port = process.env.PORT ?? '3000';

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
  const applied = await migrate(url);
  if (applied.length) console.log(`[db] migrări aplicate: ${applied.join(', ')}`);
  const prepared = await prepareDatabase(url, {});

  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, PORT: port };
  const tsxBin = path.join(root, 'node_modules/.bin/tsx');
  // A new database also gets the demo accounts (groups, contacts, templates, drafts; see
  // scripts/data/demo-accounts.ts), once: DEMO_ACCOUNTS=0 leaves the signed-in half empty.
  if (prepared.adminCreated && process.env.DEMO_ACCOUNTS !== '0') {
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
  // Next behind the front (scripts/serve.mjs): it sets the client address every per-address limit
  // reads (TRUST_PROXY); in production it also answers from the page cache. --dev: Next's dev server.
  const app = run(process.execPath, [path.join(root, 'scripts/serve.mjs'), ...(dev ? ['--dev'] : []), '-p', port], env);
  // The mail sender: a cron-like loop delivering queued mail every 15 s (see scripts/mail/send.ts).
  // react-server: the campaign renderer is marked server-only, which this condition allows outside Next.
  const mailer = existsSync(path.join(root, 'scripts/mail/send.ts'))
    ? run(tsxBin, ['--conditions=react-server', 'scripts/mail/send.ts', '--loop'], env)
    : null;
  console.log(`[app] RadarFirme: http://localhost:${port}`);

  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    app.kill('SIGTERM');
    mailer?.kill('SIGTERM');
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
