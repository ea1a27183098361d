// The in-process search engine (docs/decisions/026-search-engine.md): a columnar copy, in DuckDB,
// of the company columns the advanced search filters and sorts on. PostgreSQL stays the system of
// record; this copy is loaded from it at start (COPY … TO STDOUT into a temporary CSV file read by
// read_csv), and follows it through the change log `search_change` (migration
// 20261123000900_search_engine): before each search and at least every SEARCH_ENGINE_POLL_MS the
// instance applies the rows it has not seen (a changed company is read again from PostgreSQL), and
// a cui-NULL row (an import) reloads the whole copy in the background. Every app instance keeps its
// own copy, so several instances behind a load balancer need nothing more than the shared database.
//
// While the copy is loading (or with SEARCH_ENGINE=postgres) `readyEngine()` answers null and the
// search runs on PostgreSQL as before (capped counts).
import 'server-only';
import type { DuckDBConnection, DuckDBInstance, DuckDBPreparedStatement, DuckDBValue } from '@duckdb/node-api';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import { SOCIAL_PLATFORM_BIT } from '@/lib/contacts/schemas';
import { env } from '../kernel/env';
import { DERIVED_COLUMNS, wordTablesSql } from './facet-buckets';
import { sql } from '../kernel/db';
import { liveCompanyGroupSql } from '../groups/policy';
import { countSearchLoad, type SearchLoadReason } from '../kernel/counters';
import { buildSearchIndex, searchIndexBytes, type SearchIndex } from './search-index';
import { FACT_SQL, readSourceRows } from './index-source';
import { MAX_INCREMENTAL, advanceCursor, newCursor, openLoadSnapshot, pendingChangeAgeSeconds, readChanges, withLoadSlot, type SyncCursor } from './engine-sync';
import { processSlot } from '../kernel/process-slot.mjs';

export { SYNC_CHANGES_SQL } from './engine-sync';

/** The columns of the copy, in PostgreSQL's names (the search conditions run unchanged on both). */
export const ENGINE_COLUMNS = [
  ['cui', 'INTEGER'],
  ['name_norm', 'VARCHAR'],
  ['employees', 'INTEGER'],
  ['turnover', 'BIGINT'],
  ['profit', 'BIGINT'],
  ['caen_code', 'VARCHAR'],
  ['county_id', 'INTEGER'],
  ['locality_id', 'INTEGER'],
  ['status_code', 'INTEGER'],
  ['has_email', 'BOOLEAN'],
  ['has_phone', 'BOOLEAN'],
  ['has_insolvency_risk', 'BOOLEAN'],
  ['has_eu_projects', 'BOOLEAN'],
  ['has_tenders', 'BOOLEAN'],
  // One bit per social platform with a link (lib/contacts SOCIAL_PLATFORM_BIT): the admin contacts
  // list filters on them. Computed from social_media; its trigger logs the company as changed.
  ['social_flags', 'INTEGER'],
  // The groups holding the company (company_in_group): the groups' company list intersects them
  // with the filter (issue 11). Its trigger logs the company as changed.
  ['group_ids', 'INTEGER[]'],
  // Facts of other domains the filters read (decision 107): the last good ANAF check (NULL when
  // never checked), the latest arrears lists and the risk band (A = 1 … E = 5). Their tables'
  // triggers log the company as changed.
  ['vat_payer', 'BOOLEAN'],
  ['is_inactive', 'BOOLEAN'],
  ['e_factura', 'BOOLEAN'],
  ['has_arrears', 'BOOLEAN'],
  ['risk_band', 'INTEGER'],
] as const;

const COLUMN_NAMES = ENGINE_COLUMNS.map(([c]) => c);

