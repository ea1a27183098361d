// Prisma's schema engine compiled to WebAssembly, driven through the pg adapter. The native engine
// cannot be downloaded on these machines; this path works here and everywhere else.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

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

export function pgConfigFromUrl(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.replace(/^\//, '') || 'postgres',
  };
}

export async function withSchemaEngine<T>(url: string, schema: string | null, fn: (e: Engine) => Promise<T>): Promise<T> {
  const { SchemaEngine } = await loadWasm();
  const adapter = new PrismaPg(pgConfigFromUrl(url));
  const factory = bindMigrationAwareSqlAdapterFactory(adapter);
  const datamodels = schema ? [['schema.prisma', schema]] : undefined;
  const engine = await SchemaEngine.new({ datamodels }, () => {}, factory);
  try {
    return await fn(engine);
  } finally {
    engine.free();
  }
}
