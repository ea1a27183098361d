// Failover of the database for the app's pools (issue 51, decision 103). DATABASE_URL may name
// several hosts the way libpq does, `postgresql://u:p@primary:5432,replica:5432/radarfirme?target_session_attrs=read-write`:
// node-postgres reads only one, so a pool here opens each new connection on the host found
// writable last, checks `pg_is_in_recovery()` on it, and when that host refuses or turns out to be
// a standby, looks for the writable one among all and waits (up to DATABASE_FAILOVER_WAIT_MS) while
// none is: a request arriving during a promotion waits for the new primary instead of failing.
// Only the connection is retried, never a statement (a statement cut by the crash may have
// committed); connections already open to a dead primary fail once and leave the pool.
import 'server-only';
import pg from 'pg';
import { countDbConnect } from './counters';

type DbHost = { host: string; port: number };

export type ParsedDatabaseUrl = {
  hosts: DbHost[];
  user: string;
  password: string;
  database: string;
  /** read-write: only a primary; any: the first host that answers (libpq's names). */
  targetSessionAttrs: 'read-write' | 'any';
  /** The URL of one host (node-postgres, tools, the search engine's loader). */
  urlOf: (h: DbHost) => string;
};

/** Parses a PostgreSQL URL with one or several `host:port` pairs (libpq's multi-host form); null when it is not one. */
export function parseDatabaseUrl(raw: string): ParsedDatabaseUrl | null {
  const m = /^(postgres(?:ql)?):\/\/(?:([^@/]*)@)?([^/?#]+)(\/[^?#]*)?(\?[^#]*)?$/.exec(raw);
  if (!m) return null;
  const [, scheme, auth = '', hostList, pathPart = '/', query = ''] = m;
  const hosts: DbHost[] = [];
  for (const part of hostList.split(',')) {
    const hm = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(part);
    if (!hm) return null;
    hosts.push({ host: hm[1].replace(/^\[|\]$/g, ''), port: Number(hm[2] ?? 5432) });
  }
  const params = new URLSearchParams(query.slice(1));
  const tsa = params.get('target_session_attrs') ?? 'any';
  if (tsa !== 'read-write' && tsa !== 'any') return null;
  const [user = '', password = ''] = auth.split(':').map((s) => decodeURIComponent(s));
  const database = decodeURIComponent(pathPart.slice(1));
  params.delete('target_session_attrs');
  const rest = params.toString();
  const urlOf = (h: DbHost) => `${scheme}://${auth ? `${auth}@` : ''}${h.host.includes(':') ? `[${h.host}]` : h.host}:${h.port}${pathPart}${rest ? `?${rest}` : ''}`;
  return { hosts, user, password, database, targetSessionAttrs: tsa, urlOf };
}

/** True for a URL with more than one host (the pools then follow the primary). */
export const isMultiHostUrl = (raw: string) => (parseDatabaseUrl(raw)?.hosts.length ?? 0) > 1;

/** Errors of opening a connection that a promotion explains: refused, reset, shutting down, starting, read-only. */
function isSwitchError(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '25006', 'RF_STANDBY'].includes(err?.code ?? '') ||
    /Connection terminated|timeout/i.test(err?.message ?? '')
  );
}

type Locator = { current: DbHost; searching: Promise<DbHost | null> | null };

/** The host that takes writes now, asked of every host in turn (null: none, e.g. mid-promotion). */
async function findWritable(parsed: ParsedDatabaseUrl): Promise<DbHost | null> {
  for (const h of parsed.hosts) {
    const c = new pg.Client({ connectionString: parsed.urlOf(h), connectionTimeoutMillis: 2000 });
    c.on('error', () => {});
    try {
      await c.connect();
      const { rows } = await c.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
      if (parsed.targetSessionAttrs === 'any' || !rows[0].r) return h;
    } catch {
      /* down or starting: the next host */
    } finally {
      await c.end().catch(() => {});
    }
  }
  return null;
}

export type FailoverOptions = {
  /** How long a caller waits for a writable host before its connection fails. */
  waitMs: number;
  pool: 'primary' | 'replica' | 'prisma' | 'change-log';
};

