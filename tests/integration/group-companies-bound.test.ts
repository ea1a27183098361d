// Decision 124: the groups list with a company condition reads the (group, company) pairs the user
// sees into memory for the search engine only up to ENGINE_PAIRS_MAX; above it PostgreSQL answers
// alone, one page at a time. Groups have no size limit, and 1,000,000 pairs read whole exhausted the
// server's 320 MB heap. The answer is the same either way.
import { sql } from '@/server/kernel/db';
import { readyEngine, setSearchEngineEnabled } from '@/server/search/engine';
import { ENGINE_PAIRS_MAX, listCompanyGroups } from '@/server/search/group-companies';
import { companyGroupsQuerySchema } from '@/lib/groups/schemas';
import { withSearchEngine } from './support/search-engine';
import { widestRead } from './support/widest-read';
import { createUser, type TestUser } from '../factories/users';
import { createGroup } from '../factories/groups';

withSearchEngine();

let owner: TestUser;
let small: TestUser;
const GROUPS = Math.ceil((ENGINE_PAIRS_MAX * 1.2) / 2000);

/** `groups` groups of `user`, each holding the same `perGroup` seeded companies. */
async function fillGroups(user: TestUser, groups: number, perGroup: number) {
  const ids: number[] = [];
  for (let i = 0; i < groups; i++) ids.push((await createGroup(user, `Grup mare ${i}`)).id);
  await sql(
    `INSERT INTO company_in_group (group_id, cui, added_by_id)
     SELECT g.id, c.cui, $2 FROM unnest($1::int[]) AS g(id) CROSS JOIN (SELECT cui FROM company ORDER BY cui LIMIT $3) c`,
    [ids, user.id, perGroup],
  );
}

beforeAll(async () => {
  owner = await createUser();
  small = await createUser();
  await fillGroups(owner, GROUPS, 2000);
  await fillGroups(small, 3, 500);
  // The engine answers once it has caught up with the writes above.
  for (let i = 0; i < 500 && !(await readyEngine()); i++) await new Promise((r) => setTimeout(r, 100));
  expect(await readyEngine()).not.toBeNull();
}, 120_000);

const asActor = (u: TestUser) => ({ userId: u.id, userName: u.userName, roles: ['User' as const] });
const query = (extra: Record<string, string> = {}) => companyGroupsQuerySchema.parse({ PageSize: '50', MinEmployees: '1', ...extra });

async function onPostgresOnly<T>(run: () => Promise<T>): Promise<T> {
  setSearchEngineEnabled(false);
  try {
    return await run();
  } finally {
    setSearchEngineEnabled(true);
  }
}

test('groups holding more pairs than the bound are answered without reading them all, and the answer is PostgreSQL\'s', async () => {
  const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM company_in_group cg JOIN company_group_list g ON g.id = cg.group_id WHERE g.owner_id = $1`, [owner.id]);
  expect(n).toBeGreaterThan(ENGINE_PAIRS_MAX);
  const seen = await widestRead(() => listCompanyGroups(asActor(owner), query({ PageNumber: '3' })));
  // Whole, the read was every pair the owner sees.
  expect(seen.rows).toBeLessThanOrEqual(ENGINE_PAIRS_MAX + 1);
  const reference = await onPostgresOnly(() => listCompanyGroups(asActor(owner), query({ PageNumber: '3' })));
  expect(reference.Count).toBeGreaterThan(0);
  expect(seen.value).toEqual(reference);
}, 120_000);

test('groups under the bound still go through the engine, with the same answer', async () => {
  const seen = await widestRead(() => listCompanyGroups(asActor(small), query()));
  const reference = await onPostgresOnly(() => listCompanyGroups(asActor(small), query()));
  expect(seen.value.Count).toBeGreaterThan(0);
  expect(seen.value).toEqual(reference);
  // The engine path read the 1,500 pairs.
  expect(seen.rows).toBe(1500);
});
