import path from 'node:path';

/**
 * The embedded database of this checkout: ignored folder .data/pg, port PG_PORT or 54329. Its WAL
 * is archived into .data/backup (BACKUP_DIR) for point-in-time recovery unless BACKUP_ARCHIVE=0
 * (decision 102).
 */
export const LOCAL_DB = {
  dataDir: path.resolve(__dirname, '../../.data/pg'),
  port: Number(process.env.PG_PORT ?? 54329),
  database: 'radarfirme',
  sharedBuffers: process.env.PG_SHARED_BUFFERS ?? '1GB',
  archiveDir: process.env.BACKUP_ARCHIVE === '0' ? undefined : path.resolve(process.env.BACKUP_DIR ?? path.resolve(__dirname, '../../.data/backup')),
  // Started again when it stops on its own (a full pg_wal: scripts/db/supervise.ts, decision 118).
  supervise: true,
};

/** Base backups kept by `npm run db:backup` (the archived WAL from the oldest of them on). */
export const BACKUP_KEEP = Math.max(1, Number(process.env.BACKUP_KEEP ?? 7) || 7);
