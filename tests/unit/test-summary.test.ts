// The closing line of `npm test` counts honestly (issue 47): a test that passed only on a retry is
// failed and named. The fixture is a real Playwright JSON report of a planted spec with one flaky
// test (fails on its first try, passes on the retry), one passing and one failing test.
import path from 'node:path';
import { countJest, countPlaywright } from '../../scripts/test-summary';
import report from '../fixtures/test-summary/playwright-flaky.json';
// Written by Playwright 1.65 (`--reporter=list,json`, retries 1) for a spec with a flaky test, a
// steady one and a journey that breaks in a nested step; only its config block and machine paths
// were left out.
import stepsReport from '../fixtures/test-summary/playwright-steps.json';

describe('npm test summary', () => {
  it('counts a flaky Playwright test as failed and names it', () => {
    const c = countPlaywright(report);
    expect(c.passed).toBe(1);
    expect(c.failed).toBe(2);
    expect(c.flaky).toEqual(['e2e: [] flaky.spec.ts › planted flaky']);
    expect(c.failures).toEqual(['e2e: [] flaky.spec.ts › broken']);
  });

  it('names the step and the line where a Playwright test broke, the first run for a flaky one', () => {
    const c = countPlaywright(stepsReport);
    expect(c.passed).toBe(1);
    expect(c.failed).toBe(2);
    expect(c.flaky).toEqual(['e2e: [] steps.spec.ts › planted flaky (step: Fails on the first try only, at steps.spec.ts:5)']);
    expect(c.failures).toEqual(['e2e: [] steps.spec.ts › broken journey (step: Save the form › Press Save, at steps.spec.ts:19)']);
  });

  it('names failed jest tests and files that did not run', () => {
    const root = '/repo';
    const c = countJest(
      {
        numPassedTests: 3,
        numFailedTests: 1,
        numRuntimeErrorTestSuites: 1,
        testResults: [
          { name: path.join(root, 'tests/unit/a.test.ts'), status: 'failed', assertionResults: [{ status: 'passed', fullName: 'a ok' }, { status: 'failed', fullName: 'a breaks' }] },
          { name: path.join(root, 'tests/unit/b.test.ts'), status: 'failed', assertionResults: [] },
          { name: path.join(root, 'tests/unit/c.test.ts'), status: 'passed', assertionResults: [{ status: 'passed', fullName: 'c ok' }] },
        ],
      },
      'unit',
      root,
    );
    expect(c.passed).toBe(3);
    expect(c.failed).toBe(2);
    expect(c.failures).toEqual(['unit: tests/unit/a.test.ts › a breaks', 'unit: tests/unit/b.test.ts (the file did not run)']);
  });
});
