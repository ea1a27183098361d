// `npm run bench`: runs every scripts/bench/*.bench.ts against the large benchmark database
// (1,000,000 companies; see scripts/data/bench-db.ts) and prints their figures. Benchmarks print
// numbers; they never fail a build. Pass names to run only some: npm run bench -- search
import { readdirSync } from 'node:fs';
import path from 'node:path';

async function main() {
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
    .sort();
  // Benchmarks that bring their own database (export `standalone`) run without the shared one.
  const mods = await Promise.all(files.map(async (f) => [f, await import(path.join(__dirname, f))] as const));
  const { openBenchDb } = await import('../data/bench-db');
  const db = mods.some(([, m]) => !m.standalone) ? await openBenchDb() : null;
  if (db) process.env.DATABASE_URL = db.url;
  try {
    for (const [f, mod] of mods) {
      console.log(`\n━━ ${f} ━━`);
      await (mod.default ?? mod.run)({ url: db?.url ?? '' });
    }
  } finally {
    await db?.stop();
  }
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
