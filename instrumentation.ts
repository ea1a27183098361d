// Runs once when a Next.js server instance starts: the search engine (decision 026) begins loading
// its copy of the search columns at once, so the first searches after `npm start` already get
// exact counts. NEXT_RUNTIME is Next's own variable (the edge runtime cannot load DuckDB); the
// engine itself reads its settings through server/kernel/env.ts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startSearchEngine } = await import('./server/search/engine');
  startSearchEngine()?.catch(() => {});
}
