// The search engine's two caches, both under the engine's data version (engine.ts
// engineDataVersion) read before the work began, so that once a change is applied no later request
// gets what was computed or read before it (the change log records every column an answer shows):
// - answers (decisions 047, 075): the count and page, or the filter counts, per normalised filter;
//   concurrent identical requests share one computation, failures are not kept;
// - rows (decision 077): the companies of result pages by CUI, so that a new search whose page holds
//   companies other searches showed (the largest lead most lists) asks PostgreSQL only for the others.
// lru-cache: a Map's delete-and-set LRU made each eviction walk the deleted entries (issue 46).
import 'server-only';
import { LRUCache } from 'lru-cache';
import type { SearchFilter } from '@/lib/filters';
import { env } from '../kernel/env';
import { engineDataVersion } from './engine';
import type { CompanyItemRow } from './dto';
import { processSlot } from '../kernel/process-slot.mjs';

type Entry = { version: number; value: Promise<unknown> };
type Rows = { version: number; max: number; rows: LRUCache<number, CompanyItemRow> | null };

const g = processSlot<{ answers?: LRUCache<string, Entry>; rows?: Rows }>('search.caches', () => ({}));
const answers = (g.answers ??= new LRUCache({ max: Math.max(1, env.SEARCH_CACHE_ENTRIES) }));
const zero = () => ({ hits: 0, misses: 0, rowHits: 0, rowMisses: 0, pages: 0, reads: 0 });
let stats = zero();

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

/** The value of `compute()` for (kind, key): kept when computed at the current data version, else computed (once) and kept. */
export function cachedEngineResult<T>(kind: string, key: string, compute: () => Promise<T>): Promise<T> {
  const version = engineDataVersion();
  if (env.SEARCH_CACHE_ENTRIES === 0) return compute();
  const id = `${kind}\n${key}`;
  const found = answers.get(id);
  if (found && found.version === version) {
    stats.hits++;
    return found.value as Promise<T>;
  }
  stats.misses++;
  const value = compute();
  answers.set(id, { version, value });
  value.catch(() => {
    if (answers.peek(id)?.value === value) answers.delete(id);
  });
  return value;
}

/** The rows of `cuis` (a company unknown to PostgreSQL is absent): the kept ones, and the others from `load` (given only those), kept in turn. */
export async function companyItems(cuis: readonly number[], load: (cuis: number[]) => Promise<CompanyItemRow[]>): Promise<Map<number, CompanyItemRow>> {
  const max = env.SEARCH_ITEM_CACHE_ENTRIES;
  const version = engineDataVersion();
  // SEARCH_ITEM_CACHE_ENTRIES=0: the same path, no row kept.
  if (g.rows?.version !== version || g.rows.max !== max) g.rows = { version, max, rows: max > 0 ? new LRUCache({ max }) : null };
  const kept = g.rows.rows;
  const out = new Map<number, CompanyItemRow>();
  const missing: number[] = [];
  for (const cui of cuis) {
    const row = kept?.get(cui);
    if (row) out.set(cui, row);
    else missing.push(cui);
  }
  stats.rowHits += cuis.length - missing.length;
  stats.rowMisses += missing.length;
  stats.pages++;
  if (missing.length === 0) return out;
  stats.reads++;
  const rows = await load(missing);
  // Filed under the version read before the read, and only while that version is current.
  const keep = g.rows?.version === version ? g.rows.rows : null;
  for (const r of rows) {
    out.set(Number(r.cui), r);
    keep?.set(Number(r.cui), r);
  }
  return out;
}

export function searchCacheStats() {
  return { ...stats, answers: answers.size, rows: g.rows?.rows?.size ?? 0, version: engineDataVersion() };
}

/** Empties both caches (tests, benchmarks). */
export function clearSearchCaches(): void {
  answers.clear();
  g.rows = undefined;
  stats = zero();
}
