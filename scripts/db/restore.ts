// `npm run db:restore -- --to "<time>"` (or `--to latest`): restores the embedded database of this
// checkout as it was at that moment into a NEW data folder (never over .data/pg), from the newest
// base backup before it and the archived WAL, then checks it with the app's own readiness and a
// few counts, stops it and says how to put it in place. Options: --into <folder>, --port <port>.
// Decision 102.
import net from 'node:net';
import path from 'node:path';
import { countRows, restoreToTime } from './backup-core';
import { resolveDataDir } from './embedded';
import { LOCAL_DB } from './local';

// Not test-cluster's freePort: that module loads the app's settings before DATABASE_URL points at the restored copy.
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

const arg = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i > 0 ? process.argv[i + 1] : undefined;
};

function parseTarget(raw: string | undefined): Date | null {
  if (!raw) throw new Error('lipsește --to "<moment>" (de exemplu --to "2026-11-29 14:05:00" sau --to latest)');
  if (raw === 'latest') return null;
  const d = new Date(raw);
  if (Number.isNaN(d.getTime())) throw new Error(`--to "${raw}" nu este un moment recunoscut (ISO 8601, de exemplu 2026-11-29T14:05:00Z)`);
  if (d.getTime() > Date.now()) throw new Error(`--to "${raw}" este în viitor`);
  return d;
}

async function main() {
  const target = parseTarget(arg('--to'));
  if (!LOCAL_DB.archiveDir) throw new Error('BACKUP_ARCHIVE=0: nu există arhivă WAL din care să se restaureze');
  const backupDir = resolveDataDir(LOCAL_DB.archiveDir);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const dataDir = resolveDataDir(path.resolve(arg('--into') ?? path.join(path.dirname(LOCAL_DB.dataDir), `pg-restaurat-${stamp}`)));
  const port = Number(arg('--port') ?? (await freePort()));
  console.log(`[restore] ${target ? `până la ${target.toISOString()}` : 'până la ultimul WAL arhivat'} în ${dataDir} (port ${port})…`);
  const restored = await restoreToTime({ backupDir, dataDir, port, targetTime: target });
  try {
    console.log(
      `[restore] din copia ${restored.backup.name}: despachetare ${(restored.unpackMs / 1000).toFixed(1)} s, WAL reluat și promovare ${(restored.replayMs / 1000).toFixed(1)} s`,
    );
    // The app's own readiness on the restored database (the search copy is not loaded here).
    process.env.DATABASE_URL = restored.url;
    process.env.SEARCH_ENGINE = 'postgres';
    const { checkReadiness } = await import('../../server/health/readiness');
    const { closeDb } = await import('../../server/kernel/db');
    const ready = await checkReadiness();
    await closeDb();
    console.log(`[restore] pregătire (readiness): ${ready.Status}${ready.Reason ? ` (${ready.Reason})` : ''}, migrări neaplicate: ${ready.PendingMigrations}`);
    const counts = await countRows(restored.url);
    console.log(`[restore] rânduri: ${Object.entries(counts).map(([t, n]) => `${t} ${n ?? '–'}`).join(', ')}`);
    if (ready.Status !== 'ready') process.exitCode = 1;
  } finally {
    await restored.stop();
  }
  console.log(
    `[restore] baza restaurată e în ${dataDir}. Ca s-o folosească npm start: opriți aplicația, apoi ` +
      `mv ${resolveDataDir(LOCAL_DB.dataDir)} ${resolveDataDir(LOCAL_DB.dataDir)}-vechi && mv ${dataDir} ${resolveDataDir(LOCAL_DB.dataDir)} și faceți imediat o copie nouă (npm run db:backup).`,
  );
}

main().catch((e) => {
  console.error(`[restore] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
