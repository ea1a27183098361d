// The fast part of the previous-release check (issue 51, decision 118), small enough for the
// integration suite: the previous release's own Prisma client (generated from ITS schema.prisma,
// the old code's view of every table) reads every one of its models, every column it maps
// selected, from a database on the NEW schema; and every column of those tables that the old
// client does not know must let its inserts through (nullable, defaulted or generated). A table or
// column dropped or renamed, or a type the old client cannot read, fails the read; a new NOT NULL
// column without a default fails the second check. What it does not run is the old release's raw
// SQL and its domain code: `npm run db:release-check` (its integration tests) does, before a release.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export type OldClient = { commit: string; dir: string; generateMs: number; cleanup: () => void };

/** Generates the Prisma client of `commit`'s schema.prisma in a temporary folder (node_modules linked). */
export function generateOldClient(commit: string): OldClient {
  const t0 = Date.now();
  const dir = mkdtempSync('/var/tmp/radarfirme-old-client-');
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    mkdirSync(path.join(dir, 'prisma'));
    writeFileSync(path.join(dir, 'prisma/schema.prisma'), execFileSync('git', ['-C', ROOT, 'show', `${commit}:prisma/schema.prisma`], { maxBuffer: 16 * 1024 * 1024 }));
    symlinkSync(realpathSync(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'));
    execFileSync(path.join(ROOT, 'node_modules/.bin/prisma'), ['generate', '--schema', 'prisma/schema.prisma'], {
      cwd: dir,
      // generate only checks that the engine's path exists (docs: TOOLCHAIN, prisma.config.ts)
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: path.join(ROOT, 'package.json') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (e) {
    cleanup();
    throw e;
  }
  return { commit, dir, generateMs: Date.now() - t0, cleanup };
}

export type OldClientReport = { models: number; columns: number; problems: string[] };

/**
 * Runs the old client against each of `urls` in one child process (the generated client is
 * TypeScript that Jest's sandbox would transform as this checkout's code; tsx loads it as it is,
 * and loading it is most of the time, hence one process for every database).
 */
export function checkOldClient(client: OldClient, urls: string[]): OldClientReport[] {
  const res = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), [__filename, '--run', client.dir, ...urls], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
  const line = res.stdout.split('\n').find((l) => l.startsWith('[{"models"'));
  if (!line) throw new Error(`verificarea clientului vechi nu a răspuns: ${res.stderr.slice(-2000)}`);
  return JSON.parse(line) as OldClientReport[];
}

type RuntimeModel = { dbName: string | null; fields: Array<{ name: string; kind: string; dbName?: string }> };

async function runInChild(dir: string, url: string): Promise<OldClientReport> {
  const { PrismaClient } = require(path.join(dir, 'server/generated/prisma/client.ts'));
  const { PrismaPg } = require('@prisma/adapter-pg');
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  const problems: string[] = [];
  let columns = 0;
  try {
    const models = Object.entries((prisma as { _runtimeDataModel: { models: Record<string, RuntimeModel> } })._runtimeDataModel.models);
    for (const [name, model] of models) {
      const scalars = model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum');
      columns += scalars.length;
      const delegate = prisma[name.charAt(0).toLowerCase() + name.slice(1)];
      try {
        await delegate.findFirst({ select: Object.fromEntries(scalars.map((f) => [f.name, true])) });
      } catch (e) {
        problems.push(`${name} (${model.dbName ?? name}): citirea vechiului client eșuează: ${String((e as Error).message).split('\n').filter(Boolean).slice(-1)[0]}`);
      }
      const known = scalars.map((f) => f.dbName ?? f.name);
      const blocking: Array<{ column_name: string }> = await prisma.$queryRawUnsafe(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1 AND is_nullable = 'NO' AND column_default IS NULL
            AND is_identity = 'NO' AND is_generated = 'NEVER' AND NOT (column_name = ANY ($2::text[]))`,
        model.dbName ?? name,
        known,
      );
      for (const c of blocking) problems.push(`${name} (${model.dbName ?? name}).${c.column_name}: coloană NOT NULL fără valoare implicită, necunoscută vechiului client: inserările lui eșuează`);
    }
    return { models: models.length, columns, problems };
  } finally {
    await prisma.$disconnect();
  }
}

async function runAll(dir: string, urls: string[]): Promise<OldClientReport[]> {
  const reports: OldClientReport[] = [];
  for (const url of urls) reports.push(await runInChild(dir, url));
  return reports;
}

if (require.main === module && process.argv[2] === '--run') {
  runAll(process.argv[3], process.argv.slice(4)).then(
    (r) => {
      console.log(JSON.stringify(r));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