/** Columns that PostgreSQL computes from other tables for the copy. */
const PG_EXPRESSIONS: Partial<Record<(typeof COLUMN_NAMES)[number], string>> = {
  social_flags: `(SELECT coalesce(bit_or(CASE s.platform ${Object.entries(SOCIAL_PLATFORM_BIT)
    .map(([platform, bit]) => `WHEN '${platform}' THEN ${bit}`)
    .join(' ')} ELSE 0 END), 0)::int FROM social_media s WHERE s.cui = company.cui AND s.url <> '')`,
  // As DuckDB's list literal ('[3,17]'), cast on the engine's side.
  vat_payer: FACT_SQL.vat_payer,
  is_inactive: FACT_SQL.is_inactive,
  e_factura: FACT_SQL.e_factura,
  has_arrears: FACT_SQL.has_arrears,
  risk_band: FACT_SQL.risk_band,
  group_ids: `('[' || array_to_string(ARRAY(SELECT cg.group_id FROM company_in_group cg WHERE cg.cui = company.cui AND ${liveCompanyGroupSql('cg')} ORDER BY 1), ',') || ']')`,
};
/** The SELECT list of the copy's rows, read from PostgreSQL's `company`. */
const pgColumn = (c: (typeof COLUMN_NAMES)[number], booleansAsInt: boolean) => {
  const expr = PG_EXPRESSIONS[c];
  if (expr) return `${expr} AS ${c}`;
  const type = ENGINE_COLUMNS.find(([name]) => name === c)![1];
  return booleansAsInt && type === 'BOOLEAN' ? `${c}::int AS ${c}` : c;
};
/** The engine's rows from a source of base columns: the base columns and the derived ones (facet-buckets.ts). */
const withDerived = (source: string) => `SELECT *, ${DERIVED_COLUMNS.map(([name, expr]) => `${expr} AS ${name}`).join(', ')} FROM (${source}) src`;
/** PostgreSQL side: booleans as 0/1 so the CSV needs no boolean parsing. */
const PG_SELECT = COLUMN_NAMES.map((c) => pgColumn(c, true)).join(', ');

/** Change rows older than this are deleted (every instance has long applied them); checked every PRUNE_EVERY_MS. */
const KEEP_CHANGES = '1 day';
const PRUNE_EVERY_MS = 10 * 60_000;
let prunedAt = 0;

type State = {
  instance: DuckDBInstance;
  free: DuckDBConnection[];
  waiters: Array<(c: DuckDBConnection) => void>;
  ready: boolean;
  loading: Promise<void> | null;
  syncing: Promise<void> | null;
  /** The sync that follows the one in flight, shared by the callers that arrived during it. */
  syncAgain: Promise<void> | null;
  /** Where the copy stands in the change log (engine-sync.ts, decision 049). */
  cursor: SyncCursor;
  /** Last successful sync (or load), epoch ms: readiness requires it to be recent. */
  syncedAt: number;
  /** The last full loads, start and end (epoch ms), and where they read from. */
  loads: Array<{ startedAt: number; slotAt: number; copiedAt: number; endedAt: number; source: 'primary' | 'replica' }>;
  /** Companies re-read from PostgreSQL by syncs since the engine started (status, tests). */
  applied: number;
  rows: number;
  loadedAt: number;
  loadSeconds: number;
  /** Full loads finished since the engine started (the first one included). */
  loadsCompleted: number;
  timer: NodeJS.Timeout | null;
  error: string | null;
  /** The search index of the copy (search-index.ts), its build in flight, the last build's start, a rebuild waiting. */
  index: SearchIndex | null;
  indexing: Promise<void> | null;
  indexStartedAt: number;
  indexTimer: NodeJS.Timeout | null;
};

const g = processSlot<{ rfSearchEngine?: Promise<State>; rfSearchDataVersion?: number }>('search.engine', () => ({}));

const bumpVersion = () => {
  g.rfSearchDataVersion = (g.rfSearchDataVersion ?? 0) + 1;
};

/**
 * A number that grows whenever the copy's data may have changed (every applied sync batch, every
 * load): a cache of engine answers keyed on it never serves a result older than the copy.
 */
export function engineDataVersion(): number {
  return g.rfSearchDataVersion ?? 0;
}

