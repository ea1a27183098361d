// Exact sync of the search copy (docs/decisions/049-exact-search-sync.md, issue 32): a change
// committed long after a later change was applied is still applied; a transaction left open does
// not make the copy reload again and again; engineDataVersion() moves with every applied batch.
import pg from 'pg';
import { sql } from '@/server/kernel/db';
import { engineDataVersion, engineStatus, readOnSyncedCopy, reloadEngine, syncEngine } from '@/server/search/engine';
import { env } from '@/server/kernel/env';
import { listCompanyGroups } from '@/server/search/group-companies';
import { LOAD_LOCK_BASE } from '@/server/search/engine-sync';
import { companyGroupsQuerySchema } from '@/lib/groups/schemas';
import { createCompany } from '../factories/companies';
import { addCompany, createGroup, someCuis } from '../factories/groups';
import { createUser, deleteUsers } from '../factories/users';
import { engineSees, withSearchEngine } from './support/search-engine';

async function openClient(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  return c;
}

// No poll: every sync of these tests is the one a test makes (or the one a read starts).
env.SEARCH_ENGINE_POLL_MS = 0;
withSearchEngine();

test('a change committed 15 s after a later change was applied is applied at the next sync', async () => {
  const early = await createCompany({ name: 'SINCRON LENT SRL', employees: 1 });
  const late = await createCompany({ name: 'SINCRON RAPID SRL', employees: 1 });
  await syncEngine();
  const slow = await openClient();
  try {
    // The lower change id: written first, committed last. Its row is dated 15 s back: exactly what a
    // transaction that wrote it and then worked 15 s more before its commit leaves in the log (the
    // old sync re-read only the last 10 s by changed_at, and every id up to the highest applied).
    await slow.query('BEGIN');
    await slow.query('UPDATE company SET employees = 111 WHERE cui = $1', [early.cui]);
    await slow.query(`UPDATE search_change SET changed_at = changed_at - interval '15 seconds' WHERE txid = pg_current_xact_id()`);
    const [{ id: lowId }] = (await slow.query<{ id: string }>('SELECT max(id)::text AS id FROM search_change WHERE txid = pg_current_xact_id()')).rows;

    // The higher id commits at once and is applied.
    await sql('UPDATE company SET employees = 222 WHERE cui = $1', [late.cui]);
    const [{ id: highId }] = await sql<{ id: string }>('SELECT max(id)::text AS id FROM search_change WHERE cui = $1', [late.cui]);
    expect(BigInt(highId)).toBeGreaterThan(BigInt(lowId));
    const before = engineDataVersion();
    await syncEngine();
    expect(await engineSees(late.cui, 222)).toBe(true);
    expect(await engineSees(early.cui, 1)).toBe(true);
    expect(engineDataVersion()).toBeGreaterThan(before);

    await slow.query('COMMIT');
  } finally {
    await slow.end();
  }
  await syncEngine();
  expect(await engineSees(early.cui, 111)).toBe(true);
});

test('a transaction left open does not make a reload repeat, and edits keep flowing past it', async () => {
  const company = await createCompany({ name: 'SINCRON ORIZONT SRL', employees: 5 });
  const idle = await openClient();
  try {
    // Holds every snapshot's xmin back for the whole test.
    await idle.query('BEGIN');
    await idle.query('SELECT pg_current_xact_id()');
    await sql('INSERT INTO search_change (cui) VALUES (NULL)');
    await reloadEngine();
    const loads = (await engineStatus()).loads.length;
    const version = engineDataVersion();
    await syncEngine();
    await syncEngine();
    expect((await engineStatus()).loading).toBe(false);
    expect((await engineStatus()).loads.length).toBe(loads);
    expect(engineDataVersion()).toBe(version);

    await sql('UPDATE company SET employees = 6 WHERE cui = $1', [company.cui]);
    await syncEngine();
    expect(await engineSees(company.cui, 6)).toBe(true);
    const applied = (await engineStatus()).applied;
    await syncEngine();
    expect((await engineStatus()).applied).toBe(applied); // not applied twice while the horizon stays put
  } finally {
    await idle.query('ROLLBACK');
    await idle.end();
  }
});