/**
 * Pool settings for `url`: the plain connection string for one host; for several, a Client class
 * that connects to the host found writable last and checks it, and a connect() that waits out a
 * promotion (applied by `followPrimary` on the pool once created).
 */
export function poolSettings(url: string, extra: pg.PoolConfig): pg.PoolConfig {
  const parsed = parseDatabaseUrl(url);
  if (!parsed || parsed.hosts.length < 2) return { connectionString: url, ...extra };
  const locator: Locator = { current: parsed.hosts[0], searching: null };
  class FollowingClient extends pg.Client {
    private readonly target: DbHost;
    constructor(config: pg.ClientConfig) {
      const target = locator.current;
      super({ ...config, host: target.host, port: target.port });
      this.target = target;
    }
    // pg-pool calls connect(callback); the pool's own connect() below calls it through the pool.
    connect(): Promise<pg.Client>;
    connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
      const checked = super.connect().then(async () => {
        if (parsed!.targetSessionAttrs === 'read-write') {
          const { rows } = await this.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
          if (rows[0].r) {
            await this.end().catch(() => {});
            throw Object.assign(new Error(`${this.target.host}:${this.target.port} este un standby (numai citire)`), { code: 'RF_STANDBY' });
          }
        }
        return this as pg.Client;
      });
      if (!callback) return checked;
      const cb = callback as (err: Error | null, c?: pg.Client) => void;
      checked.then((c) => cb(null, c), (e: Error) => cb(e));
    }
  }
  return {
    ...extra,
    host: parsed.hosts[0].host,
    port: parsed.hosts[0].port,
    user: parsed.user,
    password: parsed.password,
    database: parsed.database,
    Client: FollowingClient as unknown as typeof pg.Client,
    // Read by followPrimary: the pool's locator and the parsed URL.
    ...({ rfFailover: { locator, parsed } } as object),
  };
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * Makes the pool's connect() (which pool.query uses too) wait out a promotion: on an error of
 * opening a connection, find the writable host, point new connections at it, and try again until
 * `waitMs` has passed. A pool of one host is returned as it is.
 */
export function followPrimary(pool: pg.Pool, opts: FailoverOptions): pg.Pool {
  const state = (pool as unknown as { options: { rfFailover?: { locator: Locator; parsed: ParsedDatabaseUrl } } }).options.rfFailover;
  if (!state) return pool;
  const { locator, parsed } = state;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const relocate = () => {
    locator.searching ??= findWritable(parsed).then((found) => {
      locator.searching = null;
      if (found && (found.host !== locator.current.host || found.port !== locator.current.port)) {
        console.error(`[db] primarul s-a mutat: ${locator.current.host}:${locator.current.port} → ${found.host}:${found.port} (pool ${opts.pool})`);
        countDbConnect(opts.pool, 'switched');
        locator.current = found;
      }
      return found;
    });
    return locator.searching;
  };
  const connectFollowing = async (): Promise<pg.PoolClient> => {
    const deadline = Date.now() + opts.waitMs;
    for (let attempt = 0; ; attempt++) {
      try {
        const client = await connect();
        if (attempt > 0) countDbConnect(opts.pool, 'recovered');
        return client;
      } catch (e) {
        if (!isSwitchError(e) || Date.now() >= deadline) {
          countDbConnect(opts.pool, 'failed');
          throw e;
        }
        countDbConnect(opts.pool, 'retried');
        const found = await relocate();
        if (!found) await new Promise((r) => setTimeout(r, Math.min(250 * (attempt + 1), 1000)));
      }
    }
  };
  (pool as unknown as { connect: (cb?: ConnectCallback) => unknown }).connect = (cb?: ConnectCallback) => {
    if (!cb) return connectFollowing();
    connectFollowing().then(
      (client) => cb(undefined, client, (release?: unknown) => client.release(release as boolean | Error | undefined)),
      (e: Error) => cb(e, undefined, () => {}),
    );
    return undefined;
  };
  return pool;
}
