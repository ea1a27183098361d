// `npm test`: every test layer, and one closing line `N passed, N failed` (test-results/summary.json).
//
// On 2 cores the run is bound by its total CPU work, so the layers are laid out to keep both cores
// busy (decision 105):
//   1. side by side: eslint → dependency-cruiser → knip; `next typegen` → tsc → `next build`;
//      jest unit. Each writes to its own log, printed whole when it ends.
//   2. jest integration alone, two workers by default (one database clone each, decision 090).
//   3. Playwright e2e in Chromium on that build.
// tsc runs on the route types `next typegen` writes, which is the check `next build` would repeat,
// so the build here skips its own (RF_TYPES_CHECKED=1, next.config.mjs).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { countPlaywright, countJest } from './test-summary';

const root = path.resolve(__dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
// `npm test -- e2e tests/e2e/x.spec.ts`: layer names pick layers; paths go to Playwright (one spec
// through the same reporters and closing count as the whole run).
const args = process.argv.slice(2);
const only = args.filter((a) => !a.includes('/') && !a.endsWith('.ts'));
const specs = args.filter((a) => !only.includes(a));
const want = (layer: string) => only.length === 0 || only.includes(layer);
const logs = path.join(root, 'test-results/logs');
mkdirSync(logs, { recursive: true });

let passed = 0;
let failed = 0;
let ok = true;
/** Named in the closing summary, so a red line says where it broke without scrolling the log. */
const failures: string[] = [];
const flaky: string[] = [];
/** Each step's wall time, in the closing summary and summary.json: where the minutes went. */
const times: { step: string; seconds: number; ok: boolean }[] = [];
const t0 = Date.now();
const since = (t: number) => Math.round((Date.now() - t) / 1000);

/**
 * One command. Alone (`live`), its output streams; beside others, it goes to its own log file and
 * is printed whole when the step ends, so parallel steps never interleave their lines.
 */
function step(label: string, cmd: string, cmdArgs: string[], opts: { env?: NodeJS.ProcessEnv; live?: boolean } = {}): Promise<boolean> {
  const start = Date.now();
  const file = path.join(logs, `${label.replace(/[^a-z0-9]+/gi, '-')}.log`);
  const fd = opts.live ? null : openSync(file, 'w');
  if (opts.live) console.log(`\n━━ ${label} (from ${since(t0)} s) ━━`);
  const child = spawn(cmd, cmdArgs, { cwd: root, env: opts.env ?? process.env, stdio: fd === null ? 'inherit' : ['ignore', fd, fd] });
  return new Promise((resolve) => {
    let settled = false;
    const done = (code: number | null) => {
      if (settled) return;
      settled = true;
      const seconds = since(start);
      if (fd !== null) {
        closeSync(fd);
        console.log(`\n━━ ${label} (from ${since(t0) - seconds} s) ━━\n${readFileSync(file, 'utf8').trimEnd()}`);
      }
      console.log(`━━ ${label}: ${seconds} s ━━`);
      times.push({ step: label, seconds, ok: code === 0 });
      if (code !== 0) ok = false;
      resolve(code === 0);
    };
    child.on('exit', done);
    child.on('error', (e) => {
      if (fd !== null) writeFileSync(file, String(e), { flag: 'a' });
      done(1);
    });
  });
}

/** A static check counts as one test: passed, or failed and named. */
function count(label: string, good: boolean) {
  if (good) passed += 1;
  else {
    failed += 1;
    failures.push(`static: ${label}`);
  }
}

/** eslint, then the import rules and knip (each one check). */
async function lintLane() {
  count('eslint', await step('eslint', bin('eslint'), ['.', '--max-warnings=0']));
  count('dependency-cruiser', await step('dependency-cruiser', bin('depcruise'), ['server', 'app', 'lib', 'components', '--config', '.dependency-cruiser.js']));
  count('knip', await step('knip', bin('knip'), ['--no-progress']));
}

/**
 * The route types (`next typegen`, a few seconds), tsc over the whole tree with them, then the
 * build when the e2e layer runs. The build starts after tsc so that it does not rewrite .next/types
 * while tsc reads them; it skips the type check tsc has just made.
 */
async function typesLane(build: boolean): Promise<boolean> {
  const generated = await step('next typegen', bin('next'), ['typegen']);
  count('tsc --noEmit', generated && (await step('tsc --noEmit', bin('tsc'), ['--noEmit'])));
  if (!build) return true;
  return step('next build', bin('next'), ['build'], { env: { ...process.env, NODE_ENV: 'production', RF_TYPES_CHECKED: '1' } });
}

async function jest(project: 'unit' | 'integration', extra: string[], live: boolean) {
  const out = path.join(root, `test-results/jest-${project}.json`);
  await step(`jest: ${project}`, bin('jest'), ['--ci', '--selectProjects', project, ...extra, '--json', `--outputFile=${out}`], { live });
  if (existsSync(out)) {
    const c = countJest(JSON.parse(readFileSync(out, 'utf8')), project, root);
    passed += c.passed;
    failed += c.failed;
    failures.push(...c.failures);
  } else {
    failed += 1;
    failures.push(`${project}: jest wrote no report`);
  }
}

/**
 * Chromium's headless shell (the build `@sparticuz/chromium` ships, unpacked once into /tmp), as
 * Playwright's own headless default is: the e2e layer is bound by the browser's CPU on two cores, and
 * the shell drew the same pages with about 35 % less (decision 120). Debian's full browser stays the
 * fallback when the shell cannot be unpacked.
 */
async function chromiumPath(): Promise<string | undefined> {
  try {
    const chromium = (await import('@sparticuz/chromium')).default;
    return await chromium.executablePath();
  } catch (e) {
    console.log(`[e2e] the headless shell could not be unpacked (${String(e)}): Debian's chromium runs the specs`);
    return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
  }
}

async function main() {
  // RF_E2E_REUSE_BUILD=1 runs the specs on the build already in .next (a rerun of one spec).
  const reuse = process.env.RF_E2E_REUSE_BUILD === '1' && existsSync(path.join(root, '.next/BUILD_ID'));
  const buildNeeded = want('e2e') && !reuse;
  // Phase 1: the steps that share nothing, side by side; the integration tests then run without
  // the build beside them (their timing bounds see less contention).
  let build: Promise<boolean> = Promise.resolve(true);
  const phase1: Promise<unknown>[] = [];
  if (want('static')) {
    phase1.push(lintLane());
    build = typesLane(buildNeeded);
  } else if (buildNeeded) {
    build = step('next build', bin('next'), ['build'], { env: { ...process.env, NODE_ENV: 'production' } });
  }
  phase1.push(build);
  if (want('jest')) phase1.push(jest('unit', ['--maxWorkers=2'], !want('static') && !buildNeeded));
  await Promise.all(phase1);
  if (want('jest')) {
    // Phase 2: one database clone per worker (decision 090); RF_INTEGRATION_WORKERS=1 runs one
    // file at a time. jest reads maxWorkers only from the command line or the root config.
    const workers = Number(process.env.RF_INTEGRATION_WORKERS ?? 2);
    await jest('integration', workers > 1 ? [`--maxWorkers=${workers}`] : ['--runInBand'], true);
  }
  if (want('e2e')) {
    if (!(await build)) {
      ok = false;
      failed += 1;
      failures.push('next build');
    } else {
      const out = path.join(root, 'test-results/e2e.json');
      const env = { ...process.env, RF_CHROMIUM_PATH: process.env.RF_CHROMIUM_PATH ?? (await chromiumPath()), PLAYWRIGHT_JSON_OUTPUT_NAME: out };
      await step('playwright e2e (Chromium)', bin('playwright'), ['test', '--reporter=list,json', ...specs], { env, live: true });
      if (existsSync(out)) {
        const c = countPlaywright(JSON.parse(readFileSync(out, 'utf8')));
        passed += c.passed;
        failed += c.failed;
        failures.push(...c.failures);
        flaky.push(...c.flaky);
      } else failed += 1;
    }
  }
  const total = since(t0);
  writeFileSync(path.join(root, 'test-results/summary.json'), JSON.stringify({ passed, failed, failures, flaky, seconds: total, times }));
  console.log(`\nTimes (wall, steps of one phase overlap): ${times.map((t) => `${t.step} ${t.seconds} s`).join(', ')}; total ${total} s`);
  if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
  if (flaky.length) console.log(`\nFlaky (passed only on a retry, counted as failed):\n${flaky.map((f) => `  ~ ${f}`).join('\n')}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
});
