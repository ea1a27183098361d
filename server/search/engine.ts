// The search engine of an instance: the index, its builds and the change log it follows
// (docs/search.md; decisions 074, 094, 106).
import 'server-only';
import { env } from '../kernel/env';
import { sql } from '../kernel/db';
import { countSearchLoad, type SearchLoadReason } from '../kernel/counters';
import { buildSearchIndex, positionsOf, releaseArrays, searchIndexBytes, type SearchIndex } from './search-index';
import { readSourceRows } from './index-source';
import { MAX_INCREMENTAL, advanceCursor, pendingChangeAgeSeconds, readChanges, type SyncCursor } from './engine-sync';
import { processSlot } from '../kernel/process-slot.mjs';

const KEEP_CHANGES = '1 day';
const PRUNE_EVERY_MS = 10 * 60_000;
const INDEX_REBUILD_MS = 30_000;
/** Beyond this many changed companies the index is rebuilt at once: 5,000 read by key cost 35–75 ms a search at 3.5M (20,000: 160–225 ms). */
const CHANGED_MAX = 5_000;
let prunedAt = 0;
let changeLogReads = 0;

/** `changed`: CUIs answered by PostgreSQL (`skip`: their positions, computed when asked); `outdated`: an import since the build. */
type Current = { ix: SearchIndex; cursor: SyncCursor; changed: Set<number>; skip: Int32Array | null; outdated: boolean };

export type EngineView = { ix: SearchIndex; changed: number[]; skip: Int32Array };

class State {
  current: Current | null = null;
  building: Promise<void> | null = null;
  buildStartedAt = 0;
  buildTimer: NodeJS.Timeout | null = null;
  syncing: Promise<void> | null = null;
  /** the sync after the one in flight, shared by the callers that arrived during it */
  syncAgain: Promise<void> | null = null;
  syncedAt = 0;
  loads: Array<{ startedAt: number; slotAt: number; copiedAt: number; endedAt: number; source: 'primary' | 'replica' }> = [];
  applied = 0;
  loadsCompleted = 0;
  timer: NodeJS.Timeout | null = null;
  error: string | null = null;
}

const g = processSlot<{ rfSearchEngine?: State; rfSearchDataVersion?: number }>('search.engine', () => ({}));
const running = () => g.rfSearchEngine ?? null;
const bumpVersion = () => {
  g.rfSearchDataVersion = (g.rfSearchDataVersion ?? 0) + 1;
};

/** Grows whenever the engine's data may have changed (the caches' key). */
export const engineDataVersion = (): number => g.rfSearchDataVersion ?? 0;

let enabledOverride: boolean | null = null;
export const isEngineEnabled = () => enabledOverride ?? env.SEARCH_ENGINE !== 'postgres';

/** Overrides SEARCH_ENGINE in this process (tests, benchmark); null = back to it. */
export function setSearchEngineEnabled(on: boolean | null): void {
  enabledOverride = on;
}

async function syncCurrent(c: Current): Promise<number> {
  changeLogReads++;
  const { xmin, rows } = await readChanges(c.cursor);
  if (rows.length > MAX_INCREMENTAL || rows.some((r) => r.cui === null)) {
    // An import: the index answers as it is (decision 070) until the new one replaces it.
    c.outdated = true;
  } else {
    for (const r of rows) c.changed.add(r.cui!);
    if (rows.length > 0) c.skip = null;
  }
  advanceCursor(c.cursor, xmin, rows);
  return c.outdated && rows.length > 0 ? rows.length : new Set(rows.map((r) => r.cui)).size;
}

/** Builds the index beside the traffic (the current one answers meanwhile), reads the changes since its snapshot, and swaps it in. */
function build(s: State, reason: SearchLoadReason): Promise<void> {
  if (s.buildTimer) clearTimeout(s.buildTimer);
  s.buildTimer = null;
  s.building ??= (async () => {
    const t0 = (s.buildStartedAt = Date.now());
    try {
      const source = await readSourceRows();
      const ix = await buildSearchIndex(source.rows, 0, { simd: env.SEARCH_INDEX_SIMD });
      for (const [platform, cuis] of source.social) ix.social.set(platform, positionsOf(ix, cuis));
      releaseArrays(Object.values(source.rows));
      const next: Current = { ix, cursor: source.cursor, changed: new Set(), skip: null, outdated: false };
      // What was committed after the snapshot, before this index answers anything.
      await syncCurrent(next);
      ix.builtMs = Date.now() - t0;
      s.current = next;
      bumpVersion();
      ix.version = engineDataVersion();
      s.syncedAt = Date.now();
      s.loads = [...s.loads.slice(-9), { startedAt: t0, slotAt: source.slotAt, copiedAt: source.copiedAt, endedAt: s.syncedAt, source: source.source }];
      s.loadsCompleted++;
      s.error = null;
      countSearchLoad(reason, 'ok');
    } catch (e) {
      s.error = e instanceof Error ? e.message : String(e);
      countSearchLoad(reason, 'failed');
      console.error('[search] indexul de căutare nu a fost construit:', s.error);
    }
  })().finally(() => {
    s.building = null;
    planBuild(s);
  });
  return s.building;
}

/** At once after an import or beyond CHANGED_MAX; after INDEX_REBUILD_MS for other changes or a failed first build. */
function planBuild(s: State): void {
  const c = s.current;
  if (s.building || s.buildTimer || g.rfSearchEngine === undefined) return;
  if (c ? !c.outdated && c.changed.size === 0 : !s.error) return;
  const reason = c?.outdated || (c?.changed.size ?? 0) > CHANGED_MAX ? 'change-log' : c ? 'requested' : 'initial';
  if (reason === 'change-log') return void build(s, reason);
  s.buildTimer = setTimeout(() => void build(s, reason), Math.max(0, s.buildStartedAt + INDEX_REBUILD_MS - Date.now()));
  s.buildTimer.unref();
}

