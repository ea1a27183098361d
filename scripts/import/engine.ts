// The import run: one shape for every source (docs/decisions/024-official-data-import.md).
//  1. stage  – the files are streamed, each record parsed and validated; good rows go by COPY into
//              the source's UNLOGGED staging tables, bad ones into import_reject with the reason.
//              Every batch commits together with the run's checkpoint (file, record number).
//  2. merge  – the staged rows are merged into the product's tables in key-ordered chunks, one
//              transaction per chunk with its checkpoint: a company is written whole or not at all,
//              and only rows whose values differ are written (IS DISTINCT FROM).
//  3. refresh – derived data (facts, trends, collaborations, ranks, statistics, search counts) for
//              what changed, by the rf_refresh_* functions of the migrations.
// A rerun of the same files after a crash or Ctrl+C continues from the checkpoint; a rerun after
// success runs again and finds everything unchanged.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CopyBuffer } from '../data/copy';
import { dropDefinitions, readDefinitions, type Ddl } from '../data/ddl';
import { loadReferenceData } from '../data/reference';
import { captureFactsBefore, recordFactChanges } from './changes';
import { openTabular, type FileRecord } from './records';

export type Source = 'onrc' | 'mf' | 'sicap' | 'eu';
const SOURCE_LABELS: Record<Source, string> = {
  onrc: 'ONRC',
  mf: 'Ministerul Finanțelor',
  sicap: 'SICAP',
  eu: 'Fonduri UE',
};

type Counts = { read: number; inserted: number; updated: number; unchanged: number; rejected: number };
export type InputFile = { path: string; role: string };
type StagedRow = { table: string; write: (b: CopyBuffer) => void };
type ParseResult = StagedRow | StagedRow[] | { reject: string } | null;

export type StageTable = { table: string; columns: readonly string[] };

export type RunContext = {
  client: pg.ClientBase;
  runId: number;
  dataDate: string;
  source: Source;
};

/** What a source plugs into the run. */
export interface Importer {
  source: Source;
  /** The files of an input path (a file or a folder), in processing order, with their role. */
  resolve(input: string): InputFile[];
  /** The date the data describes (a package date in the name, else the newest file's date). */
  dataDate(files: InputFile[]): string;
  stageTables: readonly StageTable[];
  /** Called once per run before staging (e.g. load lookups, upsert a nomenclature). */
  prepare?(ctx: RunContext, files: InputFile[]): Promise<void>;
  /** A per-file parser built from the file's header; null skips the file (with a reason thrown). */
  parser(ctx: RunContext, file: InputFile, header: string[]): (r: FileRecord) => ParseResult;
  /**
   * The product table a first load fills (company for ONRC): when it is empty (or the run asks for
   * it), its secondary indexes are dropped for the merge and rebuilt once after it.
   */
  bulkTable?: string;
  /**
   * Tables the merge fills along with the bulk table (ONRC: status events, source dates): on a
   * first load their foreign keys to the bulk table are dropped too (a foreign key costs a trigger
   * and a lookup per inserted row) and restored at the end (one validating join per key). Their
   * indexes stay: the merge's NOT EXISTS checks look them up chunk after chunk.
   */
  bulkRelated?: readonly string[];

  /**
   * Set-based work on the whole staged data before the chunked merge (one transaction, idempotent:
   * it is redone if the run stops before the merge starts).
   */
  prepareMerge?(client: pg.ClientBase): Promise<void>;
  /** Indexes the merge needs on the staging tables. */
  stageIndexes: readonly string[];
  /** Upper bound of the next merge chunk after `after` (null when done). */
  nextChunk(client: pg.ClientBase, after: number, size: number): Promise<number | null>;
  /** Merges staged keys in (after, upTo]; records changed companies in imp_changed. */
  mergeChunk(ctx: RunContext, after: number, upTo: number): Promise<Omit<Counts, 'read'>>;
  /**
   * Set-based writes for all the changed companies at once, after the last chunk and before the
   * derived data (idempotent: redone by a resumed run).
   */
  afterMerge?(step: AfterMerge): Promise<void>;
}

