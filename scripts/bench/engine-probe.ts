// Scratch probe (not a bench): times engine statements one by one on the large cluster.
import { startBenchCluster } from '../data/large';

async function main() {
  const db = await startBenchCluster('/var/tmp/rf-search18/pg', 54418);
  process.env.DATABASE_URL = db.url;
  const engine = await import('../../server/search/engine');
  const { engineSearchStatements, facetStatements } = await import('../../server/search/engine-search');
  engine.setSearchEngineEnabled(true);
  const t0 = performance.now();
  await engine.waitForEngine();
  console.log('load', (performance.now() - t0).toFixed(0), 'ms');
  const filters: object[] = [
    {},
    { StatusCode: 1048 },
    { StatusCode: 1048, CountyId: 12, MinTurnover: 100000, MaxTurnover: 1000000, OrderBy: 'Profit_desc', PageNumber: 26 },
    { StatusCode: 1048, MinEmployees: 1, MaxEmployees: 100, SearchText: 'construct', OrderBy: 'Turnover_desc', PageNumber: 3 },
    { SearchText: 'LOGISTICS', PageNumber: 5 },
    { SearchText: '31454', PageNumber: 20 },
    { SearchText: 'auto' },
    { HasEmail: true, CountyId: 12, MinEmployees: 5, MaxEmployees: 20, HasPhone: true },
  ];
  const time = async (label: string, sql: string, params: unknown[]) => {
    const ts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await engine.engineQuery(sql, params);
      ts.push(performance.now() - t);
    }
    ts.sort((a, b) => a - b);
    console.log(`  ${label.padEnd(16)} min ${ts[0].toFixed(1)} med ${ts[2].toFixed(1)} ms`);
  };
  await engine.engineQuery('CREATE OR REPLACE TABLE ct AS SELECT TRY_CAST(caen_code AS SMALLINT) AS caen_id FROM company');
  const extra: Array<[string, string, unknown[]]> = [
    ['caen int stored', 'SELECT caen_id, count(*) FROM ct GROUP BY 1', []],
    ['county group', 'SELECT county_id, count(*) FROM company c GROUP BY 1', []],
    ['caen group', 'SELECT caen_code, count(*) FROM company c GROUP BY 1', []],
    ['caen int group', 'SELECT caen_code::SMALLINT, count(*) FROM company c GROUP BY 1', []],
    ['status group', 'SELECT status_code, count(*) FROM company c GROUP BY 1', []],
    ['scalars', facetStatements({ CountyId: 1, CaenCode: '0111', StatusCode: 1 }).find((x) => x.facets.length === 7)!.sql.replace(/ FROM company c WHERE.*$/, ' FROM company c'), []],
    ['text auto count', "SELECT count(*) FROM company c WHERE contains(c.name_norm, 'auto')", []],
    ['text auto like', "SELECT count(*) FROM company c WHERE c.name_norm LIKE '%auto%'", []],
    ['text logistics', "SELECT count(*) FROM company c WHERE contains(c.name_norm, 'logistics')", []],
    ['text auto window', "SELECT cui, count(*) OVER () AS n FROM company c WHERE contains(c.name_norm, 'auto') ORDER BY profit DESC, cui DESC LIMIT 21 OFFSET 84", []],
    ['broad window', "SELECT cui, count(*) OVER () AS n FROM company c WHERE c.status_code = 1048 ORDER BY profit DESC, cui DESC LIMIT 21 OFFSET 84", []],
    ['text temp', "CREATE OR REPLACE TEMP TABLE m AS SELECT * FROM company c WHERE contains(c.name_norm, 'auto')", []],
  ];
  for (const [label, q, params] of extra) await time(label.slice(0, 16), q, params);
  console.log('load avg', (await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' '));
  await engine.stopSearchEngine();
  const { closeDb } = await import('../../server/db');
  await closeDb();
  await db.stop();
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
