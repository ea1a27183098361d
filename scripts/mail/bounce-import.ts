// A bounce mailbox drained in bulk (issue 28, decision 065 addendum): the reports (DSN, ARF) that a
// mail server stored for the bounce address, read from Maildir folders (new/ and cur/), folders
// of .eml files, single files or mbox files, and recorded in batches of 500 (one statement per
// batch for the hard bounces and complaints) instead of one request per report.
//   npm run mail:bounce-import -- <path>... [--delete]
// --delete removes each file once its batch is recorded (Maildir, .eml; never an mbox).
import { readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { closeDb } from '../../server/kernel/db';
import { processReports } from '../../server/sending/bounces/inbound';

const BATCH = 500;
const args = process.argv.slice(2);
const remove = args.includes('--delete');
const paths = args.filter((a) => a !== '--delete');

type Report = { raw: string; file: string | null };

function* reportsIn(p: string): Generator<Report> {
  const st = statSync(p);
  if (st.isDirectory()) {
    const sub = ['new', 'cur'].map((d) => path.join(p, d)).filter((d) => statSync(d, { throwIfNoEntry: false })?.isDirectory());
    for (const dir of sub.length ? sub : [p]) {
      for (const f of readdirSync(dir).sort()) {
        const file = path.join(dir, f);
        if (statSync(file).isFile()) yield { raw: readFileSync(file, 'utf8'), file };
      }
    }
    return;
  }
  const text = readFileSync(p, 'utf8');
  if (!text.startsWith('From ')) {
    yield { raw: text, file: p };
    return;
  }
  // mbox: messages separated by "From " lines; ">From " quoting undone.
  for (const m of text.split(/^From .*\r?\n/m).slice(1)) yield { raw: m.replace(/^>(>*From )/gm, '$1'), file: null };
}

async function main(): Promise<void> {
  if (!paths.length) throw new Error('Folosire: npm run mail:bounce-import -- <Maildir | folder | fișier | mbox>... [--delete]');
  const total = { reports: 0, matched: 0, suppressed: 0, retried: 0, ignored: 0 };
  const t0 = Date.now();
  let batch: Report[] = [];
  const flush = async () => {
    const answers = await processReports(batch.map((b) => ({ raw: b.raw })));
    for (const a of answers) {
      total.matched += a.Matched;
      total.suppressed += a.Suppressed;
      total.retried += a.Retried;
      total.ignored += a.Ignored;
    }
    total.reports += batch.length;
    if (remove) for (const b of batch) if (b.file) unlinkSync(b.file);
    batch = [];
  };
  for (const p of paths) {
    for (const r of reportsIn(p)) {
      batch.push(r);
      if (batch.length >= BATCH) await flush();
    }
  }
  if (batch.length) await flush();
  console.log(
    `[bounces] ${total.reports} rapoarte în ${((Date.now() - t0) / 1000).toFixed(1)} s: potrivite ${total.matched}, suprimate ${total.suppressed}, reîncercate ${total.retried}, ignorate ${total.ignored}`,
  );
}

main()
  .catch((e: unknown) => {
    console.error('[bounces]', e instanceof Error ? e.message : e);
    process.exitCode = 1;
  })
  .finally(() => void closeDb());
