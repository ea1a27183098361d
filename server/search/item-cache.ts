// The companies of result pages, kept by CUI under the engine's data version (decision 075, as the
// result cache): a new search whose page holds companies other searches showed (the largest lead
// most lists) asks PostgreSQL only for the others. Rows are filed under the version read before
// they were, never under a later one.
import 'server-only';
import { LRUCache } from 'lru-cache';
import { env } from '../kernel/env';
import { engineDataVersion } from './engine';
import type { CompanyItemRow } from './dto';
import { processSlot } from '../kernel/process-slot.mjs';

// lru-cache: a Map's delete-and-set LRU made each eviction walk the deleted entries at its start
// (0.3 ms a page at 50,000 rows, issue 46).
type Rows = LRUCache<number, CompanyItemRow> | null;
const g = processSlot<{ rfSearchItemCache?: { version: number; max: number; rows: Rows } }>('search.itemCache', () => ({}));
let hits = 0;
let misses = 0;
let reads = 0;
let pages = 0;

/**
 * The rows of `cuis` (a company unknown to PostgreSQL is absent): the kept ones, and the others
 * from `load`, kept in turn. `load` is given only the CUIs not kept.
 */
export async function companyItems(cuis: readonly number[], load: (cuis: number[]) => Promise<CompanyItemRow[]>): Promise<Map<number, CompanyItemRow>> {
  const max = env.SEARCH_ITEM_CACHE_ENTRIES;
  const version = engineDataVersion();
  // SEARCH_ITEM_CACHE_ENTRIES=0: the same path, no row kept.
  let cache = g.rfSearchItemCache;
  if (!cache || cache.version !== version || cache.max !== max) cache = g.rfSearchItemCache = { version, max, rows: max > 0 ? new LRUCache({ max }) : null };
  const out = new Map<number, CompanyItemRow>();
  const missing: number[] = [];
  for (const cui of cuis) {
    const row = cache.rows?.get(cui);
    if (row) out.set(cui, row);
    else missing.push(cui);
  }
  hits += cuis.length - missing.length;
  misses += missing.length;
  pages++;
  if (missing.length === 0) return out;
  reads++;
  const rows = await load(missing);
  // Filed under the version read before the read, and only while that version is current.
  const keep = g.rfSearchItemCache?.version === version ? g.rfSearchItemCache.rows : null;
  for (const r of rows) {
    const cui = Number(r.cui);
    out.set(cui, r);
    keep?.set(cui, r);
  }
  return out;
}

export function itemCacheStats(): { entries: number; hits: number; misses: number; pages: number; reads: number } {
  return { entries: g.rfSearchItemCache?.rows?.size ?? 0, hits, misses, pages, reads };
}

/** Empties the cache (tests, benchmarks). */
export function clearItemCache(): void {
  g.rfSearchItemCache = undefined;
  hits = 0;
  misses = 0;
  pages = 0;
  reads = 0;
}
