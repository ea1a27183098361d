import path from 'node:path';
import { defineConfig } from 'prisma/config';

// The native schema engine cannot be downloaded on these machines; `prisma generate` only checks
// that the path exists, so point it at any file when unset (migrations run through the WASM engine,
// see scripts/db/migrate.ts).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve('package.json');

export default defineConfig({
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres:postgres@127.0.0.1:54329/radarfirme' },
});
