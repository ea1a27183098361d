// The search engine's result cache (decisions 047, 075): whole answers (the count and the page with
// its companies, or the filter counts) per normalised filter, kept under the engine's data version
// (engine.ts engineDataVersion), read before the work began: once a change is applied no later
// request gets an answer computed before it. The change log records every column an answer shows,
// so their edits bump the version too. Concurrent identical requests share one computation.
import 'server-only';
import { LRUCache } from 'lru-cache';
import type { SearchFilter } from '@/lib/filters';
import { env } from '../kernel/env';
import { engineDataVersion } from './engine';
import { processSlot } from '../kernel/process-slot.mjs';

type Entry = { version: number; value: Promise<unknown> };

const g = processSlot<{ rfSearchResultCache?: LRUCache<string, Entry> }>('search.resultCache', () => ({}));
const entries = (g.rfSearchResultCache ??= new LRUCache({ max: Math.max(1, env.SEARCH_CACHE_ENTRIES) }));
let hits = 0;
let misses = 0;

/**
 * The filter's key: its fields in a fixed order, unset ones ('' or null) left out, so two addresses
 * that say the same (another order of the parameters, an empty field) share an entry.
 */
export function filterKey(filter: Partial<SearchFilter>): string {
  const parts: string[] = [];
  for (const k of Object.keys(filter).sort()) {
    const v = (filter as Record<string, unknown>)[k];
    if (v === null || v === undefined || v === '') continue;
    parts.push(`${k}=${typeof v === 'string' ? JSON.stringify(v) : String(v)}`);
  }
  return parts.join('&');
}

/**
 * The value of `compute()` for (kind, key) at the engine's current data version: from the cache
 * when computed at this version, else computed (once, whoever else asks meanwhile) and kept.
 * Failures are not kept.
 */
export function cachedEngineResult<T>(kind: string, key: string, compute: () => Promise<T>): Promise<T> {
  const max = env.SEARCH_CACHE_ENTRIES;
  const version = engineDataVersion();
  if (max === 0) return compute();
  const id = `${kind}\n${key}`;
  const found = entries.get(id);
  if (found && found.version === version) {
    hits++;
    return found.value as Promise<T>;
  }
  misses++;
  const value = compute();
  entries.set(id, { version, value });
  value.catch(() => {
    if (entries.peek(id)?.value === value) entries.delete(id);
  });
  return value;
}

export function resultCacheStats(): { entries: number; hits: number; misses: number; version: number } {
  return { entries: entries.size, hits, misses, version: engineDataVersion() };
}

/** Empties the cache (tests, benchmarks). */
export function clearResultCache(): void {
  entries.clear();
  hits = 0;
  misses = 0;
}
