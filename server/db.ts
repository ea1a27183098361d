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

type Globals = { prisma?: PrismaClient; pool?: pg.Pool; readPool?: pg.Pool };
const g = globalThis as unknown as Globals;

export function getPool(): pg.Pool {
  if (!g.pool) {
    g.pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE, types });
    g.pool.on('error', (e) => console.error('[db] pool error', e.message));
  }
  return g.pool;
}

/** True when DATABASE_READ_URL names another database than DATABASE_URL (a read replica). */
export const hasReadReplica = () => Boolean(env.DATABASE_READ_URL && env.DATABASE_READ_URL !== env.DATABASE_URL);

/**
 * The pool of the read replica (DATABASE_READ_URL), or the primary's when there is none. For reads
 * that may lag the primary by the replica's delay: anonymous pages, sitemaps, public lists, the
 * search copy's load. A signed-in user's reads stay on the primary (readSql), so they see their own writes.
 */
export function getReadPool(): pg.Pool {
  if (!hasReadReplica()) return getPool();
  if (!g.readPool) {
    g.readPool = new pg.Pool({ connectionString: env.DATABASE_READ_URL, max: env.DATABASE_POOL_SIZE, types });
    g.readPool.on('error', (e) => console.error('[db] read pool error', e.message));
  }
  return g.readPool;
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

/**
 * One statement on the read replica, for a public read; `onPrimary` true sends it to the primary
 * instead: a signed-in reader (what they just wrote shows at once, whatever the replica's delay)
 * and a check a write depends on.
 */
export async function readSql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = [], onPrimary = false): Promise<T[]> {
  const res = await (onPrimary ? getPool() : getReadPool()).query<T>(text, params as unknown[]);
  return res.rows;
}

export async function closeDb() {
  await Promise.all([g.prisma?.$disconnect(), g.pool?.end(), g.readPool?.end()]);
  g.prisma = undefined;
  g.pool = undefined;
  g.readPool = undefined;
}
