// The closing count of `npm test`, read from each runner's JSON report. Honest by construction: a
// Playwright test that passed only on a retry ("flaky") counts as failed and is named, with the
// named step (test.step) and the line where it broke, and a jest file that could not run counts as
// a failure even when it reported no test.
import path from 'node:path';

type Count = { passed: number; failed: number; failures: string[]; flaky: string[] };

type PwStep = { title: string; error?: unknown; steps?: PwStep[] };
type PwResult = { status?: string; steps?: PwStep[]; errorLocation?: { file: string; line: number } };
type PwTest = { projectName?: string; status?: string; results?: PwResult[] };
type PwSuite = { title?: string; specs?: { title: string; tests?: PwTest[] }[]; suites?: PwSuite[] };
type PwReport = { stats?: { expected?: number; unexpected?: number; flaky?: number }; suites?: PwSuite[] };

/**
 * Where one run of a test broke: its failed named steps (test.step), each down to the innermost
 * failed step, and the line of the error. A flaky test is named by its failed first run, a failed
 * test by its last run.
 */
function whereItBroke(result: PwResult | undefined): string {
  if (!result) return '';
  const innermost = (step: PwStep): string[] => {
    const inner = (step.steps ?? []).find((s) => s.error);
    return [step.title, ...(inner ? innermost(inner) : [])];
  };
  const steps = (result.steps ?? []).filter((s) => s.error).map((s) => innermost(s).join(' › '));
  const parts: string[] = [];
  if (steps.length) parts.push(`${steps.length === 1 ? 'step' : 'steps'}: ${steps.slice(0, 5).join('; ')}${steps.length > 5 ? `; … ${steps.length - 5} more` : ''}`);
  const at = result.errorLocation;
  if (at) parts.push(`at ${path.basename(at.file)}:${at.line}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** Every test of a Playwright JSON report with its outcome ('expected', 'unexpected', 'flaky', 'skipped') and where it broke. */
function playwrightTests(report: PwReport): { title: string; status: string; where: string }[] {
  const out: { title: string; status: string; where: string }[] = [];
  const walk = (suite: PwSuite, trail: string[]) => {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const results = t.results ?? [];
        const run = t.status === 'flaky' ? results.find((r) => r.status !== 'passed' && r.status !== 'skipped') : results.at(-1);
        out.push({ title: `[${t.projectName ?? ''}] ${[...here, spec.title].join(' › ')}`, status: t.status ?? '', where: whereItBroke(run) });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const s of report.suites ?? []) walk(s, []);
  return out;
}

export function countPlaywright(report: PwReport): Count {
  const s = report.stats ?? {};
  const c: Count = { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0), failures: [], flaky: [] };
  for (const t of playwrightTests(report)) {
    if (t.status === 'flaky') c.flaky.push(`e2e: ${t.title}${t.where}`);
    else if (t.status === 'unexpected') c.failures.push(`e2e: ${t.title}${t.where}`);
  }
  return c;
}

type JestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites?: number;
  testResults?: { name?: string; status?: string; assertionResults?: { status: string; fullName: string }[] }[];
};

export function countJest(r: JestReport, project: string, root: string): Count {
  const c: Count = { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), failures: [], flaky: [] };
  for (const file of r.testResults ?? []) {
    const rel = path.relative(root, file.name ?? '');
    const results = file.assertionResults ?? [];
    if (file.status === 'failed' && !results.some((a) => a.status === 'failed')) c.failures.push(`${project}: ${rel} (the file did not run)`);
    for (const a of results) if (a.status === 'failed') c.failures.push(`${project}: ${rel} › ${a.fullName}`);
  }
  return c;
}
