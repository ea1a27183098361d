// Change facts recorded by the importers and their fan-out to followers (docs/decisions/053):
// each kind once, nothing on a repeated import, followers through a group only while they may read it.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { FIXTURES, SAMPLES, clearFixtureData, runSource, tmpDir } from './support/import-run';
import { createUser, type TestUser } from '../factories/users';
import { addCompany, addMember, createGroup } from '../factories/groups';
import { fanOutPending, fanOutPendingRuns } from '@/server/watch/fanout';

let db: pg.Client;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];
const changesOf = (runId: number) =>
  q<{ cui: number; kind: string; old_value: string | null; new_value: string | null; source: string; data_date: string }>(
    `SELECT cui, kind, old_value, new_value, source, data_date::text FROM company_change WHERE run_id = $1 ORDER BY cui, kind`,
    [runId],
  );

/** An MF year 2024 beside the 2023 fixture: one company past every threshold and with another main activity. */
function mf2024(): string {
  const dir = path.join(tmpDir, 'mf2024');
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(FIXTURES, 'mf/WEB_UU_AN2023.csv'), path.join(dir, 'WEB_UU_AN2024.csv'));
  const header = readFileSync(path.join(FIXTURES, 'mf/WEB_UU_AN2023.txt'), 'utf8').split(/\r?\n/)[0];
  // 16834908: turnover 2,000,000 → 12,000,000, net profit 210,000 → loss 50,000, 15 → 60 employees, CAEN 4120 → 4110,
  // debts 300,000 → 3,000,000 and capitals 600,000 → -1,000,000 (the Altman score falls into the high-risk band)
  const rows = [
    header,
    '16834908,4110,500000,400000,50000,250000,100000,0,3000000,0,0,-1000000,1000,0,12000000,12050000,12100000,0,50000,0,50000,60',
    // 31000019: the same figures as in 2023, a newer year only
    '31000019,8621,100000,50000,1000,20000,29000,0,40000,0,0,110000,200,0,300000,310000,250000,60000,0,50000,0,4',
  ];
  writeFileSync(path.join(dir, 'WEB_UU_AN2024.txt'), rows.join('\n') + '\n');
  return dir;
}

/** The fan-out worker's pass (decision 073): how many notifications it wrote for `runId`. */
async function fanOutOf(runId: number): Promise<number | undefined> {
  const r = await fanOutPendingRuns();
  return r.runs.find((x) => x.runId === runId)?.created;
}
const notificationsOf = async (runId: number) =>
  (await q<{ n: number }>(`SELECT count(*)::int AS n FROM notification n JOIN company_change c ON c.id = n.change_id WHERE c.run_id = $1`, [runId]))[0].n;

let follower: TestUser;
let viaGroup: TestUser;
let leaver: TestUser;
let blocked: TestUser;
let quiet: TestUser;

// The runs this file makes: forced (another file may have imported the same fixtures, and an
// unforced run of files already imported is skipped), and removed at the end so that no later file
// finds its fixtures "already imported" (the two files failed each other in either order).
let runsBefore = 0;

beforeAll(async () => {
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  await clearFixtureData(db);
  runsBefore = (await q<{ id: number }>(`SELECT coalesce(max(id), 0)::int AS id FROM import_run`))[0].id;
});
afterAll(async () => {
  await q(`DELETE FROM company_change WHERE run_id > $1`, [runsBefore]);
  await q(`DELETE FROM import_run WHERE id > $1`, [runsBefore]);
  await clearFixtureData(db);
  await db.query('SELECT * FROM rf_refresh_derived()');
  await db.end();
});

