// Runs once when a Next.js server instance starts: the search engine (decision 106) begins building
// its index from PostgreSQL at once, so the first searches after `npm start` soon get exact
// counts. NEXT_RUNTIME is Next's own variable (the edge runtime has no database driver); the
// engine itself reads its settings through server/kernel/env.ts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startSearchEngine } = await import('./server/search/engine');
  startSearchEngine();
}
