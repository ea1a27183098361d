// Prisma's schema engine compiled to WebAssembly, driven through the pg adapter. The native engine
// cannot be downloaded on these machines; this path works here and everywhere else.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import type pg from 'pg';

type Engine = {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
};

async function loadWasm() {
  const dir = path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
  const bg = await import(path.join(dir, 'schema_engine_bg.js'));
  const bytes = readFileSync(path.join(dir, 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  return bg as { SchemaEngine: { new: (o: unknown, cb: (s: string) => void, a: unknown) => Promise<Engine> } };
}

function pgConfigFromUrl(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.replace(/^\//, '') || 'postgres',
  };
}

/**
 * PrismaPg's `executeScript` splits a script on every ';' (inside function bodies, string literals
 * and comments too) and sends the pieces one by one, each outside any transaction. Prisma's native
 * engine sends a migration to PostgreSQL as ONE simple-protocol query instead: PostgreSQL parses
 * the dollar quotes and literals itself, and runs the statements as one implicit transaction (a
 * failing statement rolls the whole migration back; a script with its own BEGIN/COMMIT keeps
 * them). This does the same: the whole text in one `pool.query(script)` (no parameters, so
 * node-postgres uses the simple protocol, which accepts several statements).
 */
function sendScriptsWhole(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const pool = (adapter as SqlDriverAdapter & { underlyingDriver(): pg.Pool }).underlyingDriver();
  // PrismaPg's own error conversion (Postgres code, message, detail) keeps the engine's reports
  // as they were; it is protected in the typings.
  const onError = (adapter as unknown as { onError?: (e: unknown) => never }).onError?.bind(adapter);
  adapter.executeScript = async (script: string) => {
    try {
      await pool.query(script);
    } catch (e) {
      if (onError) onError(e);
      throw e;
    }
  };
  return adapter;
}

/** PrismaPg with whole-script `executeScript` on the main and the shadow database connections. */
function migrationAdapterFactory(url: string, opened: SqlDriverAdapter[]): SqlMigrationAwareDriverAdapterFactory {
  const pgFactory = new PrismaPg(pgConfigFromUrl(url));
  const keep = (a: SqlDriverAdapter) => (opened.push(a), a);
  return {
    provider: pgFactory.provider,
    adapterName: pgFactory.adapterName,
    connect: async () => keep(sendScriptsWhole(await pgFactory.connect())),
    connectToShadowDb: async () => keep(sendScriptsWhole(await pgFactory.connectToShadowDb())),
  };
}

export async function withSchemaEngine<T>(url: string, schema: string | null, fn: (e: Engine) => Promise<T>): Promise<T> {
  const { SchemaEngine } = await loadWasm();
  const opened: SqlDriverAdapter[] = [];
  const factory = bindMigrationAwareSqlAdapterFactory(migrationAdapterFactory(url, opened));
  const datamodels = schema ? [['schema.prisma', schema]] : undefined;
  const engine = await SchemaEngine.new({ datamodels }, () => {}, factory);
  try {
    return await fn(engine);
  } finally {
    engine.free();
    // The engine does not end its pools: an idle session left on the database would stop it from
    // being renamed or used as a template (the integration tests' rf_template, decision 090).
    await Promise.all(opened.map((a) => a.dispose().catch(() => {})));
  }
}
