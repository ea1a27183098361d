import { buildWhere } from '@/server/search/search';
import { sql, closeDb } from '@/server/db';
(async () => {
  const filter = JSON.parse(process.argv[2]);
  const sort = filter.OrderBy === 'Turnover_desc' ? 'turnover' : 'profit';
  const b = buildWhere(filter);
  const values = [...b.params.values];
  const cnt = `SELECT count(*)::int AS n FROM (SELECT 1 FROM company c ${b.where} LIMIT 10001) t`;
  const show = async (label: string, q: string) => {
    const t = performance.now();
    const rows = await sql<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q}`, values);
    console.log(`\n== ${label} (${(performance.now() - t).toFixed(1)} ms)\n` + rows.map((r) => r['QUERY PLAN']).join('\n'));
  };
  await show('count', cnt);
  const [{ n }] = await sql<{ n: number }>(cnt, values);
  const key = n > 10000 ? `c.${sort}` : `(c.${sort} + 0)`;
  const page = Number(filter.PageNumber ?? 1);
  await show(`page (${n})`, `SELECT c.cui FROM company c ${b.where} ORDER BY ${key} DESC, c.cui DESC LIMIT 21 OFFSET ${(page - 1) * 21}`);
  await closeDb();
})();
