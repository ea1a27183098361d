// `npm test`: every test layer, in order: jest unit, jest integration (real PostgreSQL), then the
// production build and Playwright e2e in Chromium. Prints one closing line `N passed, N failed`
// and writes test-results/summary.json.
import { spawn, spawnSync } from 'node:child_process';
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
mkdirSync(path.join(root, 'test-results'), { recursive: true });

let passed = 0;
let failed = 0;
let ok = true;
/** Named in the closing summary, so a red line says where it broke without scrolling the log. */
const failures: string[] = [];
const flaky: string[] = [];

function step(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`\n━━ ${label} ━━`);
  const t0 = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  // Each layer's wall time, so a slow layer shows in the CI log (the whole run stays well under 30 min).
  console.log(`━━ ${label}: ${((Date.now() - t0) / 1000).toFixed(0)} s ━━`);
  if (res.status !== 0) ok = false;
  return res.status === 0;
}

/**
 * The production build, started beside the integration tests: they run one file at a time and
 * wait on PostgreSQL most of the time, so the build's CPU work overlaps them instead of following
 * them (about 4 minutes less on 2 cores). Its output goes to test-results/next-build.log and is
 * printed when the e2e layer starts.
 */
function startBuild(): Promise<boolean> {
  const log = path.join(root, 'test-results/next-build.log');
  // Straight to the file: the jest step below blocks this process's event loop (spawnSync), so
  // a pipe read here would fill and stall the build.
  const fd = openSync(log, 'w');
  // The shell stamps the build's own wall time into the log (this process learns of its end only
  // when the integration tests are over).
  const script = `t0=$(date +%s); "$0" build; rc=$?; echo "━━ next build: $(( $(date +%s) - t0 )) s ━━"; exit $rc`;
  const child = spawn('sh', ['-c', script, bin('next')], { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', fd, fd] });
  return new Promise((resolve) => {
    const done = (code: number | null) => {
      closeSync(fd);
      console.log(`\n━━ next build (beside the integration tests) ━━\n${readFileSync(log, 'utf8')}`);
      resolve(code === 0);
    };
    child.on('exit', done);
    child.on('error', () => done(1));
  });
}

async function chromiumPath(): Promise<string | undefined> {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const chromium = (await import('@sparticuz/chromium')).default;
  return chromium.executablePath();
}

async function main() {
  if (want('static')) {
    // Lint and typecheck count as one check each: a layer violation or a type error fails CI.
    for (const [label, cmd, args] of [
      ['eslint', bin('eslint'), ['.', '--max-warnings=0']],
      ['tsc --noEmit', bin('tsc'), ['--noEmit']],
      ['dependency-cruiser', bin('depcruise'), ['server', 'app', 'lib', 'components', '--config', '.dependency-cruiser.js']],
      ['knip', bin('knip'), ['--no-progress']],
    ] as const) {
      if (step(label, cmd, [...args])) passed += 1;
      else {
        failed += 1;
        failures.push(`static: ${label}`);
      }
    }
  }
  let build: Promise<boolean> | null = null;
  if (want('jest')) {
    // Unit tests on every worker jest starts; integration tests one file at a time by default, on a
    // database cloned from a template; RF_INTEGRATION_WORKERS=2 gives each of 2 workers its own
    // clone (decision 090). One is the default while 2 workers beside `next build` on 2 cores have
    // not been shown faster. jest reads maxWorkers only from the command line or the root config.
    const intWorkers = Number(process.env.RF_INTEGRATION_WORKERS ?? 1);
    for (const [project, extra] of [
      ['unit', []],
      ['integration', intWorkers > 1 ? [`--maxWorkers=${intWorkers}`] : ['--runInBand']],
    ] as const) {
      if (project === 'integration' && want('e2e')) build = startBuild();
      const out = path.join(root, `test-results/jest-${project}.json`);
      step(`jest: ${project}`, bin('jest'), ['--ci', '--selectProjects', project, ...extra, '--json', `--outputFile=${out}`]);
      if (existsSync(out)) {
        const c = countJest(JSON.parse(readFileSync(out, 'utf8')), project, root);
        passed += c.passed;
        failed += c.failed;
        failures.push(...c.failures);
      } else failed += 1;
    }
  }
  if (want('e2e')) {
    // RF_E2E_REUSE_BUILD=1 runs the specs on the build already in .next (a rerun of one spec).
    const reuse = !build && process.env.RF_E2E_REUSE_BUILD === '1' && existsSync(path.join(root, '.next/BUILD_ID'));
    const built = build ? await build : reuse || step('next build', bin('next'), ['build'], { ...process.env, NODE_ENV: 'production' });
    if (!built) {
      ok = false;
      failed += 1;
      failures.push('next build');
    } else {
      const out = path.join(root, 'test-results/e2e.json');
      const env = { ...process.env, RF_CHROMIUM_PATH: process.env.RF_CHROMIUM_PATH ?? (await chromiumPath()), PLAYWRIGHT_JSON_OUTPUT_NAME: out };
      step('playwright e2e (Chromium)', bin('playwright'), ['test', '--reporter=list,json', ...specs], env);
      if (existsSync(out)) {
        const c = countPlaywright(JSON.parse(readFileSync(out, 'utf8')));
        passed += c.passed;
        failed += c.failed;
        failures.push(...c.failures);
        flaky.push(...c.flaky);
      } else failed += 1;
    }
  }
  writeFileSync(path.join(root, 'test-results/summary.json'), JSON.stringify({ passed, failed, failures, flaky }));
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
