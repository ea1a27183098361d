// The one Prisma client (through @prisma/adapter-pg) and one pg pool for the hand-written SQL of
// the hot paths (search, type-ahead, rankings). Both are created lazily and reused across hot
// reloads in development.
import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { env } from './env';
import { PrismaClient } from './generated/prisma/client';

// BIGINT money columns come back as JS numbers in raw SQL (all values are far below 2^53).
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 || oid === 1700 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

type Globals = { prisma?: PrismaClient; pool?: pg.Pool };
const g = globalThis as unknown as Globals;

export function getPool(): pg.Pool {
  if (!g.pool) {
    g.pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE, types });
    g.pool.on('error', (e) => console.error('[db] pool error', e.message));
  }
  return g.pool;
}

export function getPrisma(): PrismaClient {
  if (!g.prisma) {
    const adapter = new PrismaPg({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE });
    g.prisma = new PrismaClient({ adapter });
  }
  return g.prisma;
}

/** Lazy proxy so importing this module never opens a connection (e.g. during `next build`). */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get: (_t, prop) => {
    const real = getPrisma();
    const value = Reflect.get(real, prop);
    return typeof value === 'function' ? value.bind(real) : value;
  },
});

/** Runs one parameterised SQL statement on the raw pool. */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const res = await getPool().query<T>(text, params as unknown[]);
  return res.rows;
}

export async function closeDb() {
  await Promise.all([g.prisma?.$disconnect(), g.pool?.end()]);
  g.prisma = undefined;
  g.pool = undefined;
}
