// Starts the embedded PostgreSQL of this checkout and keeps it running until Ctrl+C
// (useful for development and for `npm run dev` in another terminal). Prints DATABASE_URL.
import { startEmbedded } from './embedded';
import { migrate } from './migrate';
import { LOCAL_DB } from './local';

async function main() {
  const db = await startEmbedded(LOCAL_DB);
  const applied = await migrate(db.url);
  if (applied.length) console.log(`[db] migrări aplicate: ${applied.join(', ')}`);
  console.log(`DATABASE_URL=${db.url}`);
  const stop = async () => {
    await db.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