describe('ONRC', () => {
  let groupId: number;
  it('records nothing for companies new to the register', async () => {
    const first = await runSource('onrc', path.join(FIXTURES, 'onrc-v1'), { force: true });
    expect(await changesOf(first.runId)).toEqual([]);
  });

  it('records a status (code and label), a new name and a move to another county; notifies the followers', async () => {
    follower = await createUser();
    viaGroup = await createUser();
    leaver = await createUser();
    blocked = await createUser();
    quiet = await createUser();
    await q(`INSERT INTO watch_company (user_id, cui) VALUES ($1, 31000043), ($1, 31000051), ($2, 31000043), ($3, 31000051)`, [follower.id, blocked.id, quiet.id]);
    await q(`UPDATE app_user SET is_blocked = true WHERE id = $1`, [blocked.id]);
    await q(`INSERT INTO notification_setting (user_id, kind, channel) VALUES ($1, 'name', 'off')`, [quiet.id]);
    const owner = await createUser();
    const group = await createGroup(owner);
    groupId = group.id;
    await addCompany(group, 31000060, owner);
    await addMember(group, viaGroup, 'View');
    await addMember(group, leaver, 'View');
    await q(`INSERT INTO watch_group (user_id, group_id) VALUES ($1, $3), ($2, $3)`, [viaGroup.id, leaver.id, group.id]);
    // the leaver leaves before the import: the group's companies are no longer theirs to follow
    await q(`UPDATE group_member SET is_deleted = true WHERE group_id = $1 AND user_id = $2`, [group.id, leaver.id]);

    const run = await runSource('onrc', path.join(FIXTURES, 'onrc-v2'), { force: true });
    const changes = await changesOf(run.runId);
    expect(changes).toEqual([
      { cui: 31000043, kind: 'status', old_value: 'Funcțiune (1048)', new_value: expect.stringMatching(/\(1139\)$/), source: 'onrc', data_date: '2026-10-12' },
      { cui: 31000051, kind: 'name', old_value: expect.any(String), new_value: 'NUMELE NOU SRL', source: 'onrc', data_date: '2026-10-12' },
      { cui: 31000060, kind: 'address', old_value: expect.any(String), new_value: expect.stringContaining('Timi'), source: 'onrc', data_date: '2026-10-12' },
    ]);
    expect(changes[2].old_value).not.toEqual(changes[2].new_value);
    // the importer wrote the facts and no notification: the fan-out is the worker's, after the import
    expect(await notificationsOf(run.runId)).toBe(0);
    expect(await fanOutOf(run.runId)).toBe(3);
    // once: a second pass finds nothing to do for this run
    expect(await fanOutOf(run.runId)).toBeUndefined();
    const notes = await q<{ user_id: number; cui: number; kind: string; channel: string }>(
      `SELECT n.user_id, c.cui, c.kind, n.channel FROM notification n JOIN company_change c ON c.id = n.change_id
        WHERE c.run_id = $1 ORDER BY n.user_id, c.cui`,
      [run.runId],
    );
    expect(notes).toEqual([
      { user_id: follower.id, cui: 31000043, kind: 'status', channel: 'email' },
      { user_id: follower.id, cui: 31000051, kind: 'name', channel: 'email' },
      { user_id: viaGroup.id, cui: 31000060, kind: 'address', channel: 'email' },
    ]);
  });

  it('records nothing and notifies nobody when the same files are imported again', async () => {
    const again = await runSource('onrc', path.join(FIXTURES, 'onrc-v2'), { force: true });
    expect(await changesOf(again.runId)).toEqual([]);
    expect(await fanOutOf(again.runId)).toBe(0);
    expect(groupId).toBeGreaterThan(0);
  });
});

describe('MF', () => {
  it('records a new year, main activity, thresholds crossed and the insolvency band; nothing on a repeat', async () => {
    await runSource('mf', path.join(FIXTURES, 'mf'), { force: true });
    const run = await runSource('mf', mf2024(), { force: true });
    const changes = await changesOf(run.runId);
    const of16834908 = changes.filter((c) => c.cui === 16834908).map((c) => [c.kind, c.old_value, c.new_value]);
    expect(of16834908).toEqual(
      expect.arrayContaining([
        ['caen', expect.stringMatching(/^4120/), expect.stringMatching(/^4110/)],
        ['employees', '15', '60'],
        ['financial_year', '2023', '2024'],
        ['insolvency', 'Scăzut', 'Ridicat'],
        ['profit', '210000', '-50000'],
        ['turnover', '2000000', '12000000'],
      ]),
    );
    expect(changes.filter((c) => c.cui === 31000019).map((c) => c.kind)).toEqual(['financial_year']);
    expect(changes.every((c) => c.source === 'mf')).toBe(true);
    const again = await runSource('mf', mf2024(), { force: true });
    expect(await changesOf(again.runId)).toEqual([]);
  });
});

