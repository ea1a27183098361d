// The one Prisma client (through @prisma/adapter-pg) and one pg pool for the hand-written SQL of
// the hot paths (search, type-ahead, rankings). Both are created lazily and reused across hot
// reloads in development.
import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { env } from './env';
import { observePoolWait } from './counters';
import { PrismaClient } from '../generated/prisma/client';
import { processSlot } from './process-slot.mjs';
import { followPrimary, poolSettings } from './db-hosts';
import { countReplicaFallback, hasFault, isUnreachableError, noteDbError, probeDue, probeReplica, raiseFault } from './db-faults';

// BIGINT money columns come back as JS numbers in raw SQL (all values are far below 2^53).
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 || oid === 1700 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

type Globals = { prisma?: PrismaClient; pool?: pg.Pool; readPool?: pg.Pool; prismaPool?: pg.Pool; changeLogPool?: pg.Pool };
const g = processSlot<Globals>('db', () => ({}));

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * Times every wait for a connection of `pool` (radarfirme_db_pool_wait_seconds, /api/metrics):
 * pool.connect() and pool.query(), which takes its connection through connect() too.
 */
function timeConnectionWaits(pool: pg.Pool, name: 'primary' | 'replica' | 'prisma'): pg.Pool {
  const connect = pool.connect.bind(pool) as (cb?: ConnectCallback) => Promise<pg.PoolClient> | void;
  const observe = (t0: bigint) => observePoolWait(name, Number(process.hrtime.bigint() - t0) / 1e9);
  (pool as unknown as { connect: (cb?: ConnectCallback) => unknown }).connect = (cb?: ConnectCallback) => {
    const t0 = process.hrtime.bigint();
    if (cb) {
      return connect((err, client, done) => {
        observe(t0);
        cb(err, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).finally(() => observe(t0));
  };
  return pool;
}

/**
 * A pool on `url`; with several hosts in it (libpq's form, target_session_attrs=read-write) new
 * connections follow the primary through a promotion (server/kernel/db-hosts.ts, decision 103).
 */
function followingPool(url: string, settings: pg.PoolConfig, name: 'primary' | 'replica' | 'prisma' | 'change-log'): pg.Pool {
  const pool = new pg.Pool(poolSettings(url, settings));
  // pg-pool listens for errors only on idle connections: one checked out (a transaction between
  // two statements, Prisma's interactive transactions) whose server dies emitted an unhandled
  // 'error' and took the whole process down at a failover (found by failover-queues.test.ts).
  // Its holder sees the failure on its next statement; the process stays up.
  pool.on('connect', (client) => client.on('error', (e) => console.error(`[db] conexiune pierdută (pool ${name}):`, e.message)));
  return followPrimary(pool, { waitMs: env.DATABASE_FAILOVER_WAIT_MS, pool: name });
}

export function getPool(): pg.Pool {
  if (!g.pool) {
    g.pool = timeConnectionWaits(followingPool(env.DATABASE_URL, { max: env.DATABASE_POOL_SIZE, types }, 'primary'), 'primary');
    g.pool.on('error', (e) => console.error('[db] pool error', e.message));
  }
  return g.pool;
}

/**
 * The search copy's own connection to the change log (engine-sync.ts readChanges): one connection,
 * outside the shared pool. Every search waits for a read of the change log first (read your
 * writes); in the shared pool that read queued behind every other request's statements, so under
 * load a search waited for the pool twice (issue 25). One sync runs at a time (engine.ts), so one
 * connection is enough; a pool of one reconnects by itself after an error.
 */
export function getChangeLogPool(): pg.Pool {
  if (!g.changeLogPool) {
    g.changeLogPool = followingPool(env.DATABASE_URL, { max: 1, types, application_name: 'radarfirme-search-sync' }, 'change-log');
    g.changeLogPool.on('error', (e) => console.error('[db] change-log connection error', e.message));
  }
  return g.changeLogPool;
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
    // A bounded connect: a replica cut off by the network (no refusal, no answer) must not hold a
    // read for the OS's TCP timeout before it falls back to the primary (readSql).
    g.readPool = timeConnectionWaits(followingPool(env.DATABASE_READ_URL!, { max: env.DATABASE_POOL_SIZE, types, connectionTimeoutMillis: 3_000 }, 'replica'), 'replica');
    g.readPool.on('error', (e) => console.error('[db] read pool error', e.message));
  }
  return g.readPool;
}

function getPrisma(): PrismaClient {
  if (!g.prisma) {
    // The adapter on a pool of ours (it sets its own type parsers per query), so its waits are timed too.
    g.prismaPool = timeConnectionWaits(followingPool(env.DATABASE_URL, { max: env.DATABASE_POOL_SIZE }, 'prisma'), 'prisma');
    g.prismaPool.on('error', (e) => console.error('[db] prisma pool error', e.message));
    const adapter = new PrismaPg(g.prismaPool);
    // Prisma's 2 s wait for a transaction's connection answered 500 while a busy instance was still
    // starting (its pool held by the search copy's load); a request may wait as long as a plain query.
    g.prisma = new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000 } });
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
  try {
    const res = await getPool().query<T>(text, params as unknown[]);
    return res.rows;
  } catch (e) {
    noteDbError(e);
    throw e;
  }
}

/**
 * One statement on the read replica, for a public read; `onPrimary` true sends it to the primary
 * instead: a signed-in reader (what they just wrote shows at once, whatever the replica's delay)
 * and a check a write depends on.
 */
export async function readSql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = [], onPrimary = false): Promise<T[]> {
  if (onPrimary || !hasReadReplica()) return sql<T>(text, params);
  // An unreachable replica (decision 110): reads go to the primary, which holds everything the
  // replica does; a probe every FAULT_PROBE_MS sends them back once it answers.
  if (hasFault('replica-unreachable')) {
    if (probeDue('replica-unreachable')) void probeReplica(getReadPool());
    countReplicaFallback();
    return sql<T>(text, params);
  }
  try {
    const res = await getReadPool().query<T>(text, params as unknown[]);
    return res.rows;
  } catch (e) {
    // A read repeated on the primary changes nothing; a statement's own error is the caller's.
    if (!isUnreachableError(e)) throw e;
    raiseFault('replica-unreachable', (e as Error).message);
    countReplicaFallback();
    return sql<T>(text, params);
  }
}

export async function closeDb() {
  await g.prisma?.$disconnect();
  await Promise.all([g.prismaPool?.end(), g.pool?.end(), g.readPool?.end(), g.changeLogPool?.end()]);
  g.prisma = undefined;
  g.changeLogPool = undefined;
  g.prismaPool = undefined;
  g.pool = undefined;
  g.readPool = undefined;
}
