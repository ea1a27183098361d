// `npm run db:release-check`: the previous release's code run against this checkout's schema
// (issue 51, decision 110). During a rolling release the previous release's instances serve on the
// new schema; the static rule (scripts/db/expand-contract.ts) catches the statements known to break
// old queries, this runs the old queries themselves:
//   1. the previous release is the newest commit on the first-parent history whose newest
//      migration is the one prisma/migrations/RELEASED names;
//   2. its files (git archive, no worktree of the shared repository) go to a temporary folder,
//      with this checkout's node_modules and THIS checkout's prisma/migrations in place of its own;
//   3. its Prisma client is generated from its own schema.prisma (the old code's view of the tables);
//   4. its own integration tests of the user-data paths (groups, comments, contacts, templates,
//      drafts, follows, API keys, company page, search) run there: its global setup migrates a
//      fresh cluster with the new migrations, so every statement is the old code's, on the new schema.
// Exits 1 when a test fails. About two minutes on the shared machine: an operations command run
// before each release (and in the release pipeline), not a step of `npm test` (decision 110).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The user-data paths of the old release (its test files, by name); any of them missing there is skipped. */
export const OLD_RELEASE_TESTS = [
  'groups-api',
  'company-group-comments',
  'contacts-claims',
  'templates-endpoints',
  'drafts-endpoints',
  'watch-api',
  'api-keys',
  'company-details',
  'search.test',
];

const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();

/** The newest first-parent commit of HEAD whose newest migration is `released` (null: none within `depth`). */
export function findReleaseCommit(released: string, depth = 2000): string | null {
  for (const c of git('rev-list', '--first-parent', `--max-count=${depth}`, 'HEAD').split('\n')) {
    const names = git('ls-tree', '--name-only', c, 'prisma/migrations/')
      .split('\n')
      .map((p) => path.basename(p))
      .filter((n) => /^\d{14}_/.test(n))
      .sort();
    const newest = names.at(-1);
    if (newest === released) return c;
    // Older than the release: the history went past it without finding it.
    if (newest && newest < released) return null;
  }
  return null;
}

export type ReleaseCheck = { commit: string; subject: string; newMigrations: string[]; tests: string[]; ok: boolean; seconds: number; output: string };

/** `only`: a part of OLD_RELEASE_TESTS (the names given on the command line with --only). */
export function runReleaseCheck(opts: { keep?: boolean; quiet?: boolean; only?: string[] } = {}): ReleaseCheck {
  const t0 = Date.now();
  const released = readFileSync(path.join(ROOT, 'prisma/migrations/RELEASED'), 'utf8').trim();
  const commit = findReleaseCommit(released);
  if (!commit) throw new Error(`nicio versiune anterioară găsită: niciun commit nu are ${released} drept ultima migrare`);
  const subject = git('log', '-1', '--format=%h %s', commit);
  const newMigrations = readdirSync(path.join(ROOT, 'prisma/migrations')).filter((n) => /^\d{14}_/.test(n) && n > released).sort();
  const dir = mkdtempSync('/var/tmp/radarfirme-release-check-');
  try {
    // The old release's files, as they were at its commit.
    execFileSync('sh', ['-c', `git -C '${ROOT}' archive ${commit} | tar -x -C '${dir}'`]);
    symlinkSync(realpathSync(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'));
    // The NEW schema: this checkout's migrations replace the old release's.
    rmSync(path.join(dir, 'prisma/migrations'), { recursive: true, force: true });
    cpSync(path.join(ROOT, 'prisma/migrations'), path.join(dir, 'prisma/migrations'), { recursive: true });
    // The old code's client, from the old schema.prisma.
    execFileSync(path.join(dir, 'node_modules/.bin/prisma'), ['generate'], { cwd: dir, stdio: opts.quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'] });
    const tests = (opts.only?.length ? OLD_RELEASE_TESTS.filter((t) => opts.only!.includes(t)) : OLD_RELEASE_TESTS).filter((t) => existsSync(path.join(dir, 'tests/integration', t.endsWith('.test') ? `${t}.ts` : `${t}.test.ts`)));
    const res = spawnSync(
      path.join(dir, 'node_modules/.bin/jest'),
      ['--selectProjects', 'integration', '--runInBand', '--testPathPatterns', `integration/(${tests.map((t) => t.replace('.', '\\.')).join('|')})`],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'test' }, maxBuffer: 256 * 1024 * 1024 },
    );
    const output = `${res.stdout}\n${res.stderr}`;
    return { commit, subject, newMigrations, tests, ok: res.status === 0, seconds: (Date.now() - t0) / 1000, output };
  } finally {
    if (!opts.keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt > 0 ? (process.argv[onlyAt + 1] ?? '').split(',').filter(Boolean) : undefined;
  const r = runReleaseCheck({ keep: process.argv.includes('--keep'), only });
  const summary = /^Tests:.*$/m.exec(r.output)?.[0] ?? '(fără rezumat)';
  console.log(`Versiunea anterioară: ${r.subject}`);
  console.log(`Migrări noi față de ea (${r.newMigrations.length}): ${r.newMigrations.join(', ') || 'niciuna'}`);
  console.log(`Testele ei rulate pe schema nouă: ${r.tests.join(', ')}`);
  if (!r.ok) console.log(r.output.split('\n').filter((l) => /✕|●|FAIL/.test(l)).slice(0, 80).join('\n'));
  console.log(`${r.ok ? 'OK' : 'EȘUAT'}: ${summary} în ${r.seconds.toFixed(0)} s`);
  process.exit(r.ok ? 0 : 1);
}