test('while a reload runs after an import, a user still sees the company they just added to their group (PostgreSQL answers)', async () => {
  const owner = await createUser();
  try {
    const group = await createGroup(owner);
    const [first, second] = await someCuis(2, 700);
    await addCompany(group, first, owner);
    const actor = { userId: owner.id, userName: owner.userName, roles: ['User' as const] };
    const listed = async () => (await listCompanyGroups(actor, companyGroupsQuerySchema.parse({ PageSize: '20' }))).Items.map((x) => x.Cui).sort();
    expect(await listed()).toEqual([first]);

    // The load slots held elsewhere: the reload an import asks for waits, the old copy stays in.
    const holder = await openClient();
    try {
      for (let k = 0; k < env.SEARCH_ENGINE_LOAD_SLOTS; k++) await holder.query('SELECT pg_advisory_lock($1)', [LOAD_LOCK_BASE + k]);
      await sql('INSERT INTO search_change (cui) VALUES (NULL)');
      await syncEngine();
      expect((await engineStatus()).loading).toBe(true);
      await addCompany(group, second, owner);
      // The owner's list shows it: the list goes to PostgreSQL until the new index is in.
      expect(await listed()).toEqual([first, second].sort());
    } finally {
      await holder.end(); // releases the slots
    }
    await reloadEngine();
    expect((await engineStatus()).loading).toBe(false);
    expect(await listed()).toEqual([first, second].sort());
  } finally {
    await deleteUsers(owner);
  }
});

test('companies added one by one to a group are all listed after each add (prepared engine statements see every applied batch)', async () => {
  const owner = await createUser();
  try {
    const group = await createGroup(owner);
    const actor = { userId: owner.id, userName: owner.userName, roles: ['User' as const] };
    const listed = async () => (await listCompanyGroups(actor, companyGroupsQuerySchema.parse({ PageSize: '100', OrderBy: 'Profit_desc' }))).Count;
    const cuis = await someCuis(6, 900);
    for (const [i, cui] of cuis.entries()) {
      await addCompany(group, cui, owner);
      expect([cui, await listed()]).toEqual([cui, i + 1]);
    }
  } finally {
    await deleteUsers(owner);
  }
});

test('the change log is read on its own connection, not the shared pool, and every read is counted', async () => {
  const { getChangeLogPool, getPool } = await import('@/server/kernel/db');
  await syncEngine();
  const before = (await engineStatus()).syncs;
  const shared = getPool();
  // Hold every connection of the shared pool: the sync must still go through (it waited forever here
  // when it read through the shared pool).
  const held = await Promise.all(Array.from({ length: env.DATABASE_POOL_SIZE }, () => shared.connect()));
  try {
    await syncEngine();
    expect((await engineStatus()).syncs).toBeGreaterThan(before);
    expect(getChangeLogPool().totalCount).toBe(1);
  } finally {
    for (const c of held) c.release();
  }
});

test('a public read runs on the copy while the sync before it is in flight, and again only when that sync changed the copy', async () => {
  const company = await createCompany({ name: 'SINCRON SUPRAPUS SRL', employees: 4 });
  await syncEngine();
  const read = async () => {
    versions.push(engineDataVersion());
    return engineSees(company.cui, 44);
  };
  let versions: number[] = [];

  // Nothing committed since the last sync: one read, and the sync still ran beside it.
  const reads = (await engineStatus()).syncs;
  expect(await readOnSyncedCopy(read)).toEqual({ value: false });
  expect(versions).toHaveLength(1);
  expect((await engineStatus()).syncs).toBe(reads + 1);

  // A change committed before the call: the first read sees the copy without it (the sync has not
  // answered yet), the sync applies it, and the answer is the second read's, at the new version.
  await sql('UPDATE company SET employees = 44 WHERE cui = $1', [company.cui]);
  versions = [];
  const before = engineDataVersion();
  expect(await readOnSyncedCopy(read)).toEqual({ value: true });
  expect(versions).toEqual([before, engineDataVersion()]);
  expect(engineDataVersion()).toBeGreaterThan(before);

  // A read that fails on the copy the sync then changes is read again; one that fails on an
  // unchanged copy fails.
  await sql('UPDATE company SET employees = 45 WHERE cui = $1', [company.cui]);
  let calls = 0;
  const flaky = async () => {
    if (calls++ === 0) throw new Error('copia s-a schimbat');
    return engineSees(company.cui, 45);
  };
  expect(await readOnSyncedCopy(flaky)).toEqual({ value: true });
  expect(calls).toBe(2);
  await expect(readOnSyncedCopy(async () => Promise.reject(new Error('citire eșuată')))).rejects.toThrow('citire eșuată');
});
