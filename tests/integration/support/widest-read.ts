// The most rows any one statement returned while a call ran, on the raw pool and on Prisma's
// (decision 124: a path bounded by a LIMIT never reads more than its bound, whatever the data).
import type pg from 'pg';
import { getPool, prisma } from '@/server/kernel/db';
import { readProcessSlot } from '@/server/kernel/process-slot.mjs';

export async function widestRead<T>(run: () => Promise<T>): Promise<{ value: T; rows: number }> {
  await prisma.$queryRaw`SELECT 1`; // Prisma's pool exists before it is wrapped
  const pools = [getPool(), readProcessSlot<{ prismaPool?: pg.Pool }>('db')?.prismaPool].filter((p): p is pg.Pool => Boolean(p));
  let rows = 0;
  const originals = pools.map((pool) => {
    const query = pool.query;
    pool.query = (async (...args: unknown[]) => {
      const res = (await (query as (...a: unknown[]) => Promise<{ rows?: unknown[] }>).apply(pool, args)) as { rows?: unknown[] };
      rows = Math.max(rows, res?.rows?.length ?? 0);
      return res;
    }) as typeof pool.query;
    return () => {
      pool.query = query;
    };
  });
  try {
    return { value: await run(), rows };
  } finally {
    for (const restore of originals) restore();
  }
}