/** What an importer's after-merge step gets: the run's session, how to open another, the changed count. */
export type AfterMerge = {
  client: pg.ClientBase;
  /** A second session with the run's settings (the caller ends it). */
  connect: () => Promise<pg.Client>;
  changed: number;
  /** Changed companies from which the step may split its work over two sessions. */
  parallelFrom: number;
};

export type RunOptions = {
  /** Changed companies from which a set-based after-merge step runs on two sessions (default 20,000). */
  parallelFrom?: number;
  /** Rows per staging transaction (default 20,000). */
  batchSize?: number;
  /** Keys per merge transaction (default 20,000). */
  chunkSize?: number;
  /** Data date override (YYYY-MM-DD). */
  dataDate?: string;
  /** Where the rejected rows go (default: <input>.respinse.csv in the working directory). */
  rejectsFile?: string;
  quiet?: boolean;
  /** Tests: throw after this many committed batches/chunks, as a crash would. */
  crashAfter?: number;
  /** Aborted (Ctrl+C): stop after the current batch; the run stays resumable. */
  signal?: AbortSignal;
  /**
   * First-load index rebuild: 'auto' (only into an EMPTY bulk table: a table the app serves keeps
   * every index, decision 050), true (the operator's explicit `--incarcare-initiala`) or never.
   */
  bulk?: 'auto' | boolean;
  /** Process files identical to an already imported set again instead of skipping them. */
  force?: boolean;
  /** Derived data: 'auto' (changed companies only when few), 'full' or 'none'. */
  refresh?: 'auto' | 'full' | 'none';
};

export type RunResult = Counts & {
  runId: number;
  resumed: boolean;
  /** The files were identical to those of a finished run: nothing was read or written. */
  skipped: boolean;
  rejectsFile: string | null;
  seconds: number;
  changedCompanies: number;
  refresh: { step: string; ms: number }[];
  /** Notifications the run's change facts gave the followers (docs/decisions/053). */
  /** CPU seconds (user + system) this process used for the run (the database's own work not included). */
  cpuSeconds?: number;
  /** Seconds spent by this process in each phase. */
  phases: { stage: number; merge: number; indexes: number; refresh: number };
};

/** Staged rows from which a first load drops and rebuilds the indexes of the bulk table. */
const BULK_MIN_ROWS = 50_000;

export class CrashForTest extends Error {}

/**
 * Identity of a set of input files: roles, names and the SHA-256 of their whole content (streamed;
 * about 2 s per GB). The same files give the same key, so a rerun can resume or skip.
 */
async function fileKey(files: InputFile[]): Promise<string> {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(`${f.role}|${path.basename(f.path)}|${statSync(f.path).size}|`);
    for await (const chunk of createReadStream(f.path, { highWaterMark: 1 << 20 })) h.update(chunk as Buffer);
  }
  return h.digest('hex');
}

const LOCK_BASE = 7262160;
const LOCKS: Record<Source, number> = { onrc: LOCK_BASE, mf: LOCK_BASE + 1, sicap: LOCK_BASE + 2, eu: LOCK_BASE + 3 };

type RunRow = { id: number; status: string; phase: string; checkpoint: Checkpoint; data_date: string };
type Checkpoint = { file?: number; record?: number; mergeAfter?: number; bulk?: Ddl[] };

