// Named prepared statements (server/kernel/prepared-sql.ts, decision 047): the same answers as
// plain SQL, prepared once per connection, and a statement whose table changed shape since it was
// prepared (a migration beside a running instance) is prepared again instead of failing.
import { getPool, sql } from '@/server/kernel/db';
import { preparedSql } from '@/server/kernel/prepared-sql';

afterAll(async () => {
  await sql('DROP TABLE IF EXISTS prepared_sql_probe');
});

test('answers like plain SQL, and survives a change of the table it reads', async () => {
  await sql('DROP TABLE IF EXISTS prepared_sql_probe');
  await sql('CREATE TABLE prepared_sql_probe (id int PRIMARY KEY, name text)');
  await sql(`INSERT INTO prepared_sql_probe VALUES (1, 'unu'), (2, 'doi')`);
  const text = 'SELECT * FROM prepared_sql_probe WHERE id = $1';
  // Every pooled connection prepares it (more calls than connections, in parallel).
  const size = getPool().options.max ?? 10;
  const first = await Promise.all(Array.from({ length: size * 2 }, (_, i) => preparedSql(text, [1 + (i % 2)])));
  expect(first.slice(0, 2)).toEqual([[{ id: 1, name: 'unu' }], [{ id: 2, name: 'doi' }]]);
  expect(await preparedSql(text, [1])).toEqual(await sql(text, [1]));

  await sql('ALTER TABLE prepared_sql_probe ADD COLUMN extra int DEFAULT 7');
  const after = await Promise.all(Array.from({ length: size * 2 }, () => preparedSql(text, [2])));
  for (const rows of after) expect(rows).toEqual([{ id: 2, name: 'doi', extra: 7 }]);
});
