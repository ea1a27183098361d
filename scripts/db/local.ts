import path from 'node:path';

/** The embedded database of this checkout: ignored folder .data/pg, port PG_PORT or 54329. */
export const LOCAL_DB = {
  dataDir: path.resolve(__dirname, '../../.data/pg'),
  port: Number(process.env.PG_PORT ?? 54329),
  database: 'radarfirme',
  sharedBuffers: process.env.PG_SHARED_BUFFERS ?? '1GB',
};
