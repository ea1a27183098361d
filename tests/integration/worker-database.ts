// Runs in each test file's sandbox before the framework and before any server module loads
// (jest `setupFiles`): points the file at its worker's own database rf_w<JEST_WORKER_ID>, cloned
// from the template by global-setup.mjs, and at its worker's own mailbox folder (decision 090).
// Child processes the tests spawn get these through `{ ...process.env }`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const cluster = process.env.RF_TEST_CLUSTER_URL;
if (cluster) {
  const id = Number(process.env.JEST_WORKER_ID ?? '1');
  const name = `rf_w${id}`;
  const mailboxRoot = process.env.RF_TEST_MAILBOX_ROOT!;
  const ready = path.join(mailboxRoot, `.${name}-ready`);
  if (!existsSync(ready)) {
    // A worker id global setup did not foresee: made now, once (setupFiles cannot await, hence a
    // child process; a concurrent maker's database is kept).
    const script = `import('${path.join(__dirname, 'worker-database-create.mjs')}').then((m) => m.createWorkerDatabase(process.argv[1], ${id}))`;
    const res = spawnSync(process.execPath, ['-e', script, cluster], { encoding: 'utf8', timeout: 120_000 });
    if (res.status !== 0) throw new Error(`Baza de lucru ${name} nu a putut fi creată: ${res.stderr}`);
    writeFileSync(ready, '');
  }
  const url = Object.assign(new URL(cluster), { pathname: `/${name}` }).href;
  process.env.DATABASE_URL = url;
  process.env.RF_TEST_DATABASE_URL = url;
  process.env.MAILBOX_DIR = path.join(mailboxRoot, `w${id}`);
  mkdirSync(process.env.MAILBOX_DIR, { recursive: true });
}