describe('SICAP and EU', () => {
  it('records a tender won by a supplier and a new EU project once', async () => {
    const baseline = await runSource('sicap', path.join(FIXTURES, 'sicap2018'), { force: true });
    expect(baseline.runId).toBeGreaterThan(0);
    const api = await runSource('sicap', path.join(SAMPLES, 'sicap-achizitii-directe-pnrr-sample.csv'), { force: true });
    const won = (await changesOf(api.runId)).filter((c) => c.cui === 16834908);
    expect(won).toEqual([expect.objectContaining({ kind: 'tender_won', source: 'sicap', new_value: expect.stringContaining('dirigentie') })]);
    const repeat = await runSource('sicap', path.join(SAMPLES, 'sicap-achizitii-directe-pnrr-sample.csv'), { force: true });
    expect(await changesOf(repeat.runId)).toEqual([]);

    await runSource('eu', path.join(SAMPLES, 'fonduri-ue-por-2007-2013-sample.csv'), { force: true });
    const eu = await runSource('eu', path.join(FIXTURES, 'eu-kohesio'), { force: true });
    const projects = await changesOf(eu.runId);
    expect(projects.length).toBeGreaterThan(0);
    expect(projects.every((c) => c.kind === 'eu_project' && c.source === 'eu')).toBe(true);
    const euAgain = await runSource('eu', path.join(FIXTURES, 'eu-kohesio'), { force: true });
    expect(await changesOf(euAgain.runId)).toEqual([]);
  });
});

describe('the fan-out worker (decision 073)', () => {
  it('takes each done run once: a run another worker holds is skipped, and taken after that worker dies', async () => {
    const user = await createUser();
    await q(`INSERT INTO watch_company (user_id, cui) VALUES ($1, 31000043) ON CONFLICT DO NOTHING`, [user.id]);
    // a done run with one change fact of a followed company, not yet fanned out
    const [run] = await q<{ id: number }>(
      `INSERT INTO import_run (source, file_key, file_name, data_date, status, phase, finished_at)
       VALUES ('onrc', 'worker-test', 'worker-test', '2026-11-20', 'done', 'done', now()) RETURNING id`,
    );
    await q(
      `INSERT INTO company_change (cui, kind, old_value, new_value, source, data_date, run_id)
       VALUES (31000043, 'name', 'VECHI SRL', 'NOU SRL', 'onrc', '2026-11-20', $1)`,
      [run.id],
    );

    // another worker has claimed it (its transaction is open): this pass skips it, writes nothing
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    await other.query('BEGIN');
    await other.query(`SELECT id FROM import_run WHERE id = $1 FOR UPDATE`, [run.id]);
    expect(await fanOutOf(run.id)).toBeUndefined();
    expect(await notificationsOf(run.id)).toBe(0);
    // the idle poll does not see a run another sender is fanning out as pending
    const others = await q<{ n: number }>(`SELECT count(*)::int AS n FROM import_run WHERE status = 'done' AND notified_at IS NULL AND id <> $1`, [run.id]);
    expect(others[0].n).toBe(0);
    expect(await fanOutPending()).toBe(false);

    // that worker dies before committing: the run is still pending and the next pass takes it
    await other.end();
    expect(await fanOutPending()).toBe(true);
    const [a, b] = await Promise.all([fanOutPendingRuns(), fanOutPendingRuns()]);
    const takers = [a, b].filter((r) => r.runs.some((x) => x.runId === run.id));
    expect(takers).toHaveLength(1);
    // every follower of the company once (this user, and the follower of the ONRC test above)
    const created = takers[0].runs.find((x) => x.runId === run.id)?.created;
    expect(created).toBeGreaterThanOrEqual(1);
    expect(await notificationsOf(run.id)).toBe(created);
    expect(await q(`SELECT n.user_id FROM notification n JOIN company_change c ON c.id = n.change_id WHERE c.run_id = $1 AND n.user_id = $2`, [run.id, user.id])).toHaveLength(1);
    expect((await q<{ done: boolean }>(`SELECT notified_at IS NOT NULL AS done FROM import_run WHERE id = $1`, [run.id]))[0].done).toBe(true);
  });

  it('a run still running or failed is not fanned out', async () => {
    const [run] = await q<{ id: number }>(
      `INSERT INTO import_run (source, file_key, file_name, data_date, status, phase)
       VALUES ('onrc', 'worker-running', 'worker-running', '2026-11-21', 'running', 'merge') RETURNING id`,
    );
    expect(await fanOutOf(run.id)).toBeUndefined();
    await q(`UPDATE import_run SET status = 'failed' WHERE id = $1`, [run.id]);
    expect(await fanOutOf(run.id)).toBeUndefined();
  });
});