function progressBar(quiet: boolean | undefined, title: string) {
  if (quiet || !process.stderr.isTTY) return null;
  const bar = new cliProgress.SingleBar(
    {
      format: `${title} [{bar}] {percentage}% | {rows} rânduri | {rate} rânduri/s | rămas {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  return bar;
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('ro-RO');
}

async function copyInto(client: pg.ClientBase, spec: StageTable, data: Buffer): Promise<void> {
  const stream = client.query(copyFrom(`COPY ${spec.table} (${spec.columns.join(', ')}) FROM STDIN`));
  await new Promise<void>((resolve, reject) => {
    stream.on('finish', () => resolve());
    stream.on('error', reject);
    stream.end(data);
  });
}

export async function runImport(url: string, importer: Importer, input: string, opts: RunOptions = {}): Promise<RunResult> {
  const t0 = Date.now();
  const log = opts.quiet ? () => {} : (m: string) => console.log(m);
  const files = importer.resolve(input);
  if (files.length === 0) throw new Error(`Niciun fișier de importat pentru ${importer.source} în ${input}.`);
  const key = await fileKey(files);
  const dataDate = opts.dataDate ?? importer.dataDate(files);
  const client = new pg.Client({ connectionString: url, application_name: `radarfirme-import-${importer.source}` });
  await client.connect();
  if (process.env.RF_IMPORT_PROFILE) profileQueries(client);
  await loadSettings(client);
  const crash = { left: opts.crashAfter ?? Infinity };
  const tick = () => {
    if (--crash.left < 0) throw new CrashForTest('oprire simulată');
  };
  try {
    const lock = await client.query('SELECT pg_try_advisory_lock($1) AS ok', [LOCKS[importer.source]]);
    if (!lock.rows[0].ok) throw new Error(`Un alt import ${importer.source} rulează deja pe această bază de date.`);
    // counties, localities, CAEN and statuses: the mapping needs them (a database migrated by
    // `npm run db:up` has none yet); never reloaded over names an ONRC nomenclature wrote
    if (!(await client.query('SELECT EXISTS (SELECT 1 FROM county) AS has')).rows[0].has) await loadReferenceData(client);

    // An unfinished run of the same files is resumed; anything else starts afresh.
    const prev = await client.query<RunRow>(
      `SELECT id, status, phase, checkpoint, to_char(data_date, 'YYYY-MM-DD') AS data_date FROM import_run
        WHERE source = $1 ORDER BY id DESC LIMIT 1`,
      [importer.source],
    );
    let run: RunRow;
    let resumed = false;
    const last = prev.rows[0];
    if (!opts.force) {
      const same = await client.query<{ id: number }>(
        `SELECT id FROM import_run WHERE source = $1 AND file_key = $2 AND status = 'done' ORDER BY id DESC LIMIT 1`,
        [importer.source, key],
      );
      if (same.rows.length && !(last && last.status === 'running')) {
        return await recordSkipped(client, importer.source, same.rows[0].id, t0, log);
      }
    }
    if (last && last.status === 'running' && (await client.query('SELECT file_key FROM import_run WHERE id = $1', [last.id])).rows[0].file_key === key) {
      run = last;
      resumed = true;
      log(`Se reia importul #${run.id} (${run.phase}) de la punctul de control.`);
    } else {
      if (last && last.status === 'running') {
        // A crashed first load of other files: its dropped indexes and keys come back before anything else.
        if (last.checkpoint.bulk?.length) await restoreDefinitions(client, url, last.checkpoint.bulk);
        await client.query(`UPDATE import_run SET status = 'abandoned', finished_at = now() WHERE id = $1`, [last.id]);
      }
      for (const t of importer.stageTables) await client.query(`TRUNCATE ${t.table}`);
      await client.query('DELETE FROM imp_changed WHERE source = $1', [importer.source]);
      const ins = await client.query<RunRow>(
        `INSERT INTO import_run (source, file_key, file_name, data_date) VALUES ($1, $2, $3, $4)
         RETURNING id, status, phase, checkpoint, to_char(data_date, 'YYYY-MM-DD') AS data_date`,
        [importer.source, key, files.map((f) => path.basename(f.path)).join(', ').slice(0, 1000), dataDate],
      );
      run = ins.rows[0];
    }
    const ctx: RunContext = { client, runId: run.id, dataDate: run.data_date, source: importer.source };
    await importer.prepare?.(ctx, files);

    const phases = { stage: 0, merge: 0, indexes: 0, refresh: 0 };
    let tPhase = Date.now();
    // ── stage ──
    if (run.phase === 'stage') {
      const totalBytes = files.reduce((s, f) => s + statSync(f.path).size, 0);
      const bar = progressBar(opts.quiet, 'Citire ');
      const startFile = run.checkpoint.file ?? 0;
      let doneBytes = files.slice(0, startFile).reduce((s, f) => s + statSync(f.path).size, 0);
      let rowsThisRun = 0;
      const tStage = Date.now();
      bar?.start(totalBytes, doneBytes, { rows: fmt(0), rate: fmt(0) });
      for (let fi = startFile; fi < files.length; fi++) {
        const file = files[fi];
        const skip = fi === startFile ? (run.checkpoint.record ?? 0) : 0;
        const base = doneBytes;
        const opened = await openTabular(file.path, {
          skip,
          onBytes: (b) => bar?.update(base + b, { rows: fmt(rowsThisRun), rate: fmt(rowsThisRun / Math.max(0.001, (Date.now() - tStage) / 1000)) }),
        });
        const parse = importer.parser(ctx, file, opened.header);
        const buffers = new Map(importer.stageTables.map((t) => [t.table, new CopyBuffer(1 << 16)]));
        let rejects: { line: number; reason: string; raw: string }[] = [];
        let inBatch = 0;
        let lastNo = skip;
        // The batch is taken synchronously and written while the next one is parsed: Node parses
        // on one core while PostgreSQL copies on the other. At most one batch is in flight; the
        // next flush waits for it, so batches still commit in order with their checkpoints.
        let inFlight: Promise<void> | null = null;
        const write = async (batch: { data: (Buffer | null)[]; rejects: typeof rejects; rows: number; lastNo: number }) => {
          await client.query('BEGIN');
          try {
            for (const [i, t] of importer.stageTables.entries()) {
              const data = batch.data[i];
              if (data) await copyInto(client, t, data);
            }
            if (batch.rejects.length) {
              await client.query(
                `INSERT INTO import_reject (run_id, file, line, reason, raw)
                 SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::text[])`,
                [run.id, path.basename(file.path).slice(0, 200), batch.rejects.map((r) => r.line), batch.rejects.map((r) => r.reason.slice(0, 300)), batch.rejects.map((r) => r.raw)],
              );
            }
            await client.query(
              `UPDATE import_run SET checkpoint = $2, rows_read = rows_read + $3, rejected = rejected + $4 WHERE id = $1`,
              [run.id, { file: fi, record: batch.lastNo }, batch.rows, batch.rejects.length],
            );
            await client.query('COMMIT');
          } catch (e) {
            await client.query('ROLLBACK').catch(() => {});
            throw e;
          }
          tick();
        };
        const flush = async (wait: boolean) => {
          if (inFlight) await inFlight;
          inFlight = null;
          const batch = {
            data: importer.stageTables.map((t) => {
              const b = buffers.get(t.table)!;
              return b.pos > 0 ? b.take() : null;
            }),
            rejects,
            rows: inBatch,
            lastNo,
          };
          inBatch = 0;
          rejects = [];
          const p = write(batch);
          // a failed write surfaces at the next flush (or at the end of the file), never unhandled
          p.catch(() => {});
          if (wait) await p;
          else inFlight = p;
        };
        for await (const batch of opened.batches) for (const rec of batch) {
          lastNo = rec.no;
          inBatch++;
          rowsThisRun++;
          let out: ParseResult;
          try {
            out = parse(rec);
          } catch (e) {
            out = { reject: `eroare la citire: ${(e as Error).message}` };
          }
          if (out && 'reject' in out) rejects.push({ line: rec.no, reason: out.reject, raw: rec.raw });
          else if (out) for (const row of Array.isArray(out) ? out : [out]) row.write(buffers.get(row.table)!);
          if (inBatch >= (opts.batchSize ?? 50_000)) {
            await flush(false);
            if (opts.signal?.aborted) {
              await inFlight;
              throw new Error('întrerupt');
            }
          }
        }
        await flush(true);
        doneBytes += statSync(file.path).size;
        // the next file starts at its first record
        await client.query(`UPDATE import_run SET checkpoint = $2 WHERE id = $1`, [run.id, { file: fi + 1, record: 0 }]);
      }
      bar?.update(totalBytes, { rows: fmt(rowsThisRun) });
      bar?.stop();
      for (const ix of importer.stageIndexes) await client.query(ix);
      for (const t of importer.stageTables) await client.query(`ANALYZE ${t.table}`);
      if (importer.prepareMerge) {
        await client.query('BEGIN');
        await importer.prepareMerge(client);
        await client.query('COMMIT');
      }
      const checkpoint: Checkpoint = { mergeAfter: -1 };
      if (importer.bulkTable) {
        const staged = Number((await client.query(`SELECT count(*) AS n FROM ${importer.stageTables[0].table}`)).rows[0].n);
        const existing = Number((await client.query(`SELECT count(*) AS n FROM ${importer.bulkTable}`)).rows[0].n);
        const bulk = opts.bulk ?? 'auto';
        // Never on a table the app is serving (issue 32: a SIGKILL 14 s in left 1 index of 34 on
        // the live table): 'auto' only into an empty one, else only when the operator asks.
        if (bulk === true || (bulk === 'auto' && staged >= BULK_MIN_ROWS && existing === 0)) {
          // A first load: index maintenance row by row would cost more than one rebuild at the end.
          const related = importer.bulkRelated ?? [];
          const defs = (await readDefinitions(client, [importer.bulkTable, ...related])).filter(
            (d) =>
              (d.kind === 'index' && d.tbl === importer.bulkTable) ||
              (d.kind === 'fk' && related.includes(d.tbl) && d.ddl.includes(`REFERENCES ${importer.bulkTable}(`)),
          );
          checkpoint.bulk = defs;
          await client.query('BEGIN');
          await client.query(`UPDATE import_run SET checkpoint = $2 WHERE id = $1`, [run.id, checkpoint]);
          await dropDefinitions(client, defs);
          await client.query('COMMIT');
          log(`Încărcare inițială: ${defs.length} indecși și chei ale tabelei ${importer.bulkTable} se reconstruiesc la final.`);
        }
      }
      await client.query(`UPDATE import_run SET phase = 'merge', checkpoint = $2 WHERE id = $1`, [run.id, checkpoint]);
      run.phase = 'merge';
      run.checkpoint = checkpoint;
    }
    phases.stage = (Date.now() - tPhase) / 1000;
    tPhase = Date.now();

    // ── merge ──
    if (run.phase === 'merge') {
      // a first load (indexes dropped) writes in bigger chunks: fewer round trips and plans
      const chunk = opts.chunkSize ?? (run.checkpoint.bulk?.length ? 100_000 : 20_000);
      let after = run.checkpoint.mergeAfter ?? -1;
      const bar = progressBar(opts.quiet, 'Scriere');
      const total = Number((await client.query(`SELECT count(*) AS n FROM ${importer.stageTables[0].table}`)).rows[0].n);
      bar?.start(Math.max(1, total), 0, { rows: fmt(0), rate: fmt(0) });
      const tMerge = Date.now();
      let merged = 0;
      for (;;) {
        const upTo = await importer.nextChunk(client, after, chunk);
        if (upTo === null) break;
        await client.query('BEGIN');
        try {
          const c = await importer.mergeChunk(ctx, after, upTo);
          await client.query(
            `UPDATE import_run SET checkpoint = checkpoint || $2::jsonb, inserted = inserted + $3, updated = updated + $4,
                    unchanged = unchanged + $5, rejected = rejected + $6 WHERE id = $1`,
            [run.id, { mergeAfter: upTo }, c.inserted, c.updated, c.unchanged, c.rejected],
          );
          await client.query('COMMIT');
          merged += c.inserted + c.updated + c.unchanged + c.rejected;
        } catch (e) {
          await client.query('ROLLBACK').catch(() => {});
          throw e;
        }
        after = upTo;
        bar?.update(Math.min(total, merged), { rows: fmt(merged), rate: fmt(merged / Math.max(0.001, (Date.now() - tMerge) / 1000)) });
        tick();
        if (opts.signal?.aborted) throw new Error('întrerupt');
      }
      bar?.stop();
      phases.merge = (Date.now() - tPhase) / 1000;
      await client.query(`UPDATE import_run SET phase = 'refresh' WHERE id = $1`, [run.id]);
      run.phase = 'refresh';
    }
    tPhase = Date.now();

    // ── refresh derived data ──
    // On a first load the derived data is computed while the bulk table's indexes are still
    // dropped (the facts refresh rewrites most of its rows: without its 32 indexes that is a plain
    // heap write), and the indexes are rebuilt once at the very end. A crash in between resumes
    // here: the refresh is idempotent and the definitions are in the checkpoint.
    const changed = Number((await client.query('SELECT count(*) AS n FROM imp_changed WHERE source = $1', [importer.source])).rows[0].n);
    if (run.phase === 'refresh' && run.checkpoint.bulk?.length) await client.query(`ANALYZE ${importer.bulkTable}`);
    if (run.phase === 'refresh') await captureFactsBefore(ctx);
    if (run.phase === 'refresh' && importer.afterMerge) {
      await importer.afterMerge({ client, connect: () => loadSession(url, importer.source), changed, parallelFrom: opts.parallelFrom ?? 20_000 });
    }
    const steps = run.phase === 'refresh' ? await refreshDerived(client, importer.source, changed, opts.refresh ?? 'auto', log) : [];
    if (run.phase === 'refresh') await recordFactChanges(ctx);
    phases.refresh = (Date.now() - tPhase) / 1000;
    tPhase = Date.now();
    if (run.phase === 'refresh' && run.checkpoint.bulk?.length) {
      log(`Se reconstruiesc ${run.checkpoint.bulk.length} indecși și chei…`);
      await restoreDefinitions(client, url, run.checkpoint.bulk);
      for (const t of [importer.bulkTable!, ...(importer.bulkRelated ?? [])]) await client.query(`ANALYZE ${t}`);
    }
    phases.indexes = (Date.now() - tPhase) / 1000;
    await client.query(`UPDATE import_run SET phase = 'done', status = 'done', finished_at = now() WHERE id = $1`, [run.id]);
    await client.query('DELETE FROM imp_changed WHERE source = $1', [importer.source]);

    const totals = (
      await client.query(
        `SELECT rows_read::float8 AS read, inserted::float8 AS inserted, updated::float8 AS updated,
                unchanged::float8 AS unchanged, rejected::float8 AS rejected FROM import_run WHERE id = $1`,
        [run.id],
      )
    ).rows[0] as Counts;
    const rejectsFile = totals.rejected > 0 ? await writeRejects(client, run.id, opts.rejectsFile ?? defaultRejectsFile(importer.source, run.id)) : null;
    // the file holds them now: only the latest run's rejected rows stay in the database
    await client.query(
      `DELETE FROM import_reject WHERE run_id IN (SELECT id FROM import_run WHERE source = $1 AND id < $2 AND status <> 'running')`,
      [importer.source, run.id],
    );
    const result: RunResult = {
      ...totals,
      runId: run.id,
      resumed,
      skipped: false,
      rejectsFile,
      seconds: (Date.now() - t0) / 1000,
      changedCompanies: changed,
      refresh: steps,
      phases,
      cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    };
    log(summaryText(importer.source, result));
    return result;
  } finally {
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * Files identical (same SHA-256) to a finished run: a run is recorded with that run's counts, all
 * unchanged, and nothing is read or written (--fortat processes them again).
 */
async function recordSkipped(client: pg.ClientBase, source: Source, sameId: number, t0: number, log: (m: string) => void): Promise<RunResult> {
  const { rows } = await client.query(
    `INSERT INTO import_run (source, file_key, file_name, data_date, status, phase, rows_read, unchanged, rejected, finished_at, notified_at)
     SELECT source, file_key, file_name, data_date, 'done', 'skipped', rows_read, inserted + updated + unchanged, rejected, now(), now()
     FROM import_run WHERE id = $1
     RETURNING id, rows_read::float8 AS read, unchanged::float8 AS unchanged, rejected::float8 AS rejected`,
    [sameId],
  );
  const r = rows[0];
  const result: RunResult = {
    runId: r.id, read: r.read, inserted: 0, updated: 0, unchanged: r.unchanged, rejected: r.rejected, resumed: false, skipped: true,
    rejectsFile: null, seconds: (Date.now() - t0) / 1000, changedCompanies: 0, refresh: [],
    phases: { stage: 0, merge: 0, indexes: 0, refresh: 0 }, cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  };
  log(`Fișierele sunt identice cu cele ale importului #${sameId}: nimic de schimbat (--fortat le reia).`);
  log(summaryText(source, result));
  return result;
}

function defaultRejectsFile(source: Source, runId: number): string {
  return path.resolve(`import-${source}-${runId}-respinse.csv`);
}

/** The run's rejected rows as `fișier;rând;motiv;conținut`, streamed from the database in pages. */
async function writeRejects(client: pg.ClientBase, runId: number, file: string): Promise<string> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  const q = (s: string | number) => `"${String(s).replace(/"/g, '""')}"`;
  out.write('\ufefffisier;rand;motiv;continut\r\n');
  let after = 0;
  for (;;) {
    const { rows } = await client.query<{ id: string; file: string; line: number; reason: string; raw: string }>(
      'SELECT id, file, line, reason, raw FROM import_reject WHERE run_id = $1 AND id > $2 ORDER BY id LIMIT 5000',
      [runId, after],
    );
    if (rows.length === 0) break;
    for (const r of rows) {
      if (!out.write(`${q(r.file)};${r.line};${q(r.reason)};${q(r.raw)}\r\n`)) await new Promise<void>((res) => out.once('drain', () => res()));
    }
    after = Number(rows[rows.length - 1].id);
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return file;
}

function summaryText(source: Source, r: RunResult): string {
  return [
    `Import ${SOURCE_LABELS[source]} #${r.runId}${r.resumed ? ' (reluat)' : ''} terminat în ${r.seconds.toFixed(1)} s`,
    `  citite:      ${fmt(r.read)}`,
    `  inserate:    ${fmt(r.inserted)}`,
    `  actualizate: ${fmt(r.updated)}`,
    `  neschimbate: ${fmt(r.unchanged)}`,
    `  respinse:    ${fmt(r.rejected)}${r.rejectsFile ? ` (motivele în ${r.rejectsFile})` : ''}`,
    `  date derivate: ${r.changedCompanies ? `${fmt(r.changedCompanies)} firme modificate, ${r.refresh.map((s) => `${s.step} ${s.ms} ms`).join(', ')}` : 'nimic de recalculat'}`,
    `  notificări:  le scrie expeditorul (npm run mail:send -- --loop, pornit de npm start) sau /api/cron/send-notifications, după import`,
  ].join('\n');
}

/** Below this many changed companies, facts and collaborations are refreshed company by company. */
export const PER_COMPANY_REFRESH_LIMIT = 5000;

/**
 * Derived data after a load, with the functions of the migrations: the changed companies' facts,
 * trends and collaboration pairs (all of them at once when many changed, which writes only what
 * differs), then ranks and landing statistics (they move with the whole population), then the
 * search count cube (refreshed CONCURRENTLY: searches keep reading the old one meanwhile).
 */
async function refreshDerived(
  client: pg.ClientBase,
  source: Source,
  changed: number,
  mode: 'auto' | 'full' | 'none',
  log: (m: string) => void = () => {},
): Promise<{ step: string; ms: number }[]> {
  const steps: { step: string; ms: number }[] = [];
  if (mode === 'none' || (changed === 0 && mode === 'auto')) return steps;
  const step = async (name: string, sqlText: string, params: unknown[] = []) => {
    const t = Date.now();
    await client.query(sqlText, params);
    steps.push({ step: name, ms: Date.now() - t });
  };
  log('Se recalculează datele derivate…');
  // Collaboration pairs are made of tenders only: the other sources never change them.
  const collaborations = mode === 'full' || source === 'sicap';
  if (mode === 'auto' && changed <= PER_COMPANY_REFRESH_LIMIT) {
    await step(
      'firme',
      collaborations
        ? 'SELECT sum(rf_refresh_company(cui)) FROM imp_changed WHERE source = $1'
        : 'SELECT sum(rf_refresh_company_facts(cui)) FROM imp_changed WHERE source = $1',
      [source],
    );
  } else {
    if (collaborations) await step('colaborări', 'SELECT rf_refresh_collaborations()');
    await step('fapte și tendințe', 'SELECT rf_refresh_company_facts()');
  }
  await step('clasamente', 'SELECT rf_refresh_ranks()');
  // Scores and sector quartiles move with the whole class: set-based after every import.
  await step('risc și repere sectoriale', 'SELECT rf_refresh_risk()');
  await step('statistici', 'SELECT rf_refresh_stats()');
  await step('numărători căutare', 'SELECT rf_refresh_search_counts()');
  // Company rows change by the million here: the search engines reload once, now that the facts
  // are final (a cui-NULL row), instead of one change row per company; the change-log trigger
  // leaves out the importer's sessions by their application_name (decision 026).
  await step('motor de căutare', 'INSERT INTO search_change (cui) VALUES (NULL)');
  return steps;
}

/**
 * A load session: commits need not wait for the WAL flush (a crash loses at most the last
 * commits, and every commit carries its checkpoint, so the resumed run redoes exactly those);
 * sorts and hash joins of the set-based steps and the index rebuild get room.
 */
async function loadSettings(client: pg.ClientBase): Promise<void> {
  await client.query(`SET synchronous_commit = off`);
  await client.query(`SET work_mem = '128MB'`);
  await client.query(`SET maintenance_work_mem = '512MB'`);
}

async function loadSession(url: string, source: Source): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url, application_name: `radarfirme-import-${source}-2` });
  await c.connect();
  if (process.env.RF_IMPORT_PROFILE) profileQueries(c);
  await loadSettings(c);
  return c;
}

