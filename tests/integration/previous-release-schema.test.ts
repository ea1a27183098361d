// Expand, then contract, guarded in the test run (issue 51, decision 118): the previous release's
// own Prisma client (the commit prisma/migrations/RELEASED names, as `npm run db:release-check`
// finds it) reads every model it knows from this worker's database, migrated to THIS checkout's
// schema; a clone of it given two contracting changes shows the check fails when it should.
// The full check, the old release's own integration tests, stays `npm run db:release-check`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findReleaseCommit } from '@/scripts/db/release-check';
import { checkOldClient, generateOldClient, type OldClient, type OldClientReport } from '@/scripts/db/release-models';
import { withDb } from './support/migrations';
import { TEMPLATE } from './worker-database-create.mjs';

jest.setTimeout(120_000);

let old: OldClient | null = null;
const admin = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: '/postgres' }).href;
const contracted = `rf_contract_${process.pid}_${Date.now()}`;
let onNewSchema: OldClientReport;
let onContracted: OldClientReport;

beforeAll(async () => {
  const released = readFileSync(path.resolve('prisma/migrations/RELEASED'), 'utf8').trim();
  const commit = findReleaseCommit(released);
  // A clone without history (git clone --depth) cannot name the previous release: fetch it whole.
  if (!commit) throw new Error(`no commit of this history has ${released} as its newest migration (a shallow clone?)`);
  old = generateOldClient(commit);
  console.log(`[previous-release] ${commit.slice(0, 7)}: its client generated in ${old.generateMs} ms`);
  // A clone of the migrated database given two contracting changes: the check must fail there.
  await withDb(admin, (c) => c.query(`CREATE DATABASE "${contracted}" TEMPLATE ${TEMPLATE} STRATEGY FILE_COPY`));
  const contractedUrl = Object.assign(new URL(admin), { pathname: `/${contracted}` }).href;
  await withDb(contractedUrl, async (c) => {
    await c.query(`ALTER TABLE company_comment RENAME COLUMN updated_at TO changed_at`);
    await c.query(`ALTER TABLE contact ADD COLUMN source text NOT NULL DEFAULT 'x'`);
    await c.query(`ALTER TABLE contact ALTER COLUMN source DROP DEFAULT`);
  });
  const t0 = Date.now();
  [onNewSchema, onContracted] = checkOldClient(old, [process.env.DATABASE_URL!, contractedUrl]);
  console.log(`[previous-release] ${onNewSchema.models} models, ${onNewSchema.columns} columns read on two databases in ${Date.now() - t0} ms`);
});

afterAll(async () => {
  old?.cleanup();
  await withDb(admin, async (c) => {
    await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [contracted]);
    await c.query(`DROP DATABASE IF EXISTS "${contracted}"`);
  });
});

test('the previous release reads every one of its models on the new schema, and none of its inserts meets an unknown NOT NULL column', () => {
  expect(onNewSchema.problems).toEqual([]);
  expect(onNewSchema.models).toBeGreaterThan(30);
});

test('a contracting change (a column renamed, a NOT NULL column without default) fails the check', () => {
  expect(onContracted.problems).toEqual(
    expect.arrayContaining([expect.stringMatching(/^CompanyComment \(company_comment\): citirea vechiului client eșuează/), expect.stringMatching(/^Contact \(contact\)\.source: coloană NOT NULL fără valoare implicită/)]),
  );
  expect(onContracted.problems).toHaveLength(2);
});
