// `npm run db:backup`: a base backup of the embedded database of this checkout (.data/pg) into
// .data/backup/base/<time>, beside the WAL its server archives continuously into .data/backup/wal;
// then the retention (BACKUP_KEEP base backups, the WAL from the oldest kept one on). Restore with
// `npm run db:restore -- --to "<time>"`. Decision 102; production uses pgBackRest (docs/operations.md).
import path from 'node:path';
import pg from 'pg';
import { archivedWalBytes, listBaseBackups, pruneBackups, takeBaseBackup } from './backup-core';
import { resolveDataDir, startEmbedded, type EmbeddedHandle } from './embedded';
import { BACKUP_KEEP, LOCAL_DB } from './local';

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

/** The local cluster when it already runs (npm start in another terminal), else null. */
async function connectRunning(url: string, dataDir: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  c.on('error', () => {});
  try {
    await c.connect();
    const [{ d }] = (await c.query<{ d: string }>(`SELECT current_setting('data_directory') AS d`)).rows;
    if (path.resolve(d) !== dataDir) throw new Error(`pe portul ${LOCAL_DB.port} rulează alt PostgreSQL (${d}), nu ${dataDir}`);
    return true;
  } catch (e) {
    if (e instanceof Error && e.message.startsWith('pe portul')) throw e;
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function main() {
  if (process.env.DATABASE_URL) {
    throw new Error('DATABASE_URL este setat: npm run db:backup copiază doar baza locală (.data/pg); în producție copiile le face pgBackRest (docs/operations.md, „Backups and restore”)');
  }
  if (!LOCAL_DB.archiveDir) throw new Error('BACKUP_ARCHIVE=0: fără arhiva WAL o copie nu poate fi restaurată la un moment dat; scoateți BACKUP_ARCHIVE și reporniți');
  const backupDir = resolveDataDir(LOCAL_DB.archiveDir);
  const dataDir = resolveDataDir(LOCAL_DB.dataDir);
  const url = `postgresql://postgres:postgres@127.0.0.1:${LOCAL_DB.port}/${LOCAL_DB.database}`;
  let started: EmbeddedHandle | null = null;
  if (!(await connectRunning(url, dataDir))) started = await startEmbedded(LOCAL_DB);
  try {
    console.log(`[backup] copie de bază a ${dataDir} în ${path.join(backupDir, 'base')}…`);
    const b = await takeBaseBackup(started?.url ?? url, backupDir);
    console.log(`[backup] gata în ${(b.ms / 1000).toFixed(1)} s: ${b.name}, ${mb(b.bytes)} (${b.file}), WAL de la ${b.startWalFile}`);
    const pruned = pruneBackups(backupDir, BACKUP_KEEP);
    if (pruned.removedBackups.length || pruned.removedWalFiles) {
      console.log(`[backup] retenție (${BACKUP_KEEP} copii): șterse ${pruned.removedBackups.length} copii de bază și ${pruned.removedWalFiles} segmente WAL`);
    }
    const all = listBaseBackups(backupDir);
    console.log(`[backup] ${all.length} copii de bază (cea mai veche ${all[0]?.finishedAt}), WAL arhivat ${mb(archivedWalBytes(backupDir))}`);
    console.log(`[backup] restaurare: npm run db:restore -- --to "${new Date().toISOString()}"`);
  } finally {
    await started?.stop();
  }
}

main().catch((e) => {
  console.error(`[backup] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