let enabledOverride: boolean | null = null;

export const isEngineEnabled = () => enabledOverride ?? env.SEARCH_ENGINE === 'duckdb';

/** Switches the engine on or off in this process whatever SEARCH_ENGINE says (tests, benchmark); null = back to SEARCH_ENGINE. */
export function setSearchEngineEnabled(on: boolean | null): void {
  enabledOverride = on;
}

async function createState(): Promise<State> {
  // Loaded here, not at the top: a machine without DuckDB's native binary still searches (on PostgreSQL).
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', {
    threads: String(env.SEARCH_ENGINE_THREADS),
    memory_limit: env.SEARCH_ENGINE_MEMORY,
  });
  const free: DuckDBConnection[] = [];
  for (let i = 0; i < env.SEARCH_ENGINE_CONNECTIONS; i++) {
    const c = await instance.connect();
    // The only joins are the word lookups (conditions.ts): `company.cui IN (the word's companies)`.
    // The optimizer may flip the hash join to build on the filtered company rows when it
    // misjudges a flag's selectivity (NOT has_eu_projects: 700,000 estimated, 3.4M real): a
    // 3.4M-entry hash table, 150–200 ms. Building on the word's companies is always the small
    // side: 25–30 ms for the same query.
    await c.run(`SET disabled_optimizers = 'build_side_probe_side'`);
    free.push(c);
  }
  const state: State = {
    instance,
    free,
    waiters: [],
    ready: false,
    loading: null,
    syncing: null,
    syncAgain: null,
    cursor: newCursor(),
    syncedAt: 0,
    loads: [],
    applied: 0,
    rows: 0,
    loadedAt: 0,
    loadSeconds: 0,
    loadsCompleted: 0,
    timer: null,
    error: null,
    index: null,
    indexing: null,
    indexStartedAt: 0,
    indexTimer: null,
  };
  return state;
}

async function withConnection<T>(s: State, f: (c: DuckDBConnection) => Promise<T>): Promise<T> {
  const c = s.free.pop() ?? (await new Promise<DuckDBConnection>((resolve) => s.waiters.push(resolve)));
  try {
    return await f(c);
  } finally {
    const next = s.waiters.shift();
    if (next) next(c);
    else s.free.push(c);
  }
}

/**
 * Prepared statements per connection (decision 062), by text: a search's SQL text depends only on
 * which filter fields are set (the values are parameters), so a few hundred texts cover the
 * traffic. Reusing one skips the extract + parse + bind + plan that `runAndReadAll(text, values)`
 * does on every call (two extra round trips through the libuv pool).
 *
 * A statement is prepared again once the copy's data changed (engineDataVersion: every applied
 * sync batch and every load, decision 070): DuckDB plans with the tables' statistics of that
 * moment, and a join planned while a group held one company (its perfect hash join sized on the
 * cui range then) kept answering from that range after more companies were added: /Companii
 * listed 1 of 3. Edits are rare next to searches, so almost every search still reuses its plan.
 */
const STATEMENTS_PER_CONNECTION = 256;
const statementCache = new WeakMap<DuckDBConnection, Map<string, { generation: number; statement: DuckDBPreparedStatement }>>();

async function preparedOn(c: DuckDBConnection, sqlText: string): Promise<DuckDBPreparedStatement> {
  let cache = statementCache.get(c);
  if (!cache) statementCache.set(c, (cache = new Map()));
  const generation = engineDataVersion();
  const found = cache.get(sqlText);
  if (found && found.generation === generation) {
    cache.delete(sqlText);
    cache.set(sqlText, found);
    return found.statement;
  }
  if (found) {
    cache.delete(sqlText);
    found.statement.destroySync();
  }
  const statement = await c.prepare(sqlText);
  cache.set(sqlText, { generation, statement });
  while (cache.size > STATEMENTS_PER_CONNECTION) {
    const [oldest, entry] = cache.entries().next().value!;
    cache.delete(oldest);
    entry.statement.destroySync();
  }
  return statement;
}