function sync(s: State): Promise<void> {
  if (!s.current) return Promise.resolve();
  if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
    prunedAt = Date.now();
    void sql(`DELETE FROM search_change WHERE changed_at < now() - interval '${KEEP_CHANGES}'`).catch(() => {});
  }
  // A sync in flight may have read the log before the caller's write committed: wait for it and one more.
  if (s.syncing) {
    s.syncAgain ??= s.syncing.then(() => {
      s.syncAgain = null;
      return sync(s);
    });
    return s.syncAgain;
  }
  s.syncing = (async () => {
    const found = await syncCurrent(s.current!);
    if (found > 0) {
      s.applied += found;
      bumpVersion();
      planBuild(s);
    }
    s.syncedAt = Date.now();
  })()
    .catch((e) => console.error('[search] sincronizarea motorului de căutare a eșuat:', e instanceof Error ? e.message : e))
    .finally(() => {
      s.syncing = null;
    });
  return s.syncing;
}

export async function engineView(): Promise<EngineView | null> {
  const c = running()?.current;
  return c ? viewOf(c) : null;
}

function viewOf(c: Current): EngineView {
  const changed = Array.from(c.changed);
  c.skip ??= positionsOf(c.ix, changed);
  return { ix: c.ix, changed, skip: c.skip };
}

/** Builds the index now if companies changed since it, and waits for it (tests, benchmarks). */
export async function waitForSearchIndex(): Promise<SearchIndex | null> {
  const s = running();
  if (!s) return null;
  await s.building;
  await sync(s);
  if (s.current && (s.current.changed.size > 0 || s.current.outdated)) await build(s, 'requested');
  return s.current?.ix ?? null;
}

export function startSearchEngine(): State | null {
  if (!isEngineEnabled()) return null;
  if (!g.rfSearchEngine) {
    const s = (g.rfSearchEngine = new State());
    void build(s, 'initial');
    if (env.SEARCH_ENGINE_POLL_MS > 0) {
      s.timer = setInterval(() => void sync(s), env.SEARCH_ENGINE_POLL_MS);
      s.timer.unref();
    }
  }
  return g.rfSearchEngine;
}

/** The view for a user's own data, their last write seen; null (search PostgreSQL) also after an import (decision 070). */
export async function readyEngine(): Promise<EngineView | null> {
  const s = startSearchEngine();
  if (!s?.current) return null;
  await sync(s);
  return s.current && !s.current.outdated ? viewOf(s.current) : null;
}

/** `read()` beside the sync, again when the sync found changes; null when the engine cannot answer. */
export async function readOnSyncedCopy<T>(read: () => Promise<T>): Promise<{ value: T } | null> {
  const s = startSearchEngine();
  if (!s?.current) return null;
  const version = engineDataVersion();
  const synced = sync(s); // never rejects: a failed sync is logged and the engine answers as it is
  let value: T;
  try {
    value = await read();
  } catch (e) {
    await synced;
    if (engineDataVersion() === version) throw e;
    return { value: await read() };
  }
  await synced;
  if (engineDataVersion() !== version) value = await read();
  return { value };
}

export async function waitForEngine(): Promise<boolean> {
  const s = startSearchEngine();
  if (!s) return false;
  while (!s.current) {
    if (s.building) await s.building;
    else if (s.error) return false;
    else await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** After a bulk change made without the change log. */
export async function reloadEngine(): Promise<void> {
  const s = startSearchEngine();
  await s?.building;
  if (s) await build(s, 'requested');
}

export async function syncEngine(): Promise<void> {
  const s = startSearchEngine();
  if (s) await sync(s);
}

export async function engineStatus() {
  const s = isEngineEnabled() ? running() : null;
  const c = s?.current ?? null;
  const last = s?.loads.at(-1);
  return {
    enabled: isEngineEnabled(),
    ready: c !== null,
    /** the first build, or one after an import (the old index answers meanwhile) */
    loading: s ? (c === null && s.building !== null) || (c?.outdated ?? false) : false,
    rows: c?.ix.n ?? 0,
    loadSeconds: last ? (last.endedAt - last.startedAt) / 1000 : 0,
    loadedAt: last?.endedAt ?? 0,
    syncedAt: s?.syncedAt ?? 0,
    applied: s?.applied ?? 0,
    syncs: changeLogReads,
    loadsCompleted: s?.loadsCompleted ?? 0,
    changed: c?.changed.size ?? 0,
    error: s?.error ?? null,
    loads: s?.loads ?? [],
    indexCurrent: c !== null && c.changed.size === 0 && !c.outdated,
    indexBuildMs: c?.ix.builtMs ?? 0,
    indexBytes: c ? searchIndexBytes(c.ix) : 0,
  };
}

/** Age of the oldest change not read; null when off or without an index. */
export async function engineLagSeconds(): Promise<number | null> {
  const c = isEngineEnabled() ? running()?.current : null;
  return c ? pendingChangeAgeSeconds(c.cursor) : null;
}

export async function stopSearchEngine(): Promise<void> {
  const s = running();
  g.rfSearchEngine = undefined;
  if (!s) return;
  if (s.timer) clearInterval(s.timer);
  if (s.buildTimer) clearTimeout(s.buildTimer);
  await s.building;
  if (s.buildTimer) clearTimeout(s.buildTimer);
  await s.syncing;
  s.current = null;
}
