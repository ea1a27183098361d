// Issue 47: no test sleeps for real time longer than 2 s, and no test budget grows past 120 s
// without a named reason (docs/decisions/089-a-clock-tests-can-move.md). A test that needs time to
// pass moves the application clock (server/kernel/clock.ts; the e2e specs through
// POST /api/cron/test-clock) instead of waiting for it.
//
// Why 120 s: the longest journeys that only work (sign-ins, a dozen pages, axe at two widths)
// finish in 30 to 90 s on the shared 2-core machine; a budget above that is either waiting for
// something (time, which the clock removes) or a real process (an import, a migration, a second
// server), which is listed below with its reason so the list can be read and shortened.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TESTS_DIR = path.resolve(__dirname, '..');
const SELF = path.relative(TESTS_DIR, __filename);
const MAX_SLEEP_MS = 2_000;
const MAX_BUDGET_MS = 120_000;

// A number as written in the source: 2000, 2_000, 1e3 is not used in the tests.
const N = '(\\d[\\d_]*)';
/** Real waits: a sleep, a Playwright pause, a timer callback, a poll's interval. */
const SLEEPS: RegExp[] = [
  new RegExp(`\\bwaitForTimeout\\(\\s*${N}\\s*\\)`, 'g'),
  new RegExp(`(?<![.\\w])setTimeout\\(\\s*(?:[\\w$]+|\\([^()]*\\)\\s*=>[^,]*)\\s*,\\s*${N}\\s*\\)`, 'g'),
  new RegExp(`(?<![.\\w])(?:sleep|delay|pause)\\(\\s*${N}\\s*\\)`, 'g'),
  new RegExp(`\\bintervals:\\s*\\[([^\\]]*)\\]`, 'g'),
];
/** Budgets: how long a test (or one wait in it) may take before it fails. */
const BUDGETS: RegExp[] = [new RegExp(`\\b(?:test|jest)\\.setTimeout\\(\\s*${N}`, 'g'), new RegExp(`\\btimeout:\\s*${N}\\b`, 'g')];

type Finding = { file: string; line: number; ms: number; text: string };

const toMs = (literal: string) => Number(literal.replace(/_/g, ''));

/** Every literal wait above MAX_SLEEP_MS and every budget above MAX_BUDGET_MS in one source. */
function scanSource(file: string, source: string): { sleeps: Finding[]; budgets: Finding[] } {
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  const find = (patterns: RegExp[], limit: number) =>
    patterns.flatMap((re) =>
      [...source.matchAll(re)].flatMap((m) =>
        (m[1].match(/\d[\d_]*/g) ?? []).map(toMs).filter((ms) => ms > limit).map((ms) => ({ file, line: lineOf(m.index), ms, text: m[0] })),
      ),
    );
  const byLine = (a: Finding, b: Finding) => a.line - b.line;
  return { sleeps: find(SLEEPS, MAX_SLEEP_MS).sort(byLine), budgets: find(BUDGETS, MAX_BUDGET_MS).sort(byLine) };
}

/**
 * Budgets above 120 s that wait for a real process, not for time: file → the largest allowed and
 * why. A file that no longer needs its entry fails the test too, so the list only shrinks.
 */