/** The indexes and foreign keys a first load dropped, back (those already there are left as they are). */
async function restoreDefinitions(client: pg.Client, url: string, defs: Ddl[]): Promise<void> {
  // two sessions build the indexes side by side (each build is one sort: CPU-bound, one core each)
  await rebuildIndexes(client, url, defs.filter((x) => x.kind === 'index'));
  // foreign keys after the indexes; one a crashed run already restored is left as it is
  for (const d of defs.filter((x) => x.kind === 'fk')) {
    const has = await client.query('SELECT 1 FROM pg_constraint WHERE conname = $1 AND conrelid = $2::regclass', [d.name, d.tbl]);
    if (has.rowCount === 0) await client.query(d.ddl);
  }
}

/** CREATE INDEX IF NOT EXISTS for each definition, shared between this session and a second one. */
async function rebuildIndexes(client: pg.Client, url: string, defs: Ddl[]): Promise<void> {
  const queue = [...defs];
  const second = new pg.Client({ connectionString: url, application_name: 'radarfirme-import-indexes' });
  await second.connect();
  try {
    await loadSettings(second);
    const worker = async (c: pg.ClientBase) => {
      for (let d = queue.shift(); d; d = queue.shift()) {
        await c.query(d.ddl.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
      }
    };
    await Promise.all([worker(client), worker(second)]);
  } finally {
    await second.end().catch(() => {});
  }
}

/**
 * RF_IMPORT_PROFILE=1: the time of every statement of the run, summed by its first words, printed
 * to stderr at the end (where does the time go: COPY, which merge statement, which refresh step).
 */
function profileQueries(client: pg.Client) {
  const totals = new Map<string, { ms: number; n: number }>();
  const original = client.query.bind(client) as (...a: unknown[]) => unknown;
  (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? 'COPY');
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    const t = performance.now();
    const out = original(...args);
    const add = () => {
      const e = totals.get(key) ?? { ms: 0, n: 0 };
      e.ms += performance.now() - t;
      e.n++;
      totals.set(key, e);
    };
    if (out && typeof (out as Promise<unknown>).then === 'function') (out as Promise<unknown>).then(add, add);
    else if (out && typeof (out as NodeJS.EventEmitter).on === 'function') (out as NodeJS.EventEmitter).on('finish', add).on('error', add);
    return out;
  };
  process.on('exit', () => {
    const rows = [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25);
    for (const [k, v] of rows) process.stderr.write(`${(v.ms / 1000).toFixed(1).padStart(7)} s ${String(v.n).padStart(6)}×  ${k}\n`);
  });
  return totals;
}

