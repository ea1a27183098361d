// `npm run bench -- search-sync`: the search copy's load and sync on a throwaway primary with a
// streaming replica (decisions 049 and 050): full load time from the primary and from the replica,
// the lag of an edit until the idle poll shows it, the cost of a sync before a search (nothing
// changed; and with 5,000 applied rows held above the horizon by an open transaction).
// BENCH_SYNC_COMPANIES (default 20,000) sets the demo set's size. Prints figures with the load.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startReplica } from '../db/replica';
import { freePort, startTestCluster } from '../db/test-cluster';

export const standalone = true;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} / p99 ${pct(xs, 99).toFixed(1)} / max ${Math.max(...xs).toFixed(1)} ms (n=${xs.length})`;
const load = () => os.loadavg()[0].toFixed(1);

export async function run(): Promise<void> {
  const companies = Number(process.env.BENCH_SYNC_COMPANIES ?? 20_000);
  const t0 = Date.now();
  const cluster = await startTestCluster({ companies });
  const base = mkdtempSync('/var/tmp/rf-bench-replica-');
  chmodSync(base, 0o755);
  const replica = await startReplica({ primaryUrl: cluster.url, dataDir: path.join(base, 'pg'), port: await freePort() });
  console.log(`primary with ${companies.toLocaleString('ro-RO')} companies and a streaming replica ready in ${((Date.now() - t0) / 1000).toFixed(1)} s (load ${load()})`);
  // The settings were parsed already (the cluster's seed loads server/kernel/env): set them on the object.
  const { env } = await import('../../server/kernel/env');
  Object.assign(env, { DATABASE_URL: cluster.url, SEARCH_ENGINE: 'duckdb', DATABASE_READ_URL: undefined });
  const engine = await import('../../server/search/engine');
  const { searchOnEngine } = await import('../../server/search/engine-search');
  const { closeDb, sql } = await import('../../server/kernel/db');
  await closeDb();
  try {
    engine.setSearchEngineEnabled(true);
    await engine.waitForEngine();
    const loads = async (label: string) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        await engine.reloadEngine();
        times.push((await engine.engineStatus()).loadSeconds * 1000);
      }
      const st = await engine.engineStatus();
      console.log(`full load from the ${st.loads.at(-1)?.source} (${label}): ${fmt(times)}, ${st.rows} rows (load ${load()})`);
    };
    await loads('DATABASE_READ_URL unset');
    await closeDb();
    env.DATABASE_READ_URL = replica.url;
    await loads('DATABASE_READ_URL = the replica');

    const cuis = (await sql<{ cui: number }>('SELECT cui FROM company ORDER BY random() LIMIT 100')).map((r) => r.cui);
    // Edit → visible in the copy, applied only by the idle poll (SEARCH_ENGINE_POLL_MS).
    const lag: number[] = [];
    for (const [i, cui] of cuis.entries()) {
      const value = 900_000 + i;
      await sql('UPDATE company SET employees = $2 WHERE cui = $1', [cui, value]);
      const t = performance.now();
      for (;;) {
        const seen = await searchOnEngine((await engine.engineView())!, { SearchText: String(cui), MinEmployees: value, MaxEmployees: value }, {}, { offset: 0, limit: 100 });
        if (seen.cuis.includes(cui)) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      lag.push(performance.now() - t);
    }
    console.log(`edit → copy by the idle poll (every ${env.SEARCH_ENGINE_POLL_MS} ms): ${fmt(lag)} (load ${load()})`);

    const timed = async (n: number) => {
      const xs: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await engine.syncEngine();
        xs.push(performance.now() - t);
      }
      return xs;
    };
    console.log(`sync before a search, nothing changed: ${fmt(await timed(200))}`);
    const edit: number[] = [];
    for (const cui of cuis.slice(0, 50)) {
      await sql('UPDATE company SET employees = employees + 1 WHERE cui = $1', [cui]);
      const t = performance.now();
      await engine.syncEngine();
      edit.push(performance.now() - t);
    }
    console.log(`sync before a search, one company changed (read + apply): ${fmt(edit)}`);

    // An open transaction holds every snapshot's xmin: the rows above it stay in the read (and in
    // the instance's applied set) until it ends.
    const idle = new pg.Client({ connectionString: cluster.url });
    await idle.connect();
    await idle.query('BEGIN');
    await idle.query('SELECT pg_current_xact_id()');
    for (let i = 0; i < 5000; i += 500) {
      await sql(`UPDATE company SET employees = employees + 1 WHERE cui IN (SELECT cui FROM company ORDER BY cui OFFSET ${i} LIMIT 500)`);
      await engine.syncEngine();
    }
    console.log(`sync with 5,000 applied rows held above the horizon by an open transaction: ${fmt(await timed(100))} (load ${load()})`);
    await idle.query('ROLLBACK');
    await idle.end();
    await engine.syncEngine();
    console.log(`after it ended: ${fmt(await timed(100))}`);
  } finally {
    await engine.stopSearchEngine();
    await closeDb();
    await replica.stop();
    await cluster.cleanup();
    rmSync(base, { recursive: true, force: true });
  }
}
