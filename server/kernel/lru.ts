// A small in-process LRU with a time-to-live, for hot type-ahead prefixes, search cursors and the
// anonymous API's buckets. The data changes only on imports, so a few minutes of staleness is
// harmless; each server process keeps its own (no shared state to invalidate). The order is
// lru-cache's (O(1)): a Map's delete-and-set LRU made each eviction walk the deleted entries at the
// Map's start (issue 46). The expiry is read from Date.now() (tests move it).
import 'server-only';
import { LRUCache } from 'lru-cache';

export class LruCache<V> {
  private readonly map: LRUCache<string, { value: V; expires: number }>;

  /** `bound`: besides the count, the entries' total size as `sizeOf` measures it (an entry above it is not kept). */
  constructor(
    maxEntries: number,
    private readonly ttlMs: number,
    bound?: { maxSize: number; sizeOf: (value: V) => number },
  ) {
    this.map = new LRUCache<string, { value: V; expires: number }>({
      max: Math.max(1, maxEntries),
      ...(bound ? { maxSize: bound.maxSize, sizeCalculation: (entry: { value: V; expires: number }) => Math.max(1, bound.sizeOf(entry.value)) } : {}),
    });
  }

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    this.map.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}