/** Runs one statement on the engine (prepared once per connection) and returns its rows as plain objects. */
export async function engineQuery<T = Record<string, unknown>>(sqlText: string, params: unknown[] = []): Promise<T[]> {
  const s = await stateOrThrow();
  return withConnection(s, (c) => runOn<T>(c, sqlText, params));
}

async function runOn<T>(c: DuckDBConnection, sqlText: string, params: unknown[]): Promise<T[]> {
  const statement = await preparedOn(c, sqlText);
  statement.clearBindings();
  if (params.length) statement.bind(params as DuckDBValue[]);
  const reader = await statement.runAndReadAll();
  return reader.getRowObjectsJS() as T[];
}

async function stateOrThrow(): Promise<State> {
  if (!g.rfSearchEngine) throw new Error('motorul de căutare nu este pornit');
  return g.rfSearchEngine;
}

/** Copies the search columns of every company from PostgreSQL into a fresh table, then swaps it in. */
async function loadAll(s: State): Promise<void> {
  const t0 = Date.now();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rf-search-'));
  const file = path.join(dir, 'company.csv');
  try {
    // One REPEATABLE READ snapshot for the rows and the cursor (engine-sync.ts): the sync that
    // follows applies exactly what this snapshot did not see. At most SEARCH_ENGINE_LOAD_SLOTS
    // instances copy at once (after an import they take turns), from the replica when there is one.
    const { cursor, source, slotAt, copiedAt } = await withLoadSlot(async () => {
      const slotAt = Date.now();
      const snap = await openLoadSnapshot();
      let ok = false;
      try {
        const stream = snap.client.query(copyTo(`COPY (SELECT ${PG_SELECT} FROM company) TO STDOUT (FORMAT csv)`));
        await pipeline(stream, createWriteStream(file));
        ok = true;
      } finally {
        await snap.done(ok);
      }
      return { cursor: snap.cursor, source: snap.source, slotAt, copiedAt: Date.now() };
    });
    const columns = ENGINE_COLUMNS.map(([c, t]) => `'${c}': '${t === 'BOOLEAN' ? 'TINYINT' : t.endsWith('[]') ? 'VARCHAR' : t}'`).join(', ');
    const select = ENGINE_COLUMNS.map(([c, t]) => (t === 'BOOLEAN' || t.endsWith('[]') ? `CAST(${c} AS ${t}) AS ${c}` : c)).join(', ');
    await withConnection(s, async (c) => {
      await c.run(
        // Stored in the order of the turnover sort: DuckDB's top-N skips the row groups whose
        // min/max cannot reach the page, so a page sorted by turnover, or by profit (which follows
        // turnover closely), reads a few row groups instead of all (15–25 ms → 3–5 ms at 3.5M).
        `CREATE OR REPLACE TABLE company_next AS ${withDerived(`SELECT ${select}
           FROM read_csv('${file.replace(/'/g, "''")}', header = false, columns = {${columns}}, allow_quoted_nulls = false, auto_detect = false, delim = ',', quote = '"', escape = '"')`)}
          ORDER BY turnover DESC, cui DESC`,
      );
      // The words of the names (conditions.ts: a typed word is looked up among the ~50,000
      // distinct words instead of scanning 3.5M names; 4–5x faster, +150 MB at 3.5M).
      for (const statement of wordTablesSql('company_next', '_next')) await c.run(statement);
      // The memberships as their own table (group, company), for the groups' company list: a join
      // from a group's rows is cheaper than testing every company's list.
      await c.run(`CREATE OR REPLACE TABLE company_group_next AS
                     SELECT unnest(group_ids) AS group_id, cui FROM company_next WHERE len(group_ids) > 0 ORDER BY group_id`);
      await c.run('BEGIN TRANSACTION');
      try {
        for (const t of ['company', 'token_dict', 'name_token', 'company_group']) {
          await c.run(`DROP TABLE IF EXISTS ${t}`);
          await c.run(`ALTER TABLE ${t}_next RENAME TO ${t}`);
        }
        await c.run('COMMIT');
      } catch (e) {
        await c.run('ROLLBACK');
        throw e;
      }
      const r = await c.runAndReadAll('SELECT count(*)::INTEGER AS n FROM company');
      s.rows = Number(r.getRowObjectsJS()[0].n);
    });
    s.cursor = cursor;
    s.loadedAt = Date.now();
    s.syncedAt = s.loadedAt;
    bumpVersion();
    s.loads = [...s.loads.slice(-9), { startedAt: t0, slotAt, copiedAt, endedAt: s.loadedAt, source }];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  s.loadSeconds = (Date.now() - t0) / 1000;
  s.ready = true;
  s.error = null;
}

/** `reason`: the first load, the change log's (an import, a very large edit), or a caller's (tests, after a bulk change). */
function reload(s: State, reason: SearchLoadReason): Promise<void> {
  s.loading ??= loadAll(s)
    .then(() => {
      s.loadsCompleted++;
      countSearchLoad(reason, 'ok');
      buildIndex(s);
    })
    .catch((e) => {
      s.error = e instanceof Error ? e.message : String(e);
      countSearchLoad(reason, 'failed');
      console.error('[search] încărcarea motorului de căutare a eșuat:', s.error);
    })
    .finally(() => {
      s.loading = null;
    });
  return s.loading;
}

/** Reads the companies again from PostgreSQL and replaces their rows in the copy. */
async function applyCompanies(s: State, cuis: number[]): Promise<void> {
  if (cuis.length === 0) return;
  const rows = await sql<Record<string, unknown>>(`SELECT ${COLUMN_NAMES.map((c) => pgColumn(c, false)).join(', ')} FROM company WHERE cui = ANY($1::int[])`, [cuis]);
  await withConnection(s, async (c) => {
    await c.run('BEGIN TRANSACTION');
    try {
      // CUIs are integers read from PostgreSQL: written as literals, one statement.
      const list = cuis.map((n) => String(Math.trunc(n))).join(',');
      await c.run(`DELETE FROM company WHERE cui IN (${list})`);
      await c.run(`DELETE FROM name_token WHERE cui IN (${list})`);
      await c.run(`DELETE FROM company_group WHERE cui IN (${list})`);
      for (let i = 0; i < rows.length; i += 200) {
        const chunk = rows.slice(i, i + 200);
        const values: DuckDBValue[] = [];
        const tuples = chunk.map((r) => {
          const ph = COLUMN_NAMES.map((col) => {
            const v = r[col];
            values.push(v === null || v === undefined ? null : typeof v === 'number' && (col === 'turnover' || col === 'profit') ? BigInt(Math.trunc(v)) : (v as DuckDBValue));
            return `$${values.length}`;
          });
          return `(${ph.join(', ')})`;
        });
        const typed = ENGINE_COLUMNS.map(([col, type]) => `CAST(${col} AS ${type}) AS ${col}`).join(', ');
        await c.run(`INSERT INTO company ${withDerived(`SELECT ${typed} FROM (VALUES ${tuples.join(', ')}) v(${COLUMN_NAMES.join(', ')})`)}`, values);
      }
      // their words: new ones get new ids, then one row per word of each name
      await c.run(`INSERT INTO token_dict
                     SELECT (SELECT coalesce(max(id), 0) FROM token_dict) + row_number() OVER (ORDER BY token), token
                       FROM (SELECT DISTINCT unnest(string_split(name_norm, ' ')) AS token FROM company WHERE cui IN (${list})) t
                      WHERE token NOT IN (SELECT token FROM token_dict)`);
      await c.run(`INSERT INTO name_token
                     SELECT d.id, s.cui FROM (SELECT cui, unnest(string_split(name_norm, ' ')) AS token FROM company WHERE cui IN (${list})) s
                       JOIN token_dict d USING (token)`);
      await c.run(`INSERT INTO company_group SELECT unnest(group_ids) AS group_id, cui FROM company WHERE cui IN (${list}) AND len(group_ids) > 0`);
      await c.run('COMMIT');
    } catch (e) {
      await c.run('ROLLBACK');
      throw e;
    }
  });
}

/** Applies the change rows this instance has not applied yet (engine-sync.ts: by snapshot bounds, none missed). */
let changeLogReads = 0;

async function syncChanges(s: State): Promise<void> {
  const cursor = s.cursor;
  changeLogReads++;
  const { xmin, rows } = await readChanges(cursor);
  if (rows.length > MAX_INCREMENTAL || rows.some((r) => r.cui === null)) {
    // An import (or a very large edit): reload everything. Searches keep reading the current copy
    // meanwhile; the new one replaces it in one step, with the cursor of its own snapshot.
    void reload(s, 'change-log');
    return;
  }
  if (rows.length > 0) {
    const cuis = Array.from(new Set(rows.map((r) => r.cui!)));
    await applyCompanies(s, cuis);
    s.applied += cuis.length;
    bumpVersion();
  }
  advanceCursor(cursor, xmin, rows);
  s.syncedAt = Date.now();
}

function sync(s: State): Promise<void> {
  if (!s.ready || s.loading) return Promise.resolve();
  if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
    prunedAt = Date.now();
    void sql(`DELETE FROM search_change WHERE changed_at < now() - interval '${KEEP_CHANGES}'`).catch(() => {});
  }
  // A sync in flight may have read the change log before the caller's own write committed (the
  // poll runs on a timer): the caller waits for it and for one more, so "applied first" holds.
  if (s.syncing) {
    s.syncAgain ??= s.syncing.then(() => {
      s.syncAgain = null;
      return sync(s);
    });
    return s.syncAgain;
  }
  s.syncing = syncChanges(s)
    .catch((e) => console.error('[search] sincronizarea motorului de căutare a eșuat:', e instanceof Error ? e.message : e))
    .finally(() => {
      s.syncing = null;
    });
  return s.syncing;
}

/**
 * Builds the search index straight from PostgreSQL (index-source.ts, decision 094), beside the
 * traffic: the engine keeps answering meanwhile. The version is read before the rows' snapshot is
 * taken: a change committed after that snapshot is applied to the copy later, which bumps the
 * version, so the index then reads as stale; a change the snapshot holds but the copy has not
 * applied yet bumps it too (a build for nothing, never an older answer).
 */
function buildIndex(s: State): void {
  if (!env.SEARCH_INDEX || s.indexing || !s.ready) return;
  s.indexStartedAt = Date.now();
  const version = engineDataVersion();
  const t0 = Date.now();
  s.indexing = readSourceRows()
    .then((rows) => buildSearchIndex(rows, version, { simd: env.SEARCH_INDEX_SIMD }))
    .then((ix) => {
      // The build's time includes the COPY from PostgreSQL (as it included the copy's reads before).
      ix.builtMs = Date.now() - t0;
      if (!s.index || ix.version >= s.index.version) s.index = ix;
    })
    .catch((e) => console.error('[search] indexul de căutare nu a fost construit:', e instanceof Error ? e.message : e))
    .finally(() => {
      s.indexing = null;
    });
}

/** After edits the index is built again at most this often: a stream of edits costs one build per period. */
const INDEX_REBUILD_MS = 30_000;

/**
 * The search index when it was built from the copy's current data, else null (the engine's SQL
 * answers) and a rebuild is planned: at once after a load, at most every INDEX_REBUILD_MS after edits.
 */
function currentIndex(s: State): SearchIndex | null {
  if (!env.SEARCH_INDEX) return null;
  if (s.index && s.index.version === engineDataVersion()) return s.index;
  if (!s.indexing && !s.indexTimer && s.ready) {
    const wait = Math.max(0, s.indexStartedAt + INDEX_REBUILD_MS - Date.now());
    s.indexTimer = setTimeout(() => {
      s.indexTimer = null;
      buildIndex(s);
    }, wait);
    s.indexTimer.unref();
  }
  return null;
}

/** The current search index (after readyEngine()), or null. */
export async function engineSearchIndex(): Promise<SearchIndex | null> {
  const s = await g.rfSearchEngine?.catch(() => null);
  return s ? currentIndex(s) : null;
}

/** Builds the index now if it is not current, and waits for it (tests, benchmarks). */
export async function waitForSearchIndex(): Promise<SearchIndex | null> {
  const s = await g.rfSearchEngine?.catch(() => null);
  if (!s || !env.SEARCH_INDEX) return null;
  for (let i = 0; i < 3; i++) {
    if (s.index && s.index.version === engineDataVersion()) return s.index;
    if (s.indexTimer) {
      clearTimeout(s.indexTimer);
      s.indexTimer = null;
    }
    await s.indexing;
    if (s.index && s.index.version === engineDataVersion()) return s.index;
    buildIndex(s);
    await s.indexing;
  }
  return currentIndex(s);
}

/** Starts the engine (idempotent): creates it, starts the first load and the poll. */
export function startSearchEngine(): Promise<State> | null {
  if (!isEngineEnabled()) return null;
  if (!g.rfSearchEngine) {
    g.rfSearchEngine = createState().then((s) => {
      void reload(s, 'initial');
      if (env.SEARCH_ENGINE_POLL_MS > 0) {
        s.timer = setInterval(() => void sync(s), env.SEARCH_ENGINE_POLL_MS);
        s.timer.unref();
      }
      return s;
    });
    g.rfSearchEngine.catch((e) => {
      console.error('[search] motorul de căutare nu a pornit:', e instanceof Error ? e.message : e);
      g.rfSearchEngine = undefined;
    });
  }
  return g.rfSearchEngine;
}

/** The engine once its copy is loaded (started here if needed); null when off, failed or still loading. */
async function loadedState(): Promise<State | null> {
  const started = startSearchEngine();
  if (!started) return null;
  const s = await started.catch(() => null);
  return s?.ready ? s : null;
}

/**
 * True when the engine can answer now, after applying the changes it has not seen yet (one indexed
 * read of search_change, well under a millisecond when nothing changed). False while it loads, when
 * it is switched off, or when it failed (the caller then searches PostgreSQL).
 *
 * `ownWrites`: the caller shows a signed-in user their own data (their groups' companies, their
 * contacts), so it must see the write they just made. While a full reload runs (after an import)
 * the old copy answers and applies nothing new, so such a caller is told to use PostgreSQL until
 * the new copy is in; the public search keeps the old copy meanwhile (decision 070).
 */
export async function readyEngine(options: { ownWrites?: boolean } = {}): Promise<boolean> {
  const s = await loadedState();
  if (!s) return false;
  await sync(s);
  // Checked after the sync: the sync itself may have found an import and started the reload
  // without applying the rows read with it.
  if (options.ownWrites && s.loading) return false;
  return true;
}

/**
 * `read()` on the copy, with the changes committed before the call applied (what readyEngine()
 * then a read give), but without waiting for the change log first: the read runs while the sync
 * before it is in flight, and runs again when that sync changed the copy (the data version moved).
 * Under load a search no longer sits idle behind the change log's round trip (issue 25: the main
 * thread was idle a fifth of the time, all searches waiting on the same read). Null when the
 * engine cannot answer (loading, off, failed): the caller searches PostgreSQL.
 */
export async function readOnSyncedCopy<T>(read: () => Promise<T>): Promise<{ value: T } | null> {
  const s = await loadedState();
  if (!s) return null;
  const version = engineDataVersion();
  const synced = sync(s); // never rejects: a failed sync is logged and the copy answers as it is
  let value: T;
  try {
    value = await read();
  } catch (e) {
    await synced;
    if (engineDataVersion() === version) throw e;
    // The copy changed under the read: its answer is not kept either way, so read again.
    return { value: await read() };
  }
  await synced;
  if (engineDataVersion() !== version) value = await read();
  return { value };
}

/** Waits for the first load (tests, the benchmark, the start script). */
export async function waitForEngine(): Promise<boolean> {
  const started = startSearchEngine();
  if (!started) return false;
  const s = await started;
  while (!s.ready) {
    if (s.loading) await s.loading;
    else if (s.error) return false;
    else await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** Reloads everything now and waits for it (tests, after a bulk change made without the change log). */
export async function reloadEngine(): Promise<void> {
  const started = startSearchEngine();
  if (!started) return;
  const s = await started;
  await s.loading;
  await reload(s, 'requested');
}

/** Applies pending changes now (tests). */
export async function syncEngine(): Promise<void> {
  const started = startSearchEngine();
  if (!started) return;
  await sync(await started);
}

export type EngineStatus = {
  enabled: boolean;
  ready: boolean;
  /** A full load is running (the first one, or a reload after an import: the old copy answers meanwhile). */
  loading: boolean;
  rows: number;
  loadSeconds: number;
  loadedAt: number;
  /** Epoch ms of the last successful sync or load (0: never). */
  syncedAt: number;
  applied: number;
  /** Reads of the change log since the start (each a round trip on the change log's connection). */
  syncs: number;
  /** Full loads finished (the first one included): the reloads are the ones after it. */
  loadsCompleted: number;
  error: string | null;
  loads: State['loads'];
  /** The search index (decision 074): built from the current data; the last build's milliseconds and bytes. */
  indexCurrent: boolean;
  indexBuildMs: number;
  indexBytes: number;
};

export async function engineStatus(): Promise<EngineStatus> {
  if (!isEngineEnabled() || !g.rfSearchEngine)
    return { enabled: isEngineEnabled(), ready: false, loading: false, rows: 0, loadSeconds: 0, loadedAt: 0, syncedAt: 0, applied: 0, syncs: 0, loadsCompleted: 0, error: null, loads: [], indexCurrent: false, indexBuildMs: 0, indexBytes: 0 };
  const s = await g.rfSearchEngine;
  return {
    enabled: true,
    ready: s.ready,
    loading: s.loading !== null,
    rows: s.rows,
    loadSeconds: s.loadSeconds,
    loadedAt: s.loadedAt,
    syncedAt: s.syncedAt,
    applied: s.applied,
    syncs: changeLogReads,
    loadsCompleted: s.loadsCompleted,
    error: s.error,
    loads: s.loads,
    indexCurrent: s.index !== null && s.index.version === engineDataVersion(),
    indexBuildMs: s.index?.builtMs ?? 0,
    indexBytes: s.index ? searchIndexBytes(s.index) : 0,
  };
}

/**
 * How far behind the database the copy is, in seconds: the age of the oldest committed change it
 * has not applied yet (0 when it has them all). Null when the engine is off or has no copy yet.
 * One indexed read of the change log (the sync's own, by the copy's cursor).
 */
export async function engineLagSeconds(): Promise<number | null> {
  if (!isEngineEnabled() || !g.rfSearchEngine) return null;
  const s = await g.rfSearchEngine.catch(() => null);
  if (!s?.ready) return null;
  return pendingChangeAgeSeconds(s.cursor);
}

/** Stops the poll and frees the engine (tests). */
export async function stopSearchEngine(): Promise<void> {
  const started = g.rfSearchEngine;
  g.rfSearchEngine = undefined;
  if (!started) return;
  const s = await started.catch(() => null);
  if (!s) return;
  if (s.timer) clearInterval(s.timer);
  if (s.indexTimer) clearTimeout(s.indexTimer);
  await s.loading;
  await s.indexing;
  await s.syncing;
  for (const c of s.free) c.closeSync();
  s.instance.closeSync();
}
