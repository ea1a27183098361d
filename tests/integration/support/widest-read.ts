// The most rows, and the most text, any one statement returned while a call ran, on the raw pool
// and on Prisma's (decision 124: a bounded path never reads more than its bound, whatever the data).
import type pg from 'pg';
import { getPool, prisma } from '@/server/kernel/db';
import { readProcessSlot } from '@/server/kernel/process-slot.mjs';

/** The characters of a result's string values (what a text column costs the heap). */
function charsOf(rows: unknown[] | undefined): number {
  let n = 0;
  for (const row of rows ?? []) for (const v of Object.values(row as Record<string, unknown>)) if (typeof v === 'string') n += v.length;
  return n;
}

export async function widestRead<T>(run: () => Promise<T>): Promise<{ value: T; rows: number; chars: number }> {
  await prisma.$queryRaw`SELECT 1`; // Prisma's pool exists before it is wrapped
  const pools = [getPool(), readProcessSlot<{ prismaPool?: pg.Pool }>('db')?.prismaPool].filter((p): p is pg.Pool => Boolean(p));
  let rows = 0;
  let chars = 0;
  const originals = pools.map((pool) => {
    const query = pool.query;
    pool.query = (async (...args: unknown[]) => {
      const res = (await (query as (...a: unknown[]) => Promise<{ rows?: unknown[] }>).apply(pool, args)) as { rows?: unknown[] };
      rows = Math.max(rows, res?.rows?.length ?? 0);
      chars = Math.max(chars, charsOf(res?.rows));
      return res;
    }) as typeof pool.query;
    return () => {
      pool.query = query;
    };
  });
  try {
    return { value: await run(), rows, chars };
  } finally {
    for (const restore of originals) restore();
  }
}
