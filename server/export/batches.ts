// Keyset batches: a list read BATCH rows at a time after the last key seen, never with OFFSET, so
// the 100,000th row costs what the first did and memory holds one batch.
import 'server-only';

const EXPORT_BATCH = 2000;

export async function* keysetBatches<R, K>(limit: number, first: K, read: (after: K, n: number) => Promise<R[]>, keyOf: (row: R) => K): AsyncGenerator<R[]> {
  let after = first;
  let left = limit;
  while (left > 0) {
    const rows = await read(after, Math.min(EXPORT_BATCH, left));
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    after = keyOf(rows[rows.length - 1]);
    if (rows.length < Math.min(EXPORT_BATCH, left + rows.length)) return;
  }
}

/** Keyset batches over a list ordered by its integer `id`. */
export const idBatches = <R extends { id: number }>(limit: number, read: (after: number, n: number) => Promise<R[]>) =>
  keysetBatches<R, number>(limit, 0, read, (r) => r.id);
