// Decision 124: "Descarcă datele mele" is written as it is read. A group has no size limit, a
// sending may hold 10,000 messages, notifications grow with what is followed: read whole, a heavy
// account's file took more than the server's 320 MB heap. Here no statement of the download returns
// more than one page (1,000 rows), the file is whole JSON, and notifications (bigint ids) export.
import { GET as exportRoute } from '@/app/api/Account/exportMyData/route';
import { sql } from '@/server/kernel/db';
import { call } from './support/auth';
import { tokenOf } from './support/authz';
import { widestRead } from './support/widest-read';
import { createGroup } from '../factories/groups';
import { createUser, type TestUser } from '../factories/users';

const GROUPS = 3;
let person: TestUser;
let perGroup: number;

beforeAll(async () => {
  person = await createUser();
  [{ n: perGroup }] = await sql<{ n: number }>(`SELECT least(count(*), 2000)::int AS n FROM company`);
  for (let i = 0; i < GROUPS; i++) {
    const g = await createGroup(person, `Grup exportat ${i}`);
    await sql(`INSERT INTO company_in_group (group_id, cui, added_by_id) SELECT $1, cui, $2 FROM (SELECT cui FROM company ORDER BY cui LIMIT $3) c`, [g.id, person.id, perGroup]);
  }
  // 1,500 notifications of made-up changes.
  await sql(
    `WITH ch AS (INSERT INTO company_change (cui, kind, old_value, new_value, source, data_date)
                 SELECT cui, 'name', 'VECHI SRL', 'NOU SRL', 'onrc', '2026-10-12' FROM (SELECT cui FROM company ORDER BY cui LIMIT 1500) c RETURNING id)
     INSERT INTO notification (user_id, change_id, kind, channel) SELECT $1, id, 'name', 'feed' FROM ch`,
    [person.id],
  );
}, 120_000);

test('the download of an account with 6,000 group rows and 1,500 notifications reads a page at a time and is whole', async () => {
  const token = await tokenOf(person);
  const seen = await widestRead(() => call(exportRoute, '/api/Account/exportMyData', { token }));
  expect(seen.value.status).toBe(200);
  expect(seen.value.headers.get('content-disposition')).toMatch(/^attachment; filename="radarfirme-datele-mele-/);
  const data = seen.value.body as { groups: Array<{ name: string; companies: Array<{ cui: number }> }>; notifications: Array<{ id: number; change: { kind: string } }> };
  expect(data.groups).toHaveLength(GROUPS);
  for (const g of data.groups) expect(g.companies).toHaveLength(perGroup);
  expect(new Set(data.groups[0].companies.map((c) => c.cui)).size).toBe(perGroup);
  expect(data.notifications).toHaveLength(1500);
  expect(typeof data.notifications[0].id).toBe('number');
  expect(data.notifications[0].change.kind).toBe('name');
  // Read whole, one statement returned every group row of the account.
  expect(seen.rows).toBeLessThanOrEqual(1000);
});
