// `npm run bench -- groups`: the group lists at the API (route handlers in-process: token check,
// zod, policy, SQL and JSON included) on the 1,000,000-company set with 100 groups of 2,000
// companies. One user owns 60 groups and is a member of 20 of another user's 40, so the
// "every group" list walks 160,000 company rows. Target: p95 ≤ 50 ms for getCompanyGroups with
// filters and for getGroups. The users and their groups are removed at the end (cascade).
import pg from 'pg';

type Handler = (req: Request) => Promise<Response>;

const percentile = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));

export default async function run({ url }: { url: string }) {
  process.env.DATABASE_URL = url;
  const { GET: getGroups } = await import('../../app/api/Group/getGroups/route');
  const { GET: getCompanyGroups } = await import('../../app/api/Group/getCompanyGroups/route');
  const { issueSession } = await import('../../server/auth/tokens');
  const { closeDb } = await import('../../server/kernel/db');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The benchmark cluster is shared: a run that started it may stop it under us.
  client.on('error', (e) => console.error('[bench] conexiunea s-a închis:', e.message));
  const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;

  const tag = `bench-groups-${Date.now().toString(36)}`;
  // Leftovers of an interrupted run go first.
  await q(`DELETE FROM app_user WHERE email LIKE 'bench-groups-%@exemplu.ro'`);
  await q(`INSERT INTO role (name) VALUES ('User') ON CONFLICT (name) DO NOTHING`);
  const users = await q<{ id: number }>(
    `INSERT INTO app_user (user_name, user_name_norm, email, role_id)
     SELECT 'Bench ' || n || ' ' || $1, 'bench ' || n || ' ' || $1, $1 || '-' || n || '@exemplu.ro', (SELECT id FROM role WHERE name = 'User')
       FROM generate_series(1, 2) n RETURNING id`,
    [tag],
  );
  const [a, b] = users.map((u) => u.id);
  try {
    const t0 = performance.now();
    await q(`CREATE TEMP TABLE bench_cuis AS SELECT cui, row_number() OVER (ORDER BY md5(cui::text)) AS rn FROM company`);
    await q(`CREATE INDEX ON bench_cuis (rn)`);
    const groups = await q<{ id: number; n: number }>(
      `INSERT INTO company_group_list (name, owner_id)
       SELECT 'Grup bench ' || n, CASE WHEN n <= 60 THEN $1::int ELSE $2::int END FROM generate_series(1, 100) n RETURNING id, 0 AS n`,
      [a, b],
    );
    const ids = groups.map((g) => g.id);
    await q(`INSERT INTO group_member (group_id, user_id, access, is_owner) SELECT g.id, g.owner_id, 'Edit', true FROM company_group_list g WHERE g.id = ANY($1::int[])`, [ids]);
    await q(`INSERT INTO group_member (group_id, user_id, access) SELECT id, $1, 'View' FROM unnest($2::int[]) id`, [a, ids.slice(60, 80)]);
    // Groups overlap by a quarter, as real lists do: group i takes rows i*1500 .. i*1500+1999.
    await q(
      `INSERT INTO company_in_group (group_id, cui, added_by_id)
       SELECT g.id, c.cui, g.owner_id FROM (SELECT id, owner_id, row_number() OVER (ORDER BY id) - 1 AS i FROM company_group_list WHERE id = ANY($1::int[])) g
       JOIN bench_cuis c ON c.rn > g.i * 1500 AND c.rn <= g.i * 1500 + 2000`,
      [ids],
    );
    await q('ANALYZE company_in_group; ANALYZE group_member; ANALYZE company_group_list');
    console.log(`Pregătit: 100 grupuri × 2.000 firme în ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const token = (await issueSession(a)).AccessToken;
    const time = async (handler: Handler, path: string, query: Record<string, string | number | boolean>) => {
      const u = new URL(`http://bench.local${path}`);
      for (const [k, v] of Object.entries(query)) u.searchParams.set(k, String(v));
      const t = performance.now();
      const res = await handler(new Request(u, { headers: { authorization: `Bearer ${token}` } }));
      await res.text();
      if (res.status !== 200) throw new Error(`${u} → ${res.status}`);
      return performance.now() - t;
    };
    const caens = (await q<{ caen_code: string }>(`SELECT caen_code FROM company WHERE caen_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 20`)).map((r) => r.caen_code);
    const counties = (await q<{ id: number }>('SELECT id FROM county ORDER BY id LIMIT 20')).map((r) => r.id);
    const filters: Array<Record<string, string | number | boolean>> = [
      {},
      { MinEmployees: 10, MaxEmployees: 500 },
      { MinTurnover: 100000, MaxTurnover: 5000000 },
      { MinProfit: 1, MaxProfit: 1000000 },
      { HasEmail: true },
      { HasPhoneNumber: true, HasInsolvencyRisk: false },
      { StatusCode: 1048 },
      { SearchText: 'con' },
      { SearchText: 'servicii' },
      { OrderBy: 'Turnover_desc' },
      { OrderBy: 'Employees' },
      { OrderBy: 'Name', PageNumber: 5 },
    ];
    const visible = [...ids.slice(0, 80)];
    const cases: Array<{ cls: string; handler: Handler; path: string; query: Record<string, string | number | boolean> }> = [];
    for (let i = 0; i < 120; i++) {
      const f = { ...filters[i % filters.length] };
      if (i % 5 === 1) f.CaenCode = caens[i % caens.length];
      if (i % 7 === 2) f.CountyId = counties[i % counties.length];
      cases.push({ cls: 'getCompanyGroups?GroupId + filtre', handler: getCompanyGroups, path: '/api/Group/getCompanyGroups', query: { ...f, GroupId: visible[i % visible.length] } });
      cases.push({ cls: 'getCompanyGroups toate grupurile + filtre', handler: getCompanyGroups, path: '/api/Group/getCompanyGroups', query: f });
    }
    const orders = ['Name', 'Name_desc', 'CompaniesNumber_desc', 'CreatedBy', 'Profit_desc'];
    for (let i = 0; i < 120; i++) {
      cases.push({
        cls: 'getGroups',
        handler: getGroups,
        path: '/api/Group/getGroups',
        query: { OrderBy: orders[i % orders.length], PageNumber: (i % 4) + 1, PageSize: 20, ...(i % 3 === 0 ? { SearchText: `bench ${i % 9}` } : {}) },
      });
    }
    // PostgreSQL alone, then the search engine (decision 026: the companies carry their groups).
    const { setSearchEngineEnabled, waitForEngine, reloadEngine } = await import('../../server/search/engine');
    for (const engine of [false, true]) {
      setSearchEngineEnabled(engine);
      if (engine) {
        if (!(await waitForEngine())) {
          console.log('motorul de căutare nu este disponibil; sărit');
          break;
        }
        await reloadEngine(); // the 200,000 memberships written above, in one go
      }
      for (const c of cases.slice(0, 30)) await time(c.handler, c.path, c.query); // warm-up
      const by = new Map<string, number[]>();
      for (const c of cases) by.set(c.cls, [...(by.get(c.cls) ?? []), await time(c.handler, c.path, c.query)]);
      console.log(engine ? '\npe motorul de căutare (numărare exactă):' : 'pe PostgreSQL:');
      console.log('clasă                                       n    p50 ms   p95 ms   țintă p95');
      for (const [cls, ms] of by) {
        console.log(`${cls.padEnd(42)} ${String(ms.length).padStart(4)} ${fmt(percentile(ms, 50)).padStart(8)} ${fmt(percentile(ms, 95)).padStart(8)}   ≤ 50`);
      }
    }
    setSearchEngineEnabled(null);
  } finally {
    await (await import('../../server/search/engine')).stopSearchEngine();
    await q('DELETE FROM app_user WHERE id = ANY($1::int[])', [[a, b]]);
    await client.end();
    await closeDb();
  }
}
