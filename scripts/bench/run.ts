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
  const { openBenchDb } = await import('../data/bench-db');
  const db = await openBenchDb();
  process.env.DATABASE_URL = db.url;
  try {
    for (const f of files) {
      console.log(`\n━━ ${f} ━━`);
      const mod = await import(path.join(__dirname, f));
      await (mod.default ?? mod.run)({ url: db.url });
    }
  } finally {
    await db.stop();
  }
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