const LONG_BUDGETS: Record<string, { maxMs: number; reason: string }> = {
  'integration/create-admin.test.ts': { maxMs: 420_000, reason: 'throwaway databases migrated by the real `prisma migrate` scripts, several times' },
  'integration/demo-accounts.test.ts': { maxMs: 180_000, reason: 'a throwaway database migrated and prepared by the data scripts (child processes)' },
  'integration/mail-crash-window.test.ts': { maxMs: 300_000, reason: 'sender processes started and SIGKILLed mid-batch, then restarted' },
  'integration/import-beside-traffic.test.ts': { maxMs: 600_000, reason: 'the official-data importer run as a child process and killed in each phase' },
  'integration/read-replica.test.ts': { maxMs: 180_000, reason: 'a streaming replica PostgreSQL started beside the primary' },
  'integration/release-migrations.test.ts': { maxMs: 240_000, reason: 'the release migration script run against throwaway databases' },
  'integration/db-faults.test.ts': { maxMs: 180_000, reason: 'a throwaway cluster on a small tmpfs filled to the brim, then an archive folder made unwritable and writable again' },
  'integration/db-faults-replica.test.ts': { maxMs: 180_000, reason: 'a primary and a streaming replica behind TCP proxies the test cuts and reopens' },
  'integration/support/primary-replica.ts': { maxMs: 180_000, reason: 'the app schema and demo set migrated by a child process for the failover of the queues (was in failover-queues.test.ts)' },
  'integration/failover-queues.test.ts': { maxMs: 300_000, reason: 'a primary and a replica, a sender process and a webhook receiver; the primary killed and the replica promoted mid-queue' },
  'integration/search-import-instances.test.ts': { maxMs: 180_000, reason: 'two search-engine instances loading the copy while an import runs' },
  'e2e/support/import.ts': { maxMs: 240_000, reason: 'the importer (`npm run import`) as a child process' },
  'e2e/monitoring-journey.spec.ts': { maxMs: 600_000, reason: 'two importer runs (ONRC and MF) as child processes, then the digest journey' },
  'e2e/api-keys.spec.ts': { maxMs: 240_000, reason: 'long journeys through the UI, sign-ins verifying argon2 hashes on the loaded machine' },
  'e2e/accessibility.spec.ts': { maxMs: 240_000, reason: 'each worker prepares the pages\' data once (accounts, group, draft, mailbox links)' },
  'e2e/privacy.spec.ts': { maxMs: 240_000, reason: 'request, confirmation and erasure through the mailbox, several accounts' },
  'e2e/watch.spec.ts': { maxMs: 240_000, reason: 'following companies and groups, the feed and its settings, signed in' },
  'e2e/contacts.spec.ts': { maxMs: 180_000, reason: 'several sign-ins and pages per journey' },
  'e2e/contacts.mobile.spec.ts': { maxMs: 180_000, reason: 'several sign-ins and pages per journey at 360 px' },
  'e2e/groups.spec.ts': { maxMs: 240_000, reason: 'three accounts in three browsers, search to a shared commented group' },
  'e2e/groups-manage.spec.ts': { maxMs: 240_000, reason: 'invitations accepted in other browsers, leave, delete and restore' },
  'e2e/security-headers.spec.ts': { maxMs: 240_000, reason: 'every public and signed-in page loaded under the CSP watch' },
  'e2e/users.spec.ts': { maxMs: 240_000, reason: 'an Admin journey across two browsers (the session of the blocked user ends)' },
  'e2e/spec-deviations.spec.ts': { maxMs: 300_000, reason: 'the CAEN catalogue (615 classes) and 22 groups made for the paged dropdown' },
  'e2e/templates.spec.ts': { maxMs: 240_000, reason: 'the e-mail editor (GrapesJS) loaded and driven, then a draft' },
  'e2e/sending.spec.ts': { maxMs: 180_000, reason: 'a sending delivered through the SMTP sink from the template list' },
  'e2e/prospecting.spec.ts': { maxMs: 300_000, reason: 'search, group, export, CUI lists, saved search and a draft through the mailbox' },
};

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : listSources(full);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(e.name) ? [full] : [];
  });
}

const scanned = listSources(TESTS_DIR)
  .map((f) => path.relative(TESTS_DIR, f).split(path.sep).join('/'))
  .filter((f) => f !== SELF)
  .map((f) => scanSource(f, readFileSync(path.join(TESTS_DIR, f), 'utf8')));
const show = (f: Finding) => `${f.file}:${f.line} ${f.text} (${f.ms} ms)`;

test('no test sleeps for real time longer than 2 s', () => {
  expect(scanned.flatMap((s) => s.sleeps).map(show)).toEqual([]);
});

test('no test budget above 120 s except the named ones, each within its own bound', () => {
  const over = scanned.flatMap((s) => s.budgets).filter((f) => !(LONG_BUDGETS[f.file] && f.ms <= LONG_BUDGETS[f.file].maxMs));
  expect(over.map(show)).toEqual([]);
});

test('every named exception still needs its long budget (the list only shrinks)', () => {
  const stillLong = new Set(scanned.flatMap((s) => s.budgets).map((f) => f.file));
  expect(Object.keys(LONG_BUDGETS).filter((file) => !stillLong.has(file))).toEqual([]);
  for (const { reason } of Object.values(LONG_BUDGETS)) expect(reason.length).toBeGreaterThan(20);
});

test('the scan finds what it is meant to find, and only that', () => {
  const sample = [
    'await page.waitForTimeout(5000);',
    'await new Promise((r) => setTimeout(r, 2_500));',
    'await sleep(3000);',
    'await expect.poll(f, { timeout: 200_000, intervals: [1_000, 5_000] }).toBe(4);',
    'test.setTimeout(420_000);',
    'jest.setTimeout(121_000);',
    // within the bounds, or not a wait: none of these is reported
    'await new Promise((r) => setTimeout(r, 2000));',
    'test.setTimeout(120_000);',
    'await expect(x).toBeVisible({ timeout: 60_000 });',
    'const t = setTimeout(() => ctrl.abort(), 1000);',
  ].join('\n');
  const { sleeps, budgets } = scanSource('sample.ts', sample);
  expect(sleeps.map((f) => [f.line, f.ms])).toEqual([
    [1, 5000],
    [2, 2500],
    [3, 3000],
    [4, 5000],
  ]);
  expect(budgets.map((f) => [f.line, f.ms])).toEqual([
    [4, 200_000],
    [5, 420_000],
    [6, 121_000],
  ]);
});
