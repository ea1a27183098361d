// The closing count of `npm test`, read from each runner's JSON report. Honest by construction: a
// Playwright test that passed only on a retry ("flaky") counts as failed and is named, and a jest
// file that could not run counts as a failure even when it reported no test.
import path from 'node:path';

type Count = { passed: number; failed: number; failures: string[]; flaky: string[] };

type PwSuite = { title?: string; specs?: { title: string; tests?: { projectName?: string; status?: string }[] }[]; suites?: PwSuite[] };
type PwReport = { stats?: { expected?: number; unexpected?: number; flaky?: number }; suites?: PwSuite[] };

/** Every test of a Playwright JSON report with its outcome ('expected', 'unexpected', 'flaky', 'skipped'). */
function playwrightTests(report: PwReport): { title: string; status: string }[] {
  const out: { title: string; status: string }[] = [];
  const walk = (suite: PwSuite, trail: string[]) => {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) out.push({ title: `[${t.projectName ?? ''}] ${[...here, spec.title].join(' › ')}`, status: t.status ?? '' });
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
    if (t.status === 'flaky') c.flaky.push(`e2e: ${t.title}`);
    else if (t.status === 'unexpected') c.failures.push(`e2e: ${t.title}`);
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
