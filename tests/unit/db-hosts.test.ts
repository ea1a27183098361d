// DATABASE_URL in libpq's multi-host form (decision 103): the hosts in order, the credentials and
// database, target_session_attrs, and the one-host URL each pool connection is built from.
import { isMultiHostUrl, parseDatabaseUrl } from '@/server/kernel/db-hosts';

test('several hosts, target_session_attrs and the other parameters', () => {
  const p = parseDatabaseUrl('postgresql://app:p%40ss@db-a:5432,db-b:6543,[::1]/radarfirme?target_session_attrs=read-write&sslmode=disable')!;
  expect(p.hosts).toEqual([
    { host: 'db-a', port: 5432 },
    { host: 'db-b', port: 6543 },
    { host: '::1', port: 5432 },
  ]);
  expect([p.user, p.password, p.database, p.targetSessionAttrs]).toEqual(['app', 'p@ss', 'radarfirme', 'read-write']);
  expect(p.urlOf(p.hosts[1])).toBe('postgresql://app:p%40ss@db-b:6543/radarfirme?sslmode=disable');
  expect(p.urlOf(p.hosts[2])).toBe('postgresql://app:p%40ss@[::1]:5432/radarfirme?sslmode=disable');
  expect(isMultiHostUrl('postgresql://app:x@db-a:5432,db-b:5432/radarfirme')).toBe(true);
});

test('one host is not multi-host; an unknown target_session_attrs is refused', () => {
  expect(isMultiHostUrl('postgresql://postgres:postgres@127.0.0.1:54329/radarfirme')).toBe(false);
  expect(parseDatabaseUrl('postgresql://u:p@a:1,b:2/db?target_session_attrs=standby')).toBeNull();
  expect(parseDatabaseUrl('mysql://u:p@a:1/db')).toBeNull();
});
